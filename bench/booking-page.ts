/**
 * The hosted booking page's budgets (issue 22; decision 018), the landing page's bar: a first
 * view (the page, and the widget.js and pop-up chunk it loads at once for its inline form) under
 * 50 KB as the running server sends it (brotli, bench/wire.ts), and Lighthouse's four scores on
 * a phone, plus desktop performance. The page is the seeded demo business's, /book/demo-detailing.
 * Starts its own server on loopback from the built dist/ (run `npm run build` first; `npm run
 * bench` does). Alone: `npx tsx bench/booking-page.ts` prints the figures and the audits that cost points.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, startServer } from '../scripts/server-process.ts';
import { type Benchmark, type Figure, figureLine } from './figures.ts';
import { kb, measureFirstView } from './landing.ts';
import { CATEGORIES, type Category, runLighthouse } from './lighthouse.ts';

const FIRST_VIEW_BUDGET_KB = 50;
/** As the landing page's (bench/landing.ts): performance is simulated on two shared cores, so it has a little room. */
const MIN_SCORE: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

let lastLost: string[] = [];

async function run(): Promise<Figure[]> {
  if (!existsSync(join(root, 'dist', 'widget', 'widget.js')))
    throw new Error('dist/widget/widget.js is missing: run "npm run build" first (npm run bench does).');
  const server = await startServer();
  try {
    const url = `${server.url}/book/demo-detailing`;
    const view = await measureFirstView(url);
    const mobile = await runLighthouse(url, 'mobile');
    const desktop = await runLighthouse(url, 'desktop');
    lastLost = [...mobile.lost.map((l) => `mobile ${l}`), ...desktop.lost.map((l) => `desktop ${l}`)];
    const figures: Figure[] = [
      {
        name: 'first view HTML+CSS+JS, on the wire (br)',
        value: kb(view.codeWire),
        unit: 'KB',
        budget: { max: FIRST_VIEW_BUDGET_KB },
      },
      { name: 'first view HTML+CSS+JS, uncompressed', value: kb(view.codeRaw), unit: 'KB' },
      { name: 'first view scripts', value: view.scripts, unit: 'files' },
    ];
    for (const id of CATEGORIES)
      figures.push({
        name: `Lighthouse mobile ${id}`,
        value: mobile.scores[id],
        unit: 'score',
        budget: { min: MIN_SCORE[id] },
      });
    figures.push({
      name: 'Lighthouse desktop performance',
      value: desktop.scores.performance,
      unit: 'score',
      budget: { min: MIN_SCORE.performance },
    });
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
