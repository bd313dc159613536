/**
 * Each insights chart's rows, once: the table beside the chart (what screen readers read) and its
 * Download CSV are made from the same ChartTable, so the two cannot differ. A cell carries the
 * value a spreadsheet gets (plain numbers, ISO days, dollars to the cent) and the text a person
 * reads in the table ("$1,240.00", "Sun, Nov 1, 2026"). The CSV cells are shared/src/csv.ts's,
 * the bookings export's.
 */
import type { InsightsDrive, InsightsFunnel, InsightsMissed, InsightsQuery, InsightsWork } from '@slotwise/shared/api';
import { formatHour, type TimeFormat } from '@slotwise/shared/clock';
import { csvText } from '@slotwise/shared/csv';
import { type DayPart, dropOffs, FUNNEL_LABELS, FUNNEL_STEPS, weekStart } from '@slotwise/shared/insights';
import { formatUsd } from '@slotwise/shared/money';
import { addDays } from '@slotwise/shared/slots';
import { shortDate } from '@slotwise/shared/time-zone';
import { bookingRate, weekdayName } from './words.ts';

interface Cell {
  value: string | number | null;
  text: string;
}
export interface ChartTable {
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/** What a table shows for a value there is none of (a first step's drop-off, a rate of nothing). */
const NONE = '—';

const text = (s: string): Cell => ({ value: s, text: s });
const count = (n: number): Cell => ({ value: n, text: n.toLocaleString('en-US') });
const dollars = (n: number): Cell => ({ value: Math.round(n * 100) / 100, text: formatUsd(n) });
const percent = (n: number | null): Cell => ({ value: n, text: n === null ? NONE : `${n}%` });
const day = (d: string): Cell => ({ value: d, text: shortDate(d) });

/** The CSV of a chart: the table's header and values. */
export function tableCsv(table: ChartTable): string {
  return csvText(
    table.header,
    table.rows.map((row) => row.map((c) => c.value)),
  );
}

/** "insights-funnel-2026-11-01-to-2026-11-30.csv": the chart and the days it covers. */
export function csvFileName(chart: string, { from, to }: InsightsQuery): string {
  return `insights-${chart}-${from}-to-${to}.csv`;
}

export function funnelTable(funnel: InsightsFunnel): ChartTable {
  const counts = FUNNEL_STEPS.map((s) => funnel.totals[s]);
  const drops = dropOffs(counts);
  return {
    header: ['Step', 'Visits', 'Dropped off from the step before (%)'],
    rows: FUNNEL_STEPS.map((s, i) => [text(FUNNEL_LABELS[s]), count(counts[i] ?? 0), percent(drops[i] ?? null)]),
  };
}

export function sourcesTable(funnel: InsightsFunnel): ChartTable {
  return {
    header: ['Source', ...FUNNEL_STEPS.map((s) => FUNNEL_LABELS[s]), 'Booking rate (%)'],
    rows: funnel.sources.map((s) => [
      text(s.label),
      ...FUNNEL_STEPS.map((step) => count(s[step])),
      percent(bookingRate(s)),
    ]),
  };
}

export function daysTable(funnel: InsightsFunnel): ChartTable {
  return {
    header: ['Day', FUNNEL_LABELS.opened, FUNNEL_LABELS.booked],
    rows: funnel.days.map((d) => [day(d.day), count(d.opened), count(d.booked)]),
  };
}

/** The money chart's weeks around `today` (the business's): this one, and the ones booked ahead. */
export function weekNote(start: string, today: string): '' | 'This week' | 'Booked ahead' {
  const current = weekStart(today);
  return start === current ? 'This week' : start > current ? 'Booked ahead' : '';
}

export function weeksTable(work: InsightsWork, today: string): ChartTable {
  return {
    header: [
      'Week of',
      'Booked ($)',
      'Bookings',
      'Completed ($)',
      'Completed bookings',
      'Cancelled ($)',
      'Cancelled bookings',
      'Collected ($)',
      'Note',
    ],
    rows: work.weeks.map((w) => [
      day(w.weekStart),
      dollars(w.booked),
      count(w.bookedCount),
      dollars(w.completed),
      count(w.completedCount),
      dollars(w.cancelled),
      count(w.cancelledCount),
      dollars(w.collected),
      text(weekNote(w.weekStart, today)),
    ]),
  };
}

/** The days the money chart's weeks cover, for its file's name: the first Sunday to the last Saturday. */
export function weeksRange(work: InsightsWork): InsightsQuery {
  const first = work.weeks[0]?.weekStart ?? work.from;
  const last = work.weeks[work.weeks.length - 1]?.weekStart;
  return { from: first, to: last ? addDays(last, 6) : work.to };
}

export function servicesTable(work: InsightsWork): ChartTable {
  return {
    header: ['Service', 'Bookings', 'Revenue ($)'],
    rows: work.services.map((s) => [text(s.name), count(s.bookings), dollars(s.revenue)]),
  };
}

/** The heat grid's cells that have bookings, Sunday first, earliest hour first; hours on the business's clock. */
export function heatTable(work: InsightsWork, format: TimeFormat): ChartTable {
  return {
    header: ['Weekday', 'Hour', 'Bookings'],
    rows: [...work.heat]
      .filter((c) => c.bookings > 0)
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
      .map((c) => [text(weekdayName(c.weekday)), text(formatHour(c.hour, format)), count(c.bookings)]),
  };
}

export function missedTable(missed: InsightsMissed): ChartTable {
  return {
    header: [
      'ZIP code',
      'Place',
      'Miles away',
      'Refused by distance',
      'Refused value ($)',
      'Quoted',
      'Booked',
      'Quoted, not booked',
      'Not booked value ($)',
    ],
    rows: missed.zips.map((z) => [
      text(z.zip),
      text(z.place),
      z.miles === null ? { value: null, text: NONE } : { value: z.miles, text: String(z.miles) },
      count(z.outsideArea),
      dollars(z.outsideAreaValue),
      count(z.quoted),
      count(z.booked),
      count(z.notBooked),
      dollars(z.notBookedValue),
    ]),
  };
}

/** A full time's part of the day in the table; a full day tapped (no time) is the whole day. */
const PART_NAMES: Record<DayPart, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

/** The full days and times customers wanted, in the answer's order (most wanted first), as the list shows them. */
export function fullTable(missed: InsightsMissed): ChartTable {
  return {
    header: ['Weekday', 'Part of day', 'Customers'],
    rows: missed.full.map((f) => [
      text(weekdayName(f.weekday)),
      text(f.part === null ? 'Whole day' : PART_NAMES[f.part]),
      count(f.count),
    ]),
  };
}

/** Profit after the drive by ZIP code or by service (docs/decisions/057). */
export function profitTable(groups: InsightsDrive['zips'], by: 'ZIP code' | 'Service'): ChartTable {
  const hours = (n: number): Cell => ({ value: n, text: n.toFixed(2) });
  return {
    header: [by, 'Jobs', 'Earnings after costs ($)', 'Working hours', 'Driving (min)', 'Miles driven', 'Per hour ($)'],
    rows: groups.map((g) => [
      text(g.place ? `${g.name} ${g.place}` : g.name),
      count(g.jobs),
      dollars(g.earnings),
      hours(g.hours),
      count(g.driveMinutes),
      { value: g.miles, text: g.miles.toFixed(1) },
      g.perHour === null ? { value: null, text: NONE } : dollars(g.perHour),
    ]),
  };
}
