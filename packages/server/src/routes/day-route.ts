/**
 * A crew's day as a route (issue 44 item 7; docs/decisions/054): the owner reads any crew's day
 * with a suggested order and applies it; a crew member reads their own crew's day. Applying moves
 * every changed booking through the owner's one move path (domain/booking-move.ts, as a calendar
 * drag) in one transaction under the business's lock, after making the suggestion again there:
 * when it is not the one the owner saw, nothing moves (ROUTE_CHANGED).
 */
import { nextDay } from '@slotwise/shared/slots';
import { localToUtcMs, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import { isOverlapViolation } from '../db/errors.ts';
import { type Tx, withBusinessLock } from '../db/transaction.ts';
import { placeBooking, tellMoved } from '../domain/booking-move.ts';
import { type CrewDayRoute, crewDayRoute } from '../domain/crew-day-route.ts';
import { crewsOf } from '../domain/crews.ts';
import { calendarSpan } from '../domain/slot-rules.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { Handlers } from './register.ts';

const MINUTE = 60_000;

const crewNotFound = (id: string) =>
  new AppError('CREW_NOT_FOUND', `Crew ${id} is not among your crews. Reload the calendar and try again.`);

export function dayRouteHandlers(ctx: AppContext): {
  dashboard: Handlers<'dashboard', 'crewDayRoute' | 'applyDayRoute'>;
  crew: Handlers<'crew', 'dayRoute'>;
} {
  /** Reads one crew's day and makes its route (and suggestion); CREW_NOT_FOUND when not the business's. */
  async function readRoute(
    from: Tx,
    b: Business,
    crewId: string,
    day: string,
    pinned: ReadonlySet<string>,
    suggest: boolean,
  ): Promise<CrewDayRoute> {
    const [plans, crewRow] = await Promise.all([crewsOf(ctx, b, from), ctx.repos.crews.find(b.id, crewId, from)]);
    const crew = plans.find((c) => c.id === crewId);
    if (!crew || !crewRow) throw crewNotFound(crewId);
    const span = {
      startMs: localToUtcMs(day, '00:00', b.time_zone),
      endMs: localToUtcMs(nextDay(day), '00:00', b.time_zone),
    };
    const [rows, busy] = await Promise.all([
      ctx.repos.crewJobs.dayWork(crew.id, b.id, day, from),
      ctx.repos.calendar.busy(from, b.id, span),
    ]);
    return crewDayRoute(
      { business: b, crew, crewStartAddress: crewRow.start_address, day, rows, busy, pinned, now: ctx.now() },
      suggest,
    );
  }

  const pinsOf = (pinned: string | undefined) =>
    new Set(
      (pinned ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    );

  return {
    dashboard: {
      crewDayRoute: async (req) => {
        const b = req.owner.business;
        const day = req.query.day ?? todayIn(b.time_zone, ctx.now());
        return (await readRoute(ctx.db, b, req.params.id, day, pinsOf(req.query.pinned), true)).answer;
      },

      applyDayRoute: async (req) => {
        const b = req.owner.business;
        const { day, pinned, moves } = req.body;
        const pins = new Set(pinned);
        try {
          const result = await withBusinessLock(ctx.store, b.id, async (trx) => {
            const now = ctx.now();
            const fresh = await readRoute(trx, b, req.params.id, day, pins, true);
            const seen = new Map(moves.map((m) => [m.bookingId, m.startTime]));
            const same =
              seen.size === fresh.moves.size &&
              [...fresh.moves].every(([id, s]) => seen.get(id) === utcMsToLocal(s.startMs, b.time_zone).time);
            if (!same)
              throw new AppError(
                'ROUTE_CHANGED',
                "The crew's day changed since you read it (a job was moved, booked or started, or its notice began), so nothing was moved. Here is the fresh suggestion: check it and apply again.",
              );
            const crew = (await crewsOf(ctx, b, trx)).find((c) => c.id === req.params.id)!;
            const rows = await Promise.all([...fresh.moves.keys()].map((id) => ctx.repos.bookings.find(b.id, id, trx)));
            // Set aside first, so two jobs may swap times without crossing each other on the way.
            await ctx.repos.calendar.parkBookings(trx, [...fresh.moves.keys()]);
            for (const row of rows) {
              if (!row) throw crewNotFound(req.params.id);
              const to = fresh.moves.get(row.id)!;
              const span = calendarSpan(day, seen.get(row.id)!, (to.endMs - to.startMs) / MINUTE, b.time_zone);
              const next = await placeBooking(ctx, trx, b, row, span, crew, now);
              // Told at once: there is no undo of a whole route to wait for.
              await tellMoved(ctx, trx, b, row, next, now);
            }
            const after = await readRoute(trx, b, req.params.id, day, pins, true);
            return { moved: fresh.moves.size, route: after.answer };
          });
          ctx.mail.kick();
          return result;
        } catch (err) {
          if (isOverlapViolation(err))
            throw new AppError(
              'ROUTE_CHANGED',
              "A job of the crew's day now overlaps another, so nothing was moved. Read the day's route again for the fresh suggestion.",
            );
          throw err;
        }
      },
    },

    crew: {
      dayRoute: async (req) => {
        const { crew, business } = req.crew;
        const day = req.query.day ?? todayIn(business.time_zone, ctx.now());
        // A crew member cannot move jobs: no suggestion, and never a price (none is read).
        return (await readRoute(ctx.db, business, crew.id, day, new Set(), false)).answer;
      },
    },
  };
}
