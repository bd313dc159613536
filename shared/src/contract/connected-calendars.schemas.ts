/** The contract of the owner's own calendars, read in (docs/decisions/025) (calls: connected-calendars.calls.ts). */

import { z } from 'zod';
import { TravelBlock } from './calendar.schemas.ts';
import { Id, IsoDateTime, trimmed } from './fields.schemas.ts';

/** At most this many calendars per business: each is fetched every 10 minutes. */
export const CALENDARS_MAX = 10;

/**
 * A calendar subscription address as pasted: Google's "secret address in iCal format", an
 * iCloud public calendar link (webcal:// is read as https://), Outlook's published ICS, a
 * CalDAV server's export. Whether it answers a calendar is checked by the server.
 */
const CalendarAddress = z
  .string({ error: "Paste the calendar's secret address (it starts with https:// or webcal://)." })
  .trim()
  .min(1, "Paste the calendar's secret address (it starts with https:// or webcal://).")
  .max(2000, 'That address is longer than any calendar address (2,000 characters); copy it again.')
  .refine((s) => {
    try {
      return ['http:', 'https:', 'webcal:', 'webcals:'].includes(new URL(s).protocol);
    } catch {
      return false;
    }
  }, "That is not a calendar address: it starts with https:// or webcal://. Copy the secret address in iCal format from your calendar's settings.");

export const ConnectCalendarRequest = z.object({
  label: trimmed(40, 'Label'),
  secretUrl: CalendarAddress,
  /** Whose calendar it is: that crew's slots only; null: every crew's (the owner's own). */
  crewId: Id.nullable().default(null),
});
export type ConnectCalendarRequest = z.input<typeof ConnectCalendarRequest>;
export const CalendarParams = z.object({
  id: z.string().uuid('That is not a connected calendar id; use the _id of a calendar from Settings.'),
});
export const CalendarTitlesRequest = z.object({
  showTitles: z.boolean({ error: 'showTitles must be true or false.' }),
});

/** A connected calendar as the owner sees it: never its address, only a hint of it. */
export const ConnectedCalendar = z.object({
  _id: Id,
  label: z.string(),
  /** "calendar.google.com ...a1b2": the host and the last characters of the secret part. */
  hint: z.string(),
  crewId: Id.nullable(),
  lastFetchedAt: IsoDateTime.nullable(),
  lastSuccessAt: IsoDateTime.nullable(),
  /** Busy events found in the window read (today to the booking horizon) at the last good fetch. */
  eventsFound: z.number().int(),
  /** Why the last fetch failed, in words to act on; null when it worked. */
  lastError: z.string().nullable(),
  /** Failing for 24 hours: its events no longer block slots until it is read again. */
  stale: z.boolean(),
});
export type ConnectedCalendar = z.infer<typeof ConnectedCalendar>;
export const ConnectedCalendars = z.object({
  calendars: z.array(ConnectedCalendar),
  /** The calendar page shows each event's title; off: "Busy". */
  showTitles: z.boolean(),
  /** False while the server has no ENCRYPTION_KEY: addresses could not be stored, so connecting is refused. */
  canConnect: z.boolean(),
});
export type ConnectedCalendars = z.infer<typeof ConnectedCalendars>;

/** An event of a connected calendar keeping the owner busy, on the owner's calendar page. */
export const BusyTime = z.object({
  _id: Id,
  calendarId: Id,
  /** The connection's label ("Personal"). */
  label: z.string(),
  /** The event's title when the owner shows titles; null otherwise. */
  title: z.string().nullable(),
  startTime: IsoDateTime,
  endTime: IsoDateTime,
  allDay: z.boolean(),
  crewId: Id.nullable(),
});
export type BusyTime = z.infer<typeof BusyTime>;
export const BusyTimesResponse = z.array(BusyTime);
export const TravelBlocksResponse = z.array(TravelBlock);
