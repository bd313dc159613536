/**
 * A quote an owner sent, booked (docs/decisions/039): from its link, at a time the customer picked
 * (routes/customer/quote-link.ts), or from an offer of a time that opened nearby
 * (domain/quote-offers.ts, docs/decisions/059). Under the business's lock, the one way to turn a
 * quote into a booking: at the quoted price as it was sent (never priced again), confirmed at once
 * (the owner priced it), its client found or made, its manage token, the quote marked booked, and
 * the customer's and the owner's mails.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import type { OwnerQuoteRow } from '../repositories/owner-quotes.ts';
import { mailCustomerAndOwner, newBookingMails } from './booking-mail.ts';
import { contactOf } from './clients.ts';
import { hashManageToken, manageTokenFor } from './manage-token.ts';
import { carBodyTypeOf, newBookingRow } from './new-booking.ts';
import { QUOTE_CLOSED } from './owner-quotes.ts';
import type { CalendarSpan } from './slot-rules.ts';

export async function bookQuoteAt(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  quote: OwnerQuoteRow,
  at: {
    span: CalendarSpan;
    crewId: string;
    requester: string;
    /** The quote's states it may be booked from (a link: open ones; an offer nearby: also declined). */
    from: readonly OwnerQuoteRow['status'][];
  },
  now: number,
): Promise<BookingRow> {
  const bookingId = randomUUID();
  const token = manageTokenFor(ctx.config.jwtSecret, bookingId);
  const answers = quote.answers ? (JSON.parse(quote.answers) as { answer: string }[]) : [];
  const row = newBookingRow(
    {
      id: bookingId,
      business_id: business.id,
      service_id: quote.service_id,
      service_name: quote.service_name,
      duration_min: quote.duration_min,
      first_name: quote.first_name,
      last_name: quote.last_name,
      customer_email: quote.email,
      phone_number: quote.phone,
      car_body_type: carBodyTypeOf(business, answers),
      answers: quote.answers,
      customer_address: quote.address,
      customer_lat: quote.lat,
      customer_lng: quote.lng,
      miles: quote.miles,
      // The quoted price, as it was sent: never priced again.
      total_cents: quote.total_cents,
      quote_lines: quote.lines,
      // The owner priced it: confirmed at once.
      status: 'approved',
      ...at.span,
      requester: at.requester,
      text_consent: quote.text_consent,
      crew_id: at.crewId,
    },
    now,
  );
  // The booking's client, found or made as any booking's (docs/decisions/037).
  row.client_id = await ctx.repos.clients.linkContact(trx, business.id, contactOf(row), 'quote', now);
  await ctx.repos.calendar.insertBooking(trx, row);
  await ctx.repos.manageTokens.save(trx, bookingId, hashManageToken(token), now);
  if (
    !(await ctx.repos.ownerQuotes.move(
      trx,
      quote.id,
      at.from,
      { status: 'booked', decided_at: now, booking_id: bookingId },
      now,
    ))
  )
    throw new AppError('QUOTE_CLOSED', QUOTE_CLOSED);
  const { customer, notice } = await newBookingMails(ctx, trx, row, business, token, now);
  await mailCustomerAndOwner(ctx, trx, business.id, customer, notice, now);
  return row;
}
