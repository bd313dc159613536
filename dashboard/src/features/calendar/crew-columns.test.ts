import type { BlockedTime, Booking, Crew, TravelBlock } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../../testing/bookings.ts';
import { blockedEvent, bookingEvent, travelEvent } from './calendar-events.ts';
import { crewColumns, onlyCrew, placeOnCrews, placeTravel } from './crew-columns.ts';

const crew = (id: string, name: string, active = true): Crew => ({
  _id: id,
  name,
  color: '#0f766e',
  active,
  hours: null,
  startAddress: null,
  serviceIds: null,
  member: null,
});
const A = crew('a', 'Main crew');
const B = crew('b', 'Truck 2');
const P = crew('p', 'Old van', false);
const LUNCH: BlockedTime = {
  _id: 'l',
  title: 'Blocked Time',
  reason: 'lunch',
  startTime: '2026-03-11T19:00:00.000Z',
  endTime: '2026-03-11T20:00:00.000Z',
};
const on = (crewId: string | null | undefined): Booking => makeBooking({ crewId });

describe('crewColumns', () => {
  it("is the crews that take jobs, and paused ones with jobs in view, in the crews' order", () => {
    expect(crewColumns([A, P, B], [on('a')]).map((c) => c.title)).toEqual(['Main crew', 'Truck 2']);
    expect(crewColumns([A, P, B], [on('p')]).map((c) => c.title)).toEqual(['Main crew', 'Old van (paused)', 'Truck 2']);
  });
});

describe('placeOnCrews', () => {
  const columns = crewColumns([A, B], []);

  it("puts a booking in its crew's column, one with no crew or an unknown crew in the first", () => {
    const placed = placeOnCrews([on('b'), on(null), on('gone')].map(bookingEvent), [A, B], columns);
    expect(placed.map((e) => e.resourceId)).toEqual(['b', 'a', 'a']);
    const first = placed[0];
    expect(first?.kind === 'booking' && first.crew).toEqual({ id: 'b', name: 'Truck 2', color: '#0f766e' });
    expect(first?.tooltip).toMatch(/ Crew: Truck 2\.$/);
  });

  it('puts a blocked time in every column', () => {
    expect(placeOnCrews([blockedEvent(LUNCH, 'UTC')], [A, B], columns)[0]?.resourceId).toEqual(['a', 'b']);
  });

  it('places nothing without columns (one crew)', () => {
    const event = bookingEvent(on('a'));
    expect(placeOnCrews([event], [A], [])).toEqual([event]);
  });
});

describe('placeTravel and onlyCrew', () => {
  it("puts a drive in its job's column; one crew keeps its own bookings and drives and every blocked time", () => {
    const job = on('b');
    const placed = placeOnCrews(
      [bookingEvent(job), bookingEvent(on('a')), blockedEvent(LUNCH, 'UTC')],
      [A, B],
      [...crewColumns([A, B], [])],
    );
    const drive: TravelBlock = {
      startTime: '2026-03-11T16:00:00.000Z',
      endTime: '2026-03-11T16:30:00.000Z',
      minutes: 30,
      fromBookingId: null,
      toBookingId: job._id,
    };
    const [travel] = placeTravel([travelEvent(drive, 'UTC')], placed);
    expect(travel?.resourceId).toBe('b');
    expect(onlyCrew(placed, 'b').map((e) => e.kind)).toEqual(['booking', 'blocked']);
    expect(onlyCrew(placed, null)).toHaveLength(3);
    expect(onlyCrew(travel ? [travel] : [], 'a')).toEqual([]);
  });
});
