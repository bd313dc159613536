/**
 * Profit after the drive (issue 45 item 3; docs/decisions/057), pure: what the owner's jobs of a
 * period earned per working hour once the drive to each is counted, by ZIP code and by service, and
 * what would lift the far jobs that earn least.
 *
 * Rules:
 * - A job counts when it is approved or completed (a pending request is not a drive yet). Its drive is
 *   the leg the day's route counts (domain/day-route.ts routeLegs, docs/decisions/054): from the job
 *   before it that day for the same crew, in booked order, or from the crew's start place when it is
 *   the first; no leg home. Minutes at the business's average speed (shared/src/travel.ts).
 * - Earnings: the booking's total less the vehicle cost per mile times the miles of that leg.
 *   Working time: the job's length plus its drive. Earnings per hour of a group: its earnings over its
 *   working time (so a long job weighs more than a short one, as it does in the owner's week).
 * - Advice needs ADVICE_MIN_JOBS jobs with a known place (and the business's own), at least
 *   ADVICE_MIN_SIDE on each side of the split. The split is at a whole mile from the business: jobs
 *   farther than it are "far". Of every whole mile at which some job lies, the one whose far jobs earn
 *   the most less per hour than the inside ones; ties go to the nearer mile. No advice when the far
 *   jobs earn at least FAR_SHARE_MAX of the inside rate: nothing is wrong with them.
 * - The target is halfway from the far rate to the inside rate. The per-mile price that reaches it:
 *   the price charged now plus what the far jobs lack, spread over their miles from the business (what
 *   a quote charges by), rounded up to the cent. The area that reaches it: the widest whole-mile
 *   radius keeping at least one far job whose kept far jobs earn the target or more; when none does,
 *   the split itself (the far jobs left out).
 */
import { type LatLng, milesBetween } from '@slotwise/shared/geo';
import { bookedOrder, routeLegs } from './day-route.ts';

/** At least this many jobs with a known place before the page advises anything. */
export const ADVICE_MIN_JOBS = 8;
/** And at least this many on each side of the split. */
const ADVICE_MIN_SIDE = 3;
/** Far jobs earning at least this share of the inside rate are fine: no advice. */
const FAR_SHARE_MAX = 0.8;

export interface ProfitJob {
  id: string;
  crewId: string | null;
  day: string;
  startMs: number;
  endMs: number;
  location: LatLng | null;
  totalCents: number;
  /** The ZIP code of its address ('' when none: grouped as unknown). */
  zip: string;
  /** The service it is grouped under (its id, or its booked name for a deleted one) and that group's name. */
  serviceKey: string;
  serviceName: string;
}

export interface DriveProfitInput {
  jobs: readonly ProfitJob[];
  /** The business's address: the advice's distances are from it, as a quote's. null: unknown. */
  base: LatLng | null;
  /** A crew's start place (else the business's); where its day's first leg starts. */
  startOf: (crewId: string | null) => LatLng | null;
  speedMph: number;
  vehicleCostPerMileCents: number;
  /** What a quote charges per mile now (0 with distance pricing off). */
  pricePerMileCents: number;
}

export interface ProfitGroup {
  key: string;
  name: string;
  jobs: number;
  earningsCents: number;
  /** Working minutes: the jobs' and the drives to them. */
  minutes: number;
  driveMinutes: number;
  /** Miles driven to them, to 0.1. */
  miles: number;
  /** Earnings per working hour in cents, rounded; null with no working time. */
  perHourCents: number | null;
}

interface DriveAdvice {
  /** The split: jobs farther than this many whole miles from the business are far. */
  beyondMiles: number;
  farJobs: number;
  insideJobs: number;
  farPerHourCents: number;
  insidePerHourCents: number;
  targetPerHourCents: number;
  /** The per-mile price that would lift the far jobs to the target. */
  pricePerMileCents: number;
  /** The service area that would: jobs farther than it refused. */
  areaMiles: number;
  /** The far jobs the area keeps earn the target or more (false: the area is the split, leaving them all out). */
  areaKeepsSome: boolean;
}

type NoAdvice = 'no-base' | 'few-jobs' | 'no-gap';

export interface DriveProfit {
  total: ProfitGroup;
  byZip: ProfitGroup[];
  byService: ProfitGroup[];
  advice: DriveAdvice | null;
  /** Why there is no advice (null when there is). */
  noAdvice: NoAdvice | null;
  /** Jobs with a known place (the advice's data). */
  located: number;
}

interface Counted {
  job: ProfitJob;
  driveMinutes: number;
  miles: number;
  earningsCents: number;
  minutes: number;
  /** Miles from the business (null: unknown place or business). */
  fromBase: number | null;
}

const MINUTE = 60_000;

/** Earnings per hour in cents of `earnings` cents over `minutes`; null for no time. */
function perHour(earningsCents: number, minutes: number): number | null {
  return minutes > 0 ? Math.round((earningsCents * 60) / minutes) : null;
}

/** Each job with its leg (from the job before it that day for its crew, or its crew's start place). */
function countJobs(input: DriveProfitInput): Counted[] {
  const days = new Map<string, ProfitJob[]>();
  for (const job of input.jobs) {
    const key = `${job.day} ${job.crewId ?? ''}`;
    const day = days.get(key) ?? [];
    day.push(job);
    days.set(key, day);
  }
  const counted: Counted[] = [];
  for (const jobs of days.values()) {
    const order = bookedOrder(jobs);
    const legs = routeLegs(order, input.startOf(order[0]!.crewId), input.speedMph);
    order.forEach((job, i) => {
      const leg = legs[i]!;
      const cost = Math.round(input.vehicleCostPerMileCents * leg.miles);
      counted.push({
        job,
        driveMinutes: leg.minutes,
        miles: leg.miles,
        earningsCents: job.totalCents - cost,
        minutes: (job.endMs - job.startMs) / MINUTE + leg.minutes,
        fromBase: input.base && job.location ? milesBetween(input.base, job.location) : null,
      });
    });
  }
  return counted;
}

function group(key: string, name: string, jobs: readonly Counted[]): ProfitGroup {
  let earningsCents = 0;
  let minutes = 0;
  let driveMinutes = 0;
  let tenths = 0;
  for (const c of jobs) {
    earningsCents += c.earningsCents;
    minutes += c.minutes;
    driveMinutes += c.driveMinutes;
    tenths += Math.round(c.miles * 10);
  }
  return {
    key,
    name,
    jobs: jobs.length,
    earningsCents,
    minutes,
    driveMinutes,
    miles: tenths / 10,
    perHourCents: perHour(earningsCents, minutes),
  };
}

/** Groups by `keyOf`, highest earnings per hour first (then most jobs, then name). */
function groupBy(counted: readonly Counted[], keyOf: (c: Counted) => [string, string]): ProfitGroup[] {
  const groups = new Map<string, { name: string; jobs: Counted[] }>();
  for (const c of counted) {
    const [key, name] = keyOf(c);
    const g = groups.get(key) ?? { name, jobs: [] };
    g.jobs.push(c);
    groups.set(key, g);
  }
  return [...groups]
    .map(([key, g]) => group(key, g.name, g.jobs))
    .sort(
      (a, b) =>
        (b.perHourCents ?? Number.NEGATIVE_INFINITY) - (a.perHourCents ?? Number.NEGATIVE_INFINITY) ||
        b.jobs - a.jobs ||
        a.name.localeCompare(b.name),
    );
}

const sum = (jobs: readonly Counted[], f: (c: Counted) => number) => jobs.reduce((s, c) => s + f(c), 0);
const rateOf = (jobs: readonly Counted[]) =>
  perHour(
    sum(jobs, (c) => c.earningsCents),
    sum(jobs, (c) => c.minutes),
  ) ?? 0;

type Located = Counted & { fromBase: number };

/** The advice (rules at the top of the file), or why there is none. */
function adviceFor(
  counted: readonly Counted[],
  pricePerMileCents: number,
): { advice: DriveAdvice | null; noAdvice: NoAdvice | null } {
  const located = counted.filter((c): c is Located => c.fromBase !== null);
  if (located.length < ADVICE_MIN_JOBS) return { advice: null, noAdvice: 'few-jobs' };
  const splits = [...new Set(located.map((c) => Math.floor(c.fromBase)))].sort((a, b) => a - b);
  let best: { at: number; inside: Located[]; far: Located[]; gap: number } | null = null;
  for (const at of splits) {
    const far = located.filter((c) => c.fromBase > at);
    const inside = located.filter((c) => c.fromBase <= at);
    if (far.length < ADVICE_MIN_SIDE || inside.length < ADVICE_MIN_SIDE) continue;
    const gap = rateOf(inside) - rateOf(far);
    if (!best || gap > best.gap) best = { at, inside, far, gap };
  }
  if (!best) return { advice: null, noAdvice: 'few-jobs' };
  const insideRate = rateOf(best.inside);
  const farRate = rateOf(best.far);
  if (insideRate <= 0 || farRate >= insideRate * FAR_SHARE_MAX) return { advice: null, noAdvice: 'no-gap' };

  const target = Math.round((farRate + insideRate) / 2);
  const farMinutes = sum(best.far, (c) => c.minutes);
  const farEarnings = sum(best.far, (c) => c.earningsCents);
  const farMiles = best.far.reduce((s, c) => s + c.fromBase, 0);
  const lacking = (target * farMinutes) / 60 - farEarnings;
  const pricePerMile = pricePerMileCents + Math.max(0, Math.ceil(lacking / farMiles - 1e-9));

  let areaMiles = best.at;
  let areaKeepsSome = false;
  const radii = [...new Set(best.far.map((c) => Math.ceil(c.fromBase)))].sort((a, b) => b - a);
  for (const r of radii) {
    const kept = best.far.filter((c) => c.fromBase <= r);
    if (kept.length > 0 && rateOf(kept) >= target) {
      areaMiles = r;
      areaKeepsSome = true;
      break;
    }
  }
  return {
    advice: {
      beyondMiles: best.at,
      farJobs: best.far.length,
      insideJobs: best.inside.length,
      farPerHourCents: farRate,
      insidePerHourCents: insideRate,
      targetPerHourCents: target,
      pricePerMileCents: pricePerMile,
      areaMiles,
      areaKeepsSome,
    },
    noAdvice: null,
  };
}

/** The period's earnings per working hour after the drive, by ZIP code and service, and the advice. */
export function driveProfit(input: DriveProfitInput): DriveProfit {
  const counted = countJobs(input);
  const located = counted.filter((c) => c.fromBase !== null).length;
  const { advice, noAdvice } = input.base
    ? adviceFor(counted, input.pricePerMileCents)
    : { advice: null, noAdvice: 'no-base' as const };
  return {
    total: group('', 'All jobs', counted),
    byZip: groupBy(counted, (c) => [c.job.zip, c.job.zip || 'Unknown']),
    byService: groupBy(counted, (c) => [c.job.serviceKey, c.job.serviceName]),
    advice,
    noAdvice,
    located,
  };
}
