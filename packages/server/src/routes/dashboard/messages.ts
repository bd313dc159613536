/**
 * The mails and texts that could not be delivered (docs/decisions/032): the owner's list of the
 * last days (Settings > Notifications, and each booking's own on its card) and Send again, a fresh
 * attempt on the same outbox row, refused when the booking no longer makes it meaningful.
 */
import { UNDELIVERED_DAYS, type UndeliveredMessage } from '@slotwise/shared/api';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { expiryOf, messageName, replacedBy, resendRefusal } from '../../mail/delivery.ts';
import {
  messagesAbout,
  requeueFailed,
  undeliveredMessage,
  undeliveredMessages,
} from '../../repositories/mail-outbox.ts';
import type { Handlers } from '../register.ts';

const DAY = 24 * 3_600_000;

const notFound = (id: string) =>
  new AppError(
    'MESSAGE_NOT_FOUND',
    `Message ${id} is not among your undelivered messages: it may have been sent again already. Reload the list.`,
  );

export function messageHandlers(ctx: AppContext): Handlers<'dashboard', 'undeliveredMessages' | 'resendMessage'> {
  return {
    undeliveredMessages: async (req) => {
      const days = req.query.days ?? UNDELIVERED_DAYS;
      const now = ctx.now();
      const rows = await undeliveredMessages(ctx.db, req.owner.business.id, now - days * DAY);
      const about = await messagesAbout(ctx.db, [...new Set(rows.map((r) => r.booking_id as string))]);
      const messages: UndeliveredMessage[] = rows.map((r) => {
        const refusal = resendRefusal(r, r, replacedBy(r, about), now);
        return {
          _id: r.id,
          bookingId: r.booking_id as string,
          channel: r.channel,
          what: messageName(r.kind, r.channel),
          to: r.to_address,
          reason: r.last_error ?? 'no reason was recorded',
          failedAt: new Date(r.failed_at as number).toISOString(),
          booking: {
            firstName: r.first_name,
            lastName: r.last_name,
            serviceName: r.service_name,
            day: r.day,
            startTime: r.start_time,
          },
          cannotResend: refusal?.reason ?? null,
        };
      });
      return { days, messages };
    },

    resendMessage: async (req) => {
      const b = req.owner.business;
      const id = req.params.id;
      const now = ctx.now();
      // Under the business's lock, as every change of its bookings is: the booking cannot be
      // cancelled or moved between the check and the requeue (docs/decisions/003).
      await withBusinessLock(ctx.store, b.id, async (trx) => {
        const row = await undeliveredMessage(trx, b.id, id);
        if (!row) throw notFound(id);
        const later = replacedBy(row, await messagesAbout(trx, [row.booking_id as string]));
        const refusal = resendRefusal(row, row, later, now);
        if (refusal)
          throw new AppError(
            refusal.code,
            `The ${messageName(row.kind, row.channel)} to ${row.to_address} was not sent again. ${refusal.reason}`,
          );
        if (!(await requeueFailed(trx, id, now, expiryOf(row.kind, now, row.start_ms)))) throw notFound(id);
      });
      ctx.mail.kick();
      req.log.info({ businessId: b.id, messageId: id }, 'undelivered message sent again');
      return { _id: id, queuedAt: new Date(now).toISOString() };
    },
  };
}
