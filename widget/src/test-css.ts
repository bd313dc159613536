/**
 * The CSS a shadow root holds, as tests read it: adopted sheets (where the DOM has them, as browsers
 * and jsdom 31 do) and <style> elements (adopt()'s fallback for older browsers), in that order.
 */
export function shadowCss(root: ShadowRoot): string {
  const adopted = (root.adoptedStyleSheets ?? []).flatMap((sheet) => Array.from(sheet.cssRules, (r) => r.cssText));
  const styles = Array.from(root.querySelectorAll('style'), (s) => s.textContent ?? '');
  return [...adopted, ...styles].join('\n');
}
