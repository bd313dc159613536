/** The contract of clients (docs/decisions/037): the owner's list of the people they serve (calls: clients.calls.ts). */

import { z } from 'zod';
import { BOOKING_STATUSES } from '../domain.ts';
import { PLAN_FREQUENCIES, PLAN_STATUSES } from '../plans.ts';
import { Email, HhMm, Id, IsoDate, IsoDateTime, Phone, plainText, trimmed } from './fields.schemas.ts';
import { OwnerQuote } from './owner-quotes.schemas.ts';

export const CLIENT_SORTS = ['recent', 'next', 'spent', 'name'] as const;
export const CLIENT_SOURCES = ['widget', 'booking_page', 'owner', 'quote', 'import', 'earlier'] as const;

export const ClientsQuery = z.object({
  /** Part of a name, e-mail, phone number or street; empty: everyone. */
  q: plainText(z.string().trim().max(100, 'Search must be at most 100 characters.'), 'Search').default(''),
  /** recent: last visit, newest first; next: next visit, soonest first; spent: most first; name: A to Z. */
  sort: z.enum(CLIENT_SORTS, { error: 'Sort by recent, next, spent or name.' }).default('recent'),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(200, 'limit must be at most 200.')
    .default(50),
});
export type ClientsQuery = z.input<typeof ClientsQuery>;

/** A client as the list shows them. */
export const ClientSummary = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  /** '' when unknown. */
  email: z.string(),
  /** E.164, '' when unknown. */
  phone: z.string(),
  /** The place used last, or null. */
  address: z.string().nullable(),
  /** The day of the last job done, or null. */
  lastVisit: IsoDate.nullable(),
  /** The day of the next job booked, or null. */
  nextVisit: IsoDate.nullable(),
  /** What the jobs done came to, in cents. */
  spentCents: z.number().int(),
  /** Every booking, whatever became of it. */
  bookings: z.number().int(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;
export const ClientsPage = z.object({ clients: z.array(ClientSummary) });
export type ClientsPage = z.infer<typeof ClientsPage>;

export const ClientParams = z.object({ id: Id });
export type ClientParams = z.infer<typeof ClientParams>;

export const ClientAddress = z.object({
  _id: Id,
  address: z.string(),
  /** The owner's notes on the place: a gate code, where to park. */
  notes: z.string(),
});
export type ClientAddress = z.infer<typeof ClientAddress>;

/** A thing the business serves for the client (a vehicle, a pool, a lawn), with the answers that describe it. */
export const ClientThing = z.object({
  _id: Id,
  /** The owner's name for it ("2019 Honda CR-V"); at first the trade's word and the answer ("Vehicle: SUV / Crossover"). */
  label: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type ClientThing = z.infer<typeof ClientThing>;

/** One of the client's bookings on their page. */
export const ClientBooking = z.object({
  _id: Id,
  day: IsoDate,
  startTime: HhMm,
  serviceName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  totalCents: z.number().int(),
});
export type ClientBooking = z.infer<typeof ClientBooking>;

/** One of the client's plans (repeating visits). */
export const ClientPlan = z.object({
  _id: Id,
  serviceName: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  status: z.enum(PLAN_STATUSES),
  startDay: IsoDate,
  priceCents: z.number().int(),
});
export type ClientPlan = z.infer<typeof ClientPlan>;

/** A mail or text sent (or being sent) to the client, and where its delivery stands. */
export const ClientMessage = z.object({
  _id: Id,
  channel: z.enum(['mail', 'text']),
  /** What it is ("Booking confirmed", "Reminder text"). */
  name: z.string(),
  to: z.string(),
  /** waiting: queued or being retried; sent; failed: given up (the reason in `reason`). */
  state: z.enum(['waiting', 'sent', 'failed']),
  reason: z.string().nullable(),
  /** When it was sent, gave up, or was queued. */
  at: IsoDateTime,
});
export type ClientMessage = z.infer<typeof ClientMessage>;

/**
 * One client: the summary, their places, things served, the owner's notes and tags, consent
 * and origin; their next and past bookings, plans, the messages sent to them, and totals.
 * Quotes the owner sends join it when owner quotes land (issue 42 item 4).
 */
export const ClientDetail = ClientSummary.extend({
  addresses: z.array(ClientAddress),
  things: z.array(ClientThing),
  notes: z.string(),
  tags: z.array(z.string()),
  textsConsent: z.boolean(),
  marketingConsent: z.boolean(),
  source: z.enum(CLIENT_SOURCES),
  createdAt: z.iso.datetime(),
  /** Booked visits still to come, soonest first. */
  nextBookings: z.array(ClientBooking),
  /** Everything else (done, cancelled, declined...), newest first; the latest 50. */
  pastBookings: z.array(ClientBooking),
  plans: z.array(ClientPlan),
  /** The latest 50, newest first. */
  messages: z.array(ClientMessage),
  /** The quotes the owner sent them (docs/decisions/039), the latest 50, newest first. */
  quotes: z.array(OwnerQuote),
  /** Jobs done, and what the booked visits still to come are worth. */
  totals: z.object({ visits: z.number().int(), upcomingCents: z.number().int() }),
});
export type ClientDetail = z.infer<typeof ClientDetail>;

export const CLIENT_TAGS_MAX = 20;
export const CLIENT_PLACES_MAX = 20;
export const CLIENT_THINGS_MAX = 20;

const optionalText = (max: number, what: string, lines: 'one line' | 'multi-line' = 'one line') =>
  plainText(z.string().trim().max(max, `${what} must be at most ${max} characters.`), what, lines);

/** The owner's edit of a client: everything on the record but its places and things (their own calls). */
export const UpdateClientRequest = z.object({
  firstName: trimmed(100, 'First name'),
  lastName: optionalText(100, 'Last name'),
  /** '' for none. */
  email: z
    .string({ error: 'Email must be text.' })
    .trim()
    .pipe(
      z.union([z.literal(''), Email], {
        error: 'Enter a valid email address, like name@example.com, or leave it empty.',
      }),
    ),
  /** '' for none; else as the booking form takes it (shared/src/phone.ts), stored as E.164. */
  phone: z
    .string({ error: 'Phone number must be text.' })
    .trim()
    .pipe(
      z.union([z.literal(''), Phone], {
        error: 'Enter a phone number with its country code, like +1 5551234567, or leave it empty.',
      }),
    ),
  notes: optionalText(5000, 'Notes', 'multi-line'),
  tags: z
    .array(trimmed(40, 'A tag'), { error: 'Tags must be a list of words.' })
    .max(CLIENT_TAGS_MAX, `At most ${CLIENT_TAGS_MAX} tags.`),
  textsConsent: z.boolean({ error: 'textsConsent must be true or false.' }),
  marketingConsent: z.boolean({ error: 'marketingConsent must be true or false.' }),
});
export type UpdateClientRequest = z.input<typeof UpdateClientRequest>;

/** The client's places as the owner leaves them: kept ones by _id, new ones without; missing ones are removed. */
export const ClientPlacesRequest = z.object({
  places: z
    .array(
      z.object({
        _id: Id.optional(),
        address: trimmed(300, 'Address'),
        notes: optionalText(1000, 'Place notes', 'multi-line'),
      }),
    )
    .max(CLIENT_PLACES_MAX, `At most ${CLIENT_PLACES_MAX} places.`),
});
export type ClientPlacesRequest = z.input<typeof ClientPlacesRequest>;

/** The things served as the owner leaves them: kept ones by _id (their answers stay), new ones without. */
export const ClientThingsRequest = z.object({
  things: z
    .array(z.object({ _id: Id.optional(), label: trimmed(100, 'Name of the thing') }))
    .max(CLIENT_THINGS_MAX, `At most ${CLIENT_THINGS_MAX} things.`),
});
export type ClientThingsRequest = z.input<typeof ClientThingsRequest>;

/** Two records that may be one person, and why they are suggested. */
export const ClientDuplicate = z.object({
  a: ClientSummary,
  b: ClientSummary,
  reason: z.enum(['same_phone', 'same_name_and_street']),
});
export type ClientDuplicate = z.infer<typeof ClientDuplicate>;
export const ClientDuplicates = z.object({ duplicates: z.array(ClientDuplicate) });
export type ClientDuplicates = z.infer<typeof ClientDuplicates>;

/** Merge the client of the path into `intoId`: its bookings, plans, places, things, notes, tags and consent move. */
export const MergeClientRequest = z.object({ intoId: Id });
export type MergeClientRequest = z.infer<typeof MergeClientRequest>;
