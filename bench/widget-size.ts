/**
 * The widget's size budgets (issue 6): the loader every page view of an owner's site
 * downloads (<= 2 KB gzip), and everything a customer downloads to finish a booking:
 * loader + pop-up code + its CSS, which ships inside the pop-up chunk (<= 30 KB gzip).
 * Reads the built dist/widget (run `npm run build` first; `npm run bench` does).
 * Alone: `npx tsx bench/widget-size.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './figures.ts';

const dist = fileURLToPath(new URL('../dist/widget', import.meta.url));
const LOADER_BUDGET_KB = 2;
const TOTAL_BUDGET_KB = 30;

const gzipBytes = (path: string) => gzipSync(readFileSync(path)).length;

/** Gzipped bytes of widget.js, and of widget.js plus every pop-up asset. */
export async function measureWidget(): Promise<{ loaderGzip: number; totalGzip: number }> {
  const loader = join(dist, 'widget.js');
  if (!existsSync(loader)) throw new Error(`${loader} is missing: run "npm run build" first.`);
  const assets = join(dist, 'assets');
  const files = existsSync(assets) ? readdirSync(assets).map((f) => join(assets, f)) : [];
  const loaderGzip = gzipBytes(loader);
  return { loaderGzip, totalGzip: files.reduce((sum, f) => sum + gzipBytes(f), loaderGzip) };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

export const widgetSizeBenchmark: Benchmark = {
  id: 'widget-size',
  title: 'Embeddable widget: loader and loader + pop-up (code and CSS), gzip',
  async run() {
    const { loaderGzip, totalGzip } = await measureWidget();
    return [
      { name: 'widget loader, gzip', value: kb(loaderGzip), unit: 'KB', budget: { max: LOADER_BUDGET_KB } },
      { name: 'loader + pop-up + CSS, gzip', value: kb(totalGzip), unit: 'KB', budget: { max: TOTAL_BUDGET_KB } },
    ];
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { loaderGzip, totalGzip } = await measureWidget();
  console.log(
    `widget loader:               ${loaderGzip} B gzip (${kb(loaderGzip)} KB, budget ${LOADER_BUDGET_KB} KB)`,
  );
  console.log(`loader + pop-up + CSS:       ${totalGzip} B gzip (${kb(totalGzip)} KB, budget ${TOTAL_BUDGET_KB} KB)`);
}
