/**
 * Travel time between jobs of an owner who drives to customers (docs/decisions/008):
 * the slots leave room for the drive, and a booking or a customer's move is checked
 * again under the per-business lock, for each crew it might go to (domain/crews.ts
 * freeCrew). Owner drags are not held to it; the calendar draws the drives instead
 * (routes/dashboard/travel.ts).
 */
import type { LatLng } from '@slotwise/shared/geo';
import { type DayHours, type DetailedSlot, openingInterval } from '@slotwise/shared/slots';
import { type Job, type TravelSettings, travelFits } from '@slotwise/shared/travel';

export const TRAVEL_NOT_FEASIBLE =
  'There is not enough time to travel to you between other jobs at this time. Please pick another slot.';

export interface TravelDay {
  day: string;
  hours: DayHours;
  timeZone: string;
  home: LatLng | null;
  travel: TravelSettings;
  jobs: readonly Job[];
}

/** Marks the free slots a travelling owner cannot reach from, or leave for, the neighbouring jobs. */
export function withTravel(slots: DetailedSlot[], where: LatLng, d: TravelDay): DetailedSlot[] {
  const dayStartMs = openingInterval(d.day, d.hours, d.timeZone)?.startMs ?? null;
  return slots.map((s) =>
    s.available &&
    !travelFits({
      candidate: { startMs: s.startMs, endMs: s.endMs, location: where },
      jobs: d.jobs,
      home: d.home,
      dayStartMs,
      settings: d.travel,
    })
      ? { ...s, available: false }
      : s,
  );
}
