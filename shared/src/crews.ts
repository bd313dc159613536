/**
 * Crews as pure rules (issue 25; docs/decisions/023): a crew's hours on a day, which crews may
 * do a service, one customer grid from each crew's own, and which free crew a new job goes to.
 * The server applies them (packages/server/src/domain/crews.ts); nothing here reads a database.
 */

import type { LatLng } from './geo.ts';
import type { DetailedSlot } from './slots.ts';
import { driveMinutes, type Job, neighbours } from './travel.ts';

/** The crew every business starts with (a solo owner never needs to see it). */
export const FIRST_CREW = { name: 'Main crew', color: '#0f766e' } as const;

/** What the rules need of a crew. */
export interface CrewRule {
  id: string;
  position: number;
  active: boolean;
  /** The services it does; null: every service. */
  serviceIds: readonly string[] | null;
}

/**
 * The crews that may take a job of this service: active, and doing it. `serviceId` null (a
 * booking whose service was deleted, the bare grid): every active crew.
 */
export function crewsFor<C extends CrewRule>(crews: readonly C[], serviceId: string | null | undefined): C[] {
  return crews.filter((c) => c.active && (!serviceId || c.serviceIds === null || c.serviceIds.includes(serviceId)));
}

/**
 * The customer's grid from each crew's: a time is offered when any crew has it free. Crews
 * with different hours have different grids; the union is in time order, and a time no crew
 * has free keeps the first crew's refusal (past, too long) so the day's status reads right.
 */
export function unionOfGrids(grids: readonly (readonly DetailedSlot[])[]): DetailedSlot[] {
  if (grids.length === 1) return [...grids[0]!];
  const byTime = new Map<number, DetailedSlot>();
  for (const grid of grids)
    for (const slot of grid) {
      const kept = byTime.get(slot.startMs);
      if (!kept || (!kept.available && slot.available)) byTime.set(slot.startMs, slot);
    }
  return [...byTime.values()].sort((a, b) => a.startMs - b.startMs);
}

/**
 * The minutes of driving a job adds to a crew's day: from the stop before it (the previous
 * job, else the crew's start place) to it and on to the next job, less the drive it replaces.
 * 0 when places are unknown or the owner does not travel.
 */
export function addedDriveMinutes(
  candidate: { startMs: number; endMs: number; location: LatLng | null },
  jobs: readonly Job[],
  home: LatLng | null,
  speedMph: number,
): number {
  if (!candidate.location) return 0;
  const { previous, next } = neighbours(candidate, jobs);
  const from = previous ? previous.location : home;
  const there = driveMinutes(from, candidate.location, speedMph);
  if (!next) return there;
  return (
    there + driveMinutes(candidate.location, next.location, speedMph) - driveMinutes(from, next.location, speedMph)
  );
}

/** A crew free for the job, with what giving it the job costs. */
export interface CrewOption {
  id: string;
  position: number;
  /** addedDriveMinutes for this crew. */
  addedMinutes: number;
  /** The crew's jobs that day already. */
  jobsThatDay: number;
}

/**
 * Who gets a new job (issue 25, item 3): the free crew with the least added drive; ties go to
 * the crew with the fewest jobs that day, then to the crew listed first. A preferred crew (the
 * one a plan's visits or a moved booking had) keeps the job whenever it is free.
 */
export function chooseCrew(options: readonly CrewOption[], preferred?: string | null): CrewOption | null {
  if (preferred) {
    const kept = options.find((o) => o.id === preferred);
    if (kept) return kept;
  }
  let best: CrewOption | null = null;
  for (const o of options)
    if (
      !best ||
      o.addedMinutes < best.addedMinutes ||
      (o.addedMinutes === best.addedMinutes &&
        (o.jobsThatDay < best.jobsThatDay || (o.jobsThatDay === best.jobsThatDay && o.position < best.position)))
    )
      best = o;
  return best;
}
