/**
 * The schemas of the customer's calls (the widget's and the booking page's): the business as shown,
 * slots and days, the quote, booking, checkout, the manage link (calls: customer.calls.ts).
 */

import { z } from 'zod';
import { BOOKING_STATUSES } from '../domain.ts';
import { PLAN_STATUSES } from '../plans.ts';
import { isIsoDate } from '../time.ts';
import { BookingTime, BookingVersion, PriceChange } from './bookings.schemas.ts';
import { Branding } from './business.schemas.ts';
import { Email, HhMm, Id, IsoDate, IsoDateTime, Phone, plainText, TimeFormat, trimmed } from './fields.schemas.ts';
import { PhotoToken, QUOTE_PHOTOS_MAX } from './photos.schemas.ts';
import { PlanFrequency, QuotePlan } from './plans.schemas.ts';
import { ADD_ONS_MAX, QuoteQuestion, Service } from './services.schemas.ts';

export const SlotsQuery = z.object({
  businessId: z
    .string({ error: 'businessId is required: the id from the embed code.' })
    .uuid('businessId is not a valid business id; use the id from the embed code.'),
  date: z
    .string({ error: 'date is required, written YYYY-MM-DD.' })
    .refine(isIsoDate, 'date must be a real date written YYYY-MM-DD, like 2026-12-01.'),
  serviceId: z.string().uuid('serviceId is not a valid service id; use a service _id from the business.').optional(),
  token: z.string().max(200, 'token is too long; use the link from your e-mail.').optional(),
  /** Where the customer is (as sent to quote): a business that travels leaves room for the drive. */
  address: plainText(z.string().trim().max(300, 'address must be at most 300 characters.'), 'address').optional(),
  /**
   * Minutes the customer's answers and add-ons add to the service (shared/src/quote.ts quoteMinutes):
   * the slots fit the longer job. The booking call counts them again from the answers themselves.
   */
  extraMinutes: z.coerce
    .number({ error: 'extraMinutes must be a number of minutes.' })
    .int('extraMinutes must be whole minutes.')
    .min(0, 'extraMinutes cannot be negative.')
    .max(2_880, 'extraMinutes must be at most 2880.')
    .optional(),
});
export const BusinessParams = z.object({
  businessId: z.string().uuid('That is not a business id. Use the businessId from the embed code, a UUID.'),
});
export const Slot = z.object({
  time: HhMm,
  available: z.boolean(),
  /**
   * Price by route fit (docs/decisions/055): dollars less than the quote a booking at this free time
   * costs, because the crew is already nearby that day. Left out when it costs the quote.
   */
  saving: z.number().optional(),
});
export type Slot = z.infer<typeof Slot>;
export const SlotsResponse = z.object({ slots: z.array(Slot) });

/** YYYY-MM with a real month: "2026-12"; "2026-13" and "2026-1" are refused. */
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const AvailableDaysQuery = z.object({
  businessId: SlotsQuery.shape.businessId,
  month: z
    .string({ error: 'month is required, written YYYY-MM.' })
    .regex(YEAR_MONTH, 'month must be a month written YYYY-MM, like 2026-12.'),
  serviceId: SlotsQuery.shape.serviceId,
  /** As sent to slots and quote: travel leaves room for the drive, and a place outside the service area is refused. */
  address: SlotsQuery.shape.address,
  extraMinutes: SlotsQuery.shape.extraMinutes,
  /** A manage link's (the reschedule page): the booking's length, place and crews, its own time not busy. */
  token: SlotsQuery.shape.token,
});

/**
 * A day of the month grid: some slot free, every slot taken (or past the notice), the
 * business closed, a day gone by, or past the booking horizon.
 */
export const DAY_STATUSES = ['free', 'full', 'closed', 'past', 'beyond'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];
export const AvailableDay = z.object({ date: IsoDate, status: z.enum(DAY_STATUSES) });
export type AvailableDay = z.infer<typeof AvailableDay>;
export const AvailableDaysResponse = z.object({
  month: z.string(),
  /** The business's today and last bookable day: the grid offers no month before the one, nor after the other. */
  today: IsoDate,
  lastDay: IsoDate,
  days: z.array(AvailableDay),
});
export type AvailableDaysResponse = z.infer<typeof AvailableDaysResponse>;

export const PublicBusiness = z.object({
  businessId: Id,
  name: z.string(),
  niche: z.string().nullable(),
  timeZone: z.string(),
  /** The owner's choice of clock, which the widget's times follow. */
  timeFormat: TimeFormat,
  services: z.array(Service),
  /** The quote questions, in order; each names the services it is asked for (null: all). */
  questions: z.array(QuoteQuestion),
  distancePricing: z.boolean(),
  /** Where the customer reads how their details are used: the owner's notice or the default page. */
  privacyUrl: z.string(),
  /** The business's look in the pop-up (accent, logo, the "Report a problem" link). */
  branding: Branding,
  /**
   * true: the business takes cards online (Stripe connected), so a plan or a deposit may offer
   * "Save my card for this business's future visits" (book's saveCard; docs/decisions/046).
   */
  savesCards: z.boolean().optional(),
});
export type PublicBusiness = z.infer<typeof PublicBusiness>;

/** The customer's answer to a question: an option's text, a quantity for a rate, or yes/no. */
export const Answer = z.union([
  z.object({ yes: z.boolean({ error: 'Answer yes or no with true or false.' }) }),
  z.object({ option: plainText(z.string().max(120), 'Answer') }),
  z.object({
    quantity: z
      .number()
      .finite()
      .min(0, 'Quantity cannot be negative.')
      .max(100_000, 'Quantity must be at most 100000.'),
  }),
]);
export type Answer = z.infer<typeof Answer>;

export const QuoteRequest = z.object({
  businessId: Id,
  serviceId: Id,
  /** The answers, by question _id (docs/decisions/026). */
  answers: z
    .record(Id, Answer.nullable())
    .optional()
    .describe(
      'The answers to the business questions, by question _id: {option}, {quantity} or {yes}. Replaces answer.',
    ),
  /** The _ids of the add-ons ticked. */
  addOns: z.array(Id).max(ADD_ONS_MAX, `At most ${ADD_ONS_MAX} add-ons.`).optional(),
  /**
   * Deprecated: `answers` replaces it. The answer to the first question asked for the service,
   * as embeds made before several questions send it; ignored when `answers` is sent.
   */
  answer: Answer.nullable()
    .optional()
    .describe(
      'Deprecated: answers replaces it. The answer to the first question asked for the service, as embeds made before several questions send it; ignored when answers is sent.',
    ),
  address: trimmed(300, 'Address'),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;
export const QuoteLine = z.object({ label: z.string(), amount: z.number() });
export type QuoteLine = z.infer<typeof QuoteLine>;
export const QuoteResponse = z.object({
  lines: z.array(QuoteLine),
  totalQuote: z.number(),
  miles: z.number().nullable(),
  /**
   * When the address was located only by its ZIP code or city (the offline geocoder keeps the
   * street line but finds its ZIP), the miles are estimated from there; null when measured to
   * the street, or when no distance is charged.
   */
  distanceEstimatedFrom: z.enum(['zip', 'city']).nullable(),
  /** When the business takes a deposit: what is paid when booking and what is left for the day. */
  deposit: z.object({ dueNow: z.number(), dueLater: z.number() }).optional(),
  /** The frequencies the service is offered at as a plan, each with its price per visit; absent: just once. */
  plans: z.array(QuotePlan).optional(),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/** A plan's first visits from a chosen slot, before booking: which are free (docs/decisions/022). */
export const PlanDatesQuery = z.object({
  businessId: Id,
  serviceId: Id,
  frequency: PlanFrequency,
  date: IsoDate,
  time: HhMm,
  /** As sent to slots: travel leaves room for the drive. */
  address: z.string().max(300, 'Address must be at most 300 characters.').optional(),
});
export const PLAN_VISIT_STATES = ['free', 'taken'] as const;
export const PlanDatesResponse = z.object({
  /** "Weekly", "Monthly on the second Tuesday". */
  label: z.string(),
  /** The first visits: free, or taken (the owner will propose another time for it). */
  visits: z.array(z.object({ date: IsoDate, state: z.enum(PLAN_VISIT_STATES) })),
  /** Said when some months have no visit (a fifth weekday); null otherwise. */
  note: z.string().nullable(),
});
export type PlanDatesResponse = z.infer<typeof PlanDatesResponse>;

/** A name: no markup or template characters either (control characters are refused by trimmed). */
export const personName = (what: string) =>
  trimmed(80, what).refine((s) => !/[<>{}\\]/.test(s), `${what} contains characters that are not allowed.`);

/** A hold's token: the random id hold-slot answered, kept by the customer's browser for its visit. */
const HoldToken = z
  .string({ error: 'holdToken must be the token hold-slot answered.' })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'holdToken must be the token hold-slot answered.');

export const BookRequest = QuoteRequest.extend({
  date: IsoDate,
  time: HhMm,
  firstName: personName('First name'),
  lastName: personName('Last name'),
  customerEmail: Email,
  phoneNumber: Phone,
  /** Book a plan at this frequency, the date and time being its first visit; left out: just once. */
  frequency: PlanFrequency.optional(),
  /** "Text me updates about this booking", unticked unless the customer ticks it (docs/decisions/027). */
  textConsent: z.boolean({ error: 'textConsent must be true or false.' }).optional(),
  /**
   * "Save my card for this business's future visits", unticked unless the customer ticks it
   * (docs/decisions/046): the deposit's Checkout keeps the card, or, with no deposit, checkout
   * opens Stripe's page that only saves it. Ignored when the business takes no cards online.
   */
  saveCard: z.boolean({ error: 'saveCard must be true or false.' }).optional(),
  /** The token of the customer's hold on this time (hold-slot): the holder may book it, and the booking ends the hold. */
  holdToken: HoldToken.optional(),
  /**
   * The total the customer was shown for this time (a plan's: per visit), in dollars: when the price
   * booked would differ (the crew's day changed since; docs/decisions/055), the booking is refused
   * PRICE_CHANGED and nothing is booked. Left out (older embeds): booked at the price of the moment.
   */
  shownTotal: z
    .number({ error: 'shownTotal must be a number of dollars.' })
    .finite('shownTotal must be a number of dollars.')
    .min(0, 'shownTotal cannot be negative.')
    .max(100_000_000, 'shownTotal is too large.')
    .optional(),
  /**
   * The photos the customer attached (uploadRequestPhoto's tokens; docs/decisions/053): the
   * booking claims them. Required when the service asks for a photo with ask 'required'.
   */
  photoTokens: z
    .array(PhotoToken)
    .max(QUOTE_PHOTOS_MAX, `At most ${QUOTE_PHOTOS_MAX} photos.`)
    .refine((t) => new Set(t).size === t.length, 'The same photo is attached twice.')
    .optional(),
  /**
   * The token of a waiting-list offer's link (docs/decisions/056): booking its time accepts the
   * offer. Refused with OFFER_TAKEN when another customer took the time first, OFFER_EXPIRED when
   * the offer lapsed.
   */
  offerToken: z.string().min(1, 'The offer link has no token.').max(200).optional(),
});
export type BookRequest = z.infer<typeof BookRequest>;

/**
 * A time the customer chose, held while they type their details (docs/decisions/035): the same
 * fields as a slots query names, and the token of the hold they had, which this one replaces.
 */
export const HoldRequest = z.object({
  businessId: Id,
  serviceId: Id,
  date: IsoDate,
  time: HhMm,
  extraMinutes: SlotsQuery.shape.extraMinutes,
  holdToken: HoldToken.optional(),
});
export type HoldRequest = z.infer<typeof HoldRequest>;

export const HoldResponse = z.object({
  /** Send it back with the booking (and to hold another time or let this one go). */
  holdToken: z.string(),
  /** Until when the time is held (ISO 8601, UTC). */
  heldUntil: IsoDateTime,
  /** The hold's length in whole minutes, for "We're holding 10:00 AM for you for 10 minutes." */
  minutes: z.number().int(),
});
export type HoldResponse = z.infer<typeof HoldResponse>;

export const ReleaseHoldRequest = z.object({ holdToken: HoldToken });
export type ReleaseHoldRequest = z.infer<typeof ReleaseHoldRequest>;

/**
 * The booking as a calendar event: the UID its mails' invitations carry, its instants (ISO 8601, UTC).
 * A plan's booking adds its series: the plan's UID and rule from this first visit on, in the
 * business's zone (with that zone's VTIMEZONE lines), so the customer's file holds every visit.
 */
export const CalendarEvent = z.object({
  uid: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  series: z
    .object({ uid: z.string(), rrule: z.string(), timeZone: z.string(), vtimezone: z.array(z.string()) })
    .optional(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const BookResponse = z.object({
  bookingId: Id,
  status: z.enum(BOOKING_STATUSES),
  totalQuote: z.number(),
  bookingTime: BookingTime,
  /** For "Add to calendar" on the confirmation: the same event as the mails' invitations. */
  calendarEvent: CalendarEvent,
  /**
   * When a deposit is due (status awaiting_payment): the amounts, and until when the time is
   * held; POST /api/customer/checkout answers the Stripe Checkout page to send the customer to.
   */
  payment: z.object({ dueNow: z.number(), dueLater: z.number(), holdUntil: IsoDateTime }).optional(),
  /**
   * true: the customer asked to save their card and no deposit is due: POST /api/customer/checkout
   * answers Stripe's page that saves it (nothing is charged; docs/decisions/046).
   */
  cardSetup: z.literal(true).optional(),
  /**
   * A plan's booking: its words, the price of each visit, and the visits booked with it (the
   * first one and those in the next weeks), each booked or needing another time.
   */
  plan: z
    .object({
      planId: Id,
      label: z.string(),
      perVisit: z.number(),
      visits: z.array(z.object({ date: IsoDate, status: z.enum(BOOKING_STATUSES) })),
    })
    .optional(),
});
export type BookResponse = z.infer<typeof BookResponse>;

export const CheckoutRequest = z.object({ bookingId: Id });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** The Stripe Checkout page for the booking's deposit: the same one however often it is asked for. */
export const CheckoutResponse = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** What the reschedule and cancel pages show before the customer acts. */
export const ManagedBooking = z.object({
  businessId: Id,
  businessName: z.string(),
  serviceName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  bookingTime: BookingTime,
  timeZone: z.string(),
  /** The business's choice of clock, which the pages' times follow. */
  timeFormat: TimeFormat,
  /** Bumped by every change of time or status; the reschedule page sends it back. */
  version: z.number().int().optional(),
  /**
   * Set when the business's change cut-off has passed: the link no longer reschedules
   * or cancels, and the pages show why and whom to contact instead.
   */
  changeLocked: z
    .object({
      reason: z.string(),
      contact: z.object({ businessName: z.string(), email: z.string(), phone: z.string() }),
    })
    .nullable()
    .optional(),
  /** The business's booking page (/book/{slug}): where the pages lead after a change; null before it has one. */
  bookingPageUrl: z.string().nullable().optional(),
  /** The business's look: the pages carry its name, logo and accent, not Slotwise's. */
  branding: Branding.optional(),
  /** When something was paid: how much, and what cancelling now gives back under the business's policy. */
  payment: z
    .object({ paid: z.number(), refunded: z.number(), refundOnCancel: z.number(), policy: z.string() })
    .optional(),
  /**
   * A visit of a plan: the plan's name ("your weekly Pool Cleaning"), its state, the price of a
   * visit, and its next visit days; the pages offer Skip this visit and Cancel the plan.
   */
  plan: z
    .object({
      name: z.string(),
      label: z.string(),
      status: z.enum(PLAN_STATUSES),
      perVisit: z.number(),
      nextVisits: z.array(IsoDate),
    })
    .optional(),
  /** An approval at an adjusted price (docs/decisions/026): the page asks the customer to accept or decline it. */
  priceChange: PriceChange.optional(),
  /** The card the customer saved with the business ("Visa ending 4242"; docs/decisions/046), which the page lets them remove. */
  savedCard: z.string().optional(),
  /**
   * Running late (docs/decisions/049): the crew is now expected later than booked, as the
   * customer was told; keeping it asks nothing, and the link may still move it (even past the
   * change cut-off, and until the new time).
   */
  projectedStart: IsoDateTime.optional(),
});
export type ManagedBooking = z.infer<typeof ManagedBooking>;

/** Which business a manage link (even a used or expired one) or an id belongs to, for "Book again". */
export const BookingPageQuery = z.object({
  token: z.string().min(1, 'The link has no token.').max(200).optional(),
  businessId: Id.optional(),
});
export const BookingPageLink = z.object({ businessName: z.string(), url: z.string() });
export type BookingPageLink = z.infer<typeof BookingPageLink>;

export const CustomerRescheduleRequest = z.object({
  token: z.string({ error: 'The link has no token.' }).min(1, 'The link has no token.').max(200),
  newDateTime: z
    .string({ error: 'Pick a date and time.' })
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'Send the new time as YYYY-MM-DDTHH:MM.'),
  /** The booking's version as the page read it; when sent and stale, 409 BOOKING_CHANGED. */
  version: BookingVersion.optional(),
});
export const TokenQuery = z.object({ token: z.string().min(1, 'The link has no token.').max(200) });
