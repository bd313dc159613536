/**
 * Price by route fit (issue 45, item 1; docs/decisions/055), pure and in integer cents: a slot's
 * travel part is the drive the job adds to the crew's day, not the miles from the base. The
 * server prices every slot and every booking with these functions; the widget shows the saving
 * the slots answer carries and subtracts it from the quote's total (slotTotalCents), so the two
 * agree by construction.
 *
 * Rules:
 * - The base travel charge is the quote's distance line (shared/src/quote.ts: price per mile x the
 *   miles from the business address, rounded to 0.1 mile, half a cent up).
 * - The route's travel charge is the same price per mile x the detour: the miles the job adds
 *   between its neighbours on the crew's day, d(previous, job) + d(job, next) - d(previous, next),
 *   the previous stop being the crew's start place when the job is the day's first, and nothing
 *   after it when it is the last (no leg home, as shared/src/travel.ts and the day's route count).
 * - The owner keeps part of the difference: none of it goes to the customer (the default), half
 *   (the customer's half rounded down to the cent), or all of it.
 * - Never below the owner's floor (the lowest travel charge), and never above the base charge: a
 *   floor above the base charge leaves the base charge as it is (route fit only ever lowers a price).
 * - Unknown places (a job booked before coordinates were kept) give no saving: the base charge.
 */
import { type LatLng, milesBetween } from './geo.ts';
import { formatUsd, toDollars } from './money.ts';
import { type Quote, type QuoteLineCents, roundCentsHalfUp, roundMiles } from './quote.ts';
import { type Job, neighbours } from './travel.ts';

/** How much of a nearby slot's saving goes to the customer. */
export const NEARBY_SHARES = ['none', 'half', 'all'] as const;
export type NearbyShare = (typeof NEARBY_SHARES)[number];

export interface RouteFitInput {
  /** The quote's distance charge: price per mile x the miles from the business address. */
  baseTravelCents: number;
  /** The miles the job adds to the crew's day (detourMiles); null when unknown. */
  detourMiles: number | null;
  pricePerMileCents: number;
  share: NearbyShare;
  /** The lowest travel charge the owner takes, in cents. */
  floorCents: number;
}

export interface RouteFit {
  /** The slot's travel charge. */
  travelCents: number;
  /** baseTravelCents - travelCents: what the customer saves; 0 when nothing. */
  savingCents: number;
}

function wholeCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole, non-negative cents`);
}

/** The slot's travel charge and saving (the rules above). */
export function routeFitTravel(input: RouteFitInput): RouteFit {
  const { baseTravelCents: base, detourMiles, pricePerMileCents, share, floorCents } = input;
  wholeCents(base, 'Base travel');
  wholeCents(pricePerMileCents, 'Price per mile');
  wholeCents(floorCents, 'Lowest travel charge');
  if (share === 'none' || detourMiles === null || !Number.isFinite(detourMiles))
    return { travelCents: base, savingCents: 0 };
  const routeCents = roundCentsHalfUp(pricePerMileCents * roundMiles(Math.max(0, detourMiles)));
  const difference = Math.max(0, base - routeCents);
  const given = share === 'all' ? difference : Math.floor(difference / 2);
  const travelCents = Math.min(base, Math.max(base - given, floorCents));
  return { travelCents, savingCents: base - travelCents };
}

/**
 * The miles a job at `candidate` adds to a crew's day of `jobs`, from `home` (the crew's start
 * place) when it is the first; rounded to 0.1 mile and never below 0. Null when a place it needs
 * is unknown.
 */
export function detourMiles(
  candidate: { startMs: number; endMs: number; location: LatLng },
  jobs: readonly Job[],
  home: LatLng | null,
): number | null {
  const { previous, next } = neighbours(candidate, jobs);
  const from = previous ? previous.location : home;
  if (!from) return null;
  const there = milesBetween(from, candidate.location);
  if (!next) return there;
  if (!next.location) return null;
  const added = there + milesBetween(candidate.location, next.location) - milesBetween(from, next.location);
  return Math.max(0, roundMiles(added));
}

/** The quote's line label for a travel charge lowered by route fit. */
export function nearbyLabel(savingCents: number): string {
  return `Travel (nearby job, ${formatUsd(toDollars(savingCents))} less)`;
}

/**
 * The quote as booked at a slot with this route fit: its distance line replaced by the travel
 * line, the total lowered by the saving. The quote as it is when there is no saving.
 */
export function withRouteFit(quote: Quote, fit: RouteFit): Quote {
  if (fit.savingCents === 0) return quote;
  const lines: QuoteLineCents[] = quote.lines.map((l) =>
    l.label.startsWith('Distance: ') ? { label: nearbyLabel(fit.savingCents), amountCents: fit.travelCents } : l,
  );
  return { ...quote, lines, totalCents: quote.totalCents - fit.savingCents };
}

/** A slot's price as the widget shows it: the quote's total less the slot's saving, in cents. */
export function slotTotalCents(quoteTotalCents: number, savingCents: number | undefined): number {
  return quoteTotalCents - (savingCents ?? 0);
}
