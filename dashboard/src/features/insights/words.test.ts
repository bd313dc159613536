import { describe, expect, it } from 'vitest';
import {
  axisUsd,
  bookingRate,
  dropOffText,
  fullSentence,
  heatCellLabel,
  NO_AREA,
  widerSentence,
  zipSummary,
} from './words.ts';

describe('insights words', () => {
  it('says what a 5 miles wider area would have reached', () => {
    expect(widerSentence({ serviceAreaMiles: 15, wider: { miles: 5, requests: 7, value: 1240 } })).toBe(
      'A 5 miles wider area would have reached 7 more requests worth $1,240.00.',
    );
    expect(widerSentence({ serviceAreaMiles: 15, wider: { miles: 5, requests: 1, value: 95.5 } })).toBe(
      'A 5 miles wider area would have reached 1 more request worth $95.50.',
    );
    expect(widerSentence({ serviceAreaMiles: 15, wider: { miles: 5, requests: 0, value: 0 } })).toBe(
      'A 5 miles wider area would have reached no more requests.',
    );
  });

  it('says there is no service area when none is set, so nothing was refused for distance', () => {
    expect(widerSentence({ serviceAreaMiles: null, wider: null })).toBe(NO_AREA);
    expect(NO_AREA).toBe('You have no service area, so no request was refused for distance.');
  });

  it('says which full days and times customers wanted', () => {
    expect(fullSentence({ weekday: 6, part: 'morning', count: 12 })).toBe(
      '12 customers wanted Saturday morning; you were full.',
    );
    expect(fullSentence({ weekday: 1, part: 'evening', count: 1 })).toBe(
      '1 customer wanted Monday evening; you were full.',
    );
    expect(fullSentence({ weekday: 6, part: null, count: 3 })).toBe('3 customers wanted a Saturday; you were full.');
  });

  it('labels heat grid cells on the business clock', () => {
    expect(heatCellLabel(6, 9, 6, '12h')).toBe('Saturday 9 AM: 6 bookings');
    expect(heatCellLabel(0, 14, 1, '24h')).toBe('Sunday 14:00: 1 booking');
    expect(heatCellLabel(2, 12, 0, '12h')).toBe('Tuesday 12 PM: no bookings');
  });

  it('reads the funnel: drop-offs and booking rates', () => {
    expect(dropOffText(40)).toBe('40% dropped off');
    expect(dropOffText(null)).toBeNull();
    expect(bookingRate({ opened: 200, booked: 31 })).toBe(16);
    expect(bookingRate({ opened: 0, booked: 0 })).toBeNull();
  });

  it('writes the money axis short', () => {
    expect([0, 850, 1000, 1500, 12_000, 12_500].map(axisUsd)).toEqual(['$0', '$850', '$1k', '$1.5k', '$12k', '$13k']);
  });

  it("sums up a ZIP code's missed requests", () => {
    const zip = {
      zip: '78745',
      place: 'Austin, TX',
      lat: 30.2,
      lng: -97.8,
      miles: 8.2,
      outsideArea: 6,
      outsideAreaValue: 840,
      quoted: 3,
      booked: 1,
      notBooked: 2,
      notBookedValue: 310,
    };
    expect(zipSummary(zip)).toBe('6 refused by distance ($840.00), 2 quotes not booked ($310.00)');
    expect(zipSummary({ ...zip, outsideArea: 0, notBooked: 1, notBookedValue: 120 })).toBe(
      '1 quote not booked ($120.00)',
    );
  });
});
