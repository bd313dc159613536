import { ACTIVE_STATUSES, DECLINE_REASON_MAX } from '@slotwise/shared/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../../src/domain/manage-token.ts';
import { MAIL_HOLD_MS } from '../../../src/domain/undo-window.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';
import { captureMail, firstCrewId, hasOverlapGuard, insertBooking, testClock, wallToMs } from './fixtures.ts';

const base = '/api/business-dashboard';

describe.each(storages())('dashboard bookings on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof onboardedOwner>>;
  const clock = testClock();
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, mailTransport: mail.transport });
    owner = await onboardedOwner(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.reset();
    await t.ctx.db.deleteFrom('bookings').execute();
    await t.ctx.mail.flush();
    mail.sent.length = 0;
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `${base}/${url}`, headers: owner.auth });
  const put = (url: string) => t.app.inject({ method: 'PUT', url: `${base}/${url}`, headers: owner.auth });
  const outboxCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists every booking with every field, in time order, optionally within a business-local date range', async () => {
    const late = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-06',
      startTime: '14:00',
      endTime: '15:00',
    });
    const early = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '09:00',
      endTime: '10:30',
      status: 'approved',
      totalCents: 4999,
      customerAddress: null,
    });
    const last = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-08',
      startTime: '10:00',
      endTime: '11:00',
    });

    const all = await get('bookings');
    expect(all.statusCode).toBe(200);
    expect(all.json().bookings.map((b: { _id: string }) => b._id)).toEqual([early, late, last]);
    expect(all.json().bookings[0]).toEqual({
      _id: early,
      firstName: 'Ada',
      lastName: 'Lovelace',
      serviceName: 'Full Detail',
      customerEmail: 'ada@example.com',
      phoneNumber: '+1 5551234567',
      carBodyType: 'SUV',
      totalQuote: 49.99,
      customerAddress: null,
      status: 'approved',
      bookingTime: { day: '2027-01-05', startTime: '09:00', endTime: '10:30' },
      version: 0,
      crewId: await firstCrewId(t.ctx, owner.businessId),
    });

    const range = await get('bookings?from=2027-01-06&to=2027-01-08');
    expect(range.json().bookings.map((b: { _id: string }) => b._id)).toEqual([late, last]);
    const oneDay = await get('bookings?from=2027-01-05&to=2027-01-05');
    expect(oneDay.json().bookings.map((b: { _id: string }) => b._id)).toEqual([early]);
  });

  it.each([
    ['from=2027-01-08&to=2027-01-05', /starts \(2027-01-08\) after it ends \(2027-01-05\)/],
    ['from=2027-02-30', /YYYY-MM-DD/],
    ['to=tomorrow', /YYYY-MM-DD/],
  ])('refuses the range %s with 400', async (qs, message) => {
    const res = await get(`bookings?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  it("shows today's bookings by the business's own calendar (Los Angeles), whatever the server's day", async () => {
    const dec1a = await insertBooking(t.ctx, owner.businessId, {
      day: '2026-12-01',
      startTime: '10:00',
      endTime: '11:00',
    });
    const dec1b = await insertBooking(t.ctx, owner.businessId, {
      day: '2026-12-01',
      startTime: '14:00',
      endTime: '15:00',
      status: 'approved',
    });
    const dec1c = await insertBooking(t.ctx, owner.businessId, {
      day: '2026-12-01',
      startTime: '16:00',
      endTime: '17:00',
      status: 'cancelled',
    });
    const dec2 = await insertBooking(t.ctx, owner.businessId, {
      day: '2026-12-02',
      startTime: '09:00',
      endTime: '10:00',
    });
    await insertBooking(t.ctx, owner.businessId, { day: '2026-11-30', startTime: '09:00', endTime: '10:00' });

    // 23:30 on 1 December in Los Angeles is already 2 December in UTC.
    clock.set(Date.parse('2026-12-02T07:30:00Z'));
    const late = await get('bookings/today');
    expect(late.statusCode).toBe(200);
    const bookings = late.json().bookings as { _id: string; status: string }[];
    expect(bookings.map((b) => b._id)).toEqual([dec1a, dec1b, dec1c]);
    // Every status is there, so the overview can count them; the approved one has ended and reads completed.
    expect(bookings.map((b) => b.status)).toEqual(['pending', 'completed', 'cancelled']);

    // One hour later it is 00:30 on 2 December in Los Angeles.
    clock.set(Date.parse('2026-12-02T08:30:00Z'));
    const next = await get('bookings/today');
    expect(next.json().bookings.map((b: { _id: string }) => b._id)).toEqual([dec2]);
  });

  it('approves a pending booking, mails the customer working manage links after commit, and refuses a second approval', async () => {
    const id = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:30',
    });
    const res = await put(`booking/approve/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'approved', totalQuote: 129.5 });
    const row = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');

    await t.ctx.mail.flush();
    expect(mail.sent).toHaveLength(1);
    const m = mail.sent[0]!;
    expect(m.to).toBe('ada@example.com');
    expect(m.subject).toBe('Booking confirmed: Full Detail');
    expect(m.text).toContain('Shiny Cars');
    const token = manageTokenFor(t.config.jwtSecret, id);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(m.text).toContain(`http://localhost:3000/customer/reschedule?token=${token}&businessId=${owner.businessId}`);
    expect(m.text).toContain(`http://localhost:3000/customer/cancel?token=${token}`);

    const again = await put(`booking/approve/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Only pending bookings can be approved; this one is approved.');
    const decline = await put(`booking/decline/${id}`);
    expect(decline.statusCode).toBe(409);
    expect(decline.json().error).toBe('Only pending bookings can be declined; this one is approved.');
  });

  it('declines a pending booking, mails the customer, and frees the slot for a new booking', async () => {
    const seed = { day: '2027-01-05', startTime: '10:00', endTime: '11:00' } as const;
    const id = await insertBooking(t.ctx, owner.businessId, seed);

    // Where the database guards against overlaps, the pending booking holds the slot until declined.
    if (await hasOverlapGuard(t.ctx)) {
      await expect(
        insertBooking(t.ctx, owner.businessId, { ...seed, startTime: '10:30', endTime: '11:30' }),
      ).rejects.toThrow();
    }

    const res = await put(`booking/decline/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'declined' });
    expect(ACTIVE_STATUSES).not.toContain(res.json().status);

    const replacement = await insertBooking(t.ctx, owner.businessId, { ...seed, startTime: '10:30', endTime: '11:30' });
    const list = await get('bookings');
    expect(list.json().bookings.map((b: { _id: string; status: string }) => [b._id, b.status])).toEqual([
      [id, 'declined'],
      [replacement, 'pending'],
    ]);

    // The mail waits out the undo window (domain/undo-window.ts), then goes.
    await t.ctx.mail.flush();
    expect(mail.sent).toEqual([]);
    clock.set(clock.now() + MAIL_HOLD_MS);
    await t.ctx.mail.flush();
    expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([['ada@example.com', 'Booking declined: Full Detail']]);
    // A declined booking's links are dead, so the mail carries none.
    expect(mail.sent[0]!.text).not.toContain('token=');

    const again = await put(`booking/decline/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Only pending bookings can be declined; this one is declined.');
  });

  const declineWith = (id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `${base}/booking/decline/${id}`,
      headers: owner.auth,
      payload: payload as object,
    });
  const mailAbout = (id: string) =>
    t.ctx.db.selectFrom('mail_outbox').selectAll().where('booking_id', '=', id).executeTakeFirstOrThrow();

  it("quotes the owner's reason in the declined mail, under a line naming the business, escaped in the HTML", async () => {
    const id = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
    });
    const reason = '  Sorry, <b>fully booked</b> & "closed" that week.\nTry us in January!  ';
    const res = await declineWith(id, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'declined' });

    const m = await mailAbout(id);
    expect(m.subject).toBe('Booking declined: Full Detail');
    expect(m.text_body).toContain(
      'A note from Shiny Cars:\nSorry, <b>fully booked</b> & "closed" that week.\nTry us in January!\n\nService: Full Detail',
    );
    expect(m.html_body).toContain(
      '<p>A note from Shiny Cars:</p><blockquote style="margin:0 0 1em;padding-left:12px;border-left:3px solid #d1d5db">Sorry, &lt;b&gt;fully booked&lt;/b&gt; &amp; &quot;closed&quot; that week.<br>Try us in January!</blockquote>',
    );
    expect(m.html_body).not.toContain('<b>');
  });

  it('declines without a note when the reason is empty or only spaces, as with no body', async () => {
    const texts: string[] = [];
    for (const payload of [undefined, {}, { reason: '' }, { reason: ' \n\t ' }]) {
      const id = await insertBooking(t.ctx, owner.businessId, {
        day: '2027-01-05',
        startTime: '10:00',
        endTime: '11:00',
      });
      const res = await declineWith(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      const m = await mailAbout(id);
      expect(m.text_body).not.toContain('A note from');
      expect(m.html_body).not.toContain('blockquote');
      texts.push(m.text_body);
    }
    expect(new Set(texts).size).toBe(1);
  });

  it('refuses a reason over 500 characters with a sentence, and changes nothing', async () => {
    const id = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
    });
    const before = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const outbox = await outboxCount();
    const res = await declineWith(id, { reason: `${'x'.repeat(DECLINE_REASON_MAX)}!` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'The reason is 501 characters long; it can be at most 500. Shorten it and decline again.',
    });
    expect(await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(await outboxCount()).toBe(outbox);
    // Exactly 500 goes through.
    expect((await declineWith(id, { reason: 'x'.repeat(DECLINE_REASON_MAX) })).statusCode).toBe(200);
  });

  it.each([
    ['cancelled', 'cancelled'],
    ['completed', 'completed'],
  ] as const)('refuses to approve or decline a %s booking, queueing no mail', async (status, shown) => {
    const id = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
      status,
    });
    const before = await outboxCount();
    for (const action of ['approve', 'decline'] as const) {
      const res = await put(`booking/${action}/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        `Only pending bookings can be ${action === 'approve' ? 'approved' : 'declined'}; this one is ${shown}.`,
      );
    }
    expect(await outboxCount()).toBe(before);
  });

  it('treats an approved booking whose end has passed as completed', async () => {
    const id = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
      status: 'approved',
    });
    expect((await get('bookings')).json().bookings[0].status).toBe('approved');
    clock.set(wallToMs('2027-01-05', '11:00'));
    expect((await get('bookings')).json().bookings[0].status).toBe('completed');
    const res = await put(`booking/decline/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only pending bookings can be declined; this one is completed.');
  });

  it('will not approve a pending booking whose time has begun, but can still decline it', async () => {
    const id = await insertBooking(t.ctx, owner.businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
    });
    clock.set(wallToMs('2027-01-05', '10:00'));
    const res = await put(`booking/approve/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/started at 10:00 AM on 2027-01-05 and can no longer be approved; decline it/);
    expect((await put(`booking/decline/${id}`)).json().status).toBe('declined');
  });

  it('answers 404 for an unknown booking and 400 for a malformed id, both with a message', async () => {
    const unknown = '8f0c6b3e-2a4d-4c1e-9b7a-1d2e3f4a5b6c';
    for (const action of ['approve', 'decline']) {
      const res = await put(`booking/${action}/${unknown}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(
        `Booking ${unknown} was not found among your bookings. Reload the list and try again.`,
      );
      const bad = await put(`booking/${action}/not-an-id`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/not a booking id/);
    }
  });

  it('needs a valid token for every bookings call', async () => {
    for (const [method, url] of [
      ['GET', 'bookings'],
      ['GET', 'bookings/today'],
      ['PUT', 'booking/approve/8f0c6b3e-2a4d-4c1e-9b7a-1d2e3f4a5b6c'],
      ['PUT', 'booking/decline/8f0c6b3e-2a4d-4c1e-9b7a-1d2e3f4a5b6c'],
    ] as const) {
      const none = await t.app.inject({ method, url: `${base}/${url}` });
      expect(none.statusCode).toBe(401);
      const forged = await t.app.inject({
        method,
        url: `${base}/${url}`,
        headers: { authorization: 'Bearer abc.def.ghi' },
      });
      expect(forged.statusCode).toBe(401);
    }
  });
});
