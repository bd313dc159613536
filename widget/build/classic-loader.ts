/**
 * Owners paste a classic `<script async src=".../widget.js">`, not a module. This
 * build step keeps widget.js valid as a classic script and points it at the pop-up:
 *  - it fails the build if the loader entry would statically import or export
 *    anything (loader and pop-up must share no module) or use import.meta;
 *  - it writes the pop-up entry's hashed file name over the loader's placeholder,
 *    which the loader resolves against its own URL (a relative import() from a
 *    cross-origin classic script resolves against about:blank in Chrome);
 *  - it wraps the loader in a function, so its top-level names never land in
 *    the page's global scope.
 */
import type { Plugin } from 'vite';

export const POPUP_PLACEHOLDER = '__SLOTWISE_POPUP__';

export function classicLoader(loaderName = 'widget', popupName = 'popup'): Plugin {
  return {
    name: 'slotwise-classic-loader',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const loader = chunks.find((c) => c.isEntry && c.name === loaderName);
      const popup = chunks.find((c) => c.isEntry && c.name === popupName);
      if (!loader || !popup) return this.error(`The build must have the entries "${loaderName}" and "${popupName}".`);
      const uses = loader.code.split(POPUP_PLACEHOLDER).length - 1;
      const problems = [
        loader.imports.length > 0 &&
          `it statically imports ${loader.imports.join(', ')}: move the code both use out of the loader or into the pop-up`,
        loader.exports.length > 0 && `it exports ${loader.exports.join(', ')}: the entry must export nothing`,
        /\bimport\.meta\b/.test(loader.code) && 'it uses import.meta, which a classic script cannot',
        uses !== 1 && `it names ${POPUP_PLACEHOLDER} ${uses} times instead of once`,
      ].filter(Boolean);
      if (problems.length > 0) {
        return this.error(`${loader.fileName} would not run as a classic <script>: ${problems.join('; ')}.`);
      }
      const code = loader.code.replace(POPUP_PLACEHOLDER, `./${popup.fileName}`);
      loader.code = `(function(){\n${code}\n})();\n`;
    },
  };
}
