import { describe, expect, it } from 'vitest';
import {
  csvFileName,
  daysTable,
  fullTable,
  funnelTable,
  heatTable,
  missedTable,
  servicesTable,
  sourcesTable,
  tableCsv,
  weekNote,
  weeksRange,
  weeksTable,
} from './chart-tables.ts';
import { funnelFixture, missedFixture, NOVEMBER, TODAY, workFixture } from './insights-fixtures.ts';

const lines = (csv: string) => csv.split('\r\n');

describe("the insights charts' tables and CSV files", () => {
  it('names each file for its chart and its days', () => {
    expect(csvFileName('funnel', NOVEMBER)).toBe('insights-funnel-2026-11-01-to-2026-11-30.csv');
    // The money chart's 17 weeks: 12 back, this one, 4 ahead, Sunday to Saturday.
    expect(weeksRange(workFixture())).toEqual({ from: '2026-09-06', to: '2027-01-02' });
  });

  it('writes the funnel: each step, its visits and the drop-off from the step before', () => {
    const table = funnelTable(funnelFixture());
    expect(table.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Opened the booking form', '240', '—'],
      ['Got a quote', '150', '38%'],
      ['Chose a time', '70', '53%'],
      ['Booked', '42', '40%'],
    ]);
    expect(tableCsv(table)).toBe(
      'Step,Visits,Dropped off from the step before (%)\r\n' +
        'Opened the booking form,240,\r\nGot a quote,150,38\r\nChose a time,70,53\r\nBooked,42,40\r\n',
    );
  });

  it('writes the sources with their booking rate, and the days', () => {
    expect(lines(tableCsv(sourcesTable(funnelFixture())))).toEqual([
      'Source,Opened the booking form,Got a quote,Chose a time,Booked,Booking rate (%)',
      'sparkleauto.com,160,100,48,30,19',
      'Booking page,60,38,16,9,15',
      'QR code,20,12,6,3,15',
      '',
    ]);
    const days = daysTable(funnelFixture());
    expect(days.rows).toHaveLength(30);
    expect(lines(tableCsv(days)).slice(0, 2)).toEqual(['Day,Opened the booking form,Booked', '2026-11-01,4,2']);
    expect(days.rows[0]?.[0]?.text).toBe('Sun, Nov 1, 2026');
  });

  it('writes the money by week, this week and the weeks booked ahead marked', () => {
    const table = weeksTable(workFixture(), TODAY);
    expect(table.rows).toHaveLength(17);
    const csv = lines(tableCsv(table));
    expect(csv[0]).toBe(
      'Week of,Booked ($),Bookings,Completed ($),Completed bookings,Cancelled ($),Cancelled bookings,Collected ($),Note',
    );
    expect(csv[1]).toBe('2026-09-06,1320,8,1320,8,150,1,1320,');
    expect(csv[13]).toBe('2026-11-29,1485,9,495,3,0,0,120,This week');
    expect(csv[14]).toBe('2026-12-06,990,6,0,0,0,0,0,Booked ahead');
    expect(table.rows[12]?.[1]?.text).toBe('$1,485.00');
    expect(weekNote('2026-11-22', TODAY)).toBe('');
  });

  it('writes the services, the heat grid on the business clock and the missed work', () => {
    expect(lines(tableCsv(servicesTable(workFixture())))).toEqual([
      'Service,Bookings,Revenue ($)',
      'Full Detail,18,3240',
      'Exterior Wash,14,686',
      'Interior Clean,10,1290',
      '',
    ]);
    const heat = lines(tableCsv(heatTable(workFixture(), '12h')));
    expect(heat.slice(0, 3)).toEqual(['Weekday,Hour,Bookings', 'Sunday,11 AM,2', 'Tuesday,8 AM,1']);
    expect(heat).toContain('Saturday,9 AM,6');
    expect(lines(tableCsv(heatTable(workFixture(), '24h')))).toContain('Saturday,09:00,6');
    const missed = lines(tableCsv(missedTable(missedFixture())));
    expect(missed[0]).toBe(
      'ZIP code,Place,Miles away,Refused by distance,Refused value ($),Quoted,Booked,"Quoted, not booked",Not booked value ($)',
    );
    expect(missed[1]).toBe('78613,"Cedar Park, TX",17.1,9,1620,0,0,0,0');
    expect(missed[8]).toBe('00501,,,1,180,0,0,0,0');
  });

  it('writes the full days and times as the list has them, a full day tapped as the whole day', () => {
    expect(lines(tableCsv(fullTable(missedFixture())))).toEqual([
      'Weekday,Part of day,Customers',
      'Saturday,Morning,12',
      'Saturday,Afternoon,7',
      'Friday,Whole day,3',
      '',
    ]);
  });
});
