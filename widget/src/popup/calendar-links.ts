/**
 * "Add to calendar" on the confirmation (issue 22, item 4): an .ics file and a Google Calendar
 * link for the booking just made. The event is the one the mails' invitations carry (same UID
 * and instants, from the booking's answer), written by the one iCalendar writer (shared/src/ics.ts).
 */
import type { BookResponse } from '@slotwise/shared/api';
import { buildIcs, utcStamp, wallStamp } from '@slotwise/shared/ics';

export interface BookedEvent {
  booked: BookResponse;
  /** "{service} with {business}". */
  title: string;
  address: string;
}

const instants = ({ booked }: BookedEvent) => ({
  startMs: Date.parse(booked.calendarEvent.startsAt),
  endMs: Date.parse(booked.calendarEvent.endsAt),
});

/** A data: URL of the event as an .ics file, for a link with `download`; a plan's repeats (its series). */
export function icsHref(e: BookedEvent, nowMs: number): string {
  const { series } = e.booked.calendarEvent;
  const ics = buildIcs(
    'PUBLISH',
    [
      {
        uid: series?.uid ?? e.booked.calendarEvent.uid,
        ...instants(e),
        summary: e.title,
        location: e.address,
        status: e.booked.status === 'approved' ? 'CONFIRMED' : 'TENTATIVE',
        repeat: series,
      },
    ],
    nowMs,
    undefined,
    series?.vtimezone,
  );
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

/**
 * Google Calendar's documented event template link, with the times in UTC; a plan's in the
 * business's wall time and zone (`ctz`) with its rule (`recur`), so every visit stays at its hour.
 */
export function googleHref(e: BookedEvent): string {
  const { startMs, endMs } = instants(e);
  const { series } = e.booked.calendarEvent;
  const { day, startTime, endTime } = e.booked.bookingTime;
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: series
      ? `${wallStamp(day, startTime)}/${wallStamp(day, endTime)}`
      : `${utcStamp(startMs)}/${utcStamp(endMs)}`,
    location: e.address,
  });
  if (series) {
    q.set('ctz', series.timeZone);
    q.set('recur', `RRULE:${series.rrule}`);
  }
  return `https://calendar.google.com/calendar/render?${q}`;
}
