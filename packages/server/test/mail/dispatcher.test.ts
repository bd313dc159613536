/**
 * The outbox dispatcher gives way to requests (mail/outbox.ts): while the event loop is
 * busy or a calendar write is open, due mail waits, at most MAX_DEFER_MS; a quiet loop, or
 * flush(), sends it at once.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withBusinessLock } from '../../src/db/transaction.ts';
import { MAIL_HOLD_MS, mailDueAt, UNDO_WINDOW_MS } from '../../src/domain/undo-window.ts';
import { MAX_DEFER_MS, MailDispatcher } from '../../src/mail/outbox.ts';
import type { OutgoingMail } from '../../src/mail/transport.ts';
import { queueMail } from '../../src/repositories/mail-outbox.ts';
import { engineApp } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

/**
 * Keeps this process's event loop busy, as a burst of requests does, until stopped: 20 ms of work,
 * then the next at once (setImmediate), so the loop never waits for a timer in between. A 1 ms
 * interval timer did wait, and on a machine busy with other test workers it fired late enough for
 * the loop to read idle (a busy loop at 80%, under BUSY), so the mail went out during the burst.
 */
function busyLoop(): () => void {
  let busy = true;
  const work = () => {
    if (!busy) return;
    const until = performance.now() + 20;
    while (performance.now() < until) {
      // busy, as a request handler is
    }
    setImmediate(work);
  };
  setImmediate(work);
  return () => {
    busy = false;
  };
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('the mail dispatcher gives way to requests', () => {
  let t: TestApp & { clock: { now: number } };
  const sent: OutgoingMail[] = [];
  let stopBusy: (() => void) | undefined;

  beforeEach(async () => {
    sent.length = 0;
    t = await engineApp('sqlite', {
      mailTransport: {
        async send(mail) {
          sent.push(mail);
          return 'memory';
        },
      },
    });
  });
  afterEach(async () => {
    stopBusy?.();
    stopBusy = undefined;
    await t.close();
  });

  async function queue(to: string) {
    await queueMail(t.ctx.db, { to, subject: 'Booking request received', text: 'hi', html: '<p>hi</p>' }, t.clock.now);
    t.ctx.mail.kick();
  }

  it('sends at once while the server is quiet', async () => {
    await queue('quiet@example.com');
    expect(await waitFor(() => sent.length === 1, 2_000)).toBe(true);
  });

  it('holds due mail while the event loop is busy and sends it when the burst ends', async () => {
    stopBusy = busyLoop();
    await queue('burst@example.com');
    expect(await waitFor(() => sent.length > 0, 400)).toBe(false);
    stopBusy();
    stopBusy = undefined;
    expect(await waitFor(() => sent.length === 1, 2_000)).toBe(true);
    expect(sent[0]!.to).toBe('burst@example.com');
  });

  it('sends under load that never lets up once the mail has waited MAX_DEFER_MS', async () => {
    stopBusy = busyLoop();
    await queue('late@example.com');
    expect(await waitFor(() => sent.length > 0, 300)).toBe(false);
    t.clock.now += MAX_DEFER_MS;
    expect(await waitFor(() => sent.length === 1, 2_000)).toBe(true);
  });

  it('flush() sends everything due at once, busy or not', async () => {
    stopBusy = busyLoop();
    await queueMail(t.ctx.db, { to: 'flush@example.com', subject: 's', text: 't', html: 'h' }, t.clock.now);
    await t.ctx.mail.flush();
    expect(sent.map((m) => m.to)).toEqual(['flush@example.com']);
  });
});

/**
 * On PostgreSQL a burst of bookings leaves the loop below BUSY while its transactions wait on their
 * round trips, so the open writes themselves hold the mail (on SQLite the one connection does).
 */
describe.each(storages().filter((kind) => kind === 'postgres'))('the mail dispatcher on %s', (kind) => {
  it('holds due mail while a calendar write of this process is open, however quiet the loop', async () => {
    const sent: OutgoingMail[] = [];
    const t = await engineApp(kind, {
      mailTransport: {
        async send(mail) {
          sent.push(mail);
          return 'memory';
        },
      },
    });
    let commit = () => {};
    const open = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const write = withBusinessLock(t.ctx.store, 'some-business', () => open);
    try {
      await queueMail(t.ctx.db, { to: 'locked@example.com', subject: 's', text: 't', html: 'h' }, t.clock.now);
      t.ctx.mail.kick();
      expect(await waitFor(() => sent.length > 0, 400)).toBe(false);
      commit();
      await write;
      expect(await waitFor(() => sent.length === 1, 2_000)).toBe(true);
    } finally {
      commit();
      await write;
      await t.close();
    }
  });
});

describe('mail held for an undo (domain/undo-window.ts)', () => {
  it('goes out on a poll once due, with nobody kicking or flushing the dispatcher', async () => {
    const sent: OutgoingMail[] = [];
    const t = await engineApp('sqlite');
    // A dispatcher of the test's own, polling every 50 ms rather than every 5 s; the app's stops.
    await t.ctx.mail.stop();
    const transport = {
      async send(mail: OutgoingMail) {
        sent.push(mail);
        return 'memory';
      },
    };
    const dispatcher = new MailDispatcher(t.ctx.store, transport, t.app.log, () => t.clock.now, 50);
    try {
      const changedAt = t.clock.now;
      const message = { to: 'held@example.com', subject: 'Booking declined: Wash', text: 'hi', html: '<p>hi</p>' };
      await queueMail(t.ctx.db, message, changedAt, { dueAt: mailDueAt(changedAt, UNDO_WINDOW_MS) });
      dispatcher.start();
      t.clock.now = changedAt + MAIL_HOLD_MS - 1;
      expect(await waitFor(() => sent.length > 0, 300)).toBe(false);
      t.clock.now = changedAt + MAIL_HOLD_MS;
      expect(await waitFor(() => sent.length === 1, 2_000)).toBe(true);
      expect(sent[0]!.to).toBe('held@example.com');
    } finally {
      await dispatcher.stop();
      await t.close();
    }
  });
});
