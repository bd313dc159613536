/**
 * The widget's size budgets (issue 6): the loader every page view of an owner's site
 * downloads (<= 2 KB), and everything a customer downloads to finish a booking:
 * loader + pop-up code + its CSS, which ships inside the pop-up chunk (<= 30 KB).
 * Bytes as a browser receives them (bench/wire.ts): a server started from the built
 * dist/ (run `npm run build` first; `npm run bench` does) asked with
 * `Accept-Encoding: br, gzip`, so brotli; the uncompressed sizes are printed beside.
 * Alone: `npx tsx bench/widget-size.ts`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../scripts/server-process.ts';
import type { Benchmark } from './figures.ts';
import { onTheWire, sumOnTheWire } from './wire.ts';

const dist = fileURLToPath(new URL('../dist/widget', import.meta.url));
const LOADER_BUDGET_KB = 2;
const TOTAL_BUDGET_KB = 30;

interface WidgetBytes {
  loaderWire: number;
  loaderRaw: number;
  totalWire: number;
  totalRaw: number;
  /** The same asked with `Accept-Encoding: gzip` (calcom-embed.ts compares gzip with gzip). */
  loaderGzip: number;
  totalGzip: number;
}

/** Bytes on the wire (and decoded) of /widget.js, and of it plus every pop-up asset. */
export async function measureWidget(): Promise<WidgetBytes> {
  if (!existsSync(join(dist, 'widget.js'))) throw new Error(`${dist}/widget.js is missing: run "npm run build" first.`);
  const assets = join(dist, 'assets');
  // The build's .br and .gz copies are the same assets in another encoding.
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => !/\.(br|gz)$/.test(f)) : [];
  const server = await startServer();
  try {
    const loader = await onTheWire(`${server.url}/widget.js`);
    const urls = files.map((f) => `${server.url}/assets/${f}`);
    const popup = await sumOnTheWire(urls);
    const loaderGzip = (await onTheWire(`${server.url}/widget.js`, 'gzip')).wire;
    return {
      loaderGzip,
      totalGzip: loaderGzip + (await sumOnTheWire(urls, 'gzip')).wire,
      loaderWire: loader.wire,
      loaderRaw: loader.raw,
      totalWire: loader.wire + popup.wire,
      totalRaw: loader.raw + popup.raw,
    };
  } finally {
    await server.stop();
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

export const widgetSizeBenchmark: Benchmark = {
  id: 'widget-size',
  title: 'Embeddable widget: loader and loader + pop-up (code and CSS), bytes on the wire (brotli)',
  async run() {
    const w = await measureWidget();
    return [
      {
        name: 'widget loader, on the wire (br)',
        value: kb(w.loaderWire),
        unit: 'KB',
        budget: { max: LOADER_BUDGET_KB },
      },
      // Issue 22 states the loader's budget in gzip ("<= 2 KB gzip as today"): gated in both.
      { name: 'widget loader, gzip', value: kb(w.loaderGzip), unit: 'KB', budget: { max: LOADER_BUDGET_KB } },
      { name: 'widget loader, uncompressed', value: kb(w.loaderRaw), unit: 'KB' },
      {
        // Every file the booking path fetches: the month grid, the calendar links, all of it.
        name: 'everything a customer downloads to book (loader + pop-up + CSS), on the wire (br)',
        value: kb(w.totalWire),
        unit: 'KB',
        budget: { max: TOTAL_BUDGET_KB },
      },
      { name: 'loader + pop-up + CSS, uncompressed', value: kb(w.totalRaw), unit: 'KB' },
    ];
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const w = await measureWidget();
  console.log(
    `widget loader:          ${w.loaderWire} B on the wire, br (${kb(w.loaderWire)} KB, budget ${LOADER_BUDGET_KB} KB); ${w.loaderRaw} B uncompressed`,
  );
  console.log(
    `loader + pop-up + CSS:  ${w.totalWire} B on the wire, br (${kb(w.totalWire)} KB, budget ${TOTAL_BUDGET_KB} KB); ${w.totalRaw} B uncompressed`,
  );
}
