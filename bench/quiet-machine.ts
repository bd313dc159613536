/**
 * Waits for the machine's cores to be mostly idle before a figure that other processes' work
 * would move: Lighthouse's performance score is simulated from the page's real main-thread
 * tasks, so a database still vacuuming after the test suites, or a straggling process of the
 * build, shows up as the page's Total Blocking Time (bench/lighthouse.ts). CI runs the benchmarks
 * straight after the tests; the same build scored 90 there and 97 quiet on the booking page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** All cores' idle and total jiffies since boot, from the first line of /proc/stat. */
function cpuJiffies(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal ...: idle and iowait are the idle time.
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
}

/**
 * Samples the cores for `sampleMs` at a time until at least `idleShare` of them was idle, for at
 * most `maxWaitMs`; answers the idle share last seen and how long it waited. Without /proc
 * (not Linux) it answers at once.
 */
export async function waitForQuietMachine({
  idleShare = 0.85,
  sampleMs = 500,
  maxWaitMs = 30_000,
} = {}): Promise<{ idle: number; waitedMs: number }> {
  if (!existsSync('/proc/stat')) return { idle: 1, waitedMs: 0 };
  const started = Date.now();
  for (;;) {
    const before = cpuJiffies();
    await sleep(sampleMs);
    const after = cpuJiffies();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    const waitedMs = Date.now() - started;
    if (idle >= idleShare || waitedMs >= maxWaitMs) return { idle, waitedMs };
  }
}
