/**
 * GET /api/business-dashboard/travel-blocks?from&to (docs/decisions/008): the drives
 * of a travelling owner between the jobs of each day in the range (business-local
 * dates, inclusive), computed with the same function the slots use. The calendar
 * draws them as travel blocks; [] when the owner does not travel.
 */
import type { TravelBlock } from '@slotwise/shared/api';
import { dayTravelBlocks, type Job } from '@slotwise/shared/travel';
import type { AppContext } from '../../context.ts';
import { homeOf } from '../../domain/places.ts';
import { AppError } from '../../errors.ts';
import { travelSettingsOf } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';
import { assertRange } from './bookings.ts';

/** A calendar shows at most a month (six weeks in month view); a little more is allowed. */
const MAX_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

export function travelHandlers(ctx: AppContext): Handlers<'dashboard', 'travelBlocks'> {
  return {
    travelBlocks: async (req) => {
      const { from, to } = req.query;
      assertRange(from, to);
      if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_RANGE_DAYS)
        throw new AppError('VALIDATION_FAILED', `Ask for at most ${MAX_RANGE_DAYS} days of travel blocks at a time.`);
      const b = req.owner.business;
      const travel = travelSettingsOf(b);
      if (!travel) return [];
      const byDay = new Map<string, Job[]>();
      for (const job of await ctx.repos.calendar.jobsBetween(b.id, from, to)) {
        const list = byDay.get(job.day) ?? [];
        list.push(job);
        byDay.set(job.day, list);
      }
      const home = homeOf(b);
      const blocks: TravelBlock[] = [];
      for (const jobs of byDay.values())
        for (const block of dayTravelBlocks(jobs, home, travel.speedMph))
          blocks.push({
            startTime: new Date(block.startMs).toISOString(),
            endTime: new Date(block.endMs).toISOString(),
            minutes: block.minutes,
            fromBookingId: block.fromId,
            toBookingId: block.toId,
          });
      return blocks.sort((x, y) => x.startTime.localeCompare(y.startTime));
    },
  };
}
