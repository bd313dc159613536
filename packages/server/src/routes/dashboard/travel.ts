/**
 * GET /api/business-dashboard/travel-blocks?from&to (docs/decisions/008): the drives
 * of a travelling owner between the jobs of each day in the range (business-local
 * dates, inclusive), each crew's route on its own from its start place, computed with
 * the same function the slots use. The calendar
 * draws them as travel blocks; [] when the owner does not travel.
 */
import type { TravelBlock } from '@slotwise/shared/api';
import { dayTravelBlocks, type Job } from '@slotwise/shared/travel';
import type { AppContext } from '../../context.ts';
import { crewPlansOf } from '../../domain/crews.ts';
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
      // Each crew drives its own route from its own start place (docs/decisions/023).
      const [jobs, crewRows] = await Promise.all([
        ctx.repos.calendar.jobsBetween(b.id, from, to),
        ctx.repos.crews.list(b.id),
      ]);
      const homes = new Map(crewPlansOf(crewRows, () => null, homeOf(b)).map((c) => [c.id, c.home]));
      const routes = new Map<string, { crewId: string | null; jobs: Job[] }>();
      for (const job of jobs) {
        const key = `${job.day} ${job.crewId ?? ''}`;
        const route = routes.get(key) ?? { crewId: job.crewId, jobs: [] };
        route.jobs.push(job);
        routes.set(key, route);
      }
      const blocks: TravelBlock[] = [];
      for (const { crewId, jobs: stops } of routes.values()) {
        const home = (crewId ? homes.get(crewId) : undefined) ?? homeOf(b);
        for (const block of dayTravelBlocks(stops, home, travel.speedMph))
          blocks.push({
            startTime: new Date(block.startMs).toISOString(),
            endTime: new Date(block.endMs).toISOString(),
            minutes: block.minutes,
            fromBookingId: block.fromId,
            toBookingId: block.toId,
            crewId,
          });
      }
      return blocks.sort((x, y) => x.startTime.localeCompare(y.startTime));
    },
  };
}
