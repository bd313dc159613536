import type { AvailabilityEntry } from '@slotwise/shared/api';
import { DEFAULT_HOURS, defaultBusinessHours, type Weekday } from '@slotwise/shared/domain';

/** A weekday as the form shows it: off days keep showing times, so turning one on restores them. */
export interface DayRow {
  day: Weekday;
  enabled: boolean;
  startTime: string;
  endTime: string;
}

/**
 * With nothing stored, Monday-Friday 10:00-19:00 on, the weekend off showing 10:00-19:00
 * (docs/product.md#business-hours).
 */
export function rowsFrom(entries: readonly AvailabilityEntry[]): DayRow[] {
  const stored = new Map(entries.map((e) => [e.day, e]));
  return defaultBusinessHours().map((fallback) => {
    const e = stored.get(fallback.day) ?? fallback;
    return e.startTime && e.endTime
      ? { day: e.day, enabled: true, startTime: e.startTime, endTime: e.endTime }
      : { day: e.day, enabled: false, startTime: DEFAULT_HOURS.startTime, endTime: DEFAULT_HOURS.endTime };
  });
}

export function toEntry(row: DayRow, enabled: boolean = row.enabled): AvailabilityEntry {
  return enabled
    ? { day: row.day, startTime: row.startTime, endTime: row.endTime }
    : { day: row.day, startTime: null, endTime: null };
}

/** The first open day whose end is not after its start, or null. HH:MM strings compare as times. */
export function firstBadDay(rows: readonly DayRow[]): Weekday | null {
  return rows.find((r) => r.enabled && r.endTime <= r.startTime)?.day ?? null;
}
