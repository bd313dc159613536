import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { decodeQuotedPrintable, type ReceivedMail, startSmtp } from '../../smtp.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function linksIn(mail: ReceivedMail): { reschedule: URL; cancel: URL } {
  const text = decodeQuotedPrintable(mail.raw);
  const reschedule = /Reschedule: (http\S+)/.exec(text)?.[1];
  const cancel = /Cancel: (http\S+)/.exec(text)?.[1];
  if (!reschedule || !cancel) throw new Error(`no manage links in mail:\n${text}`);
  return { reschedule: new URL(reschedule), cancel: new URL(cancel) };
}

describe.each(storages())('booking mail over real SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await engineApp(kind, { env: { SMTP_URL: smtp.url } });
    shop = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the booking mails, and the links in them work', async () => {
    const res = await book(t, bookBody(shop, { customerEmail: 'smtp-customer@example.com' }));
    expect(res.statusCode).toBe(201);
    await t.ctx.mail.flush();
    const toCustomer = smtp.received.filter((m) => m.to.includes('smtp-customer@example.com'));
    expect(toCustomer).toHaveLength(1);
    expect(decodeQuotedPrintable(toCustomer[0]!.raw)).toContain('Subject: Booking request received: Full Detail');
    expect(smtp.received.filter((m) => m.to.includes(shop.email))).toHaveLength(1);

    const { reschedule, cancel } = linksIn(toCustomer[0]!);
    expect(reschedule.origin).toBe('http://localhost:3000');
    expect(reschedule.pathname).toBe('/customer/reschedule');
    expect(reschedule.searchParams.get('businessId')).toBe(shop.businessId);
    expect(cancel.pathname).toBe('/customer/cancel');
    const token = reschedule.searchParams.get('token')!;
    expect(cancel.searchParams.get('token')).toBe(token);

    const shown = await t.app.inject({ url: `/api/customer/booking?token=${encodeURIComponent(token)}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().bookingTime.startTime).toBe('10:00');
    const slots = await t.app.inject({
      url: `/api/customer/get-available-slots?businessId=${shop.businessId}&date=2026-12-03&token=${token}`,
    });
    expect(slots.statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token, newDateTime: '2026-12-03T11:00' },
    });
    expect(moved.statusCode).toBe(200);
    await t.ctx.mail.flush();
    const movedMail = smtp.received.filter((m) => m.to.includes('smtp-customer@example.com'));
    expect(movedMail).toHaveLength(2);
    // The moved mail carries the same working links.
    expect(linksIn(movedMail[1]!).cancel.searchParams.get('token')).toBe(token);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/confirm-cancel?token=${encodeURIComponent(cancel.searchParams.get('token')!)}`,
    });
    expect(cancelled.statusCode).toBe(200);
    await t.ctx.mail.flush();
    expect(smtp.received.filter((m) => m.to.includes('smtp-customer@example.com'))).toHaveLength(3);
    // The token never reaches the logs, even though its links were sent.
    expect(t.logs.join('\n')).not.toContain(token);
  });
});

describe.each(storages())("mails on the business's clock on %s", (kind) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const mailTo = async (to: string) =>
    (await t.ctx.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', to).execute()).map(
      (m) => m.text_body,
    );

  it('writes 12-hour times until the owner chooses 24-hour, then 24-hour ones, to customer and owner', async () => {
    expect((await book(t, bookBody(shop, { customerEmail: 'twelve@example.com' }))).statusCode).toBe(201);
    const [twelve] = await mailTo('twelve@example.com');
    expect(twelve).toContain('Wednesday, December 2, 2026, 10:00 AM – 11:00 AM (Pacific Time, Los Angeles)');

    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/time-format',
      headers: shop.auth,
      payload: { timeFormat: '24h' },
    });
    expect(set.statusCode).toBe(200);
    const body = bookBody(shop, { customerEmail: 'day-clock@example.com', time: '14:00' });
    expect((await book(t, body)).statusCode).toBe(201);
    const [customer] = await mailTo('day-clock@example.com');
    expect(customer).toContain('Wednesday, December 2, 2026, 14:00 – 15:00 (Pacific Time, Los Angeles)');
    const owner = (await mailTo(shop.email)).find((m) => m.includes('14:00'));
    expect(owner).toContain('14:00 – 15:00');
    expect(owner).not.toContain('PM');
  });
});

describe.each(storages())('booking while the mail server is down on %s', (kind) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind, { env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  it('still commits the booking; the mail row stays for retry and the failure is logged', async () => {
    const res = await book(t, bookBody(shop, { customerEmail: 'down@example.com' }));
    expect(res.statusCode).toBe(201);
    await t.ctx.mail.flush();
    expect(await t.ctx.repos.bookings.find(shop.businessId, res.json().bookingId)).toBeDefined();
    const row = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'down@example.com')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at).toBeGreaterThan(t.ctx.now());
    expect(t.logs.join('\n')).toContain('mail not sent; will retry');
  });
});
