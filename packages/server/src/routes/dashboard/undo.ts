/**
 * Undo of the owner's Decline and calendar move (docs/decisions/014; the window and its rules:
 * domain/undo-window.ts). The change records itself with offerUndo in its own transaction and
 * answers the offer; POST .../booking/undo/:token takes it back within the window: the
 * booking's status and time as they were, the customer's held mail deleted unsent, the record
 * gone (an undo works once). All of it under the business's lock, in one transaction.
 */
import type { UndoOffer } from '@slotwise/shared/api';
import { ACTIVE_STATUSES, type BookingStatus } from '@slotwise/shared/domain';
import type { AppContext } from '../../context.ts';
import { isOverlapViolation } from '../../db/errors.ts';
import { type Tx, withBusinessLock } from '../../db/transaction.ts';
import { toBookingJson } from '../../domain/answers.ts';
import { withdrawDeclineRefund } from '../../domain/payments.ts';
import { describeConflict } from '../../domain/slot-rules.ts';
import {
  hashUndoToken,
  newUndoToken,
  refuseUndo,
  restoredState,
  type UndoKind,
  undoExpired,
  undoTimes,
  watchedState,
} from '../../domain/undo-window.ts';
import { AppError } from '../../errors.ts';
import type { BookingStatusAndTime } from '../../repositories/bookings.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import { deleteUnsentMail } from '../../repositories/mail-outbox.ts';
import type { Handlers } from '../register.ts';

export interface UndoableChange {
  kind: UndoKind;
  businessId: string;
  /** The booking as read under the lock before the change, and as the change left it. */
  before: BookingRow;
  after: BookingRow;
  /** The customer's mail the change queued held (mailOwnerChange with mailDueAt). */
  mailIds: string[];
  now: number;
}

/** Records a change for its undo, in the change's transaction; answers what the dashboard offers. */
export async function offerUndo(ctx: AppContext, trx: Tx, change: UndoableChange): Promise<UndoOffer> {
  const { token, hash } = newUndoToken();
  const times = undoTimes(ctx.config.undoWindowMs);
  await ctx.repos.bookingUndos.insert(trx, {
    token_hash: hash,
    business_id: change.businessId,
    booking_id: change.after.id,
    kind: change.kind,
    previous_state: JSON.stringify(restoredState(change.before)),
    changed_state: watchedState(change.after),
    mail_ids: JSON.stringify(change.mailIds),
    expires_at: change.now + times.acceptedMs,
    created_at: change.now,
  });
  return { token, until: new Date(change.now + times.windowMs).toISOString() };
}

const NOT_FOUND =
  'There is nothing to undo with this token: it was used already, or it is not one of your changes. Reload to see your bookings as they are.';

export function undoHandlers(ctx: AppContext): Handlers<'dashboard', 'undo'> {
  const { bookings, bookingUndos, calendar } = ctx.repos;

  /** The time a booking goes back to overlaps something since: the undo is refused, naming it. */
  const overlaps = (kind: UndoKind, what: string) =>
    new AppError(
      'TIME_OVERLAPS',
      kind === 'decline'
        ? `The booking's time now overlaps ${what}, so the decline cannot be undone; the booking stays declined.`
        : `The booking's old time now overlaps ${what}, so the move cannot be undone. Move the booking to a free time yourself.`,
    );

  return {
    undo: async (req) => {
      const b = req.owner.business;
      const hash = hashUndoToken(req.params.token);
      let kind: UndoKind = 'move';
      try {
        const restored = await withBusinessLock(ctx.store, b.id, async (trx) => {
          const now = ctx.now();
          const record = await bookingUndos.find(trx, b.id, hash);
          if (!record) throw new AppError('UNDO_NOT_FOUND', NOT_FOUND);
          kind = record.kind;
          const row = await bookings.find(b.id, record.booking_id, trx);
          if (!row) throw new AppError('UNDO_NOT_FOUND', NOT_FOUND);
          const refusal = refuseUndo(
            { kind, expiresAt: record.expires_at, changedState: record.changed_state },
            row,
            now,
            b.time_format,
          );
          if (refusal) throw new AppError(refusal.code, refusal.message);
          const previous = JSON.parse(record.previous_state) as BookingStatusAndTime;
          // A decline freed the time and a move left the old one: either may have been taken since.
          if (ACTIVE_STATUSES.includes(previous.status as BookingStatus)) {
            const span = { startMs: previous.start_ms, endMs: previous.end_ms };
            const conflict = await calendar.findConflict(trx, b.id, span, {
              ignoreBookingId: row.id,
              crewId: previous.crew_id,
            });
            if (conflict) throw overlaps(kind, describeConflict(conflict, b.time_zone, b.time_format));
          }
          const mailIds = JSON.parse(record.mail_ids) as string[];
          // A dispatcher that claimed or tried the mail may have sent it: then it is too late.
          if ((await deleteUnsentMail(trx, mailIds)) !== mailIds.length)
            throw new AppError('UNDO_EXPIRED', undoExpired(kind));
          if (kind === 'decline') await withdrawDeclineRefund(ctx, trx, row.id, now);
          const next = await bookings.restore(trx, row.id, previous, now);
          await bookingUndos.remove(trx, hash);
          return next;
        });
        return toBookingJson(restored, ctx.now(), b.time_zone);
      } catch (err) {
        // The database's own guard (decision 003), should the check above ever miss.
        if (isOverlapViolation(err)) throw overlaps(kind, 'another booking');
        throw err;
      }
    },
  };
}
