/**
 * A booking the owner enters (docs/product.md#bookings-you-enter; docs/decisions/038): the
 * engine's price for it (ownerBookingPrice, not counted in Insights as a customer's quote is), and the
 * booking itself (ownerBook), approved at once. The rules are domain/owner-booking.ts; the
 * Idempotency-Key, the lock, the crew choice, the manage token and the mails are the customer's
 * booking's own (routes/customer/book.ts).
 */
import { randomUUID } from 'node:crypto';
import type { OwnerBookRequest, OwnerBookResponse } from '@slotwise/shared/api';
import { toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { isOverlapViolation, isUniqueViolation } from '../../db/errors.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { toBookingJson } from '../../domain/answers.ts';
import { newBookingMails } from '../../domain/booking-mail.ts';
import { canText, queueTextsForMails } from '../../domain/booking-texts.ts';
import { requesterOf } from '../../domain/booking-window.ts';
import { contactOf } from '../../domain/clients.ts';
import { hashManageToken, manageTokenFor } from '../../domain/manage-token.ts';
import {
  assertHoursConfirmed,
  jobOf,
  overlapOf,
  ownerPrice,
  ownerTimeOf,
  placeOwnerJob,
  priceForOwner,
} from '../../domain/owner-booking.ts';
import { distanceEstimatedFrom } from '../../domain/places.ts';
import { AppError } from '../../errors.ts';
import { withCrew } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { StoredAnswer } from '../../repositories/idempotency.ts';
import { queueMails } from '../../repositories/mail-outbox.ts';
import { BOOKING_KEY, idempotencyKey, replay, requestHash } from '../idempotency-key.ts';
import type { Handlers } from '../register.ts';

/** The customer's contact: the client's from the list, or the new one typed. */
interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export function ownerBookingHandlers(ctx: AppContext): Handlers<'dashboard', 'ownerBookingPrice' | 'ownerBook'> {
  const { idempotency, calendar, manageTokens } = ctx.repos;

  async function customerOf(business: Business, body: OwnerBookRequest): Promise<Contact> {
    if (body.newClient)
      return {
        firstName: body.newClient.firstName,
        lastName: body.newClient.lastName,
        email: body.newClient.email ?? '',
        phone: body.newClient.phone ?? '',
      };
    const found = body.clientId ? await ctx.repos.clients.get(business.id, body.clientId, ctx.now()) : undefined;
    if (!found)
      throw new AppError(
        'CLIENT_NOT_FOUND',
        'That client is not in your client list (it may have been merged or erased). Search for them again.',
      );
    const { client } = found;
    return { firstName: client.first_name, lastName: client.last_name, email: client.email, phone: client.phone };
  }

  return {
    ownerBookingPrice: async (req) => {
      const b = req.owner.business;
      const body = req.body;
      const priced = await priceForOwner(ctx, b, body, req.log);
      const { quote, located } = priced;
      let outsideHours: string | null = null;
      let overlaps: string | null = null;
      if (body.date && body.time) {
        const time = ownerTimeOf(b, priced.crews, body.date, body.time, quote.durationMin, ctx.now());
        outsideHours = time.outsideHours;
        // A read outside the lock: the booking checks again under it.
        overlaps = await overlapOf(ctx, ctx.db, b, jobOf(priced, time));
      }
      return {
        lines: quote.lines.map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
        totalQuote: toDollars(quote.totalCents),
        miles: quote.miles,
        distanceEstimatedFrom: quote.miles === null ? null : distanceEstimatedFrom(located),
        durationMin: quote.durationMin,
        outsideHours,
        overlaps,
        outsideServiceArea: priced.outsideServiceArea,
        canText: await canText(ctx, b.id),
      };
    },

    ownerBook: async (req, reply) => {
      const b = req.owner.business;
      // Keys are kept for every business together: an owner's own are prefixed by the business, so
      // no other account's key can replay this business's answer.
      const key = `${b.id}:${idempotencyKey(req, BOOKING_KEY)}`;
      const body = req.body;
      const hash = requestHash(body);
      const earlier = await idempotency.find(key, ctx.now());
      if (earlier) return replay(reply, earlier, hash, BOOKING_KEY);

      const now = ctx.now();
      const priced = await priceForOwner(ctx, b, body, req.log);
      const { service, quote, located } = priced;
      const time = ownerTimeOf(b, priced.crews, body.date, body.time, quote.durationMin, now);
      assertHoursConfirmed(time, body.allowOutsideHours === true);
      const price = ownerPrice(quote, body.price);
      const contact = await customerOf(b, body);
      const mail = body.notify.mail && contact.email !== '';
      const text = body.notify.text && contact.phone !== '' && (await canText(ctx, b.id));

      const bookingId = randomUUID();
      const token = manageTokenFor(ctx.config.jwtSecret, bookingId);
      const row: BookingRow = {
        id: bookingId,
        business_id: b.id,
        service_id: service.id,
        version: 0,
        save_card: 0,
        service_name: service.name,
        duration_min: quote.durationMin,
        first_name: contact.firstName,
        last_name: contact.lastName,
        customer_email: contact.email,
        phone_number: contact.phone,
        car_body_type: b.niche === 'car-detailing' ? (quote.answers[0]?.answer ?? null) : null,
        answers: quote.answers.length === 0 ? null : JSON.stringify(quote.answers),
        customer_address: body.address,
        customer_lat: located.lat,
        customer_lng: located.lng,
        miles: quote.miles,
        total_cents: price.totalCents,
        quote_lines: price.lines,
        // The owner's own booking needs nobody's answer (docs/decisions/038).
        status: 'approved',
        ...time.span,
        created_at: now,
        updated_at: now,
        reminder_sent_at: null,
        requester: requesterOf(ctx, req.ip),
        anonymised_at: null,
        deposit_cents: 0,
        paid_cents: 0,
        refunded_cents: 0,
        hold_until: null,
        plan_id: null,
        plan_day: null,
        crew_id: null,
        price_proposed_cents: null,
        price_quoted_cents: price.quotedCents,
        price_reason: price.reason,
        price_state: null,
        // The owner asked the customer on the phone: "Text the customer" is their yes (docs/decisions/038).
        text_consent: text ? 1 : 0,
        completed_at: null,
        reminder_2h_sent_at: null,
        review_requested_at: null,
        on_my_way_at: null,
        projected_start_ms: null,
        late_told_ms: null,
        request_nudged_ms: null,
        request_expired_ms: null,
        client_id: null,
      };
      // The customer's "approved" mail, composed before the lock (it names the crew, added under it).
      const { customer } = await newBookingMails(ctx, ctx.db, row, b, token, now);
      let outcome: { replayed: StoredAnswer } | { created: OwnerBookResponse };
      try {
        outcome = await withBusinessLock<typeof outcome>(ctx.store, b.id, async (trx) => {
          const stored = await idempotency.find(key, now, trx);
          if (stored) return { replayed: stored };
          const crew = await placeOwnerJob(ctx, trx, b, jobOf(priced, time));
          // The client found or made by the contact, with this address (docs/decisions/037).
          const clientId = await ctx.repos.clients.linkContact(trx, b.id, contactOf(row), 'owner', now);
          const booked: BookingRow = { ...row, crew_id: crew.id, client_id: clientId };
          await calendar.insertBooking(trx, booked);
          await manageTokens.save(trx, bookingId, hashManageToken(token), now);
          const named = b.crew_in_mails === 1 && customer.namesCrew ? withCrew(customer, crew.name) : customer;
          const mailed = mail ? await queueMails(trx, [named], now) : [];
          const texted = text ? await queueTextsForMails(ctx, trx, [named], now) : [];
          const created: OwnerBookResponse = {
            booking: toBookingJson(booked, now, b.time_zone),
            clientId,
            sent: { mail: mailed.length > 0, text: texted.length > 0 },
          };
          await idempotency.save(
            trx,
            { key, businessId: b.id, requestHash: hash, statusCode: 201, body: created },
            now,
          );
          return { created };
        });
      } catch (err) {
        if (isOverlapViolation(err))
          throw new AppError(
            'TIME_OVERLAPS',
            'That time overlaps another job. Reload the calendar and pick a free time.',
          );
        if (isUniqueViolation(err)) {
          const stored = await idempotency.find(key, ctx.now());
          if (stored) return replay(reply, stored, hash, BOOKING_KEY);
        }
        throw err;
      }
      if ('replayed' in outcome) return replay(reply, outcome.replayed, hash, BOOKING_KEY);
      ctx.metrics.bookingsCreated.inc();
      ctx.mail.kick();
      return outcome.created;
    },
  };
}
