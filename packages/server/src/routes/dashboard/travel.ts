/**
 * GET /api/business-dashboard/travel-blocks?from&to (issue 8, item 2): the drives
 * of a travelling owner between the jobs of each day in the range (business-local
 * dates, inclusive), computed with the same function the slots use. The calendar
 * draws them as travel blocks; [] when the owner does not travel.
 */
import { IsoDate, type TravelBlock } from '@slotwise/shared/api';
import { dayTravelBlocks, type Job } from '@slotwise/shared/travel';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { travelSettingsOf } from '../../repositories/calendar.ts';
import { homeOf } from '../customer/operations-rules.ts';

/** A calendar shows at most a month (six weeks in month view); a little more is allowed. */
const MAX_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

const TravelRange = z.object({
  from: z.string({ error: 'from is required: the first day to show, written YYYY-MM-DD.' }).pipe(IsoDate),
  to: z.string({ error: 'to is required: the last day to show, written YYYY-MM-DD.' }).pipe(IsoDate),
});

export async function travelRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', ownerGuard(ctx));

  app.get('/api/business-dashboard/travel-blocks', { schema: { querystring: TravelRange } }, async (req) => {
    const { from, to } = req.query as z.infer<typeof TravelRange>;
    if (from > to)
      throw new HttpError(400, `The range starts (${from}) after it ends (${to}); send from on or before to.`);
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_RANGE_DAYS)
      throw new HttpError(400, `Ask for at most ${MAX_RANGE_DAYS} days of travel blocks at a time.`);
    const b = await ctx.repos.businesses.findById(req.owner.businessId);
    if (!b) throw new HttpError(404, 'Your business was not found. Log in again.');
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
  });
}
