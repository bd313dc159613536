/**
 * Our widget's sizes beside Cal.com's published embed (issue 6), gzip, measured in the
 * same run with the same compressor. Cal.com's figures are the JS and CSS files their npm
 * packages ship (dev dependencies of bench/ only):
 * - @calcom/embed-snippet: the inline snippet an owner pastes (dist/snippet.umd.js);
 * - @calcom/embed-core: dist/embed/embed.js (plus its CSS), which the snippet loads on
 *   every page view as soon as the page calls Cal("init").
 * What a Cal.com customer downloads to book goes on past these: embed.js opens an iframe
 * with Cal.com's whole booking web app, which is not in any package and is not counted.
 * Printed, not checked: the budgets are on our own figures (widget-size.ts).
 * Alone: `npx tsx bench/calcom-embed.ts` (after `npm run build`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark, Figure } from './figures.ts';
import { measureWidget } from './widget-size.ts';

const require = createRequire(import.meta.url);

/** The package's folder in node_modules, with its version. */
function packageDir(name: string): { dir: string; version: string } {
  let manifest: string;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    throw new Error(`${name} is not installed: run "npm install" (it is a dev dependency of bench/).`);
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: dirname(manifest), version };
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path)).length;

function mustExist(path: string): string {
  if (!existsSync(path))
    throw new Error(`${path} is missing: the package's layout changed; update bench/calcom-embed.ts.`);
  return path;
}

interface CalcomSizes {
  snippetVersion: string;
  coreVersion: string;
  /** The inline snippet (UMD build, as pasted). */
  snippetGzip: number;
  /** embed.js, the script the snippet loads. */
  embedJsGzip: number;
  /** embed.js plus the CSS files in dist/embed/assets. */
  embedAllGzip: number;
}

function measureCalcom(): CalcomSizes {
  const snippet = packageDir('@calcom/embed-snippet');
  const core = packageDir('@calcom/embed-core');
  const embedDir = join(core.dir, 'dist', 'embed');
  const embedJs = mustExist(join(embedDir, 'embed.js'));
  const assets = join(embedDir, 'assets');
  const css = existsSync(assets)
    ? readdirSync(assets)
        .filter((f) => f.endsWith('.css'))
        .map((f) => join(assets, f))
    : [];
  const embedJsGzip = gzipBytes(embedJs);
  return {
    snippetVersion: snippet.version,
    coreVersion: core.version,
    snippetGzip: gzipBytes(mustExist(join(snippet.dir, 'dist', 'snippet.umd.js'))),
    embedJsGzip,
    embedAllGzip: css.reduce((sum, f) => sum + gzipBytes(f), embedJsGzip),
  };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

async function run(): Promise<Figure[]> {
  const ours = await measureWidget();
  const cal = measureCalcom();
  const calPageView = cal.snippetGzip + cal.embedJsGzip;
  return [
    { name: 'ours: loader on every page view, gzip', value: kb(ours.loaderGzip), unit: 'KB' },
    { name: `Cal.com: embed-snippet ${cal.snippetVersion} (inline), gzip`, value: kb(cal.snippetGzip), unit: 'KB' },
    { name: `Cal.com: embed-core ${cal.coreVersion} embed.js, gzip`, value: kb(cal.embedJsGzip), unit: 'KB' },
    { name: 'Cal.com: snippet + embed.js on every page view, gzip', value: kb(calPageView), unit: 'KB' },
    { name: 'Cal.com page view / ours', value: Math.round((calPageView / ours.loaderGzip) * 10) / 10, unit: 'x' },
    { name: 'ours: everything to finish a booking, gzip', value: kb(ours.totalGzip), unit: 'KB' },
    {
      name: 'Cal.com: snippet + embed.js + CSS, before its iframe app, gzip',
      value: kb(cal.snippetGzip + cal.embedAllGzip),
      unit: 'KB',
    },
  ];
}

export const calcomEmbedBenchmark: Benchmark = {
  id: 'calcom-embed',
  title:
    "Widget sizes beside Cal.com's published embed packages (gzip, ours as our server sends it; Cal.com's iframe app not counted)",
  run,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const f of await run()) console.log(`${f.name.padEnd(62)} ${`${f.value} ${f.unit}`.padStart(10)}`);
}
