/**
 * GET /api/business-dashboard/bookings/export: the owner's bookings as CSV, every
 * field of the bookings page and the crew doing each job, times in the business's time zone,
 * money as numbers.
 */

import { csvText } from '@slotwise/shared/csv';
import { toDollars } from '@slotwise/shared/money';
import { linesText } from '@slotwise/shared/quote';
import { localDateTime, todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { planLabelsFor } from '../../domain/answers.ts';
import { bookingAnswersLine, linesOf } from '../../domain/booking-answers.ts';
import { paymentOf } from '../../domain/payments.ts';
import { effectiveStatus } from '../../domain/status.ts';
import type { Handlers } from '../register.ts';

const HEADER = [
  'Booking ID',
  'Status',
  'Date',
  'Start Time',
  'End Time',
  'Time Zone',
  'Service',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Car Type',
  'Address',
  'Total (USD)',
  'Booked At',
  // Deposits (docs/decisions/021): empty when none was asked for.
  'Payment',
  'Paid (USD)',
  'Refunded (USD)',
  'Balance Due (USD)',
  // A recurring plan's visit (docs/decisions/022): the plan's frequency and id; empty for a one-off booking.
  'Plan',
  'Plan ID',
  // The crew doing the job (docs/decisions/023); empty for a booking written before crews.
  'Crew',
  // Richer quotes (docs/decisions/026): every answer, the quote's lines as booked (add-ons itemised),
  // and an approval at an adjusted price: the total first quoted and the owner's reason.
  'Answers',
  'Quote Lines',
  'Quoted Total (USD)',
  'Price Change',
];

export function exportHandlers(ctx: AppContext): Handlers<'account', 'exportBookingsCsv'> {
  return {
    exportBookingsCsv: async (req, reply) => {
      const business = req.owner.business;
      const zone = business.time_zone;
      const [rows, crews] = await Promise.all([
        ctx.repos.bookings.list(business.id),
        ctx.repos.crews.list(business.id),
      ]);
      const plans = await planLabelsFor(ctx, business.id, rows);
      const crewNames = new Map(crews.map((c) => [c.id, c.name]));
      const now = ctx.now();
      const body = csvText(
        HEADER,
        rows.map((b) => {
          const payment = paymentOf(b);
          return [
            b.id,
            effectiveStatus(b, now),
            b.day,
            b.start_time,
            b.end_time,
            zone,
            b.service_name,
            b.first_name,
            b.last_name,
            b.customer_email,
            b.phone_number,
            b.car_body_type,
            b.customer_address,
            toDollars(b.total_cents),
            localDateTime(b.created_at, zone),
            payment?.state ?? null,
            payment?.paid ?? null,
            payment?.refunded ?? null,
            payment?.balance ?? null,
            b.plan_id ? (plans.get(b.plan_id) ?? null) : null,
            b.plan_id,
            b.crew_id ? (crewNames.get(b.crew_id) ?? null) : null,
            bookingAnswersLine(b, business),
            linesText(linesOf(b)),
            b.price_quoted_cents === null ? null : toDollars(b.price_quoted_cents),
            b.price_state === null ? null : `${b.price_state}: ${b.price_reason ?? ''}`,
          ];
        }),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bookings-${todayIn(zone, now)}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  };
}
