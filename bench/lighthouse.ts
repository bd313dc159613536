/**
 * Lighthouse in Debian's Chromium, for the benchmarks that score a page (bench/landing.ts,
 * bench/owner-app.ts). Each run gets a fresh Chromium with a DevTools port and a profile
 * of its own. `prepare` runs in that Chromium before Lighthouse (say, to put a signed-in
 * owner's token in localStorage), and the storage is then kept for the run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';
import { waitForQuietMachine } from './quiet-machine.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseOptions {
  /** Run in the same Chromium before Lighthouse, over the DevTools protocol; the storage it leaves is kept. */
  prepare?: (browser: Browser) => Promise<void>;
}

/** Starts Chromium with a DevTools port for Lighthouse and returns the port. */
async function startDebuggableChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'slotwise-lh-profile-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group: Chromium's helper processes (renderer, GPU, crash handler)
    // write to the profile too, and must be gone before it is removed.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      group('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    group('SIGKILL');
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium (${CHROMIUM}) gave no DevTools port:\n${seen}`)), 20_000);
    child.stderr?.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium (${CHROMIUM}) exited with ${code}; install it with "apt-get install -y chromium".`));
    });
  });
  return { port, stop };
}

/** The first few elements an accessibility audit names, so the printout says where to look. */
function offenders(details: unknown): string {
  const items = (details as { items?: { node?: { selector?: string; explanation?: string } }[] } | undefined)?.items;
  const nodes = (items ?? []).flatMap((i) => (i.node?.selector ? [i.node] : [])).slice(0, 3);
  return nodes
    .map((n) => `\n      at ${n.selector}${n.explanation ? `: ${n.explanation.split('\n')[1] ?? ''}` : ''}`)
    .join('');
}

export interface LighthouseResult {
  scores: Record<Category, number>;
  /** Audits that cost points: "id: title (score)". */
  lost: string[];
}

/**
 * Lighthouse sometimes loses the trace of a page load on a loaded machine and reports
 * NO_NAVSTART: that run measured nothing, so it is run again in a fresh Chromium (at most
 * NAVSTART_TRIES times), never counted as a pass. Any other runtime error fails at once.
 */
const NAVSTART_TRIES = 3;

export async function runLighthouse(
  url: string,
  mode: 'mobile' | 'desktop',
  options: LighthouseOptions = {},
): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    // Each run starts on a quiet machine (bench/quiet-machine.ts); a long wait is said, with why.
    const { idle, waitedMs } = await waitForQuietMachine();
    if (waitedMs > 2_000)
      console.warn(
        `Lighthouse ${mode}: waited ${(waitedMs / 1000).toFixed(1)} s for the cores to idle (${Math.round(idle * 100)}% idle).`,
      );
    try {
      return await runLighthouseOnce(url, mode, options);
    } catch (err) {
      if (!(err instanceof NoNavstart) || attempt >= NAVSTART_TRIES) throw err;
      console.warn(`Lighthouse ${mode} lost the page-load trace (NO_NAVSTART, try ${attempt}); running it again.`);
    }
  }
}

/**
 * The median of `runs` Lighthouse runs, per category: a single simulated performance score of a
 * page whose first paint waits for its script moves by several points from run to run on two
 * shared cores (the same build of the dashboard's overview scored 87 and 94 an hour apart), and
 * Lighthouse's own guidance on variability is to take the median of several runs. `lost` is the
 * run with the median performance score's.
 */
export async function runLighthouseMedian(
  url: string,
  mode: 'mobile' | 'desktop',
  options: LighthouseOptions = {},
  runs = 3,
): Promise<LighthouseResult & { performanceRuns: number[] }> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouse(url, mode, options));
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const first = results[0]!;
  const scores = Object.fromEntries(
    (Object.keys(first.scores) as Category[]).map((c) => [c, mid(results.map((r) => r.scores[c]))]),
  ) as Record<Category, number>;
  const byPerformance = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return {
    scores,
    lost: byPerformance[Math.floor(runs / 2)]!.lost,
    performanceRuns: results.map((r) => r.scores.performance),
  };
}

class NoNavstart extends Error {}

async function runLighthouseOnce(
  url: string,
  mode: 'mobile' | 'desktop',
  { prepare }: LighthouseOptions,
): Promise<LighthouseResult> {
  const chrome = await startDebuggableChromium();
  try {
    if (prepare) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        await prepare(browser);
      } finally {
        // Over CDP this only disconnects: the Chromium, and what prepare stored, stay for Lighthouse.
        await browser.close();
      }
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Lighthouse clears the origin's storage first unless told not to: keep what prepare stored.
        disableStorageReset: !!prepare,
      },
      mode === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `Lighthouse failed on ${url}: ${lhr.runtimeError.message}`;
      throw lhr.runtimeError.code === 'NO_NAVSTART' ? new NoNavstart(message) : new Error(message);
    }
    const scores = {} as Record<Category, number>;
    const lost: string[] = [];
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      scores[id] = Math.round((category?.score ?? 0) * 100);
      for (const ref of category?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          lost.push(
            `${id}/${ref.id}: ${audit.title} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})` +
              offenders(audit.details),
          );
        }
      }
    }
    return { scores, lost };
  } finally {
    await chrome.stop();
  }
}
