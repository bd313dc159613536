/**
 * The waiting list's third tier (issue 45 item 2; docs/decisions/059): a freed time that no waiting
 * customer and no plan visit takes is offered to recent quotes nearby whose customer ticked "Tell
 * me if a time opens near me" on the quote's page, and to no other; accepting books the quote at
 * its quoted price through the book call; unticking withdraws the offer; the consent lapses 30
 * days after the quote was sent; the owner sees "Quote booked".
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../../src/domain/manage-token.ts';
import { quoteTokenFor } from '../../../src/domain/owner-quotes.ts';
import { NEARBY_WORDING } from '../../../src/domain/quote-offers.ts';
import { OFFER_TTL_MS } from '../../../src/domain/waitlist.ts';
import { runWaitlistOffers } from '../../../src/jobs/waitlist-offers.ts';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const NEAR = '12 N Crescent Dr, Beverly Hills, CA 90210, USA';
const OXNARD = '1, Oxnard, CA 93030, USA';
const MINUTE = 60_000;
const DAY_MS = 86_400_000;

describe.each(storages())('recent quotes nearby offered a freed time on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;

  const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/business-dashboard${url}`, headers: shop.auth, ...(payload ? { payload } : {}) });
  const link = (method: 'GET' | 'POST', path: string, quoteId: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/quote-link${path}?token=${encodeURIComponent(quoteTokenFor(t.ctx, quoteId))}`,
      ...(payload ? { payload } : {}),
    });
  const offerMails = async (to: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .where('kind', '=', 'waitlistOffer')
      .execute();
  const offerToken = async (to: string) => {
    const text = (await offerMails(to))[0]?.text_body ?? '';
    return decodeURIComponent(/\/customer\/offer\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? '');
  };
  const cancel = (bookingId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/customer/confirm-cancel?token=${encodeURIComponent(manageTokenFor(t.config.jwtSecret, bookingId))}`,
    });
  const offerOf = (token: string) => t.app.inject({ url: `/api/customer/offer?token=${encodeURIComponent(token)}` });
  /** The offer page's "Book this time": the book call with the body the offer answers and its token. */
  const accept = async (token: string) => {
    const offer = await offerOf(token);
    expect(offer.statusCode, offer.body).toBe(200);
    return book(t, { ...offer.json().book, offerToken: token });
  };
  /** A Quick Wash quote (30 minutes, priced by hand), sent by mail: answers its id. */
  async function sentQuote(email: string, address = NEAR, amount = 40) {
    const made = await owner('POST', '/quotes', {
      firstName: 'Lena',
      lastName: email.split('@')[0],
      email,
      phoneNumber: '+1 5551230000',
      serviceId: shop.quickId,
      handOnly: true,
      handLines: [{ label: 'Wash, hand priced', amount }],
      answers: {},
      address,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    const sent = await owner('POST', `/quotes/${id}/send`, { channels: ['mail'] });
    expect(sent.statusCode, sent.body).toBe(200);
    return id;
  }
  const tick = (quoteId: string, nearby: boolean) => link('POST', '/nearby', quoteId, { nearby });
  /** A Quick Wash at 10:00 (to cancel) and a Full Detail at 10:30 in Beverly Hills (stays). */
  async function dayWithAGapToBe() {
    const gone = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, time: '10:00', address: NEAR, customerEmail: 'gone@example.com' }),
    );
    expect(gone.statusCode, gone.body).toBe(201);
    const stays = await book(t, bookBody(shop, { time: '10:30', address: NEAR, customerEmail: 'bo@example.com' }));
    expect(stays.statusCode, stays.body).toBe(201);
    return gone.json().bookingId as string;
  }

  beforeEach(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    // Drives planned: Oxnard is 90 minutes from the 10:30 job in Beverly Hills.
    const travel = await owner('PUT', '/settings/operations', {
      travel: { enabled: true, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
    });
    expect(travel.statusCode, travel.body).toBe(200);
  });
  afterEach(() => t.close());

  it('offers the time only to a quote nearby whose customer asked, and books it at the quoted price', async () => {
    const gone = await dayWithAGapToBe();
    const asked = await sentQuote('asked@example.com', NEAR, 44.5);
    await sentQuote('silent@example.com');
    const far = await sentQuote('far@example.com', OXNARD);
    // The box is there, unticked, with its words and its last day (30 days after sending).
    const before = await link('GET', '', asked);
    expect(before.json().nearby).toEqual({ asked: false, wording: NEARBY_WORDING, lastDay: '2026-12-31' });
    const ticked = await tick(asked, true);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().message).toBe('Done: we will e-mail you if a time opens near you.');
    expect((await tick(far, true)).statusCode).toBe(200);
    expect((await link('GET', '', asked)).json().nearby.asked).toBe(true);
    const stored = await t.ctx.db
      .selectFrom('owner_quotes')
      .select(['nearby_consent_at', 'nearby_consent_text'])
      .where('id', '=', asked)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ nearby_consent_at: t.clock.now, nearby_consent_text: NEARBY_WORDING });

    expect((await cancel(gone)).statusCode).toBe(200);
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    expect(await offerMails('silent@example.com')).toEqual([]);
    expect(await offerMails('far@example.com')).toEqual([]);
    const [mail] = await offerMails('asked@example.com');
    expect(mail?.subject).toBe('A time opened near you on Wed, Dec 2, 2026 at 10:00 AM');
    expect(mail?.text_body).toContain('your Quick Wash at the price you were quoted, $44.50');
    expect(mail?.text_body).toContain(`untick that box on your quote: http`);

    const token = await offerToken('asked@example.com');
    const shown = await offerOf(token);
    expect(shown.json()).toMatchObject({
      state: 'open',
      serviceName: 'Quick Wash',
      dateLabel: 'Wed, Dec 2, 2026',
      timeLabel: '10:00 AM',
      totalQuote: 44.5,
      lines: [{ label: 'Wash, hand priced', amount: 44.5 }],
    });
    expect(shown.json().quote.quoteUrl).toContain('/customer/quote?token=');

    const key = randomUUID();
    const body = { ...shown.json().book, offerToken: token };
    // The token books its own time for its own customer only.
    const elsewhere = await book(t, { ...body, time: '11:00' });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([
      400,
      'This offer is for another time or another customer. Open the link in your e-mail again.',
    ]);
    const booked = await book(t, body, key);
    expect(booked.statusCode, booked.body).toBe(201);
    // A retry of the same request (a lost answer) replays the first answer, as a booking's does.
    const replayed = await book(t, body, key);
    expect([replayed.statusCode, replayed.json().bookingId]).toEqual([201, booked.json().bookingId]);
    expect(booked.json()).toMatchObject({
      status: 'approved',
      totalQuote: 44.5,
      bookingTime: { day: DAY, startTime: '10:00' },
    });
    const row = await t.ctx.db
      .selectFrom('bookings')
      .select(['total_cents', 'status', 'customer_email'])
      .where('id', '=', booked.json().bookingId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total_cents: 4450, status: 'approved', customer_email: 'asked@example.com' });
    expect((await link('GET', '', asked)).json()).toMatchObject({ state: 'booked', nearby: null });
    const again = await accept(token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'OFFER_TAKEN']);

    const day = (await owner('GET', `/waitlist?day=${DAY}`)).json();
    expect(day.freed[0]).toMatchObject({ status: 'filled', filledBy: 'Lena asked' });
    expect(day.freed[0].offers).toEqual([{ name: 'Lena asked', state: 'taken', kind: 'quote', extraDriveMin: 0 }]);
  });

  it('queues nothing without consent; unticking withdraws the offer that stands', async () => {
    const first = await dayWithAGapToBe();
    const quote = await sentQuote('asked@example.com');
    // Nobody waits, no plan, no consent: the cancellation frees nothing to offer.
    expect((await cancel(first)).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('freed_times').select('id').execute()).toEqual([]);

    const gone = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, time: '10:00', address: NEAR, customerEmail: 'gone2@example.com' }),
    );
    expect(gone.statusCode, gone.body).toBe(201);
    expect((await tick(quote, true)).statusCode).toBe(200);
    // The owner sees that the lead asked, and when.
    const asked = (await owner('GET', `/quotes/${quote}`)).json();
    expect(asked.nearbyAskedAt).toBe(new Date(t.clock.now).toISOString());
    expect((await cancel(gone.json().bookingId)).statusCode).toBe(200);
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    const token = await offerToken('asked@example.com');
    const off = await tick(quote, false);
    expect(off.json().message).toBe('Done: you will get no e-mails about times nearby.');
    expect((await offerOf(token)).json().state).toBe('withdrawn');
    expect((await owner('GET', `/quotes/${quote}`)).json().nearbyAskedAt).toBeNull();
    const late = await accept(token);
    expect([late.statusCode, late.json().code]).toEqual([409, 'OFFER_TAKEN']);
    expect(
      await t.ctx.db.selectFrom('owner_quotes').select('status').where('id', '=', quote).executeTakeFirst(),
    ).toEqual({ status: 'sent' });
  });

  it('lapses: an offer past its time is refused OFFER_EXPIRED; consent cannot be given 30 days on', async () => {
    const gone = await dayWithAGapToBe();
    const quote = await sentQuote('asked@example.com');
    expect((await tick(quote, true)).statusCode).toBe(200);
    await cancel(gone);
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    const token = await offerToken('asked@example.com');
    t.clock.now += OFFER_TTL_MS + MINUTE;
    const lapsed = await accept(token);
    expect([lapsed.statusCode, lapsed.json().code]).toEqual([410, 'OFFER_EXPIRED']);

    const old = await sentQuote('old@example.com');
    t.clock.now += 31 * DAY_MS;
    expect((await link('GET', '', old)).json().nearby).toBeNull();
    const refused = await tick(old, true);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'NEARBY_UNAVAILABLE']);
    expect(refused.json().error).toContain('30 days');
  });

  it('refuses the box on a withdrawn quote (QUOTE_CLOSED) and a body that is not true or false', async () => {
    const quote = await sentQuote('asked@example.com');
    const bad = await tick(quote, 'yes' as unknown as boolean);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await owner('POST', `/quotes/${quote}/withdraw`)).statusCode).toBe(200);
    const closed = await tick(quote, true);
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'QUOTE_CLOSED']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/quote-link/nearby?token=nope',
      payload: { nearby: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
