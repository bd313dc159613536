/**
 * The calendar's budgets (issue 4, item 5):
 * - the dashboard's initial JavaScript without the calendar chunk, and that chunk: the files
 *   found in dist/dashboard (index.html's module script and its static imports), weighed
 *   as a browser receives them from the server (brotli, bench/wire.ts), raw size beside;
 * - the Insights page's chunk (issue 29: the page and its chart library, uPlot), found the same
 *   way by its import() in the entry: its JS and CSS beyond the first download, gzip (the
 *   issue's budget, 60 KB; a browser that asks for brotli gets less, printed beside);
 * - the first render of the week and month views in Chromium for a business with a
 *   year of bookings (5,000) in the database. "First render" runs from the moment the
 *   last of the calendar's three calls (bookings, blocked times, business hours) has
 *   its answer to the first frame painted with the events in it: the answer's parsing,
 *   the mapping to events and react-big-calendar's render, layout and paint. (The page
 *   draws the empty grid while the calls are in flight; the page-load figures, printed
 *   beside, count everything from navigation on.) Median of BENCH_RUNS (5) loads after
 *   a warm-up; the fastest is printed too, since the 2 shared cores make single runs noisy.
 * Starts its own server on loopback (RATE_LIMITS=off) from the built dist/; run
 * `npm run build` first (`npm run bench` does). Alone: `npx tsx bench/calendar.ts`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { localToUtcMs, todayIn } from '@slotwise/shared/time-zone';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';
import { insertBookings } from '../scripts/insert-bookings.ts';
import { root, startServer } from '../scripts/server-process.ts';
import { type Benchmark, type Figure, figureLine } from './figures.ts';
import { seedOwner } from './seed.ts';
import { sumOnTheWire } from './wire.ts';

const BOOKINGS = 5_000;
const PER_DAY = 14;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * Issue 4's targets: week <= 150 ms, month <= 300 ms, initial JS <= 100 KB compressed. The
 * initial JS is checked against its target itself (about 93 KB since the dashboard moved
 * from react-router's data router to its declarative mode, docs/decisions/007). The two
 * render times are printed against their targets, and the check holds a regression
 * ceiling of 1,000 ms for both: the same commit measured week 109-174 ms and month
 * 84-124 ms (medians) on one of these machines, and 385-453 ms and 275-353 ms quiet on
 * another, so a gate at the targets passes or fails with the machine, not the code; CI
 * runs this after minutes of tests at full load, about 1.5x slower again. The
 * regressions the ceiling exists for cost seconds: handing react-big-calendar every
 * booking of the year (5,000) took 16 s in the issue's measurement. The week view's time
 * is mostly the time grid drawing all 7 x 48 slots, once as it mounts (while the calls
 * are in flight, so the rest of that mount counts here) and again with the events.
 */
const BUDGET = { weekMsTarget: 150, monthMsTarget: 300, renderMsCeiling: 1000, initialKb: 100, insightsKb: 60 };
/*
 * Measured with this benchmark for choices in the calendar's code (the code keeps the
 * reasons, these the figures; each on one of these 2-core VMs):
 * - The grid mounts one render before the answers (calendar-page.tsx). Mounting it only
 *   with the answers, or in a transition they interrupt, made the first-render figure
 *   10-25% smaller on loopback but showed the events 20-36 ms later behind 60-150 ms of
 *   network latency (interleaved A/B, 21-25 loads a side).
 * - The time grid starts knowing that it overflows
 *   (dashboard/build/calendar-starts-overflowing.ts): without that, its second render
 *   while the data arrived made the grid take 110 ms to mount instead of 85.
 * - The localizer's date math (fast-dates.ts): react-big-calendar's own starts of days
 *   were about a tenth of the first render with a busy week.
 */

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

// ---------- bytes ----------

/** Relative specifiers a built module imports statically (dynamic import() is left out). */
function staticImports(source: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

/** Every file a module pulls in before it runs: itself and its static imports, transitively. */
function closure(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(dir, file), 'utf8');
  const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  for (const spec of staticImports(source)) {
    const resolved = new URL(spec, `file:///${base}`).pathname.slice(1);
    closure(dir, resolved, seen);
  }
  return seen;
}

interface JsFiles {
  /** index.html's module scripts and their static imports, as paths under dist/dashboard (= URL paths). */
  initial: string[];
  /** What the router's lazy import() of the calendar adds, JS and CSS. */
  calendar: string[];
  calendarCss: string[];
  /** What the router's lazy import() of the Insights page adds, JS and CSS. */
  insights: string[];
  insightsCss: string[];
}

function jsFiles(distDir = join(root, 'dist', 'dashboard')): JsFiles {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml))
    throw new Error(`${indexHtml} is missing: run "npm run build" first (npm run bench does).`);
  const html = readFileSync(indexHtml, 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  if (entries.length === 0) throw new Error(`${indexHtml} has no <script type="module" src>; is it a Vite build?`);
  const initial = new Set<string>();
  for (const f of [...entries, ...preloads]) closure(distDir, f, initial);

  // A page's lazy import() in the router, and Vite's list of what that import loads (JS and CSS).
  const entry = entries[0]!;
  const dir = entry.slice(0, entry.lastIndexOf('/') + 1);
  const source = readFileSync(join(distDir, entry), 'utf8');
  const lazy = (page: string) => {
    const chunk = new RegExp(`import\\(\\s*[\`"'](?:\\./)?(${page}-[\\w-]+\\.js)[\`"']\\s*\\)`).exec(source)?.[1];
    if (!chunk) throw new Error(`${entry} does not import() a ${page} chunk; is its route still lazy?`);
    return {
      js: [...closure(distDir, `${dir}${chunk}`)].filter((f) => !initial.has(f)),
      css: [...new Set([...source.matchAll(new RegExp(`${page}-[\\w-]+\\.css`, 'g'))].map((m) => `${dir}${m[0]}`))],
    };
  };
  const calendar = lazy('calendar-page');
  const insights = lazy('insights-page');
  return {
    initial: [...initial],
    calendar: calendar.js,
    calendarCss: calendar.css,
    insights: insights.js,
    insightsCss: insights.css,
  };
}

/** Bytes on the wire (brotli, bench/wire.ts) of each group of files, from the running server. */
async function jsWeights(base: string, files: JsFiles) {
  const weigh = (paths: string[], acceptEncoding?: string) =>
    sumOnTheWire(
      paths.map((p) => `${base}/${p}`),
      acceptEncoding,
    );
  const insights = [...files.insights, ...files.insightsCss];
  return {
    initial: await weigh(files.initial),
    initialFiles: files.initial.length,
    calendar: await weigh(files.calendar),
    calendarCss: await weigh(files.calendarCss),
    insightsGzip: await weigh(insights, 'gzip'),
    insights: await weigh(insights),
    insightsFiles: insights.length,
  };
}

// ---------- data ----------

const pad = (n: number) => String(n).padStart(2, '0');
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Seeded {
  token: string;
  /** A Wednesday in the future half of the year, and its month, both full of bookings. */
  busyDay: string;
}

/**
 * An owner open 07:00-21:00 every day with BOOKINGS bookings, PER_DAY a day on the
 * hour, over the year around today: past ones approved or cancelled, future ones
 * pending, approved or declined. Owner, service and hours go through the API; the
 * bookings straight into the SQLite file, as bench/booking-engine.ts does.
 */
async function seed(base: string, dataDir: string): Promise<Seeded> {
  const { token, businessId, timeZone: tz, serviceId } = await seedOwner(base, 'Busy Detailing');
  const today = todayIn(tz);
  const totalDays = Math.ceil(BOOKINGS / PER_DAY);
  const first = plusDays(today, -Math.floor(totalDays / 2));
  const now = Date.now();
  const names = ['Dana Reyes', 'Sam Okafor', 'Lee Park', 'Ana Silva', 'Tom Hardy', 'Mia Wong', 'Ravi Shah'];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const day = plusDays(first, Math.floor(i / PER_DAY));
    const hour = 7 + (i % PER_DAY);
    const startTime = `${pad(hour)}:00`;
    const startMs = localToUtcMs(day, startTime, tz);
    const endMs = startMs + 45 * 60_000;
    const past = endMs < now;
    const status = past
      ? i % 9 === 0
        ? 'cancelled'
        : 'approved'
      : ['pending', 'approved', 'approved', 'declined'][i % 4]!;
    const [firstName, lastName] = names[i % names.length]!.split(' ') as [string, string];
    rows.push({
      id: randomUUID(),
      business_id: businessId,
      service_id: serviceId,
      service_name: 'Full Detail',
      duration_min: 45,
      first_name: firstName,
      last_name: lastName,
      customer_email: `customer${i}@example.com`,
      phone_number: '+1 5550000000',
      car_body_type: null,
      customer_address: `${100 + (i % 900)} Main Street, Beverly Hills, CA 90210, USA`,
      customer_lat: null,
      customer_lng: null,
      miles: null,
      total_cents: 15_000,
      quote_lines: '[]',
      status,
      day,
      start_time: startTime,
      end_time: `${pad(hour)}:45`,
      start_ms: startMs,
      end_ms: endMs,
      created_at: now,
      updated_at: now,
    });
  }
  await insertBookings(dataDir, rows);
  // A Wednesday about three months ahead: its week and its month are full.
  let busyDay = plusDays(today, 90);
  while (new Date(`${busyDay}T00:00:00Z`).getUTCDay() !== 3) busyDay = plusDays(busyDay, 1);
  return { token, busyDay };
}

// ---------- render ----------

/**
 * In the page: when the first calendar event appears, note the time once the frame
 * that shows it has been rendered (the task queued from that frame's animation
 * callback runs right after its style, layout and paint); the data's arrival comes
 * from resource timing.
 */
function watchFirstPaint(): void {
  const w = window as unknown as { __calendarPainted?: number };
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.rbc-calendar .rbc-event')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        w.__calendarPainted = performance.now();
      };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });
}

interface Render {
  /** Last call's answer -> events painted. */
  ms: number;
  /** Navigation start -> events painted (the whole page load, chunk and calls included). */
  loadMs: number;
  events: number;
}

async function firstRender(url: string, token: string, path: string): Promise<Render[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // A browser zone far from the business's: the time-zone conversion is part of the work.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await context.addInitScript(watchFirstPaint);
    const out: Render[] = [];
    // One warm-up load (compiles and caches the chunk), then RUNS measured loads.
    for (let run = 0; run <= RUNS; run++) {
      const page = await context.newPage();
      let events = 0;
      page.on('response', (res) => {
        if (new URL(res.url()).pathname === '/api/business-dashboard/bookings')
          void res
            .json()
            .then((b: { bookings: unknown[] }) => {
              events = b.bookings.length;
            })
            .catch(() => undefined);
      });
      await page.goto(url + path);
      await page.waitForFunction(
        () => (window as { __calendarPainted?: number }).__calendarPainted !== undefined,
        null,
        {
          timeout: 60_000,
        },
      );
      const [ms, loadMs] = await page.evaluate(() => {
        const calls = [
          '/api/business-dashboard/bookings',
          '/api/business-dashboard/blocked-times',
          '/api/business-dashboard/availability',
        ];
        const ends = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => calls.includes(new URL(e.name).pathname))
          .map((e) => e.responseEnd);
        if (ends.length < calls.length) throw new Error(`Saw ${ends.length} of the calendar's ${calls.length} calls.`);
        const painted = (window as unknown as { __calendarPainted: number }).__calendarPainted;
        return [painted - Math.max(...ends), painted];
      });
      if (run > 0) out.push({ ms, loadMs, events });
      if (process.env.BENCH_VERBOSE)
        console.log(`  ${path}: ${Math.round(ms)} ms (page load ${Math.round(loadMs)} ms)`);
      await page.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function run(): Promise<Figure[]> {
  const files = jsFiles();
  const server = await startServer();
  const figures: Figure[] = [];
  try {
    const weights = await jsWeights(server.url, files);
    figures.push(
      {
        name: 'dashboard initial JS, on the wire (br)',
        value: kb(weights.initial.wire),
        unit: 'KB',
        budget: { max: BUDGET.initialKb },
      },
      { name: 'dashboard initial JS, uncompressed', value: kb(weights.initial.raw), unit: 'KB' },
      { name: 'dashboard initial JS files', value: weights.initialFiles, unit: 'files' },
      { name: 'calendar chunk JS, on the wire (br)', value: kb(weights.calendar.wire), unit: 'KB' },
      {
        name: 'initial JS + calendar chunk, on the wire (br)',
        value: kb(weights.initial.wire + weights.calendar.wire),
        unit: 'KB',
      },
      { name: 'calendar chunk CSS, on the wire (br)', value: kb(weights.calendarCss.wire), unit: 'KB' },
      {
        name: `insights chunk JS + CSS, gzip (${weights.insightsFiles} files)`,
        value: kb(weights.insightsGzip.wire),
        unit: 'KB',
        budget: { max: BUDGET.insightsKb },
      },
      { name: 'insights chunk JS + CSS, on the wire (br)', value: kb(weights.insights.wire), unit: 'KB' },
      { name: 'insights chunk JS + CSS, uncompressed', value: kb(weights.insights.raw), unit: 'KB' },
    );
    const { token, busyDay } = await seed(server.url, server.dataDir);
    const week = await firstRender(server.url, token, `/dashboard/calendar?view=week&date=${busyDay}`);
    const month = await firstRender(server.url, token, `/dashboard/calendar?view=month&date=${busyDay}`);
    figures.push(
      {
        name: `week view first render (${week[0]?.events ?? 0} of ${BOOKINGS} bookings)`,
        value: Math.round(median(week.map((r) => r.ms))),
        unit: 'ms',
        budget: { max: BUDGET.renderMsCeiling },
        target: { max: BUDGET.weekMsTarget },
      },
      {
        name: `month view first render (${month[0]?.events ?? 0} of ${BOOKINGS} bookings)`,
        value: Math.round(median(month.map((r) => r.ms))),
        unit: 'ms',
        budget: { max: BUDGET.renderMsCeiling },
        target: { max: BUDGET.monthMsTarget },
      },
      {
        name: 'week view, page load to events painted',
        value: Math.round(median(week.map((r) => r.loadMs))),
        unit: 'ms',
      },
      {
        name: 'month view, page load to events painted',
        value: Math.round(median(month.map((r) => r.loadMs))),
        unit: 'ms',
      },
      {
        name: 'week view first render, fastest run',
        value: Math.round(Math.min(...week.map((r) => r.ms))),
        unit: 'ms',
      },
      {
        name: 'month view first render, fastest run',
        value: Math.round(Math.min(...month.map((r) => r.ms))),
        unit: 'ms',
      },
    );
  } finally {
    await server.stop();
  }
  return figures;
}

export const calendarBenchmark: Benchmark = {
  id: 'calendar',
  title: `calendar: dashboard JS with and without the calendar chunk (brotli on the wire), the insights chunk (gzip), week and month first render with ${BOOKINGS} bookings in Chromium`,
  run,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const f of await run()) {
    console.log(figureLine(f, 52));
  }
}
