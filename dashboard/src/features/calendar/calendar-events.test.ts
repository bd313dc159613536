import type { BlockedTime, Booking } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { businessProfile } from '../../lib/business.ts';
import { onboardedProfile } from '../../testing/fake-api.ts';
import {
  blockedEvent,
  bookingEvent,
  describeHours,
  hoursByWeekday,
  insideHours,
  slotIsOpen,
  toEvents,
} from './calendar-events.ts';
import { timeOf, wallDate } from './wall-clock.ts';

const booking = (over: Partial<Booking> = {}): Booking => ({
  _id: '0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e12',
  firstName: 'Dana',
  lastName: 'Reyes',
  serviceName: 'Full Detail',
  customerEmail: 'dana@example.com',
  phoneNumber: '+1 5550101010',
  carBodyType: 'SUV',
  totalQuote: 180,
  customerAddress: null,
  status: 'pending',
  bookingTime: { day: '2026-03-11', startTime: '10:00', endTime: '11:30' },
  ...over,
});

const blocked = (over: Partial<BlockedTime> = {}): BlockedTime => ({
  _id: '5e1d2c3b-4a59-4f68-8a7b-9c0d1e2f3a4b',
  title: 'Blocked Time',
  reason: 'lunch',
  startTime: '2026-03-10T19:00:00.000Z',
  endTime: '2026-03-10T20:00:00.000Z',
  ...over,
});

describe('bookingEvent', () => {
  it('places a booking at its business-local day and times', () => {
    const e = bookingEvent(booking());
    expect(e.start).toEqual(wallDate('2026-03-11', '10:00'));
    expect(e.end).toEqual(wallDate('2026-03-11', '11:30'));
    expect(e.title).toBe('Full Detail · Dana Reyes');
  });

  it.each([
    ['pending', 'amber', true],
    ['approved', 'green', true],
    ['completed', 'blue', false],
    ['cancelled', 'red', false],
    ['declined', 'grey', false],
  ] as const)('colours a %s booking %s; movable: %s', (status, color, movable) => {
    const e = bookingEvent(booking({ status }));
    expect(e.color).toBe(color);
    expect(e.movable).toBe(movable);
    expect(e.resizable).toBe(false);
  });

  it('shows a booking awaiting its deposit in amber, titled so, and keeps it where it is', () => {
    const e = bookingEvent(booking({ status: 'awaiting_payment' }));
    expect(e.title).toBe('Awaiting payment: Full Detail · Dana Reyes');
    expect(e.color).toBe('amber');
    expect(e.movable).toBe(false);
    expect(e.resizable).toBe(false);
    expect(e.tooltip).toBe(
      'Awaiting payment: Full Detail · Dana Reyes (Awaiting payment) 10:00 AM – 11:30 AM. It cannot be moved while it waits for the deposit.',
    );
  });

  it('never draws a hold that expired unpaid', () => {
    const events = toEvents(
      [
        booking({ _id: '0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e13', status: 'expired' }),
        booking({ _id: '0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e14', status: 'awaiting_payment' }),
      ],
      [],
      'America/Los_Angeles',
    );
    expect(events.map((e) => e.key)).toEqual(['booking:0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e14']);
  });

  it("draws a plan's visit that holds no time faint: one whose day was taken (dragged to get one), one skipped (fixed)", () => {
    const taken = bookingEvent(booking({ status: 'needs_time' }));
    expect(taken.title).toBe('Needs a time: Full Detail · Dana Reyes');
    expect([taken.color, taken.movable, taken.resizable, taken.holdsTime]).toEqual(['amber', true, false, false]);
    expect(taken.tooltip).toBe(
      'Needs a time: Full Detail · Dana Reyes (Needs a time) 10:00 AM – 11:30 AM. Its day was taken, so it holds no time: drag it to a free time, or use Next free time.',
    );
    const skipped = bookingEvent(booking({ status: 'skipped' }));
    expect(skipped.title).toBe('Skipped: Full Detail · Dana Reyes');
    expect([skipped.color, skipped.movable, skipped.holdsTime]).toEqual(['grey', false, false]);
    for (const status of ['pending', 'approved', 'cancelled', 'declined'] as const)
      expect(bookingEvent(booking({ status })).holdsTime).toBe(true);
  });

  it("names a plan's visit's repeat, and nothing for a one-off booking", () => {
    const visit = bookingEvent(
      booking({ status: 'approved', plan: { planId: '6f1e2d3c-4b5a-4697-8877-665544332211', label: 'Weekly' } }),
    );
    expect(visit.repeats).toBe('Repeats: Weekly');
    expect(visit.movable).toBe(true);
    expect(visit.tooltip).toBe('Full Detail · Dana Reyes (Approved) 10:00 AM – 11:30 AM Repeats: Weekly.');
    expect(bookingEvent(booking()).repeats).toBeNull();
  });

  it('ends a booking that runs past midnight on the next day', () => {
    const e = bookingEvent(booking({ bookingTime: { day: '2026-03-11', startTime: '23:30', endTime: '00:30' } }));
    expect(e.end).toEqual(wallDate('2026-03-12', '00:30'));
  });
});

describe('blockedEvent', () => {
  it('shows a blocked time in the business zone, titled by its reason', () => {
    const e = blockedEvent(blocked(), 'America/Los_Angeles');
    expect(timeOf(e.start)).toBe('12:00');
    expect(timeOf(e.end)).toBe('13:00');
    expect(e.title).toBe('Lunch Break');
    expect(e.color).toBe('blocked');
    expect(e.movable && e.resizable).toBe(true);
  });

  it('titles a custom block by its own title', () => {
    expect(blockedEvent(blocked({ reason: 'custom', title: 'Dentist' }), 'UTC').title).toBe('Dentist');
  });
});

describe('business hours', () => {
  const hours = hoursByWeekday([
    { day: 'Monday', startTime: '09:00', endTime: '17:00' },
    { day: 'Sunday', startTime: null, endTime: null },
  ]);

  it('takes the defaults for days the server did not send (10:00-19:00 weekdays, weekend off)', () => {
    expect(hours[1]).toEqual({ open: 540, close: 1020 }); // Monday, as sent
    expect(hours[2]).toEqual({ open: 600, close: 1140 }); // Tuesday, default
    expect(hours[6]).toBeNull(); // Saturday, default off
    expect(hours[0]).toBeNull(); // Sunday, sent off
  });

  it('marks each 30-minute slot open or closed', () => {
    // 2026-03-09 is a Monday.
    expect(slotIsOpen(hours, wallDate('2026-03-09', '08:30'))).toBe(false);
    expect(slotIsOpen(hours, wallDate('2026-03-09', '09:00'))).toBe(true);
    expect(slotIsOpen(hours, wallDate('2026-03-09', '16:30'))).toBe(true);
    expect(slotIsOpen(hours, wallDate('2026-03-09', '17:00'))).toBe(false);
    expect(slotIsOpen(hours, wallDate('2026-03-14', '12:00'))).toBe(false);
  });

  it('allows a span only wholly inside one day of business hours', () => {
    const at = (t: string) => wallDate('2026-03-09', t);
    expect(insideHours(hours, at('09:00'), at('17:00'))).toBe(true);
    expect(insideHours(hours, at('08:30'), at('09:30'))).toBe(false);
    expect(insideHours(hours, at('16:30'), at('17:30'))).toBe(false);
    expect(insideHours(hours, wallDate('2026-03-14', '12:00'), wallDate('2026-03-14', '12:30'))).toBe(false);
    const allDay = hoursByWeekday([{ day: 'Monday', startTime: '00:00', endTime: '23:59' }]);
    expect(insideHours(allDay, at('23:00'), wallDate('2026-03-10', '00:00'))).toBe(false);
  });

  it("describes a day for messages, on the owner's clock", () => {
    expect(describeHours(hours, wallDate('2026-03-09'))).toBe('Monday 9:00 AM – 5:00 PM');
    expect(describeHours(hours, wallDate('2026-03-15'))).toBe('Sunday (closed)');
    businessProfile.set({ ...onboardedProfile, timeFormat: '24h' });
    try {
      expect(describeHours(hours, wallDate('2026-03-09'))).toBe('Monday 09:00 – 17:00');
    } finally {
      businessProfile.reset();
    }
  });
});
