/**
 * The owner's connected calendars (docs/product.md#connected-calendars, docs/decisions/025):
 * connecting one by its secret address (read at once; refused with the reason when it cannot
 * be), reading one again now, disconnecting it, showing its events' titles or only "Busy", and
 * the busy events of a range for the calendar page. The address is never answered back.
 */
import { type BusyTime, CALENDARS_MAX } from '@slotwise/shared/api';
import { nextDay } from '@slotwise/shared/slots';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { normaliseAddress } from '../../calendars/fetch.ts';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  calendarBox,
  connectCalendar,
  refreshConnection,
  toConnectedCalendarJson,
} from '../../domain/connected-calendars.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';
import { assertRange } from './bookings.ts';

/** The calendar page shows at most six weeks; a little more is allowed (as travel-blocks). */
const MAX_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

function calendarNotFound(id: string): AppError {
  return new AppError(
    'CALENDAR_NOT_FOUND',
    `Calendar ${id} is not among your connected calendars. Reload Settings and try again.`,
  );
}

export function connectedCalendarHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  'connectedCalendars' | 'connectCalendar' | 'refreshCalendar' | 'removeCalendar' | 'calendarTitles' | 'busyTimes'
> {
  const repo = ctx.repos.connectedCalendars;

  async function answer(b: Business) {
    return {
      calendars: (await repo.list(b.id)).map(toConnectedCalendarJson),
      showTitles: b.calendar_titles === 1,
      canConnect: ctx.config.encryptionKey !== undefined,
    };
  }

  /** The owner's own feed pasted back: our bookings would block themselves (docs/decisions/025). */
  function isOurFeed(url: URL): boolean {
    return url.host === new URL(ctx.config.publicUrl).host && url.pathname.startsWith('/api/calendar/feed');
  }

  return {
    connectedCalendars: async (req) => answer(req.owner.business),

    connectCalendar: async (req) => {
      const b = req.owner.business;
      calendarBox(ctx);
      const { label, secretUrl, crewId } = req.body;
      if ((await repo.count(b.id)) >= CALENDARS_MAX)
        throw new AppError(
          'CALENDAR_LIMIT_REACHED',
          `You have connected ${CALENDARS_MAX} calendars, the most there can be. Remove one you no longer need first.`,
        );
      if (crewId && !(await ctx.repos.crews.find(b.id, crewId)))
        throw new AppError('CREW_NOT_FOUND', 'That crew is not among your crews. Reload Settings and try again.');
      const address = normaliseAddress(secretUrl);
      if (isOurFeed(address))
        throw new AppError(
          'VALIDATION_FAILED',
          'That is your Slotwise calendar feed: your bookings are on your calendar already. Paste the secret address of your own calendar (the one with your appointments) instead.',
        );
      await connectCalendar(ctx, b, { label, address: address.toString(), crewId }, req.log);
      return answer(b);
    },

    refreshCalendar: async (req) => {
      const b = req.owner.business;
      const row = await repo.find(b.id, req.params.id);
      if (!row) throw calendarNotFound(req.params.id);
      // Already being read (by the schedule, here or on another instance): its outcome will show.
      await refreshConnection(ctx, b, row, req.log);
      return answer(b);
    },

    removeCalendar: async (req) => {
      const b = req.owner.business;
      const removed = await inTransaction(ctx.store, (trx) => repo.remove(trx, b.id, req.params.id));
      if (!removed) throw calendarNotFound(req.params.id);
      req.log.info({ businessId: b.id, calendarId: req.params.id }, 'calendar disconnected');
      return answer(b);
    },

    calendarTitles: async (req) =>
      answer(
        await ctx.repos.businesses.update(req.owner.business.id, { calendar_titles: req.body.showTitles ? 1 : 0 }),
      ),

    busyTimes: async (req) => {
      const { from, to } = req.query;
      assertRange(from, to);
      if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_RANGE_DAYS)
        throw new AppError('VALIDATION_FAILED', `Ask for at most ${MAX_RANGE_DAYS} days of busy times at a time.`);
      const b = req.owner.business;
      const zone = b.time_zone;
      const rows = await repo.busyBetween(b.id, {
        startMs: localToUtcMs(from, '00:00', zone),
        endMs: localToUtcMs(nextDay(to), '00:00', zone),
      });
      const titles = b.calendar_titles === 1;
      return rows.map(
        (r): BusyTime => ({
          _id: r.id,
          calendarId: r.connection_id,
          label: r.label,
          title: titles && r.title ? r.title : null,
          startTime: new Date(Number(r.start_ms)).toISOString(),
          endTime: new Date(Number(r.end_ms)).toISOString(),
          allDay: r.all_day === 1,
          crewId: r.crew_id,
        }),
      );
    },
  };
}
