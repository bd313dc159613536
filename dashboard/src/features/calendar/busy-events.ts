/**
 * The owner's connected calendars on the calendar page (docs/decisions/025): each busy event as
 * a grey, read-only event, "Busy (Personal)" (its title instead of "Busy" when the owner shows
 * titles), in the all-day row when it takes whole days. With crews (crew-columns.ts) a crew's
 * calendar is drawn in that crew's column, the owner's own in every column, like a blocked time.
 */
import type { BusyTime } from '@slotwise/shared/api';
import { formatDay, formatTime } from '../../lib/format.ts';
import type { CrewColumn } from './crew-columns.ts';
import { dayOf, timeOf, toWallDate } from './wall-clock.ts';

export interface BusyEvent {
  kind: 'busy';
  /** "busy:<id>" */
  key: string;
  title: string;
  tooltip: string;
  start: Date;
  end: Date;
  /** Whole days: drawn in the all-day row (react-big-calendar's allDayAccessor). */
  allDay: boolean;
  movable: false;
  resizable: false;
  color: 'busy';
  busy: BusyTime;
  resourceId?: string | readonly string[];
}

/** "Dentist (Personal)", or "Busy (Personal)" while titles are off. */
export function busyTitle(b: Pick<BusyTime, 'label' | 'title'>): string {
  return `${b.title || 'Busy'} (${b.label})`;
}

/** When, in words: "Tue, Mar 9, 2027, 9:00 AM – 10:00 AM", or its days when it takes whole days. */
export function busyWhen(event: Pick<BusyEvent, 'start' | 'end' | 'allDay'>): string {
  if (event.allDay) {
    const last = new Date(event.end.getTime() - 1);
    const first = dayOf(event.start);
    return dayOf(last) === first ? `${formatDay(first)}, all day` : `${formatDay(first)} – ${formatDay(dayOf(last))}`;
  }
  const sameDay = dayOf(event.start) === dayOf(event.end) || timeOf(event.end) === '00:00';
  const end = sameDay
    ? formatTime(timeOf(event.end))
    : `${formatDay(dayOf(event.end))}, ${formatTime(timeOf(event.end))}`;
  return `${formatDay(dayOf(event.start))}, ${formatTime(timeOf(event.start))} – ${end}`;
}

export function busyEvent(b: BusyTime, timeZone: string): BusyEvent {
  const start = toWallDate(b.startTime, timeZone);
  const end = toWallDate(b.endTime, timeZone);
  const title = busyTitle(b);
  const event: BusyEvent = {
    kind: 'busy',
    key: `busy:${b._id}`,
    title,
    tooltip: '',
    start,
    end,
    allDay: b.allDay,
    movable: false,
    resizable: false,
    color: 'busy',
    busy: b,
  };
  event.tooltip = `${title} ${busyWhen(event)}. From your calendar "${b.label}": customers cannot book this time.`;
  return event;
}

/**
 * The busy events placed on the day view's columns, and only those of the crew shown (null:
 * all): a crew's calendar keeps that crew busy, the owner's own every crew.
 */
export function placeBusy(
  events: readonly BusyEvent[],
  columns: readonly CrewColumn[],
  shown: string | null,
): BusyEvent[] {
  const ids = new Set(columns.map((c) => c.id));
  const every = columns.map((c) => c.id);
  return events
    .filter((e) => !shown || !e.busy.crewId || e.busy.crewId === shown)
    .map((e) =>
      columns.length === 0 ? e : { ...e, resourceId: e.busy.crewId && ids.has(e.busy.crewId) ? e.busy.crewId : every },
    );
}
