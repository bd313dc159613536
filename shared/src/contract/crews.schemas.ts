/** The contract of crews (docs/decisions/023) and a crew's own login (docs/decisions/024) (calls: crews.calls.ts). */

import { z } from 'zod';
import { NewPassword } from './auth.schemas.ts';
import { BookingTime, OnMyWaySent } from './bookings.schemas.ts';
import { AvailabilityEntry } from './calendar.schemas.ts';
import { Email, Id, IsoDate, IsoDateTime, TimeFormat, trimmed } from './fields.schemas.ts';

/** A crew's week: seven weekdays, null times on a day off (the business hours' shape). */
const CrewHours = z
  .array(AvailabilityEntry)
  .length(7, 'Send all seven weekdays, with null times on days off.')
  .superRefine((entries, ctx) => {
    if (new Set(entries.map((e) => e.day)).size !== 7)
      ctx.addIssue({ code: 'custom', message: 'Send each weekday once.' });
  });

/** "#rrggbb": the crew's colour on the calendar. */
const CrewColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #0f766e.');

/**
 * A person or a truck that does jobs, one at a time, with its own hours and start place. A
 * business has at least one; a new booking goes to the free crew that adds the least driving.
 */
export const Crew = z.object({
  _id: Id,
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
  /** Its own week; null: the business hours (Settings, Business hours). */
  hours: z.array(AvailabilityEntry).nullable(),
  /** Where its day starts and ends; null: the business address. */
  startAddress: z.string().nullable(),
  /** The services it does; null: every service. */
  serviceIds: z.array(Id).nullable(),
  /** Who signs in as this crew (a limited login): null when nobody was invited. */
  member: z.object({ email: z.string(), status: z.enum(['invited', 'active']) }).nullable(),
});
export type Crew = z.infer<typeof Crew>;
export const CrewsResponse = z.object({
  crews: z.array(Crew),
  /** Whether mails to customers name the crew coming ("Sam's crew will do the job"). */
  nameCrewInMails: z.boolean(),
  /** Running late (docs/decisions/049): minutes a job's arrival must slip before its customer is told. */
  lateThresholdMinutes: z.number().int(),
});
export type CrewsResponse = z.infer<typeof CrewsResponse>;
export const CrewRequest = z.object({
  name: trimmed(60, 'Crew name').pipe(z.string().min(1, 'Give the crew a name, like "Truck 2" or "Sam".')),
  color: CrewColor,
  active: z.boolean({ error: 'active must be true or false.' }).default(true),
  hours: CrewHours.nullable().default(null),
  startAddress: trimmed(200, 'Start address').nullable().default(null),
  serviceIds: z
    .array(Id)
    .min(1, 'Choose at least one service, or none for every service.')
    .max(200, 'At most 200 services.')
    .nullable()
    .default(null),
});
export type CrewRequest = z.input<typeof CrewRequest>;
export const CrewParams = z.object({
  id: z.string().uuid('That is not a crew id; use the _id of a crew from your crews list.'),
});
/** Bounds of the running-late threshold, in minutes (docs/decisions/049). */
export const LATE_THRESHOLD_MIN = 5;
export const LATE_THRESHOLD_MAX = 120;
export const CrewMailsRequest = z.object({
  nameCrewInMails: z.boolean({ error: 'nameCrewInMails must be true or false.' }),
  /** Absent: unchanged. */
  lateThresholdMinutes: z
    .number({ error: 'lateThresholdMinutes must be a whole number of minutes.' })
    .int('lateThresholdMinutes must be a whole number of minutes.')
    .min(LATE_THRESHOLD_MIN, `Tell customers of a delay of ${LATE_THRESHOLD_MIN} minutes or more.`)
    .max(LATE_THRESHOLD_MAX, `Tell customers of a delay of ${LATE_THRESHOLD_MAX} minutes or less.`)
    .optional(),
});

// ---------- crew members: a crew's own limited login (issue 25; docs/decisions/024) ----------

export const CrewMemberInviteRequest = z.object({ email: Email });
export type CrewMemberInviteRequest = z.infer<typeof CrewMemberInviteRequest>;

/** What an invitation link opens: who is invited, to which crew of which business. */
export const CrewInvitationStatus = z.object({
  email: z.string(),
  crewName: z.string(),
  businessName: z.string().nullable(),
});
export type CrewInvitationStatus = z.infer<typeof CrewInvitationStatus>;
export const AcceptCrewInvitationRequest = z.object({
  token: z.string({ error: 'The link has no token.' }).min(1, 'The link has no token.').max(200),
  password: NewPassword,
});
export type AcceptCrewInvitationRequest = z.infer<typeof AcceptCrewInvitationRequest>;

/** A job as its crew sees it: 'started' once the crew tapped Start job, until it is completed. */
export const CrewJobStatus = z.enum(['pending', 'approved', 'started', 'completed']);
export type CrewJobStatus = z.infer<typeof CrewJobStatus>;

/**
 * One job on a crew member's schedule: where, when, what and for whom, and never what it costs
 * (no total, deposit or payment: a crew member sees no prices).
 */
export const CrewJob = z.object({
  _id: Id,
  bookingTime: BookingTime,
  serviceName: z.string(),
  customerName: z.string(),
  /** E.164, to call. */
  phoneNumber: z.string(),
  customerAddress: z.string().nullable(),
  /** The owner's notes on that place (a gate code, where to park), or null: nothing else of the client's record. */
  placeNotes: z.string().nullable(),
  status: CrewJobStatus,
  startedAt: IsoDateTime.nullable(),
  /** The customer's answer to the business's question ("Vehicle size: SUV"), or null. */
  notes: z.string().nullable(),
  /**
   * Its invoice is issued and not paid: the crew may show the customer its pay code at the door
   * (GET .../jobs/:id/pay-code; issue 43). Never the amount: a crew sees no prices.
   */
  payable: z.boolean(),
  /** When the customer was told the crew is on the way (POST .../jobs/:id/on-my-way; docs/decisions/048), or null. */
  onMyWayAt: IsoDateTime.nullable(),
  /** Running late (docs/decisions/049): when the crew is now expected there, later than booked; null while on time. */
  projectedStart: IsoDateTime.nullable(),
});
export type CrewJob = z.infer<typeof CrewJob>;

/** The job after its "On my way", and what was sent. */
export const CrewOnMyWay = z.object({ job: CrewJob, sent: OnMyWaySent });
export type CrewOnMyWay = z.infer<typeof CrewOnMyWay>;

/** A job's pay link as a QR code the customer scans with their phone's camera, and the link itself. */
export const CrewPayCode = z.object({
  /** The invoice's number, to say which one ("Invoice #12"). */
  number: z.number().int(),
  url: z.string(),
  /** The QR code of `url`, an SVG image (black on white, quiet zone included). */
  svg: z.string(),
});
export type CrewPayCode = z.infer<typeof CrewPayCode>;
export const CrewSchedule = z.object({
  crew: z.object({ _id: Id, name: z.string(), color: z.string() }),
  businessName: z.string().nullable(),
  /** The crew member's login e-mail. */
  email: z.string(),
  timeZone: z.string(),
  timeFormat: TimeFormat,
  /** Today in the business's time zone, and the days the jobs are from (inclusive). */
  today: IsoDate,
  from: IsoDate,
  to: IsoDate,
  /** The crew's own calendar feed: its jobs only, without prices. */
  feedUrl: z.string(),
  jobs: z.array(CrewJob),
});
export type CrewSchedule = z.infer<typeof CrewSchedule>;
export const CrewJobParams = z.object({
  id: z.string().uuid("That is not a job id; use the _id of a job from the crew's schedule."),
});
