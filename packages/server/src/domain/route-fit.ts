/**
 * Price by route fit on the server (issue 45, item 1; docs/decisions/055): each free slot of a day
 * priced for the crew the job would go to (the same choice as domain/crews.ts freeCrew: least added
 * drive, then fewest jobs, then the crew listed first), and a booking priced again under the
 * business's lock for the crew it got. The arithmetic is shared/src/route-fit.ts, the widget's too.
 */
import { addedDriveMinutes, type CrewOption, chooseCrew } from '@slotwise/shared/crews';
import { type LatLng, milesBetween } from '@slotwise/shared/geo';
import { roundCentsHalfUp, roundMiles } from '@slotwise/shared/quote';
import { detourMiles, type NearbyShare, type RouteFit, routeFitTravel } from '@slotwise/shared/route-fit';
import type { DetailedSlot, Interval } from '@slotwise/shared/slots';
import type { Job, TravelSettings } from '@slotwise/shared/travel';
import type { Business } from '../repositories/businesses.ts';
import type { CrewJob } from '../repositories/calendar.ts';
import { homeOf } from './places.ts';

/** What pricing by route fit needs of a business that uses it. */
export interface RouteFitRule {
  pricePerMileCents: number;
  share: NearbyShare;
  floorCents: number;
  /** The business address: the quote's miles are from it. */
  home: LatLng;
}

/**
 * The business's rule, or null when route fit cannot lower any price: distance pricing off or at
 * $0, the owner keeps every saving ('none', the default), or the business has no place yet.
 */
export function routeFitRuleOf(
  b: Pick<
    Business,
    'lat' | 'lng' | 'distance_pricing_on' | 'price_per_mile_cents' | 'nearby_share' | 'nearby_floor_cents'
  >,
): RouteFitRule | null {
  const home = homeOf(b);
  const perMile = b.distance_pricing_on === 1 ? b.price_per_mile_cents : 0;
  if (!home || perMile <= 0 || b.nearby_share === 'none') return null;
  return { pricePerMileCents: perMile, share: b.nearby_share, floorCents: b.nearby_floor_cents, home };
}

/** A crew's stops of the day: its own jobs and those of no crew (as freeCrew counts them). */
export function jobsOfCrew<J extends CrewJob>(jobs: readonly J[], crewId: string): J[] {
  return jobs.filter((j) => j.crewId === crewId || j.crewId === null);
}

/** The travel charge of a job at `where` over `span` on a crew's day (its stops, its start place). */
export function fitOf(
  rule: RouteFitRule,
  where: LatLng,
  span: Interval,
  crewJobs: readonly Job[],
  crewHome: LatLng | null,
): RouteFit {
  // The quote's distance line, to the cent (shared/src/quote.ts computeQuote).
  const baseTravelCents = roundCentsHalfUp(rule.pricePerMileCents * roundMiles(milesBetween(rule.home, where)));
  return routeFitTravel({
    baseTravelCents,
    detourMiles: detourMiles({ ...span, location: where }, crewJobs, crewHome),
    pricePerMileCents: rule.pricePerMileCents,
    share: rule.share,
    floorCents: rule.floorCents,
  });
}

/** A crew as the slots' pricing needs it. */
export interface FitCrew {
  id: string;
  position: number;
  home: LatLng | null;
}

/**
 * The saving of each free slot of the day, in cents, by its start (only slots that save): the
 * crew a booking there would go to is chosen as freeCrew chooses among the crews whose own grid
 * (`grids`, in `crews`' order) has it free, and the slot is priced on that crew's day.
 */
export function slotSavings(
  slots: readonly DetailedSlot[],
  crews: readonly FitCrew[],
  grids: readonly (readonly DetailedSlot[])[],
  jobs: readonly CrewJob[],
  where: LatLng,
  travel: TravelSettings | null,
  rule: RouteFitRule,
): Map<number, number> {
  const free = grids.map((grid) => new Set(grid.filter((s) => s.available).map((s) => s.startMs)));
  const days = crews.map((crew) => jobsOfCrew(jobs, crew.id));
  const savings = new Map<number, number>();
  for (const slot of slots) {
    if (!slot.available) continue;
    const options: (CrewOption & { index: number })[] = [];
    crews.forEach((crew, index) => {
      if (!free[index]?.has(slot.startMs)) return;
      const crewJobs = days[index]!;
      options.push({
        id: crew.id,
        position: crew.position,
        index,
        jobsThatDay: crewJobs.length,
        addedMinutes: travel
          ? addedDriveMinutes({ ...slot, location: where }, crewJobs, crew.home, travel.speedMph)
          : 0,
      });
    });
    const chosen = chooseCrew(options) as (CrewOption & { index: number }) | null;
    if (!chosen) continue;
    const fit = fitOf(rule, where, slot, days[chosen.index]!, crews[chosen.index]!.home);
    if (fit.savingCents > 0) savings.set(slot.startMs, fit.savingCents);
  }
  return savings;
}
