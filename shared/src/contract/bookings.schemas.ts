/** The contract of bookings on the owner's side: the list, approve, decline, move, undo (calls: bookings.calls.ts). */

import { z } from 'zod';
import { BOOKING_STATUSES, DECLINE_REASON_MAX } from '../domain.ts';
import { Dollars, HhMm, Id, IsoDate, IsoDateTime, plainText } from './fields.schemas.ts';
import { BookingPayment } from './payments.schemas.ts';

/** A booking's version (see Booking.version), sent back with a move. */
export const BookingVersion = z
  .number({ error: 'version must be a whole number: the version of the booking you read.' })
  .int('version must be a whole number: the version of the booking you read.')
  .min(0, 'version must be a whole number: the version of the booking you read.')
  .max(2_147_483_647, 'version must be a whole number: the version of the booking you read.');
export const BookingTime = z.object({
  day: IsoDate,
  startTime: HhMm,
  endTime: HhMm,
  /**
   * The zone's short name ("EDT", "EST") when the wall time is in the hour the clocks
   * repeat on the autumn change day, so "01:00 EDT - 01:00 EST" reads right; absent otherwise.
   */
  startZone: z.string().optional(),
  endZone: z.string().optional(),
});

/** The most a total may be set to when approving at an adjusted price: what a quote may come to ($20,000,000). */
const ADJUSTED_MAX_DOLLARS = 20_000_000;

/**
 * An approval at an adjusted price (docs/decisions/026): the total first quoted, the total proposed,
 * the owner's reason, and where it stands: proposed (the customer has not answered), accepted, declined,
 * or withdrawn (the owner approved as quoted or declined the booking before the customer answered).
 */
export const PriceChange = z.object({
  quoted: z.number(),
  proposed: z.number(),
  reason: z.string(),
  state: z.enum(['proposed', 'accepted', 'declined', 'withdrawn']),
});
export type PriceChange = z.infer<typeof PriceChange>;

/** One answer as kept on a booking: the question's words and the answer's ("SUV", "3", "Yes"). */
export const BookingAnswer = z.object({ question: z.string(), answer: z.string() });
export type BookingAnswer = z.infer<typeof BookingAnswer>;

export const Booking = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  serviceName: z.string(),
  customerEmail: z.string(),
  phoneNumber: z.string(),
  carBodyType: z.string().nullable(),
  totalQuote: z.number(),
  customerAddress: z.string().nullable().optional(),
  status: z.enum(BOOKING_STATUSES),
  bookingTime: BookingTime,
  /** Bumped by every change of time or status; send it back with a move to be refused (409 BOOKING_CHANGED) if it is stale. */
  version: z.number().int().optional(),
  /** What was asked for and paid through Stripe (docs/decisions/021); absent when no deposit was due. */
  payment: BookingPayment.optional(),
  /** A visit of a recurring plan: which plan, and its words ("Weekly"); absent for a one-off booking. */
  plan: z.object({ planId: Id, label: z.string() }).optional(),
  /** The customer's answers, question by question (docs/decisions/026); absent when there are none. */
  answers: z.array(BookingAnswer).optional(),
  /** An approval at an adjusted price and where it stands; absent when none was proposed. */
  priceChange: PriceChange.optional(),
  /** A total the owner set when entering the booking (docs/decisions/038): the engine's total and the owner's reason. */
  ownerPrice: z.object({ calculated: z.number(), reason: z.string() }).optional(),
  /** The crew doing the job (Settings, Crews); absent only on rows written before crews. */
  crewId: Id.nullable().optional(),
  /** When the customer was told the crew is on the way (docs/decisions/048); absent until then. */
  onMyWayAt: IsoDateTime.optional(),
  /**
   * When the crew started the job (docs/decisions/024), in the lists of today and of a range of
   * days; absent until then. A started job offers no On my way: the crew is there.
   */
  startedAt: IsoDateTime.optional(),
  /**
   * Running late (docs/decisions/049): when the crew is now expected, later than booked, as its
   * last Start job or Mark completed that day projected it (to 5 minutes); absent while on time.
   */
  projectedStart: IsoDateTime.optional(),
  /**
   * Requests do not wait for ever (docs/decisions/051): when this pending request expires if the
   * owner does not answer it; absent when it never does (switched off, a plan's visit, a paid deposit).
   */
  expiresAt: IsoDateTime.optional(),
  /** When this request expired unanswered (its status then declined: its time freed, the customer told); absent otherwise. */
  expiredAt: IsoDateTime.optional(),
});
export type Booking = z.infer<typeof Booking>;

/**
 * "On my way" sent (docs/decisions/048): when, how (a text to a customer who agreed to texts and
 * did not reply STOP, else a mail), and the arrival it named on the business's clock ("2:40 PM"),
 * or null when the drive could not be worked out (an address not on the map): then it named none.
 */
export const OnMyWaySent = z.object({
  at: IsoDateTime,
  channel: z.enum(['text', 'mail']),
  arrival: z.string().nullable(),
  /** The words sent (the text, or the mail's first line). */
  words: z.string(),
});
export type OnMyWaySent = z.infer<typeof OnMyWaySent>;
export const BookingOnMyWay = z.object({ booking: Booking, sent: OnMyWaySent });
export type BookingOnMyWay = z.infer<typeof BookingOnMyWay>;
export type BookingTime = z.infer<typeof BookingTime>;
export const BookingsResponse = z.object({ bookings: z.array(Booking) });
export type BookingsResponse = z.infer<typeof BookingsResponse>;

/**
 * Today's bookings, and for a business with Stripe connected the overview's money cards:
 * deposits paid today (less what of them was refunded) and the balance still due on the day
 * from pending and approved bookings from today on (docs/decisions/021).
 */
export const TodayResponse = BookingsResponse.extend({
  deposits: z.object({ takenToday: z.number(), balanceDue: z.number() }).optional(),
});
export type TodayResponse = z.infer<typeof TodayResponse>;

/**
 * What waits for the owner's answer, whatever its day (the overview's list, the Bookings tab's badge):
 * `count` of them all, `bookings` the soonest of them (at most WAITING_SHOWN), soonest first.
 */
export const WAITING_SHOWN = 50;
export const WaitingResponse = BookingsResponse.extend({ count: z.number().int() });
export type WaitingResponse = z.infer<typeof WaitingResponse>;

/** Optional visible range for the calendar: business-local dates, inclusive. */
export const RangeQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });
export const BookingParams = z.object({
  id: z.string().uuid('That is not a booking id; use the _id of a booking from your bookings list.'),
});

export const RescheduleByOwnerRequest = z.object({
  bookingId: Id,
  newTime: z.object({ day: IsoDate, startTime: HhMm }),
  requestor: z.literal('business', { error: 'requestor must be "business".' }),
  /** The booking's version as the calendar read it; when sent and stale, 409 BOOKING_CHANGED. */
  version: BookingVersion.optional(),
  /**
   * A plan's visit: move this visit only (the default), or this and the following ones, which
   * moves the plan's day and time from this visit on (docs/decisions/022).
   */
  scope: z.enum(['visit', 'following'], { error: 'scope must be "visit" or "following".' }).optional(),
  /** Give the job to this crew (a drop on its column); absent: the crew it has. */
  crewId: Id.optional(),
});
export type RescheduleByOwnerRequest = z.infer<typeof RescheduleByOwnerRequest>;

/**
 * The owner's Decline. The body may be left out altogether (no reason, as before there was
 * one); the reason is trimmed, and empty means none. It is quoted in the customer's mail, so
 * it is plain text, several lines at most DECLINE_REASON_MAX characters.
 */
export const DeclineRequest = z
  .object({
    reason: plainText(
      z
        .string({ error: 'reason must be text: a note to the customer, or leave it out.' })
        .trim()
        .max(DECLINE_REASON_MAX, {
          error: (issue) =>
            `The reason is ${typeof issue.input === 'string' ? issue.input.length : 'over'} characters long; it can be at most ${DECLINE_REASON_MAX}. Shorten it and decline again.`,
        }),
      'Reason',
      'multi-line',
    ).optional(),
  })
  .optional();
export type DeclineRequest = z.infer<typeof DeclineRequest>;

/**
 * Approve, or approve at an adjusted price (docs/decisions/026): a new total and the reason the
 * customer reads ("heavy pet hair: +$40"). With a total, the booking stays pending until the
 * customer accepts it from the mail's link. Without a body: approved as quoted.
 */
export const ApproveRequest = z
  .object({
    total: Dollars('New total', ADJUSTED_MAX_DOLLARS).optional(),
    reason: plainText(
      z.string({ error: 'reason must be text.' }).trim().max(300, 'Reason must be at most 300 characters.'),
      'Reason',
    ).optional(),
  })
  .refine((r) => r.total === undefined || (r.reason !== undefined && r.reason.length > 0), {
    message: 'Say why the total changes: the customer reads the reason before accepting it.',
    path: ['reason'],
  })
  .optional();
export type ApproveRequest = z.infer<typeof ApproveRequest>;

/** The customer's answer to an adjusted price, from the mail's link. */
export const PriceChangeAnswer = z.object({ accept: z.boolean({ error: 'accept must be true or false.' }) });
export type PriceChangeAnswer = z.infer<typeof PriceChangeAnswer>;

/**
 * The Undo an owner's Decline or calendar move offers (docs/decisions/014): the token to send
 * to POST .../booking/undo/:token, and until when the dashboard shows it (10 s after the
 * change; the server still takes an undo that arrives up to 2 s later). The customer's mail
 * waits until the undo can no longer come.
 */
export const UndoOffer = z.object({
  token: z.string(),
  until: IsoDateTime,
});
export type UndoOffer = z.infer<typeof UndoOffer>;

/** What a Decline or a move on the calendar answers: the booking as changed, and its Undo. */
export const BookingWithUndo = Booking.extend({ undo: UndoOffer });
export type BookingWithUndo = z.infer<typeof BookingWithUndo>;
export const UndoParams = z.object({
  token: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,200}$/,
      'That is not an undo token; send the undo.token of the answer to your Decline or move.',
    ),
});
