/** The contract of the calendar: blocked times, business hours, the drives between jobs, the feed (calls: calendar.calls.ts). */

import { z } from 'zod';
import { BLOCK_REASONS, WEEKDAYS } from '../domain.ts';
import { HhMm, Id, IsoDate, IsoDateTime, plainText } from './fields.schemas.ts';

/** The calendar's visible range for the drives between jobs: both ends required. */
export const TravelRange = z.object({
  from: z.string({ error: 'from is required: the first day to show, written YYYY-MM-DD.' }).pipe(IsoDate),
  to: z.string({ error: 'to is required: the last day to show, written YYYY-MM-DD.' }).pipe(IsoDate),
});

// ---------- blocked times ----------

export const BlockedTime = z.object({
  _id: Id,
  title: z.string(),
  reason: z.enum(BLOCK_REASONS),
  startTime: IsoDateTime,
  endTime: IsoDateTime,
});
export type BlockedTime = z.infer<typeof BlockedTime>;
export const BlockedTimesResponse = z.array(BlockedTime);
export const BlockedTimeRequest = z.object({
  title: plainText(z.string().trim().max(120, 'Title must be at most 120 characters.'), 'Title').optional(),
  reason: z.enum(BLOCK_REASONS, { error: `Reason must be one of: ${BLOCK_REASONS.join(', ')}.` }),
  startTime: IsoDateTime,
  endTime: IsoDateTime,
});
export type BlockedTimeRequest = z.infer<typeof BlockedTimeRequest>;
export const BlockedTimeMoveRequest = z.object({ startTime: IsoDateTime, endTime: IsoDateTime });
export const BlockedParams = z.object({
  id: z.string().uuid('That is not a blocked time id; use the _id of a blocked time from the calendar.'),
});

// ---------- availability ----------

export const AvailabilityEntry = z
  .object({
    day: z.enum(WEEKDAYS, { error: `Day must be one of: ${WEEKDAYS.join(', ')}.` }),
    startTime: HhMm.nullable(),
    endTime: HhMm.nullable(),
  })
  .refine(
    (e) => (e.startTime === null) === (e.endTime === null),
    'Give both a start and an end time, or neither for a day off.',
  )
  .refine(
    (e) => e.startTime === null || e.endTime === null || e.startTime < e.endTime,
    'End time must be after start time.',
  );
export type AvailabilityEntry = z.infer<typeof AvailabilityEntry>;
export const AvailabilityResponse = z.array(AvailabilityEntry);
export const AvailabilityUpdateRequest = z.object({
  businessHours: z
    .array(AvailabilityEntry)
    .min(1, 'Send at least one day.')
    .max(7, 'Send at most seven days.')
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      for (const e of entries) {
        if (seen.has(e.day))
          ctx.addIssue({ code: 'custom', message: `${e.day} appears more than once; send each day once.` });
        seen.add(e.day);
      }
    }),
});

/** A drive between jobs on the owner's calendar; fromBookingId null: from the crew's start place. */
export const TravelBlock = z.object({
  startTime: IsoDateTime,
  endTime: IsoDateTime,
  minutes: z.number().int(),
  fromBookingId: Id.nullable(),
  toBookingId: Id,
  /** The crew driving (its column in day view); null for jobs written before crews. */
  crewId: Id.nullable().optional(),
});
export type TravelBlock = z.infer<typeof TravelBlock>;
