/**
 * Expanding a calendar in the sandbox (calendars/sandbox.ts; issue 39, docs/decisions/031): the
 * same events as on the event loop, and a calendar that would take for ever or eat the memory
 * stopped at its limit, while the event loop keeps turning, and the next calendar read by a new
 * worker.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { expandCalendar, NotICalendar } from '../../src/calendars/expand.ts';
import { ExpansionStopped, expansionSandbox } from '../../src/calendars/sandbox.ts';
import { fixtureText } from './stand-in.ts';

const LA_MARCH = {
  startMs: Date.parse('2027-03-01T08:00:00Z'),
  endMs: Date.parse('2027-05-30T07:00:00Z'),
  timeZone: 'America/Los_Angeles',
};

/** The longest the event loop went without turning while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work.catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  return longest;
}

async function stopped(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    if (err instanceof ExpansionStopped) return err.kind;
    throw err;
  }
  throw new Error('the expansion finished');
}

describe('the expansion sandbox', () => {
  const sandbox = expansionSandbox({ timeoutMs: 1_500, maxHeapMb: 64, workers: 1 });
  afterAll(() => sandbox.close());

  it('answers what expandCalendar answers', async () => {
    for (const name of ['google.ics', 'icloud.ics', 'outlook.ics'])
      expect(await sandbox.expand(fixtureText(name), LA_MARCH, 'a'), name).toEqual(
        await expandCalendar(fixtureText(name), LA_MARCH),
      );
    await expect(sandbox.expand('<html>Sign in</html>', LA_MARCH, 'a')).rejects.toThrow(NotICalendar);
  });

  it('stops a rule ical.js cannot find the next occurrence of at the time limit; the event loop never waits; the next calendar is read', async () => {
    const started = performance.now();
    const hostile = sandbox.expand(fixtureText('rare.ics'), LA_MARCH, 'a');
    expect(await longestStall(hostile)).toBeLessThan(250);
    expect(await stopped(hostile)).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await sandbox.expand(fixtureText('google.ics'), LA_MARCH, 'a')).events).toHaveLength(8);
  });

  it("runs one business's expansions one at a time: the others' go by them", async () => {
    const fair = expansionSandbox({ timeoutMs: 1_500, maxHeapMb: 64, workers: 2 });
    try {
      const order: string[] = [];
      const hostile = [1, 2, 3].map((n) =>
        stopped(fair.expand(fixtureText('rare.ics'), LA_MARCH, 'mallory')).then((kind) =>
          order.push(`mallory ${n} ${kind}`),
        ),
      );
      const other = fair
        .expand(fixtureText('google.ics'), LA_MARCH, 'sam')
        .then((e) => order.push(`sam ${e.events.length}`));
      await Promise.all([...hostile, other]);
      expect(order).toEqual(['sam 8', 'mallory 1 timeout', 'mallory 2 timeout', 'mallory 3 timeout']);
    } finally {
      await fair.close();
    }
  }, 30_000);

  it('stops a calendar that needs more memory than its worker has', async () => {
    const small = expansionSandbox({ timeoutMs: 30_000, maxHeapMb: 16, workers: 1 });
    try {
      const event = (i: number) =>
        [
          'BEGIN:VEVENT',
          `UID:e${i}`,
          'DTSTAMP:20270101T000000Z',
          `DTSTART:20270301T${String(i % 24).padStart(2, '0')}0000Z`,
          'DURATION:PT1H',
          `SUMMARY:${'x'.repeat(200)}`,
          'END:VEVENT',
        ].join('\r\n');
      const big = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        ...Array.from({ length: 60_000 }, (_, i) => event(i)),
        'END:VCALENDAR',
      ].join('\r\n');
      expect(await stopped(small.expand(big, LA_MARCH, 'a'))).toBe('out-of-memory');
      expect((await small.expand(fixtureText('google.ics'), LA_MARCH, 'a')).events).toHaveLength(8);
    } finally {
      await small.close();
    }
  });

  it('refuses expansions once closed', async () => {
    const closing = expansionSandbox({ timeoutMs: 1_000, maxHeapMb: 64, workers: 1 });
    await closing.close();
    expect(await stopped(closing.expand(fixtureText('google.ics'), LA_MARCH, 'a'))).toBe('crashed');
  });

  it('never keeps a process alive once its expansions have answered (run under tsx, as the server is)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-exit-'));
    const script = join(dir, 'script.ts');
    const sandboxUrl = new URL('../../src/calendars/sandbox.ts', import.meta.url).href;
    writeFileSync(
      script,
      [
        `import { expansionSandbox } from ${JSON.stringify(sandboxUrl)};`,
        'const sandbox = expansionSandbox({ timeoutMs: 5_000, maxHeapMb: 64, workers: 2 });',
        `const window = ${JSON.stringify(LA_MARCH)};`,
        `const text = ${JSON.stringify(fixtureText('google.ics'))};`,
        // Not awaited: waiting expansions keep it alive until they answer; then nothing may.
        "sandbox.expand(text, window, 'a').then((e) => console.log('events', e.events.length));",
      ].join('\n'),
    );
    const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
    try {
      const { stdout } = await promisify(execFile)(tsx, [script], { timeout: 20_000 });
      expect(stdout.trim()).toBe('events 8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
