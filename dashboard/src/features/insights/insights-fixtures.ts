/**
 * Answers of the four insights calls for the tests (and for looking at the page): a detailer in
 * Austin over November 2026, its today 2026-11-30 (a Monday).
 */
import type { InsightsDrive, InsightsFunnel, InsightsMissed, InsightsQuery, InsightsWork } from '@slotwise/shared/api';
import { chartWeeks } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';

export const TODAY = '2026-11-30';
export const NOVEMBER: InsightsQuery = { from: '2026-11-01', to: '2026-11-30' };

const daysOf = ({ from, to }: InsightsQuery) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

export function funnelFixture(range: InsightsQuery = NOVEMBER): InsightsFunnel {
  return {
    ...range,
    totals: { opened: 240, quoted: 150, slot: 70, booked: 42 },
    sources: [
      {
        kind: 'site',
        site: 'sparkleauto.com',
        label: 'sparkleauto.com',
        opened: 160,
        quoted: 100,
        slot: 48,
        booked: 30,
      },
      { kind: 'page', site: '', label: 'Booking page', opened: 60, quoted: 38, slot: 16, booked: 9 },
      { kind: 'qr', site: '', label: 'QR code', opened: 20, quoted: 12, slot: 6, booked: 3 },
    ],
    days: daysOf(range).map((day, i) => {
      const opened = 4 + ((i * 7) % 9);
      return {
        day,
        opened,
        quoted: Math.round(opened * 0.6),
        slot: Math.round(opened * 0.3),
        booked: i % 3 === 0 ? 2 : 1,
      };
    }),
  };
}

export function emptyFunnel(range: InsightsQuery = NOVEMBER): InsightsFunnel {
  const zero = { opened: 0, quoted: 0, slot: 0, booked: 0 };
  return { ...range, totals: zero, sources: [], days: daysOf(range).map((day) => ({ day, ...zero })) };
}

export function workFixture(range: InsightsQuery = NOVEMBER): InsightsWork {
  return {
    ...range,
    weeks: chartWeeks(TODAY).map((weekStart, i) => {
      const past = i < 12;
      const bookedCount = past ? 8 + (i % 4) * 2 : i === 12 ? 9 : 6 - (i - 13);
      const booked = bookedCount * 165;
      return {
        weekStart,
        bookedCount,
        booked,
        completedCount: past ? bookedCount : i === 12 ? 3 : 0,
        completed: past ? booked : i === 12 ? 495 : 0,
        cancelledCount: i % 5 === 0 ? 1 : 0,
        cancelled: i % 5 === 0 ? 150 : 0,
        // Collected on the week's days: the past weeks' work less what is still owed, and this week's deposits.
        collected: past ? booked - (i % 3) * 45 : i === 12 ? 120 : 0,
      };
    }),
    collected: 4860,
    // This week's 6 still to come ($990) and the next 4 weeks' 18 ($2,970).
    ahead: { from: TODAY, to: '2027-01-02', bookedCount: 24, booked: 3960 },
    services: [
      { serviceId: '5b8f0c64-1d0e-4c4b-9a53-0d1f8e6f2a01', name: 'Full Detail', bookings: 18, revenue: 3240 },
      { serviceId: '5b8f0c64-1d0e-4c4b-9a53-0d1f8e6f2a02', name: 'Exterior Wash', bookings: 14, revenue: 686 },
      { serviceId: '5b8f0c64-1d0e-4c4b-9a53-0d1f8e6f2a03', name: 'Interior Clean', bookings: 10, revenue: 1290 },
    ],
    averageQuote: 182.4,
    quotes: 150,
    heat: [
      { weekday: 6, hour: 9, bookings: 6 },
      { weekday: 6, hour: 10, bookings: 4 },
      { weekday: 6, hour: 13, bookings: 3 },
      { weekday: 0, hour: 11, bookings: 2 },
      { weekday: 2, hour: 8, bookings: 1 },
      { weekday: 3, hour: 15, bookings: 2 },
      { weekday: 5, hour: 16, bookings: 3 },
      { weekday: 5, hour: 17, bookings: 1 },
    ],
  };
}

export function missedFixture(range: InsightsQuery = NOVEMBER): InsightsMissed {
  const zip = (
    zip: string,
    place: string,
    lat: number | null,
    lng: number | null,
    miles: number | null,
    n: Partial<Pick<InsightsMissed['zips'][number], 'outsideArea' | 'quoted' | 'booked'>>,
  ): InsightsMissed['zips'][number] => {
    const outsideArea = n.outsideArea ?? 0;
    const quoted = n.quoted ?? 0;
    const booked = n.booked ?? 0;
    const notBooked = Math.max(0, quoted - booked);
    return {
      zip,
      place,
      lat,
      lng,
      miles,
      outsideArea,
      outsideAreaValue: outsideArea * 180,
      quoted,
      booked,
      notBooked,
      notBookedValue: notBooked * 170,
    };
  };
  return {
    ...range,
    home: { lat: 30.2672, lng: -97.7431 },
    serviceAreaMiles: 15,
    zips: [
      zip('78613', 'Cedar Park, TX', 30.505, -97.8203, 17.1, { outsideArea: 9 }),
      zip('78704', 'Austin, TX', 30.2428, -97.7658, 2.2, { quoted: 25, booked: 18 }),
      zip('78640', 'Kyle, TX', 29.989, -97.877, 21.0, { outsideArea: 6 }),
      zip('78701', 'Austin, TX', 30.2713, -97.7426, 0.4, { quoted: 20, booked: 15 }),
      zip('78660', 'Pflugerville, TX', 30.443, -97.6203, 14.2, { quoted: 6, booked: 2, outsideArea: 1 }),
      zip('78626', 'Georgetown, TX', 30.64, -97.678, 26.1, { outsideArea: 4 }),
      zip('78745', 'Austin, TX', 30.207, -97.7957, 5.1, { quoted: 12, booked: 12 }),
      zip('00501', '', null, null, null, { outsideArea: 1 }),
    ],
    wider: { miles: 5, requests: 9, value: 1620 },
    full: [
      { weekday: 6, part: 'morning', count: 12 },
      { weekday: 6, part: 'afternoon', count: 7 },
      { weekday: 5, part: null, count: 3 },
    ],
  };
}

const group = (
  key: string,
  name: string,
  place: string,
  jobs: number,
  earnings: number,
  hours: number,
  driveMinutes: number,
  miles: number,
  perHour: number,
): InsightsDrive['zips'][number] => ({ key, name, place, jobs, earnings, hours, driveMinutes, miles, perHour });

/** Profit after the drive: the hand-computed example of domain/drive-profit.test.ts, in Austin. */
export function driveFixture(range: InsightsQuery = NOVEMBER): InsightsDrive {
  return {
    ...range,
    vehicleCostPerMile: 0.5,
    pricePerMile: 1.5,
    speedMph: 30,
    total: group('', 'All jobs', '', 8, 762, 10.53, 152, 76, 72.34),
    zips: [
      group('78701', '78701', 'Austin, TX', 4, 395, 4.33, 20, 10, 91.15),
      group('', 'Unknown', '', 1, 98, 1.13, 8, 4, 86.47),
      group('78620', '78620', 'Dripping Springs, TX', 3, 269, 5.07, 124, 62, 53.09),
    ],
    services: [group('5b8f0c64-1d0e-4c4b-9a53-0d1f8e6f2a01', 'Full Detail', '', 8, 762, 10.53, 152, 76, 72.34)],
    located: 8,
    minJobs: 8,
    advice: {
      beyondMiles: 4,
      farJobs: 4,
      insideJobs: 4,
      farPerHour: 59.19,
      insidePerHour: 91.15,
      targetPerHour: 75.17,
      pricePerMile: 2.68,
      areaMiles: 4,
      areaKeepsSome: false,
      quotes: 0,
      quotesBeyondArea: 0,
    },
    noAdvice: null,
  };
}
