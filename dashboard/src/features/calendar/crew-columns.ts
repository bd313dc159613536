/**
 * The calendar by crew (issue 25), as pure functions: with two or more crews the day view has a
 * column per crew (react-big-calendar's resources), every booking is marked with its crew's
 * colour in all views, and the owner can show one crew at a time. A booking with no crew, or
 * a crew not among the columns, is drawn in the first column; a blocked time stops every crew,
 * so it is drawn in every column. A business with one crew is drawn as before.
 */
import type { Booking, Crew } from '@slotwise/shared/api';
import type { CalendarEvent, TravelEvent } from './calendar-events.ts';

/** A column of the day view. */
export interface CrewColumn {
  id: string;
  /** The column's header: the crew's name, "(paused)" after a paused one's. */
  title: string;
  color: string;
}

/**
 * The day view's columns, in the crews' order: the crews that take jobs, and a paused crew
 * that still has jobs in the range (so they can be seen, and dragged to another crew).
 */
export function crewColumns(crews: readonly Crew[], bookings: readonly Pick<Booking, 'crewId'>[]): CrewColumn[] {
  const busy = new Set(bookings.map((b) => b.crewId));
  return crews
    .filter((c) => c.active || busy.has(c._id))
    .map((c) => ({ id: c._id, title: c.active ? c.name : `${c.name} (paused)`, color: c.color }));
}

/**
 * The events placed on crews: a booking gets its crew (for its colour, its words and its
 * column), a blocked time every column. `columns` empty: nothing placed (one crew).
 */
export function placeOnCrews(
  events: readonly CalendarEvent[],
  crews: readonly Crew[],
  columns: readonly CrewColumn[],
): CalendarEvent[] {
  if (columns.length === 0) return [...events];
  const byId = new Map(crews.map((c) => [c._id, c]));
  const inColumns = new Set(columns.map((c) => c.id));
  const first = columns[0]!.id;
  const every = columns.map((c) => c.id);
  return events.map((e) => {
    if (e.kind === 'blocked') return { ...e, resourceId: every };
    const own = e.booking.crewId ?? null;
    const column = own && inColumns.has(own) ? own : first;
    const crew = byId.get(column);
    return {
      ...e,
      resourceId: column,
      crew: crew ? { id: crew._id, name: crew.name, color: crew.color } : undefined,
      tooltip: crew ? `${e.tooltip} Crew: ${crew.name}.` : e.tooltip,
    };
  });
}

/** The drives, each in the column of the job it drives to (placed events give the columns). */
export function placeTravel(travel: readonly TravelEvent[], placed: readonly CalendarEvent[]): TravelEvent[] {
  const columnOf = new Map<string, string>();
  for (const e of placed)
    if (e.kind === 'booking' && typeof e.resourceId === 'string') columnOf.set(e.booking._id, e.resourceId);
  return travel.map((t) => ({ ...t, resourceId: columnOf.get(t.block.toBookingId) }));
}

/** One crew's bookings and drives, and every blocked time; null: everything. */
export function onlyCrew<E extends CalendarEvent | TravelEvent>(events: readonly E[], crewId: string | null): E[] {
  if (!crewId) return events as E[];
  return events.filter((e) => e.kind === 'blocked' || e.resourceId === crewId);
}
