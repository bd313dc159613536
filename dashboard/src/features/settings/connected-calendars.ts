/**
 * Settings > Connected Calendars, the words (docs/product.md#connected-calendars): when a
 * calendar was last read and how many busy events it had, in the business's zone and clock.
 */
import type { ConnectedCalendar, Crew } from '@slotwise/shared/api';
import { wallClockAt } from '@slotwise/shared/time-zone';
import { formatDay, formatTime } from '../../lib/format.ts';

const MINUTE = 60_000;

/** "just now", "12 minutes ago", else "Tue, Mar 2, 2027 at 9:05 AM" (the business's day and clock). */
export function whenWords(iso: string, now: number, timeZone: string): string {
  const ms = Date.parse(iso);
  const ago = Math.max(0, now - ms);
  if (ago < MINUTE) return 'just now';
  if (ago < 60 * MINUTE) {
    const n = Math.floor(ago / MINUTE);
    return `${n} minute${n === 1 ? '' : 's'} ago`;
  }
  const at = wallClockAt(ms, timeZone);
  return `${formatDay(at.day)} at ${formatTime(at.time)}`;
}

/** "Read 3 minutes ago: 8 busy events from today to your booking horizon." */
export function readWords(c: ConnectedCalendar, now: number, timeZone: string): string {
  if (!c.lastSuccessAt) return 'Not read yet.';
  const events = `${c.eventsFound} busy event${c.eventsFound === 1 ? '' : 's'}`;
  return `Read ${whenWords(c.lastSuccessAt, now, timeZone)}: ${events} from today to your booking horizon.`;
}

/** Whose calendar it is: a crew's (its slots only) or everyone's (the owner's own). */
export function whoseWords(c: Pick<ConnectedCalendar, 'crewId'>, crews: readonly Crew[] | undefined): string | null {
  if (!c.crewId) return null;
  const crew = crews?.find((x) => x._id === c.crewId);
  return crew ? `Blocks ${crew.name} only` : null;
}
