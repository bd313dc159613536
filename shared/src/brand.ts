/**
 * A business's colours on its widget, booking page and customer pages (issue 22, item 6): the
 * owner picks one accent; the text on it and the accent's use as text on white are chosen here
 * so they stay readable (WCAG 2.2 contrast, 4.5:1 for text), whatever was picked.
 */

export const DEFAULT_ACCENT = '#4338ca';
export const DEFAULT_BUTTON_TEXT = 'Book now';
export const BUTTON_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type ButtonPosition = (typeof BUTTON_POSITIONS)[number];

const WHITE = '#ffffff';
// Black, not a softer near-black: the better of white and black on any colour reads at 4.58:1 or more.
const INK = '#000000';

/** WCAG relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two "#rrggbb" colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface BrandColours {
  /** Buttons, the chosen day and time, focus accents. */
  accent: string;
  /** Text on the accent: white or black, whichever reads better. */
  onAccent: string;
  /** The accent as text or an outline on white (links): itself when it reads at 4.5:1, else black. */
  ink: string;
}

export function brandColours(accent: string): BrandColours {
  const a = /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT;
  return {
    accent: a,
    onAccent: contrast(a, WHITE) >= contrast(a, INK) ? WHITE : INK,
    ink: contrast(a, WHITE) >= 4.5 ? a : INK,
  };
}
