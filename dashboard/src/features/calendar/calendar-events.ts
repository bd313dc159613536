/**
 * What the calendar draws, as pure functions: bookings and blocked times as events
 * on wall dates (wall-clock.ts), and the business hours that limit dragging.
 */
import type { AvailabilityEntry, BlockedTime, Booking, TravelBlock } from '@slotwise/shared/api';
import { type BlockReason, defaultBusinessHours, WEEKDAYS } from '@slotwise/shared/domain';
import { hhMm, minutesOfDay } from '@slotwise/shared/time';
import { type BadgeColor, statusColor, statusLabel } from '@slotwise/ui/status-badge.tsx';
import { addDays } from 'date-fns';
import { formatTime } from '../../lib/format.ts';
import { dayOf, endMinuteOn, minuteOf, timeOf, toWallDate, wallDate } from './wall-clock.ts';

export const REASONS: readonly { value: BlockReason; label: string }[] = [
  { value: 'lunch', label: 'Lunch Break' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'offline', label: 'Off-platform Appointment' },
  { value: 'custom', label: 'Custom' },
];

export function reasonLabel(reason: BlockReason): string {
  return REASONS.find((r) => r.value === reason)?.label ?? 'Blocked Time';
}

interface EventBase {
  /** Unique across kinds: "booking:<id>" or "blocked:<id>". */
  key: string;
  title: string;
  /** The hover text: what, when, and why it cannot be dragged when it cannot. */
  tooltip: string;
  start: Date;
  end: Date;
  /** Read by react-big-calendar's draggableAccessor / resizableAccessor (string keys: no per-render functions). */
  movable: boolean;
  resizable: boolean;
  color: BadgeColor | 'blocked';
  /**
   * With two or more crews (crew-columns.ts): the day view's column(s) it is drawn in, read by
   * react-big-calendar's resourceAccessor; a blocked time is in every column.
   */
  resourceId?: string | readonly string[];
}
export interface BookingEvent extends EventBase {
  kind: 'booking';
  booking: Booking;
  /**
   * False for a plan's visit that holds no time (needs_time, skipped: docs/decisions/022), drawn
   * faint on the day it was meant for, as cancelled and declined bookings are drawn yet hold nothing.
   */
  holdsTime: boolean;
  /** A plan's visit: "Repeats: Weekly", said by its repeat mark; null for a one-off booking. */
  repeats: string | null;
  /** The crew doing it, with two or more crews (crew-columns.ts). */
  crew?: { id: string; name: string; color: string };
}
export interface BlockedEvent extends EventBase {
  kind: 'blocked';
  blocked: BlockedTime;
}
export type CalendarEvent = BookingEvent | BlockedEvent;

/**
 * A drive between two jobs of an owner who travels to customers (issue 8): drawn
 * behind the events as a background event, never dragged or opened.
 */
export interface TravelEvent {
  kind: 'travel';
  key: string;
  title: string;
  tooltip: string;
  start: Date;
  end: Date;
  movable: false;
  resizable: false;
  color: 'travel';
  block: TravelBlock;
  /** With two or more crews: the column of the job it drives to. */
  resourceId?: string;
}

export function travelEvent(block: TravelBlock, timeZone: string): TravelEvent {
  const start = toWallDate(block.startTime, timeZone);
  const end = toWallDate(block.endTime, timeZone);
  const title = `Travel · ${block.minutes} min`;
  const from = block.fromBookingId ? 'from the previous job' : 'from your business address';
  return {
    kind: 'travel',
    key: `travel:${block.fromBookingId ?? 'home'}:${block.toBookingId}`,
    title,
    tooltip: `${block.minutes} minutes of driving ${from} (${span(start, end)})`,
    start,
    end,
    movable: false,
    resizable: false,
    color: 'travel',
    block,
  };
}

const span = (start: Date, end: Date) => `${formatTime(timeOf(start))} – ${formatTime(timeOf(end))}`;

/**
 * What the owner may drag: pending and approved bookings, and a plan's visit whose day was taken
 * (needs_time): dropping it on a free time gives it one, as the server's NO_FREE_TIME sentence
 * tells the owner to. One awaiting payment holds its time only until the deposit is paid or the
 * hold runs out (docs/decisions/021), so it stays put.
 */
const MOVABLE = new Set(['pending', 'approved', 'needs_time']);

/** A plan's visits that hold no time: one whose day was taken, one the customer skipped. */
const TIMELESS = new Set(['needs_time', 'skipped']);

/** Words before the title of a booking whose status changes what it means on the grid. */
const TITLE_PREFIX: Record<string, string> = {
  awaiting_payment: 'Awaiting payment: ',
  needs_time: 'Needs a time: ',
  skipped: 'Skipped: ',
};

function unmovableReason(status: string): string {
  switch (status) {
    case 'awaiting_payment':
      return '. It cannot be moved while it waits for the deposit.';
    case 'skipped':
      return '. The customer skipped this visit.';
    default:
      return `. A ${status} booking cannot be moved.`;
  }
}

export function bookingEvent(booking: Booking): BookingEvent {
  const { day, startTime, endTime } = booking.bookingTime;
  const start = wallDate(day, startTime);
  // A booking that runs past midnight ends on the next day.
  const end = endTime > startTime ? wallDate(day, endTime) : addDays(wallDate(day, endTime), 1);
  const status = booking.status.toLowerCase();
  const movable = MOVABLE.has(status);
  const who = `${booking.firstName} ${booking.lastName}`.trim();
  const what = who ? `${booking.serviceName} · ${who}` : booking.serviceName;
  const title = `${TITLE_PREFIX[status] ?? ''}${what}`;
  const repeats = booking.plan ? `Repeats: ${booking.plan.label}` : null;
  const reason =
    status === 'needs_time'
      ? '. Its day was taken, so it holds no time: drag it to a free time, or use Next free time.'
      : movable
        ? ''
        : unmovableReason(status);
  return {
    kind: 'booking',
    key: `booking:${booking._id}`,
    title,
    tooltip: `${title} (${statusLabel(status)}) ${span(start, end)}${reason}${repeats ? ` ${repeats}.` : ''}`,
    start,
    end,
    movable,
    resizable: false,
    color: statusColor(status),
    booking,
    holdsTime: !TIMELESS.has(status),
    repeats,
  };
}

export function blockedEvent(blocked: BlockedTime, timeZone: string): BlockedEvent {
  const start = toWallDate(blocked.startTime, timeZone);
  const end = toWallDate(blocked.endTime, timeZone);
  const title = blocked.reason === 'custom' ? blocked.title : reasonLabel(blocked.reason);
  return {
    kind: 'blocked',
    key: `blocked:${blocked._id}`,
    title,
    tooltip: `${title} (blocked) ${span(start, end)}`,
    start,
    end,
    movable: true,
    resizable: true,
    color: 'blocked',
    blocked,
  };
}

export function toEvents(
  bookings: readonly Booking[] | undefined,
  blocked: readonly BlockedTime[] | undefined,
  timeZone: string,
): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  // A hold released unpaid never reached the owner's calendar (the server leaves them out too).
  for (const b of bookings ?? []) if (b.status.toLowerCase() !== 'expired') out.push(bookingEvent(b));
  for (const b of blocked ?? []) out.push(blockedEvent(b, timeZone));
  return out;
}

/** Opening minutes per JS weekday (0 = Sunday), or null when closed. */
export type HoursByWeekday = readonly ({ open: number; close: number } | null)[];

/**
 * The business hours as minutes, per Date#getDay(); days the server did not send take the
 * defaults (docs/product.md#business-hours).
 */
export function hoursByWeekday(entries: readonly AvailabilityEntry[] | undefined): HoursByWeekday {
  const byDay = new Map<string, { startTime: string | null; endTime: string | null }>();
  for (const e of defaultBusinessHours()) byDay.set(e.day, e);
  for (const e of entries ?? []) byDay.set(e.day, e);
  // WEEKDAYS starts on Monday; getDay() on Sunday.
  return [6, 0, 1, 2, 3, 4, 5].map((i) => {
    const e = byDay.get(WEEKDAYS[i]!);
    if (!e?.startTime || !e.endTime) return null;
    return { open: minutesOfDay(e.startTime), close: minutesOfDay(e.endTime) };
  });
}

/** Whether the 30-minute slot starting at this wall date is inside business hours. */
export function slotIsOpen(hours: HoursByWeekday, slot: Date): boolean {
  const h = hours[slot.getDay()];
  const m = minuteOf(slot);
  return !!h && m >= h.open && m < h.close;
}

/** Whether [start, end) lies wholly inside one day's business hours. */
export function insideHours(hours: HoursByWeekday, start: Date, end: Date): boolean {
  const h = hours[start.getDay()];
  if (!h) return false;
  return minuteOf(start) >= h.open && endMinuteOn(dayOf(start), end) <= h.close;
}

/** "Monday 10:00 AM – 7:00 PM" (on the owner's clock) or "Monday (closed)", for messages about a refused drop. */
export function describeHours(hours: HoursByWeekday, day: Date): string {
  const name = WEEKDAYS[(day.getDay() + 6) % 7]!;
  const h = hours[day.getDay()];
  if (!h) return `${name} (closed)`;
  return `${name} ${formatTime(hhMm(h.open))} – ${formatTime(hhMm(h.close))}`;
}
