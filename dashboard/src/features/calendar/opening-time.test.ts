import type { Booking } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { bookingEvent, hoursByWeekday } from './calendar-events.ts';
import { openingMinute } from './opening-time.ts';
import { wallDate } from './wall-clock.ts';

const job = (day: string, startTime: string, status = 'pending') =>
  bookingEvent({
    _id: `b-${day}-${startTime}-${status}`,
    firstName: 'Dana',
    lastName: 'Reyes',
    serviceName: 'Full Detail',
    customerEmail: 'dana@example.com',
    phoneNumber: '+1 5550101010',
    carBodyType: null,
    totalQuote: 180,
    customerAddress: null,
    status,
    bookingTime: { day, startTime, endTime: '23:00' },
  } as Booking);

// Wednesday, March 11, 2026: open 9:00-17:00 on weekdays.
const TODAY = '2026-03-11';
const hours = hoursByWeekday(
  (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const).map((day) => ({
    day,
    startTime: '09:00',
    endTime: '17:00',
  })),
);
const at = (h: number, m = 0) => h * 60 + m;
const open = (over: Partial<Parameters<typeof openingMinute>[0]>) =>
  openingMinute({ view: 'day', date: wallDate(TODAY), today: TODAY, nowMinute: at(7), hours, events: [], ...over });

describe('openingMinute', () => {
  it('today: the first job when it is later than now, a little above it', () => {
    expect(open({ nowMinute: at(7), events: [job(TODAY, '16:00'), job(TODAY, '14:00')] })).toBe(at(13, 30));
  });

  it('today: now, when the day’s jobs began earlier or there are none', () => {
    expect(open({ nowMinute: at(15, 10), events: [job(TODAY, '10:00'), job(TODAY, '18:00')] })).toBe(at(14, 40));
    expect(open({ nowMinute: at(6) })).toBe(at(5, 30));
  });

  it('another day: its first job; none: an hour before opening', () => {
    const tomorrow = wallDate('2026-03-12');
    expect(open({ date: tomorrow, events: [job('2026-03-12', '11:00'), job(TODAY, '08:00')] })).toBe(at(10, 30));
    expect(open({ date: tomorrow })).toBe(at(8));
    expect(open({ date: wallDate('2026-03-14'), hours: null })).toBe(at(8));
  });

  it('counts only jobs: not cancelled or declined bookings, nor visits holding no time', () => {
    const events = [
      job(TODAY, '08:00', 'cancelled'),
      job(TODAY, '08:30', 'declined'),
      job(TODAY, '09:00', 'needs_time'),
    ];
    expect(open({ nowMinute: at(6), events: [...events, job(TODAY, '12:00', 'approved')] })).toBe(at(11, 30));
  });

  it('the week keeps the hour before opening of the day it is on', () => {
    expect(open({ view: 'week', nowMinute: at(15), events: [job(TODAY, '16:00')] })).toBe(at(8));
  });
});
