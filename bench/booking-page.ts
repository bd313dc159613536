/**
 * The hosted booking page's budgets (issue 22; decision 018), the landing page's bar: a first
 * view (the page, and the widget.js and pop-up chunk it loads at once for its inline form) under
 * 50 KB as the running server sends it (brotli, bench/wire.ts), and Lighthouse's four scores on
 * a phone, plus desktop performance (landing.ts staticPageFigures, the same budgets). The page is the seeded demo business's, /book/demo-detailing.
 * Starts its own server on loopback from the built dist/ (run `npm run build` first; `npm run
 * bench` does). Alone: `npx tsx bench/booking-page.ts` prints the figures and the audits that cost points.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, startServer } from '../scripts/server-process.ts';
import { type Benchmark, type Figure, figureLine } from './figures.ts';
import { staticPageFigures } from './landing.ts';

let lastLost: string[] = [];

/**
 * The mobile performance floor, under the landing page's 95 (still printed as the target): the
 * page's inline form is the widget, whose script runs before the page settles, so its Total
 * Blocking Time at 4x is 190-220 ms and its score 94-97 quiet on these machines, the build that
 * passed CI before issue 29 (e6afa8f) as much as the current one; CI, straight after the tests,
 * read 90 in two runs, each the median of three (now five; the login page, whose first paint waits for its
 * script too, has a floor of 90 for the same reason: bench/owner-app.ts). A new long task of
 * 100 ms (400 ms more blocking at 4x) costs the score about 12 points, so 88 still catches it.
 */
const MOBILE_PERFORMANCE_FLOOR = 88;

async function run(): Promise<Figure[]> {
  if (!existsSync(join(root, 'dist', 'widget', 'widget.js')))
    throw new Error('dist/widget/widget.js is missing: run "npm run build" first (npm run bench does).');
  const server = await startServer();
  try {
    const { figures, lost } = await staticPageFigures(`${server.url}/book/demo-detailing`, MOBILE_PERFORMANCE_FLOOR);
    lastLost = lost;
    return figures;
  } finally {
    await server.stop();
  }
}

export const bookingPageBenchmark: Benchmark = {
  id: 'booking-page',
  title: 'hosted booking page /book/{slug}: first-view bytes (brotli on the wire) and Lighthouse scores in Chromium',
  run,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run();
  for (const f of figures) console.log(figureLine(f, 42));
  if (lastLost.length > 0) process.stdout.write(`\nAudits that cost points:\n  ${lastLost.join('\n  ')}\n`);
}
