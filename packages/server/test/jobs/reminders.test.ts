import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../src/jobs/reminders.ts';
import type { MailTransport, OutgoingMail } from '../../src/mail/transport.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';

describe.each(storages())('reminders on %s', (kind) => {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    async send(mail) {
      sent.push(mail);
      return 'captured';
    },
  };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(kind, { mailTransport: transport });
    // Two instances share PostgreSQL. Two SQLite connections in ONE process would block each
    // other's event loop (better-sqlite3 waits synchronously), so there the same instance races itself.
    b = kind === 'postgres' ? await createTestApp(kind, { mailTransport: transport, databaseUrl: a.databaseUrl }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  it('mails each approved booking once, 24 hours ahead, even with two instances running the pass at once', async () => {
    const owner = await onboardedOwner(a.app);
    const now = Date.now();
    const row = (status: string, hoursAhead: number, email: string) => ({
      id: randomUUID(),
      business_id: owner.businessId,
      service_id: null,
      service_name: 'Full Detail',
      duration_min: 60,
      first_name: 'Rita',
      last_name: 'Reminder',
      customer_email: email,
      phone_number: '+1 5550001111',
      car_body_type: null,
      customer_address: null,
      customer_lat: null,
      customer_lng: null,
      miles: null,
      total_cents: 5000,
      quote_lines: '[]',
      status,
      day: '2030-01-01',
      start_time: '10:00',
      end_time: '11:00',
      start_ms: now + hoursAhead * 3600_000,
      end_ms: now + (hoursAhead + 1) * 3600_000,
      created_at: now,
      updated_at: now,
      reminder_sent_at: null,
    });
    const due = row('approved', 23, 'due@example.com');
    await a.ctx.db
      .insertInto('bookings')
      .values([
        due,
        row('approved', 26, 'later@example.com'),
        row('pending', 20, 'pending@example.com'),
        row('approved', -2, 'past@example.com'),
      ])
      .execute();

    const counts = await Promise.all([
      sendDueReminders(a.ctx),
      sendDueReminders(b.ctx),
      sendDueReminders(a.ctx),
      sendDueReminders(b.ctx),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await sendDueReminders(b.ctx)).toBe(0);
    await Promise.all([a.ctx.mail.flush(), b.ctx.mail.flush()]);
    const reminders = sent.filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders.map((m) => m.to)).toEqual(['due@example.com']);
    // Not on the business's today: tomorrow (a job later today says today: held-mail.test.ts).
    expect(reminders[0]!.subject).toBe('Reminder: Full Detail tomorrow');
    expect(reminders[0]!.text).toMatch(
      new RegExp(`/customer/reschedule\\?token=[\\w-]+&businessId=${owner.businessId}`),
    );
    expect(reminders[0]!.text).toMatch(/\/customer\/cancel\?token=[\w-]+/);
  });
});
