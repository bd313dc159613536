/**
 * The customer's quote link (issue 42 item 4; docs/decisions/039): the quote an owner sent, itemised;
 * the first opening marks it viewed. The customer books it at the quoted price on a free time of
 * the month (the page reads the widget's own days and slots calls with the quote's service, extra
 * minutes and address), or declines it. A booking made here is a booking as any other (the same
 * time rules, the business's lock, the crew choice, the client link, the manage token, the mails)
 * and is confirmed at once: the owner priced it.
 */
import { ExtraMinutes, type QuoteLinkView } from '@slotwise/shared/api';
import { crewsFor } from '@slotwise/shared/crews';
import { toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { isOverlapViolation } from '../../db/errors.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { shownTime } from '../../domain/answers.ts';
import { bookingPageUrl } from '../../domain/booking-page.ts';
import { bookingWindowOf, requesterOf } from '../../domain/booking-window.ts';
import { brandingOf } from '../../domain/branding.ts';
import { assignCrew, checkCrewSlot } from '../../domain/crews.ts';
import { crewPlansOfSource, serviceOf } from '../../domain/grid-source.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import { bookQuoteAt } from '../../domain/owner-quote-booking.ts';
import {
  assertOpen,
  hashQuoteToken,
  linesOf,
  QUOTE_CLOSED,
  quoteLinkInvalid,
  statusAt,
} from '../../domain/owner-quotes.ts';
import { nearbyOf, setNearby } from '../../domain/quote-offers.ts';
import { intervalOf, SLOT_TAKEN } from '../../domain/slot-rules.ts';
import { AppError } from '../../errors.ts';
import { OPEN_STATUSES, type OwnerQuoteRow } from '../../repositories/owner-quotes.ts';
import type { Handlers } from '../register.ts';
import { sourceOf } from './grid-sources.ts';

export function quoteLinkHandlers(
  ctx: AppContext,
): Handlers<'quoteLink', 'openQuote' | 'bookQuote' | 'declineQuote' | 'nearbyOffers'> {
  const quotes = ctx.repos.ownerQuotes;

  /** The sent quote behind a link; a draft (never sent) is as unknown as a wrong token. */
  async function quoteOf(token: string): Promise<OwnerQuoteRow> {
    const row = await quotes.byTokenHash(hashQuoteToken(token));
    if (!row || row.status === 'draft' || row.valid_until === null) throw quoteLinkInvalid();
    return row;
  }

  async function view(row: OwnerQuoteRow, now: number): Promise<QuoteLinkView> {
    const business = await loadBusiness(ctx, row.business_id);
    const source = await sourceOf(ctx, business.id);
    const service = serviceOf(source, row.service_id);
    const [contact, logo, booking] = await Promise.all([
      ctx.repos.businesses.ownerContact(business.id),
      ctx.repos.logos.find(business.id),
      row.booking_id ? ctx.repos.bookings.byId(row.booking_id) : undefined,
    ]);
    const status = statusAt(row, now);
    // The job's minutes beyond the service's own, as the widget sends them to the days and slots calls.
    const extra = service ? row.duration_min - service.duration_min : 0;
    return {
      state: status === 'sent' || status === 'viewed' ? 'open' : status === 'draft' ? 'withdrawn' : status,
      businessId: business.id,
      businessName: business.name ?? '',
      contact: contact ?? { email: '', phone: '' },
      bookingPageUrl: bookingPageUrl(ctx.config.publicUrl, business.slug),
      branding: brandingOf(business, logo, ctx.config.publicUrl),
      timeZone: business.time_zone,
      timeFormat: business.time_format,
      firstName: row.first_name,
      serviceId: row.service_id,
      serviceName: row.service_name,
      address: row.address,
      lines: linesOf(row).map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
      totalQuote: toDollars(row.total_cents),
      extraMinutes: ExtraMinutes.safeParse(extra).success ? extra : 0,
      validUntil: new Date(row.valid_until ?? now).toISOString(),
      bookingTime: booking ? shownTime(booking, business.time_zone) : null,
      nearby: nearbyOf(row, now, business.time_zone),
    };
  }

  return {
    openQuote: async (req) => {
      const row = await quoteOf(req.query.token);
      const now = ctx.now();
      // Viewed once: the first opening while it is open; later openings change nothing.
      if (row.status === 'sent' && statusAt(row, now) === 'sent') {
        const changes = { status: 'viewed' as const, viewed_at: now };
        if (await quotes.move(ctx.db, row.id, ['sent'], changes, now)) Object.assign(row, changes);
      }
      return view(row, now);
    },

    bookQuote: async (req, reply) => {
      const { date, time } = req.body;
      const quote = await quoteOf(req.query.token);
      assertOpen(quote, ctx.now());
      const business = await loadBusiness(ctx, quote.business_id);
      const source = await sourceOf(ctx, business.id);
      const crews = crewsFor(crewPlansOfSource(source), quote.service_id);
      const span = checkCrewSlot(
        crews,
        business.time_zone,
        date,
        time,
        quote.duration_min,
        ctx.now(),
        bookingWindowOf(business),
        business.time_format,
      );
      const location = quote.lat !== null && quote.lng !== null ? { lat: quote.lat, lng: quote.lng } : null;
      let booked: Awaited<ReturnType<typeof bookQuoteAt>>;
      try {
        booked = await withBusinessLock(ctx.store, business.id, async (trx) => {
          const now = ctx.now();
          // Read again under the lock: booked or declined in another tab, or lapsed meanwhile.
          const fresh = await quotes.byTokenHash(quote.token_hash, trx);
          if (!fresh) throw quoteLinkInvalid();
          assertOpen(fresh, now);
          const crew = await assignCrew(ctx, trx, business, {
            day: date,
            span: intervalOf(span),
            location,
            crews,
            holds: { now },
          });
          return bookQuoteAt(
            ctx,
            trx,
            business,
            fresh,
            { span, crewId: crew.id, requester: requesterOf(ctx, req.ip), from: OPEN_STATUSES },
            now,
          );
        });
      } catch (err) {
        if (isOverlapViolation(err)) throw new AppError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
      ctx.metrics.bookingsCreated.inc();
      ctx.mail.kick();
      reply.status(201);
      return {
        bookingId: booked.id,
        totalQuote: toDollars(booked.total_cents),
        bookingTime: shownTime(booked, business.time_zone),
      };
    },

    declineQuote: async (req) => {
      const row = await quoteOf(req.query.token);
      const now = ctx.now();
      assertOpen(row, now);
      if (!(await quotes.move(ctx.db, row.id, OPEN_STATUSES, { status: 'declined', decided_at: now }, now)))
        throw new AppError('QUOTE_CLOSED', QUOTE_CLOSED);
      return { message: 'You declined this quote. Thank you for letting the business know.' };
    },

    // "Tell me if a time opens near me" (docs/decisions/059; domain/quote-offers.ts).
    nearbyOffers: async (req) => {
      const row = await quoteOf(req.query.token);
      return { message: await setNearby(ctx, row, req.body.nearby, ctx.now()) };
    },
  };
}
