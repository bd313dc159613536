/**
 * `npm run icons`: draws the dashboard's home-screen icons (dashboard/public/manifest.webmanifest)
 * from one SVG, the favicon's calendar with a tick, and has Debian's Chromium photograph them
 * at each size (no image library). Writes PNGs to dashboard/public/: commit them, they are
 * small source assets of the dashboard build, served by packages/server/src/routes/static.ts.
 *
 * - `any` icons (192, 512): the favicon's rounded indigo square, transparent corners.
 * - `maskable` (512): indigo to every edge and the mark at 85%, its farthest corner 11 of 32
 *   units from the middle, inside the safe zone (a circle of 80% of the width, radius 12.8),
 *   so a launcher's circle, squircle or square mask never cuts it.
 * - apple-touch-icon (180): opaque and square; iOS rounds the corners itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dashboard', 'public');

/** dashboard/src/styles.css --c-primary, and the favicon's amber tick. */
const INDIGO = '#4f46e5';
const AMBER = '#fcd34d';

/** The mark on a 32-unit grid, as in landing/public/favicon.svg. */
const MARK =
  '<rect x="7" y="9" width="18" height="16" rx="3" fill="none" stroke="#fff" stroke-width="2"/>' +
  '<path d="M7 14h18M12 6.5v5M20 6.5v5" stroke="#fff" stroke-width="2" stroke-linecap="round"/>' +
  `<path d="m12.5 19.5 2.5 2.5 4.5-4.5" fill="none" stroke="${AMBER}" stroke-width="2.2" stroke-linecap="round"/>`;

/**
 * `corner`: the background's corner radius on the 32 grid (0: a full square);
 * `scale`: how much of the icon the mark's 32-unit box takes.
 */
function svg(size: number, corner: number, scale: number): string {
  const offset = (32 * (1 - scale)) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="${corner}" fill="${INDIGO}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`
  );
}

const ICONS = [
  { file: 'icons/slotwise-192.png', size: 192, corner: 7, scale: 1 },
  { file: 'icons/slotwise-512.png', size: 512, corner: 7, scale: 1 },
  { file: 'icons/slotwise-maskable-512.png', size: 512, corner: 0, scale: 0.85 },
  { file: 'apple-touch-icon.png', size: 180, corner: 0, scale: 0.9 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg(icon.size, icon.corner, icon.scale)}`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    const path = join(outDir, icon.file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, png);
    process.stdout.write(`icons: ${icon.file} ${icon.size}x${icon.size}, ${png.length} bytes\n`);
  }
} finally {
  await browser.close();
}
