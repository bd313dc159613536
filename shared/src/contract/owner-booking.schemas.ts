/**
 * The contract of a booking the owner enters (issue 42, item 3; calls in bookings.calls.ts): the
 * customer's quote request without the business (the owner's session names it), a time, the client
 * (one of the list, or a new contact), a changed price with its reason, the confirmation of a time
 * outside the hours, and what the customer is sent. Its own module because it builds on the
 * customer's schemas, which import bookings.schemas.ts (no import circles).
 */

import { z } from 'zod';
import { Booking } from './bookings.schemas.ts';
import { BookRequest, QuoteRequest, QuoteResponse } from './customer.schemas.ts';
import { Dollars, HhMm, Id, IsoDate, plainText } from './fields.schemas.ts';

/** The most an owner may set a booking's total to: what a quote may come to ($20,000,000). */
const OWNER_TOTAL_MAX_DOLLARS = 20_000_000;

/** What the owner asks the engine to price: a service, its answers and add-ons, an address; a time when chosen. */
export const OwnerQuoteRequest = QuoteRequest.omit({ businessId: true, answer: true }).extend({
  /** With a time: the answer says whether it is outside the hours (and overlaps a job) before saving. */
  date: IsoDate.optional(),
  time: HhMm.optional(),
  /** The crew the owner picked; absent: the crews that do the service. */
  crewId: Id.optional(),
});
export type OwnerQuoteRequest = z.infer<typeof OwnerQuoteRequest>;

export const OwnerQuoteResponse = QuoteResponse.pick({
  lines: true,
  totalQuote: true,
  miles: true,
  distanceEstimatedFrom: true,
}).extend({
  /** The job's length from the answers and add-ons. */
  durationMin: z.number().int(),
  /** The warning when the time is outside the hours ("Tuesday 9:00 AM – 5:00 PM"); null: inside, or no time sent. */
  outsideHours: z.string().nullable(),
  /** What is already there when the time overlaps a job or blocked time; null: free, or no time sent. */
  overlaps: z.string().nullable(),
  /** The service area's refusal a customer would get; the owner may still book. null: inside the area. */
  outsideServiceArea: z.string().nullable(),
  /** Whether the business can send texts at all (its texts are turned on). */
  canText: z.boolean(),
});
export type OwnerQuoteResponse = z.infer<typeof OwnerQuoteResponse>;

/** A new client's contact: a name, and an e-mail or a phone number (or both). */
export const NewClientContact = z
  .object({
    firstName: BookRequest.shape.firstName,
    lastName: BookRequest.shape.lastName,
    email: BookRequest.shape.customerEmail.optional(),
    phone: BookRequest.shape.phoneNumber.optional(),
  })
  .refine((c) => c.email !== undefined || c.phone !== undefined, {
    message: 'Give the new client an e-mail or a phone number (or both), so the booking can reach them.',
    path: ['email'],
  });
export type NewClientContact = z.infer<typeof NewClientContact>;

export const OwnerBookRequest = OwnerQuoteRequest.extend({
  date: IsoDate,
  time: HhMm,
  /** A client of the list (GET /api/dashboard/clients); or newClient. */
  clientId: Id.optional(),
  newClient: NewClientContact.optional(),
  /** A total other than the engine's, with the reason (kept on the booking); absent: the engine's price. */
  price: z
    .object({
      total: Dollars('Total', OWNER_TOTAL_MAX_DOLLARS),
      reason: plainText(
        z.string({ error: 'reason must be text.' }).trim().max(300, 'Reason must be at most 300 characters.'),
        'Reason',
      ).optional(),
    })
    .optional(),
  /** The owner confirmed a time outside the hours; without it such a time is refused (OUTSIDE_HOURS_UNCONFIRMED). */
  allowOutsideHours: z.boolean({ error: 'allowOutsideHours must be true or false.' }).optional(),
  /** What the customer is sent now: the confirmation by e-mail, by text (when texts are on and there is a phone). */
  notify: z.object({
    mail: z.boolean({ error: 'notify.mail must be true or false.' }),
    text: z.boolean({ error: 'notify.text must be true or false.' }),
  }),
}).refine((r) => (r.clientId === undefined) !== (r.newClient === undefined), {
  message: 'Pick a client from your list (clientId) or enter a new one (newClient), not both.',
  path: ['clientId'],
});
export type OwnerBookRequest = z.infer<typeof OwnerBookRequest>;

export const OwnerBookResponse = z.object({
  booking: Booking,
  /** The client the booking belongs to (found or made). */
  clientId: Id,
  /** What was queued for the customer: a mail, a text. */
  sent: z.object({ mail: z.boolean(), text: z.boolean() }),
});
export type OwnerBookResponse = z.infer<typeof OwnerBookResponse>;
