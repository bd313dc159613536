/**
 * The owner's "On my way" on a booking of today (docs/decisions/048): the same message, the same
 * once-per-job record and the same refusals as the crew's tap on its phone (routes/crew.ts), so
 * the customer is told once whoever taps first.
 */
import { todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { planLabelsFor, toBookingJson } from '../../domain/answers.ts';
import { onMyWayJson, sendOnMyWay } from '../../domain/on-my-way.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

export function onMyWayHandlers(ctx: AppContext): Handlers<'dashboard', 'bookingOnMyWay'> {
  return {
    bookingOnMyWay: async (req) => {
      const b = req.owner.business;
      const id = req.params.id;
      const now = ctx.now();
      const { row, sent } = await withBusinessLock(ctx.store, b.id, async (trx) => {
        const booking = await ctx.repos.bookings.find(b.id, id, trx);
        if (!booking) throw bookingNotFound(id);
        const sent = await sendOnMyWay(ctx, trx, booking, b, todayIn(b.time_zone, now), now);
        return { row: (await ctx.repos.bookings.find(b.id, id, trx)) ?? booking, sent };
      });
      ctx.mail.kick();
      return {
        booking: toBookingJson(row, now, b.time_zone, await planLabelsFor(ctx, b.id, [row])),
        sent: onMyWayJson(sent),
      };
    },
  };
}
