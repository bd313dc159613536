/**
 * POST /api/customer/hold-slot and /release-hold (docs/decisions/035; docs/product.md#booking):
 * the time a customer chose is kept from other customers while they type their details. A hold
 * is checked as a booking is (the time rules, then under the per-business lock, docs/decisions/003,
 * the calendar and other customers' live holds) and kept on the crew that would take the job, so
 * other crews still take the time. One live hold per token: holding another time lets the
 * token's old one go in the same transaction. The booking call ends the hold (book.ts).
 */
import { crewsFor } from '@slotwise/shared/crews';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { bookingWindowOf, requesterOf } from '../../domain/booking-window.ts';
import { assignCrew, checkCrewSlot } from '../../domain/crews.ts';
import { crewPlansOfSource, serviceOf } from '../../domain/grid-source.ts';
import { serviceNotFound } from '../../domain/lookup.ts';
import { HOLDS_PER_CONNECTION, hashHoldToken, holdMs, newHoldToken } from '../../domain/slot-holds.ts';
import { intervalOf } from '../../domain/slot-rules.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../register.ts';
import { sourceOf } from './grid-sources.ts';

const TOO_MANY_HOLDS =
  'You are holding several times with this business already. Finish one booking, or try again in a few minutes.';

export function holdHandlers(ctx: AppContext): Handlers<'customer', 'holdSlot' | 'releaseHold'> {
  const { slotHolds } = ctx.repos;
  return {
    holdSlot: async (req) => {
      const body = req.body;
      const source = await sourceOf(ctx, body.businessId);
      const { business } = source;
      const service = serviceOf(source, body.serviceId);
      if (!service) throw serviceNotFound();
      const crews = crewsFor(crewPlansOfSource(source), service.id);
      const span = checkCrewSlot(
        crews,
        business.time_zone,
        body.date,
        body.time,
        service.duration_min + (body.extraMinutes ?? 0),
        ctx.now(),
        bookingWindowOf(business),
        business.time_format,
      );
      // A token the customer had keeps its name: its old hold is replaced, never left behind.
      const token = body.holdToken ?? newHoldToken();
      const tokenHash = hashHoldToken(token);
      const requester = requesterOf(ctx, req.ip);
      const now = ctx.now();
      const heldUntil = now + holdMs(ctx);
      await withBusinessLock(ctx.store, business.id, async (trx) => {
        // An abuse limit like the rate limits, so off with them (RATE_LIMITS=off, for load tests).
        if (
          ctx.config.rateLimits &&
          (await slotHolds.liveCount(trx, business.id, requester, tokenHash, now)) >= HOLDS_PER_CONNECTION
        )
          throw new AppError('TOO_MANY_HOLDS', TOO_MANY_HOLDS);
        // The customer's own hold is not in its own way: choosing a time again renews it.
        const crew = await assignCrew(ctx, trx, business, {
          day: body.date,
          span: intervalOf(span),
          location: null,
          crews,
          // Drives are checked when the customer books, with the address they type then.
          checkTravel: false,
          holds: { now, exceptTokenHash: tokenHash },
        });
        await slotHolds.take(trx, {
          token_hash: tokenHash,
          business_id: business.id,
          crew_id: crew.id,
          start_ms: span.start_ms,
          end_ms: span.end_ms,
          held_until: heldUntil,
          requester,
          created_at: now,
        });
      });
      return {
        holdToken: token,
        heldUntil: new Date(heldUntil).toISOString(),
        minutes: Math.max(1, Math.round(holdMs(ctx) / 60_000)),
      };
    },

    releaseHold: async (req) => {
      // Outside the lock: one row's delete, whoever's business it is; the slots answers see it at once
      // (the write moves db/calendar-changes.ts's counter).
      await slotHolds.release(ctx.db, hashHoldToken(req.body.holdToken));
      return { message: 'The time is no longer held.' };
    },
  };
}
