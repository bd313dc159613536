/**
 * The owner's side of a card on file (docs/decisions/046): a client's saved card (read and
 * removed) and the no-show fee charged to it, or asked for by the pay link when none is saved.
 */
import { formatUsd, toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { cardLabel } from '../../domain/card-label.ts';
import { clientNotFound } from '../../domain/clients.ts';
import { issueAndChargeNoShow } from '../../domain/invoice-messages.ts';
import { billOf } from '../../domain/invoices.ts';
import { removeSavedCard, savedCardJson } from '../../domain/saved-cards.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

export function savedCardHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'clientCard' | 'removeClientCard' | 'chargeNoShowFee'> {
  const { savedCards, clients, bookings, invoices } = ctx.repos;

  return {
    clientCard: async (req) => {
      const b = req.owner.business;
      if (!(await clients.find(ctx.db, b.id, req.params.id))) throw clientNotFound();
      return { card: savedCardJson(await savedCards.of(b.id, req.params.id)) };
    },

    removeClientCard: async (req) => {
      const b = req.owner.business;
      await removeSavedCard(ctx, b.id, req.params.id, req.log, async (trx) => {
        if (!(await clients.find(trx, b.id, req.params.id))) throw clientNotFound();
      });
      return { card: null };
    },

    chargeNoShowFee: async (req) => {
      const b = req.owner.business;
      const id = req.params.id;
      const fee = await invoices.noShowFeeCents(b.id);
      const outcome = await withBusinessLock(ctx.store, b.id, async (trx) => {
        const now = ctx.now();
        const booking = await bookings.find(b.id, id, trx);
        if (!booking) throw bookingNotFound(id);
        if (await invoices.forBooking(b.id, id, trx))
          throw new AppError(
            'INVOICE_ISSUED',
            `Booking ${id} has its invoice already; a no-show fee is charged only on a booking with none. Open its bill.`,
          );
        if (fee <= 0)
          throw new AppError(
            'NO_SHOW_FEE_NOT_SET',
            'You have no no-show fee: set one in Settings > Invoices and Tips, then charge it.',
          );
        if ((booking.status !== 'approved' && booking.status !== 'pending') || booking.start_ms > now)
          throw new AppError(
            'BOOKING_NOT_PAST',
            booking.start_ms > now
              ? `This visit has not started yet; a no-show fee is charged once its time (${booking.day} ${booking.start_time}) has come.`
              : `This booking is ${booking.status}; a no-show fee is charged only for a booking that was on and not completed.`,
          );
        const charging = await issueAndChargeNoShow(ctx, trx, booking, fee, now);
        const card = charging && booking.client_id ? await savedCards.of(b.id, booking.client_id, trx) : undefined;
        return { bill: await billOf(ctx.repos, trx, booking), chargedTo: card ? cardLabel(card) : null };
      });
      ctx.mail.kick();
      ctx.paymentWorker.kick();
      req.log.info(
        { bookingId: id, fee: formatUsd(toDollars(fee)), charging: outcome.chargedTo !== null },
        'no-show fee issued',
      );
      return outcome;
    },
  };
}
