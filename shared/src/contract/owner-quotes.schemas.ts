/**
 * The schemas of the quotes an owner sends (issue 42 item 4; docs/decisions/039): the owner's calls
 * (make, list, read, send, withdraw) and the customer's quote link (open, book at the quoted price,
 * decline). "Quote" alone names the instant price of the widget (customer.schemas.ts QuoteRequest);
 * these are owner quotes (calls: owner-quotes.calls.ts).
 */

import { z } from 'zod';
import { BookingTime } from './bookings.schemas.ts';
import { Branding } from './business.schemas.ts';
import { Answer, personName, QuoteLine } from './customer.schemas.ts';
import { Dollars, Email, HhMm, Id, IsoDate, IsoDateTime, Phone, TimeFormat, trimmed } from './fields.schemas.ts';
import { ADD_ONS_MAX } from './services.schemas.ts';

/** A quote's state as the owner reads it; `expired` is read from its valid-until, never stored. */
export const OWNER_QUOTE_STATUSES = ['draft', 'sent', 'viewed', 'booked', 'declined', 'expired', 'withdrawn'] as const;
export type OwnerQuoteStatus = (typeof OWNER_QUOTE_STATUSES)[number];
export const QUOTE_CHANNELS = ['mail', 'text'] as const;
export type QuoteChannel = (typeof QUOTE_CHANNELS)[number];

/** Days a quote holds its price unless the owner says otherwise. */
export const QUOTE_DAYS_DEFAULT = 14;
export const QUOTE_DAYS_MAX = 90;
export const HAND_LINES_MAX = 20;

/** A line the owner writes by hand ("Moss removal", 45). */
export const HandLine = z.object({
  label: trimmed(80, 'Line'),
  amount: Dollars('Amount', 50_000),
});

export const NewOwnerQuote = z
  .object({
    /** A client of the business (clients foundation); left out for a new contact. */
    clientId: Id.optional(),
    firstName: personName('First name'),
    lastName: personName('Last name'),
    /** An e-mail, a phone, or both: the quote goes by mail, by text, or both. */
    email: Email.optional(),
    phoneNumber: Phone.optional(),
    /** The person agreed to texts (they texted the business, say): the quote and its reminder may be texted. */
    textConsent: z.boolean({ error: 'textConsent must be true or false.' }).optional(),
    serviceId: Id,
    answers: z.record(Id, Answer.nullable()).optional(),
    addOns: z.array(Id).max(ADD_ONS_MAX, `At most ${ADD_ONS_MAX} add-ons.`).optional(),
    address: trimmed(300, 'Address'),
    /** Lines written by hand, added after the priced lines (or, with handOnly, instead of them). */
    handLines: z.array(HandLine).max(HAND_LINES_MAX, `At most ${HAND_LINES_MAX} lines.`).optional(),
    /** Only the hand lines make the price; the service still sets how long the job is. */
    handOnly: z.boolean({ error: 'handOnly must be true or false.' }).optional(),
    daysValid: z
      .number({ error: 'Days valid must be a number.' })
      .int('Days valid must be whole days.')
      .min(1, 'Days valid must be at least 1.')
      .max(QUOTE_DAYS_MAX, `Days valid must be at most ${QUOTE_DAYS_MAX}.`)
      .optional(),
  })
  .refine((q) => q.email !== undefined || q.phoneNumber !== undefined, {
    message: 'Give an e-mail or a phone number to send the quote to.',
    path: ['email'],
  })
  .refine((q) => !q.handOnly || (q.handLines?.length ?? 0) > 0, {
    message: 'Add at least one line, or price it from the service.',
    path: ['handLines'],
  });
export type NewOwnerQuote = z.infer<typeof NewOwnerQuote>;

export const OwnerQuoteParams = z.object({ id: Id });

export const SendOwnerQuote = z.object({
  channels: z
    .array(z.enum(QUOTE_CHANNELS, { error: 'Send by "mail" or "text".' }))
    .min(1, 'Choose mail, text or both.')
    .max(2, 'Choose mail, text or both.'),
});
export type SendOwnerQuote = z.infer<typeof SendOwnerQuote>;

export const OwnerQuote = z.object({
  _id: Id,
  status: z.enum(OWNER_QUOTE_STATUSES),
  clientId: Id.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  serviceId: Id,
  serviceName: z.string(),
  lines: z.array(QuoteLine),
  totalQuote: z.number(),
  durationMin: z.number().int(),
  daysValid: z.number().int(),
  /** The end of the last day the price holds (business time); null before it is sent. */
  validUntil: IsoDateTime.nullable(),
  channels: z.array(z.enum(QUOTE_CHANNELS)),
  textConsent: z.boolean(),
  sentAt: IsoDateTime.nullable(),
  viewedAt: IsoDateTime.nullable(),
  decidedAt: IsoDateTime.nullable(),
  followUpSentAt: IsoDateTime.nullable(),
  /**
   * When the customer ticked "Tell me if a time opens near me" on the quote's page, while it stands
   * (docs/decisions/059); null when not asked, withdrawn, or lapsed 30 days after sending.
   */
  nearbyAskedAt: IsoDateTime.nullable(),
  bookingId: Id.nullable(),
  createdAt: IsoDateTime,
});
export type OwnerQuote = z.infer<typeof OwnerQuote>;

export const OwnerQuotesPage = z.object({ quotes: z.array(OwnerQuote) });
export type OwnerQuotesPage = z.infer<typeof OwnerQuotesPage>;

// ---------- the customer's quote link ----------

export const QUOTE_LINK_STATES = ['open', 'booked', 'declined', 'expired', 'withdrawn'] as const;

export const QuoteLinkQuery = z.object({ token: z.string().min(1, 'The link has no token.').max(200) });

/** What the customer's quote page shows. */
export const QuoteLinkView = z.object({
  state: z.enum(QUOTE_LINK_STATES),
  businessId: Id,
  businessName: z.string(),
  /** How to reach the business (an expired or closed quote says so). */
  contact: z.object({ email: z.string(), phone: z.string() }),
  bookingPageUrl: z.string().nullable(),
  branding: Branding.optional(),
  timeZone: z.string(),
  timeFormat: TimeFormat,
  firstName: z.string(),
  serviceId: Id,
  serviceName: z.string(),
  address: z.string(),
  lines: z.array(QuoteLine),
  totalQuote: z.number(),
  /** Minutes the job takes beyond the service's own: the days and slots calls fit the longer job. */
  extraMinutes: z.number().int(),
  validUntil: IsoDateTime,
  /** The booked visit's time, once booked. */
  bookingTime: BookingTime.nullable(),
  /**
   * The unticked box "Tell me if a time opens near me" (docs/decisions/059): its words, whether
   * the customer ticked it, and the last day it lasts (30 days after the quote was sent). Null
   * where it cannot be asked: booked or withdrawn, no e-mail, an address not on the map, or past
   * that day.
   */
  nearby: z.object({ asked: z.boolean(), wording: z.string(), lastDay: IsoDate }).nullable(),
});
export type QuoteLinkView = z.infer<typeof QuoteLinkView>;

/** Ticks (true) or unticks (false) "Tell me if a time opens near me". */
export const QuoteLinkNearby = z.object({ nearby: z.boolean({ error: 'nearby must be true or false.' }) });

export const QuoteLinkBook = z.object({ date: IsoDate, time: HhMm });
export const QuoteLinkBooked = z.object({
  bookingId: Id,
  totalQuote: z.number(),
  bookingTime: BookingTime,
});
export type QuoteLinkBooked = z.infer<typeof QuoteLinkBooked>;
