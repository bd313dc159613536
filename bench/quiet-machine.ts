/**
 * Waits for the machine's cores to be mostly idle before a figure that other processes' work
 * would move: Lighthouse's performance score is simulated from the page's real main-thread
 * tasks, so a database still vacuuming after the test suites, or a straggling process of the
 * build, shows up as the page's Total Blocking Time (bench/lighthouse.ts). CI runs the benchmarks
 * straight after the tests; the same build scored 90 there and 97 quiet on the booking page.
 */
import { execFileSync } from 'node:child_process';
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

/**
 * The processes using the most CPU, one line each ("63% 01:02:03 node .../server.ts"), for a log
 * that says why the machine would not go quiet: a server left running by an earlier step once took
 * a core through a whole CI run, and only the figures showed it. Empty where `ps` is missing.
 */
export function busiestProcesses(count = 5): string[] {
  try {
    const out = execFileSync('ps', ['-eo', 'pcpu=,etime=,args=', '--sort=-pcpu'], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/\bps -eo\b/.test(line))
      .slice(0, count)
      .map((line) =>
        line
          .replace(/\s+/g, ' ')
          .replace(/^(\S+)/, '$1%')
          .slice(0, 160),
      );
  } catch {
    return [];
  }
}
