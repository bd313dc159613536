/**
 * "Add to calendar" on the confirmation (issue 22, item 4): an .ics file and a Google Calendar
 * link for the booking just made. The event is the one the mails' invitations carry (same UID
 * and instants, from the booking's answer), written by the one iCalendar writer (shared/src/ics.ts).
 */
import type { BookResponse } from '@slotwise/shared/api';
import { buildIcs, utcStamp } from '@slotwise/shared/ics';

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

/** A data: URL of the event as an .ics file, for a link with `download`. */
export function icsHref(e: BookedEvent, nowMs: number): string {
  const ics = buildIcs(
    'PUBLISH',
    [
      {
        uid: e.booked.calendarEvent.uid,
        ...instants(e),
        summary: e.title,
        location: e.address,
        status: e.booked.status === 'approved' ? 'CONFIRMED' : 'TENTATIVE',
      },
    ],
    nowMs,
  );
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

/** Google Calendar's documented event template link, with the times in UTC. */
export function googleHref(e: BookedEvent): string {
  const { startMs, endMs } = instants(e);
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${utcStamp(startMs)}/${utcStamp(endMs)}`,
    location: e.address,
  });
  return `https://calendar.google.com/calendar/render?${q}`;
}
