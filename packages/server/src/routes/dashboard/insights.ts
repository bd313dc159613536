/**
 * The owner's insights (issue 29; docs/decisions/029): the funnel, money and work, and the work
 * missed, each a call of its own so each section of /dashboard/insights loads and fails alone. Every
 * read is a `group by` over the owner's business's rows of the period (repositories/insights.ts);
 * domain/insights.ts lays the sums out as the answers.
 */
import { chartWeeks, QR_PARAM, QR_VALUE } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';
import { todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { bookingPageUrl } from '../../domain/booking-page.ts';
import { crewsOf } from '../../domain/crews.ts';
import { HANGER_DAYS, hangerDays, hangerSentence, nearbyPromise, streetOf } from '../../domain/door-hanger.ts';
import {
  aheadAnswer,
  collectedIn,
  driveAnswer,
  fullAnswer,
  funnelAnswer,
  heatAnswer,
  meanDollars,
  missedZips,
  servicesAnswer,
  widerAnswer,
  workWeeks,
} from '../../domain/insights.ts';
import { collectedByDay, periodMs } from '../../domain/ledger.ts';
import { homeOf } from '../../domain/places.ts';
import { effectiveStatus } from '../../domain/status.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

export function insightsHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'insightsFunnel' | 'insightsWork' | 'insightsMissed' | 'insightsDrive' | 'doorHanger'> {
  const { insights } = ctx.repos;
  return {
    insightsFunnel: async (req) => {
      const { from, to } = req.query;
      const id = req.owner.business.id;
      const [byDay, bySource] = await Promise.all([
        insights.funnelByDay(id, from, to),
        insights.funnelBySource(id, from, to),
      ]);
      return funnelAnswer(from, to, byDay, bySource);
    },

    insightsWork: async (req) => {
      const { from, to } = req.query;
      const business = req.owner.business;
      const now = ctx.now();
      const today = todayIn(business.time_zone, now);
      const weeks = chartWeeks(today);
      const last = addDays(weeks[weeks.length - 1]!, 6);
      // One read of the money for the chart's weeks and the period, whichever reaches further.
      const [first, , , end] = [from, weeks[0]!, to, last].sort();
      const money = periodMs(first!, end!, business.time_zone);
      const [days, ahead, names, quoted, movements] = await Promise.all([
        insights.bookingDays(business.id, weeks[0]!, last, now),
        insights.bookingsAhead(business.id, from, to),
        insights.serviceNames(business.id),
        insights.quoted(business.id, from, to),
        ctx.repos.ledger.movements({ businessId: business.id, ...money }),
      ]);
      const collected = collectedByDay(movements, business.time_zone);
      return {
        from,
        to,
        weeks: workWeeks(weeks, days, collected),
        collected: collectedIn(collected, from, to),
        ahead: aheadAnswer(today, last, days),
        services: servicesAnswer(ahead, names),
        averageQuote: meanDollars(quoted.cents, quoted.count),
        quotes: quoted.count,
        heat: heatAnswer(ahead),
      };
    },

    insightsMissed: async (req) => {
      const { from, to } = req.query;
      const business = req.owner.business;
      const home = homeOf(business);
      const [zips, refused, full] = await Promise.all([
        insights.demandByZip(business.id, from, to),
        insights.demandByMiles(business.id, from, to, 'outside_area'),
        insights.fullTaps(business.id, from, to),
      ]);
      return {
        from,
        to,
        home,
        serviceAreaMiles: business.max_distance_miles,
        zips: missedZips(zips, home),
        wider: widerAnswer(refused, business.max_distance_miles),
        full: fullAnswer(full),
      };
    },

    insightsDrive: async (req) => {
      const { from, to } = req.query;
      const business = req.owner.business;
      const [rows, names, crews, quoted] = await Promise.all([
        insights.profitJobs(business.id, from, to),
        insights.serviceNames(business.id),
        crewsOf(ctx, business),
        insights.demandByMiles(business.id, from, to, 'quoted'),
      ]);
      return driveAnswer(from, to, rows, names, crews, quoted, business);
    },

    doorHanger: async (req) => {
      const business = req.owner.business;
      const row = await ctx.repos.bookings.find(business.id, req.params.id);
      if (!row) throw bookingNotFound(req.params.id);
      const now = ctx.now();
      const today = todayIn(business.time_zone, now);
      const status = effectiveStatus(row, now);
      if (status !== 'completed' && !(status === 'approved' && row.day === today))
        throw new AppError(
          'DOOR_HANGER_NOT_YET',
          `A door-hanger is for a job done, or approved for today; booking ${row.id} is ${status} on ${row.day}. Print it once the job is approved on its day or done.`,
        );
      // The slug as it is now (the owner's business is read once per request, before any change).
      const fresh = await ctx.repos.businesses.findById(business.id);
      const page = bookingPageUrl(ctx.config.publicUrl, fresh?.slug ?? null);
      if (!page)
        throw new AppError(
          'BOOKING_PAGE_MISSING',
          'Your booking page has no address yet, so a card has nothing to open. Choose one on the Services page, then print the card.',
        );
      const street = streetOf(row.customer_address);
      const visits = row.customer_address
        ? await ctx.repos.bookings.upcomingDaysAt(business.id, row.customer_address, today, HANGER_DAYS)
        : [];
      const hanger = hangerDays(row.day, today, visits);
      const { weekday, days } = hanger;
      return {
        businessName: fresh?.name ?? business.name ?? '',
        street,
        jobDay: row.day,
        weekday,
        sentence: hangerSentence(street, weekday, fresh ? nearbyPromise(fresh, hanger.visits) : 'nearby'),
        days: days.map((day) => ({
          day,
          bookingUrl: `${page}?day=${day}&${QR_PARAM}=${QR_VALUE}`,
          qrSvgUrl: `${page}/qr.svg?day=${day}`,
        })),
      };
    },
  };
}
