/**
 * The booking page's share image (og:image; PNG 1200x630): the business's name and trade,
 * drawn as SVG and rendered by @resvg/resvg-js with Inter, bundled by @expo-google-fonts/inter
 * (the machine's fonts are never read, so every server draws the same picture; decision 018).
 * Kept in memory by name and trade, so a change of either draws a new one and its URL
 * (?v=, shareVersion) changes with it.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { escapeHtml } from '../html.ts';
import { SHARE_HEIGHT, SHARE_WIDTH } from './page.ts';

const require = createRequire(import.meta.url);
const FONTS = [
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
];

const KEPT = 200;
const kept = new Map<string, Buffer>();

/** A short hash of what the image shows: its cache key and the ?v= of its URL. */
export function shareVersion(name: string, trade: string | null): string {
  return createHash('sha256')
    .update(`${name}\n${trade ?? ''}`)
    .digest('base64url')
    .slice(0, 10);
}

/** Words into at most `max` lines of about `width` characters; the last one ends in "..." when cut. */
function lines(text: string, width: number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) line = next.length > width ? `${next.slice(0, width - 1)}…` : next;
    else {
      out.push(line);
      line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    }
  }
  if (line) out.push(line);
  if (out.length > max) {
    out.length = max;
    out[max - 1] = `${out[max - 1]!.replace(/…$/, '')}…`;
  }
  return out;
}

function shareSvg(name: string, trade: string | null): string {
  const size = name.length > 40 ? 64 : 80;
  const title = lines(name, size === 80 ? 22 : 30, 3);
  const top = 250 - ((title.length - 1) * size * 1.15) / 2;
  const tspans = title
    .map((l, i) => `<tspan x="80" y="${Math.round(top + i * size * 1.15)}">${escapeHtml(l)}</tspan>`)
    .join('');
  const sub = trade
    ? `<text x="80" y="${Math.round(top + title.length * size * 1.15 + 20)}" font-size="40" fill="#c7d2fe">${escapeHtml(trade)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
<rect width="100%" height="100%" fill="#312e81"/>
<rect x="0" y="${SHARE_HEIGHT - 120}" width="100%" height="120" fill="#1e1b4b"/>
<text font-family="Inter" font-weight="700" font-size="${size}" fill="#ffffff">${tspans}</text>
${sub.replace('<text ', '<text font-family="Inter" font-weight="400" ')}
<text x="80" y="${SHARE_HEIGHT - 48}" font-family="Inter" font-weight="700" font-size="36" fill="#ffffff">Book online</text>
<text x="${SHARE_WIDTH - 80}" y="${SHARE_HEIGHT - 48}" text-anchor="end" font-family="Inter" font-weight="400" font-size="28" fill="#c7d2fe">Instant quote · pick a time</text>
</svg>`;
}

/** The PNG for a name and trade, drawn once and kept. */
export function shareImage(name: string, trade: string | null): Buffer {
  const key = shareVersion(name, trade);
  const hit = kept.get(key);
  if (hit) return hit;
  const png = new Resvg(shareSvg(name, trade), {
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'Inter' },
  })
    .render()
    .asPng();
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, png);
  return png;
}
