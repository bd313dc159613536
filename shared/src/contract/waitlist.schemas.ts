/**
 * The contract of the waiting list (issue 45 item 2; docs/decisions/056): a customer joins the
 * list for a full day with the quote they had; a freed time is offered to those it fits; the
 * offer's page books it through the widget's book call (BookRequest.offerToken); the owner sees
 * each day's list and what was offered and filled (calls: waitlist.calls.ts).
 */
import { z } from 'zod';
import { BookRequest, QuoteLine } from './customer.schemas.ts';
import { IsoDate, IsoDateTime, Phone } from './fields.schemas.ts';

/** Join the list for a full day: the quote's request as sent, the day, and who to tell. */
export const JoinWaitlistRequest = BookRequest.pick({
  businessId: true,
  serviceId: true,
  answers: true,
  addOns: true,
  answer: true,
  address: true,
  date: true,
  firstName: true,
  lastName: true,
  customerEmail: true,
  textConsent: true,
}).extend({
  /** Optional here: the offer's page asks for it before booking when it was left out. */
  phoneNumber: Phone.optional(),
});
export type JoinWaitlistRequest = z.infer<typeof JoinWaitlistRequest>;

export const JoinWaitlistResponse = z.object({ message: z.string() });
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponse>;

export const OFFER_STATES = ['open', 'taken', 'withdrawn', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** An offer as its customer's page shows it, and the book call it makes to accept. */
export const WaitlistOffer = z.object({
  state: z.enum(OFFER_STATES),
  businessName: z.string(),
  serviceName: z.string(),
  /** "Tue, Dec 8, 2026" and "2:00 PM", on the business's clock. */
  dateLabel: z.string(),
  timeLabel: z.string(),
  address: z.string(),
  lines: z.array(QuoteLine),
  /** The price now (the quote computed again), dollars. */
  totalQuote: z.number(),
  expiresAt: IsoDateTime,
  /** Until when, on the business's clock: "8:28 AM" (today), or "8:28 AM on Tue, Dec 8". */
  expiresLabel: z.string(),
  /**
   * What "Book this time" sends to the book call (with the offer's token): the request as joined,
   * at this time. For a move (below), the visit's details at this time: the book call with the
   * token moves that visit, booking nothing new.
   */
  book: BookRequest.extend({ phoneNumber: z.string() }),
  /** An offer to move the customer's next plan visit up to this time: where that visit is now. */
  move: z.object({ fromLabel: z.string() }).optional(),
  /**
   * A time offered to a recent quote nearby (docs/decisions/059): booked at the quoted price; the
   * quote's page, where the customer unticks "Tell me if a time opens near me" to get no more.
   */
  quote: z.object({ quoteUrl: z.string() }).optional(),
});
export type WaitlistOffer = z.infer<typeof WaitlistOffer>;

export const WaitlistDayQuery = z.object({ day: IsoDate });

const OfferedTo = z.object({
  name: z.string(),
  state: z.enum(OFFER_STATES),
  /**
   * waitlist: a customer on the day's waiting list; visit: a plan customer asked to move their next
   * visit up; quote: a recent quote nearby whose customer asked to hear of a time.
   */
  kind: z.enum(['waitlist', 'visit', 'quote']),
  /** The minutes of driving the job adds to the crew's day there. */
  extraDriveMin: z.number().int(),
});

/** A day's waiting list for the owner: who waits, and each freed time, who was offered it and who took it. */
export const WaitlistDay = z.object({
  day: IsoDate,
  entries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      serviceName: z.string(),
      address: z.string(),
      total: z.number(),
      status: z.enum(['waiting', 'filled', 'left']),
      joinedAt: IsoDateTime,
    }),
  ),
  freed: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      crew: z.string().nullable(),
      reason: z.enum(['cancelled', 'declined', 'expired', 'moved']),
      status: z.enum(['queued', 'offered', 'filled', 'unfilled']),
      offers: z.array(OfferedTo),
      filledBy: z.string().nullable(),
    }),
  ),
});
export type WaitlistDay = z.infer<typeof WaitlistDay>;
