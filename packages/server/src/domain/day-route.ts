/**
 * A crew's day as a route (issue 44 item 7; docs/decisions/054), pure: the drives between its
 * jobs in the order they are booked, and a suggested order for the jobs whose time may move
 * (nearest neighbour, then 2-opt) that drives less. Issue 45 prices slots by how they fit a
 * route and builds on these functions, so nothing here reads a database or the clock.
 *
 * Rules (the travel model of shared/src/travel.ts: straight-line miles at the business's speed):
 * - The day's drive is from the crew's start place to the first job, then from each job to the
 *   next; no leg home (as the slots and the calendar's drives).
 * - A fixed job keeps its time. A job that may move keeps its length, starts no earlier than
 *   `earliestMs` (now plus the notice), inside the crew's hours (opening plus the drive from the
 *   start place when it is the first stop; ending by closing), after the stop before it plus the
 *   drive and the owner's buffer, on a 5-minute mark, and never across a blocked time.
 * - A movable job keeps its booked time when the new order allows it (fewer customers told), else
 *   goes to the earliest time that fits.
 * - A suggestion is made only when it drives strictly less than the booked order and breaks no
 *   rule above; otherwise the day is left as it is. Ties are broken by the booked order, so the
 *   same day always gives the same suggestion.
 */
import { type LatLng, milesBetween } from '@slotwise/shared/geo';
import { driveMinutes } from '@slotwise/shared/travel';

const MINUTE = 60_000;
/** Moved jobs start on a 5-minute mark: "10:35 AM", never "10:37 AM". */
const STEP_MS = 5 * MINUTE;
/** Improvement passes are bounded: a crew's day is a handful of jobs, this never runs long. */
const MAX_PASSES = 50;

export interface RouteStop {
  id: string;
  startMs: number;
  endMs: number;
  location: LatLng | null;
  /** True when the job must keep its time (started, within the notice, pinned by the owner). */
  fixed: boolean;
}

export interface Span {
  startMs: number;
  endMs: number;
}

export interface RouteDayInput {
  stops: readonly RouteStop[];
  /** The crew's start place (else the business address); null when unknown. */
  home: LatLng | null;
  /** The crew's hours that day; null when it does not work that day (nothing may move). */
  open: Span | null;
  /** Blocked times that day: a moved job never overlaps one. */
  busy: readonly Span[];
  /** No job moves to before this (now plus the business's notice). */
  earliestMs: number;
  speedMph: number;
  bufferMinutes: number;
}

/** One drive of the day: to a stop, from the one before it (or from the start place). */
export interface Leg {
  toId: string;
  /** null: from the crew's start place. */
  fromId: string | null;
  minutes: number;
  /** Straight-line miles, to 0.1; 0 when either end has no known place. */
  miles: number;
}

export interface PlannedStop {
  id: string;
  startMs: number;
  endMs: number;
  /** Its time differs from the booked one. */
  moved: boolean;
}

export interface RouteSuggestion {
  /** The stops in the suggested driving order with their times; the booked day when no better one. */
  stops: PlannedStop[];
  currentDriveMinutes: number;
  driveMinutes: number;
  /** currentDriveMinutes - driveMinutes; 0 when there is no suggestion. */
  savedMinutes: number;
}

/** The stops in booked order: by start, then end, then id (deterministic for equal times). */
export function bookedOrder<T extends Span & { id: string }>(stops: readonly T[]): T[] {
  return [...stops].sort(
    (a, b) => a.startMs - b.startMs || a.endMs - b.endMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The drives of the stops in the order given, from the start place. */
export function routeLegs(
  order: readonly { id: string; location: LatLng | null }[],
  home: LatLng | null,
  speedMph: number,
): Leg[] {
  return order.map((stop, i) => {
    const before = i > 0 ? order[i - 1]! : null;
    const from = before ? before.location : home;
    return {
      toId: stop.id,
      fromId: before?.id ?? null,
      minutes: driveMinutes(from, stop.location, speedMph),
      miles: from && stop.location ? milesBetween(from, stop.location) : 0,
    };
  });
}

/** The day's total drive in minutes for the stops in the order given. */
export function totalDrive(
  order: readonly { location: LatLng | null }[],
  home: LatLng | null,
  speedMph: number,
): number {
  let total = 0;
  let from = home;
  for (const stop of order) {
    total += driveMinutes(from, stop.location, speedMph);
    from = stop.location;
  }
  return total;
}

const roundUp = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

/** The first start at or after `startMs` on a 5-minute mark whose span crosses no blocked time. */
function clearOfBusy(startMs: number, length: number, busy: readonly Span[]): number {
  let start = roundUp(startMs);
  for (let moved = true; moved; ) {
    moved = false;
    for (const b of busy)
      if (start < b.endMs && start + length > b.startMs) {
        start = roundUp(b.endMs);
        moved = true;
      }
  }
  return start;
}

interface Timed {
  stops: PlannedStop[];
  /** How far (ms) the order misses the rules: 0 when it breaks none. */
  miss: number;
}

/**
 * The times of the stops in one order: fixed ones as booked, movable ones at their booked time
 * when `keep` and it fits, else at the earliest time that fits. `miss` adds up how late each
 * fixed job would be reached and how far past closing a moved one would end.
 */
function timesFor(order: readonly RouteStop[], input: RouteDayInput, keep: boolean): Timed {
  const { home, open, busy, earliestMs, speedMph, bufferMinutes } = input;
  const buffer = bufferMinutes * MINUTE;
  const stops: PlannedStop[] = [];
  let miss = 0;
  let before: { endMs: number; location: LatLng | null } | null = null;
  for (const stop of order) {
    const drive = driveMinutes(before ? before.location : home, stop.location, speedMph) * MINUTE;
    const reachable = before ? before.endMs + drive + buffer : open ? open.startMs + drive : Number.NEGATIVE_INFINITY;
    const length = stop.endMs - stop.startMs;
    let startMs = stop.startMs;
    if (stop.fixed || !open) {
      // A job that may not move (or a day the crew does not work) is reached in time or missed.
      miss += Math.max(0, reachable - stop.startMs);
    } else {
      const earliest = Math.max(reachable, earliestMs, open.startMs);
      startMs = clearOfBusy(keep ? Math.max(earliest, stop.startMs) : earliest, length, busy);
      // The booked time is kept exactly when it fits (it need not be on a 5-minute mark).
      if (keep && stop.startMs >= earliest && !busy.some((b) => stop.startMs < b.endMs && stop.endMs > b.startMs))
        startMs = stop.startMs;
      miss += Math.max(0, startMs + length - open.endMs);
    }
    stops.push({ id: stop.id, startMs, endMs: startMs + length, moved: startMs !== stop.startMs });
    before = { endMs: startMs + length, location: stop.location };
  }
  return { stops, miss };
}

interface Scored {
  order: RouteStop[];
  timed: Timed;
  drive: number;
}

/** An order's times (booked ones kept where they fit, else the earliest) and its drive. */
function score(order: RouteStop[], input: RouteDayInput): Scored {
  const kept = timesFor(order, input, true);
  const timed = kept.miss === 0 ? kept : minMiss(kept, timesFor(order, input, false));
  return { order, timed, drive: totalDrive(order, input.home, input.speedMph) };
}

const minMiss = (a: Timed, b: Timed) => (b.miss < a.miss ? b : a);

/** a is better than b: misses less, then drives less. */
const better = (a: Scored, b: Scored) =>
  a.timed.miss < b.timed.miss || (a.timed.miss === b.timed.miss && a.drive < b.drive);

/** Nearest neighbour from the start place; ties go to the stop booked earlier. */
function nearestNeighbour(booked: readonly RouteStop[], home: LatLng | null, speedMph: number): RouteStop[] {
  const left = [...booked];
  const order: RouteStop[] = [];
  let from = home;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++)
      if (driveMinutes(from, left[i]!.location, speedMph) < driveMinutes(from, left[best]!.location, speedMph))
        best = i;
    const [next] = left.splice(best, 1);
    order.push(next!);
    from = next!.location;
  }
  return order;
}

/** 2-opt: reverse any stretch of the order while that makes it better (first improvement, in index order). */
function twoOpt(start: RouteStop[], input: RouteDayInput): Scored {
  let best = score(start, input);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let improved = false;
    for (let i = 0; i < best.order.length - 1; i++)
      for (let j = i + 1; j < best.order.length; j++) {
        const order = [...best.order.slice(0, i), ...best.order.slice(i, j + 1).reverse(), ...best.order.slice(j + 1)];
        const candidate = score(order, input);
        if (better(candidate, best)) {
          best = candidate;
          improved = true;
        }
      }
    if (!improved) break;
  }
  return best;
}

/**
 * The suggested order of a crew's day (rules at the top of the file). With no better order, the
 * stops as booked, none moved.
 */
export function suggestRoute(input: RouteDayInput): RouteSuggestion {
  const booked = bookedOrder(input.stops);
  const currentDriveMinutes = totalDrive(booked, input.home, input.speedMph);
  const asBooked: RouteSuggestion = {
    stops: booked.map((s) => ({ id: s.id, startMs: s.startMs, endMs: s.endMs, moved: false })),
    currentDriveMinutes,
    driveMinutes: currentDriveMinutes,
    savedMinutes: 0,
  };
  if (!input.open || !booked.some((s) => !s.fixed)) return asBooked;
  const fromBooked = twoOpt(booked, input);
  const fromNearest = twoOpt(nearestNeighbour(booked, input.home, input.speedMph), input);
  const best = better(fromNearest, fromBooked) ? fromNearest : fromBooked;
  if (best.timed.miss > 0 || best.drive >= currentDriveMinutes) return asBooked;
  return {
    stops: best.timed.stops,
    currentDriveMinutes,
    driveMinutes: best.drive,
    savedMinutes: currentDriveMinutes - best.drive,
  };
}
