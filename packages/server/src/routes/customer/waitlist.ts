/**
 * The customer's waiting list (docs/decisions/056): joining a full day with the quote they had,
 * leaving by the joining mail's link, and reading an offer of a freed time (any tier's:
 * a waiting customer's, a plan visit's to move up, a recent quote's; docs/decisions/059). Accepting an offer is
 * the book call with its token (book.ts): one booking path, one lock.
 */
import { randomUUID } from 'node:crypto';
import type { QuoteRequest } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { toDollars } from '@slotwise/shared/money';
import { shortDate, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bookingWindowOf, lastBookableDay } from '../../domain/booking-window.ts';
import { linesOf, quoteLinkUrl } from '../../domain/owner-quotes.ts';
import { priceRequest } from '../../domain/pricing.ts';
import { quoteOfferByToken, quoteOfferState } from '../../domain/quote-offers.ts';
import { visitNowLabel, visitOfferByToken, visitUnchanged } from '../../domain/visit-offers.ts';
import { hashLinkToken, leaveUrl, newLinkToken, offerByToken, offerState } from '../../domain/waitlist.ts';
import { AppError } from '../../errors.ts';
import { waitlistJoinedMail } from '../../mail/templates.ts';
import { queueMails } from '../../repositories/mail-outbox.ts';
import type { Handlers } from '../register.ts';
import { sourceOf } from './grid-sources.ts';

/** "8:28 AM" when it is today on the business's clock, else "8:28 AM on Tue, Dec 8, 2026". */
function untilWords(ms: number, b: { time_zone: string; time_format: '12h' | '24h' }, now: number): string {
  const { day, time } = utcMsToLocal(ms, b.time_zone);
  const clock = formatClock(time, b.time_format);
  return day === todayIn(b.time_zone, now) ? clock : `${clock} on ${shortDate(day)}`;
}

export function waitlistHandlers(
  ctx: AppContext,
): Handlers<'customer', 'joinWaitlist' | 'leaveWaitlist' | 'waitlistOffer'> {
  return {
    joinWaitlist: async (req) => {
      const body = req.body;
      const source = await sourceOf(ctx, body.businessId);
      // Priced as a booking is: the service, the answers, the address and the service area checked.
      const { business, service, quote, located } = await priceRequest(ctx, source, body, req.log);
      const now = ctx.now();
      const day = shortDate(body.date);
      if (body.date < todayIn(business.time_zone, now))
        throw new AppError('TIME_PASSED', `${day} has passed. Pick a day ahead to wait for.`);
      if (body.date > lastBookableDay(bookingWindowOf(business), business.time_zone, now))
        throw new AppError(
          'BEYOND_HORIZON',
          `${day} is further ahead than ${business.name ?? 'the business'} takes bookings. Pick an earlier day.`,
        );
      const request: QuoteRequest = {
        businessId: body.businessId,
        serviceId: body.serviceId,
        address: body.address,
        ...(body.answers ? { answers: body.answers } : {}),
        ...(body.addOns ? { addOns: body.addOns } : {}),
        ...(body.answer !== undefined ? { answer: body.answer } : {}),
      };
      const { token, hash } = newLinkToken();
      try {
        await inTransaction(ctx.store, async (trx) => {
          await trx
            .insertInto('waitlist_entries')
            .values({
              id: randomUUID(),
              business_id: business.id,
              day: body.date,
              service_id: service.id,
              request: JSON.stringify(request),
              customer_address: body.address,
              customer_lat: located.lat,
              customer_lng: located.lng,
              duration_min: quote.durationMin,
              total_cents: quote.totalCents,
              first_name: body.firstName,
              last_name: body.lastName,
              customer_email: body.customerEmail,
              phone_number: body.phoneNumber ?? '',
              text_consent: body.textConsent === true && body.phoneNumber ? 1 : 0,
              status: 'waiting',
              token_hash: hash,
              booking_id: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await queueMails(
            trx,
            [
              waitlistJoinedMail(body.customerEmail, {
                firstName: body.firstName,
                businessName: business.name ?? 'Your service provider',
                serviceName: service.name,
                dayLabel: day,
                leaveUrl: leaveUrl(ctx.config.publicUrl, token),
              }),
            ],
            now,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError(
            'ALREADY_WAITING',
            `${body.customerEmail} is already on the waiting list for ${day}. The link to leave it is in the first e-mail.`,
          );
        throw err;
      }
      ctx.mail.kick();
      return {
        message: `You're on the waiting list for ${day}. If a time opens that fits, we'll e-mail ${body.customerEmail}.`,
      };
    },

    leaveWaitlist: async (req) => {
      const now = ctx.now();
      const left = await inTransaction(ctx.store, async (trx) => {
        const entry = await trx
          .selectFrom('waitlist_entries')
          .selectAll()
          .where('token_hash', '=', hashLinkToken(req.query.token))
          .executeTakeFirst();
        if (!entry) throw new AppError('WAITLIST_NOT_FOUND', 'This link is not known. Check the link in your e-mail.');
        if (entry.status !== 'waiting') return entry;
        await trx
          .updateTable('waitlist_entries')
          .set({ status: 'left', updated_at: now })
          .where('id', '=', entry.id)
          .execute();
        await trx
          .updateTable('waitlist_offers')
          .set({ status: 'withdrawn', answered_at: now })
          .where('entry_id', '=', entry.id)
          .where('status', '=', 'open')
          .execute();
        return entry;
      });
      if (left.status === 'filled') return { message: 'You booked a time that day, so you are off the waiting list.' };
      return { message: `You are off the waiting list for ${shortDate(left.day)}.` };
    },

    waitlistOffer: async (req) => {
      const now = ctx.now();
      const visitOffer = await visitOfferByToken(ctx, req.query.token);
      if (visitOffer) {
        // An offer to move a plan's next visit up (the second tier): the visit, at its price.
        const { offer, visit, freed } = visitOffer;
        const { business } = await sourceOf(ctx, offer.business_id);
        const open = offerState(offer, now);
        const gone = freed.status === 'filled' || !visitUnchanged(visitOffer) || visit.service_id === null;
        const state = open === 'open' && gone ? 'withdrawn' : open;
        return {
          state,
          businessName: business.name ?? 'Your service provider',
          serviceName: visit.service_name,
          dateLabel: shortDate(freed.day),
          timeLabel: formatClock(freed.start_time, business.time_format),
          address: visit.customer_address ?? '',
          lines: (JSON.parse(visit.quote_lines) as { label: string; amountCents: number }[]).map((l) => ({
            label: l.label,
            amount: toDollars(l.amountCents),
          })),
          totalQuote: toDollars(visit.total_cents),
          expiresAt: new Date(offer.expires_at).toISOString(),
          expiresLabel: untilWords(offer.expires_at, business, now),
          move: { fromLabel: visitNowLabel(visit, business) },
          // The book call with the offer's token moves this visit (domain/visit-offers.ts).
          book: {
            businessId: business.id,
            serviceId: visit.service_id ?? '',
            address: visit.customer_address ?? '',
            date: freed.day,
            time: freed.start_time,
            firstName: visit.first_name,
            lastName: visit.last_name,
            customerEmail: visit.customer_email,
            phoneNumber: visit.phone_number,
            textConsent: visit.text_consent === 1,
          },
        };
      }
      const quoteOffer = await quoteOfferByToken(ctx, req.query.token);
      if (quoteOffer) {
        // An offer to a recent quote nearby (the third tier): the quote, at its quoted price.
        const { offer, quote, freed } = quoteOffer;
        const { business } = await sourceOf(ctx, offer.business_id);
        return {
          state: quoteOfferState(quoteOffer, now),
          businessName: business.name ?? 'Your service provider',
          serviceName: quote.service_name,
          dateLabel: shortDate(freed.day),
          timeLabel: formatClock(freed.start_time, business.time_format),
          address: quote.address,
          lines: linesOf(quote).map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
          totalQuote: toDollars(quote.total_cents),
          expiresAt: new Date(offer.expires_at).toISOString(),
          expiresLabel: untilWords(offer.expires_at, business, now),
          quote: { quoteUrl: quoteLinkUrl(ctx, quote.id) },
          // The book call with the offer's token books the quote (domain/quote-offers.ts).
          book: {
            businessId: business.id,
            serviceId: quote.service_id,
            address: quote.address,
            date: freed.day,
            time: freed.start_time,
            firstName: quote.first_name,
            lastName: quote.last_name,
            customerEmail: quote.email,
            phoneNumber: quote.phone,
            textConsent: quote.text_consent === 1,
          },
        };
      }
      const { offer, entry, freed } = await offerByToken(ctx, req.query.token);
      const source = await sourceOf(ctx, entry.business_id);
      const request = JSON.parse(entry.request) as QuoteRequest;
      // The price now, from the quote function, as the booking will charge it.
      const { business, service, quote } = await priceRequest(ctx, source, request, req.log);
      const state = freed.status === 'filled' && offer.status === 'open' ? 'withdrawn' : offerState(offer, now);
      return {
        state,
        businessName: business.name ?? 'Your service provider',
        serviceName: service.name,
        dateLabel: shortDate(freed.day),
        timeLabel: formatClock(freed.start_time, business.time_format),
        address: entry.customer_address,
        lines: quote.lines.map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
        totalQuote: toDollars(quote.totalCents),
        expiresAt: new Date(offer.expires_at).toISOString(),
        expiresLabel: untilWords(offer.expires_at, business, now),
        book: {
          ...request,
          date: freed.day,
          time: freed.start_time,
          firstName: entry.first_name,
          lastName: entry.last_name,
          customerEmail: entry.customer_email,
          phoneNumber: entry.phone_number,
          textConsent: entry.text_consent === 1,
        },
      };
    },
  };
}
