/** The contract of clients (docs/decisions/037): the owner's list of the people they serve (calls: clients.calls.ts). */

import { z } from 'zod';
import { Id, IsoDate, trimmed } from './fields.schemas.ts';

export const CLIENT_SORTS = ['recent', 'next', 'spent', 'name'] as const;
export const CLIENT_SOURCES = ['widget', 'booking_page', 'owner', 'quote', 'import', 'earlier'] as const;

export const ClientsQuery = z.object({
  /** Part of a name, e-mail, phone number or street; empty: everyone. */
  q: trimmed(100, 'Search').default(''),
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

/** One client: the summary, their places, the owner's notes and tags, consent and origin. */
export const ClientDetail = ClientSummary.extend({
  addresses: z.array(ClientAddress),
  notes: z.string(),
  tags: z.array(z.string()),
  textsConsent: z.boolean(),
  marketingConsent: z.boolean(),
  source: z.enum(CLIENT_SOURCES),
  createdAt: z.iso.datetime(),
});
export type ClientDetail = z.infer<typeof ClientDetail>;
