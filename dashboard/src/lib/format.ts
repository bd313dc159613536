/**
 * Display helpers for wall-clock values the API sends as plain strings (the clock:
 * shared/src/clock.ts; zones and dates: shared/src/time-zone.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { DEFAULT_TIME_FORMAT, formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { longDate, shortDate, todayIn } from '@slotwise/shared/time-zone';
import { businessProfile } from './business.ts';

/** "2026-03-05" -> "Thu, Mar 5, 2026"; missing or not a date -> "N/A". Read as a calendar date, so the viewer's zone cannot shift it. */
export function formatDay(day: string | null | undefined): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? shortDate(day) : 'N/A';
}

/**
 * The owner's choice of clock (Settings > Time Zone), 12-hour until the business profile
 * says otherwise. It reads the profile's signal: a component that shows times calls
 * useTimeFormat() or useSignals() to be drawn again when the profile arrives or the
 * choice changes (docs/architecture.md#pitfalls, pitfall 1).
 */
function businessTimeFormat(): TimeFormat {
  return businessProfile.data.value?.timeFormat ?? DEFAULT_TIME_FORMAT;
}

/** The owner's clock, for a component that shows times (it then follows the profile). */
export function useTimeFormat(): TimeFormat {
  useSignals();
  return businessTimeFormat();
}

/**
 * A HH:MM wall time on the business's clock: "19:00" -> "7:00 PM", or "19:00" for a business
 * on 24 hours; `zone` (a repeated hour's "EDT") follows it. Missing -> "N/A".
 */
export function formatTime(hhmm: string | null | undefined, zone?: string): string {
  if (!hhmm || !/^\d{2}:\d{2}$/.test(hhmm)) return 'N/A';
  return formatClock(hhmm, businessTimeFormat(), zone);
}

/** Today's date as the business sees it, e.g. "Thursday, March 5, 2026" (the browser's zone until the business's is known). */
export function formatToday(timeZone: string | undefined, now: Date = new Date()): string {
  return longDate(todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, now.getTime()));
}

// ---------- a period of days (Insights, Payments) ----------

const MONTH_DAY = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_DAY_YEAR = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "2026-11-01" -> "Nov 1": a chart's day or week, read as a calendar date (no zone can shift it). */
export function monthDay(day: string): string {
  return MONTH_DAY.format(asDate(day));
}

/** "Nov 1 – Nov 30, 2026", or "Dec 1, 2025 – Nov 30, 2026" across a new year. */
export function rangeText({ from, to }: { from: string; to: string }): string {
  const start = from.slice(0, 4) === to.slice(0, 4) ? monthDay(from) : MONTH_DAY_YEAR.format(asDate(from));
  return `${start} – ${MONTH_DAY_YEAR.format(asDate(to))}`;
}
