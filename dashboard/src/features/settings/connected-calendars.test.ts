import type { ConnectedCalendar, Crew } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { readWords, whenWords, whoseWords } from './connected-calendars.ts';

const LA = 'America/Los_Angeles';
const NOW = Date.parse('2027-03-02T17:30:00Z');
const calendar: ConnectedCalendar = {
  _id: 'c1',
  label: 'Personal',
  hint: 'calendar.google.com ...cdef',
  crewId: null,
  lastFetchedAt: '2027-03-02T17:27:00.000Z',
  lastSuccessAt: '2027-03-02T17:27:00.000Z',
  eventsFound: 8,
  lastError: null,
  stale: false,
};

describe('connected calendars, in words', () => {
  it('says when, the way a person would, on the business clock', () => {
    expect(whenWords('2027-03-02T17:29:30Z', NOW, LA)).toBe('just now');
    expect(whenWords('2027-03-02T17:29:00Z', NOW, LA)).toBe('1 minute ago');
    expect(whenWords('2027-03-02T17:18:00Z', NOW, LA)).toBe('12 minutes ago');
    // 9:05 in Los Angeles, whatever the test runner's zone (TZ=Asia/Tokyo).
    expect(whenWords('2027-03-02T17:05:00Z', NOW + 3_600_000, LA)).toBe('Tue, Mar 2, 2027 at 9:05 AM');
  });

  it('says what was read', () => {
    expect(readWords(calendar, NOW, LA)).toBe('Read 3 minutes ago: 8 busy events from today to your booking horizon.');
    expect(readWords({ ...calendar, eventsFound: 1 }, NOW, LA)).toMatch(/: 1 busy event from/);
    expect(readWords({ ...calendar, lastSuccessAt: null }, NOW, LA)).toBe('Not read yet.');
  });

  it("names a crew's calendar, never the owner's own", () => {
    const crews = [{ _id: 'k2', name: 'Truck 2' }] as Crew[];
    expect(whoseWords({ crewId: 'k2' }, crews)).toBe('Blocks Truck 2 only');
    expect(whoseWords({ crewId: null }, crews)).toBeNull();
  });
});
