import type { BusyTime } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { busyEvent, busyTitle, placeBusy } from './busy-events.ts';
import { dayOf, timeOf } from './wall-clock.ts';

const LA = 'America/Los_Angeles';
const busy = (over: Partial<BusyTime> = {}): BusyTime => ({
  _id: '3c9a7f1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b',
  calendarId: '4d0b8a2f-3c5e-4f70-9b1c-2d3e4f5a6b7c',
  label: 'Personal',
  title: null,
  startTime: '2027-03-09T17:00:00.000Z',
  endTime: '2027-03-09T18:00:00.000Z',
  allDay: false,
  crewId: null,
  ...over,
});
const COLUMNS = [
  { id: 'main', title: 'Main crew', color: '#0f766e' },
  { id: 'truck', title: 'Truck 2', color: '#1d4ed8' },
];

describe('busy events from connected calendars', () => {
  it('says "Busy (Personal)", or the title when the owner shows titles', () => {
    expect(busyTitle(busy())).toBe('Busy (Personal)');
    expect(busyTitle(busy({ title: 'Dentist' }))).toBe('Dentist (Personal)');
  });

  it("is drawn at the business's wall time (the runner's zone is another), read-only, with what it is in its tooltip", () => {
    const e = busyEvent(busy(), LA);
    expect([dayOf(e.start), timeOf(e.start), timeOf(e.end)]).toEqual(['2027-03-09', '09:00', '10:00']);
    expect(e).toMatchObject({
      kind: 'busy',
      key: `busy:${busy()._id}`,
      movable: false,
      resizable: false,
      allDay: false,
    });
    expect(e.tooltip).toBe(
      'Busy (Personal) Tue, Mar 9, 2027, 9:00 AM – 10:00 AM. From your calendar "Personal": customers cannot book this time.',
    );
  });

  it('puts whole days in the all-day row', () => {
    const e = busyEvent(
      busy({ allDay: true, startTime: '2027-03-05T08:00:00.000Z', endTime: '2027-03-07T08:00:00.000Z' }),
      LA,
    );
    expect([dayOf(e.start), timeOf(e.start), dayOf(e.end), e.allDay]).toEqual([
      '2027-03-05',
      '00:00',
      '2027-03-07',
      true,
    ]);
    expect(e.tooltip).toMatch(/^Busy \(Personal\) Fri, Mar 5, 2027 – Sat, Mar 6, 2027\./);
  });

  it("draws a crew's calendar in its column, the owner's in every column, and a crew's alone when one crew is shown", () => {
    const own = busyEvent(busy(), LA);
    const truck = busyEvent(busy({ _id: '5e1c9b3a-4d6f-4a81-8c2d-3e4f5a6b7c8d', crewId: 'truck' }), LA);
    expect(placeBusy([own, truck], COLUMNS, null).map((e) => e.resourceId)).toEqual([['main', 'truck'], 'truck']);
    expect(placeBusy([own, truck], COLUMNS, 'main').map((e) => e.key)).toEqual([own.key]);
    expect(placeBusy([own, truck], [], null)).toEqual([own, truck]);
  });
});
