/**
 * The API contract: one zod schema per request and answer (docs/architecture.md#the-api).
 * The route table (routes.ts) names which call uses which; the server validates with
 * these, the fetch client parses with these, and the apps take their types from these.
 * Never write a request or answer type anywhere else.
 */
import { z } from 'zod';
import { BUTTON_POSITIONS } from './brand.ts';
import { TIME_FORMATS } from './clock.ts';
import { MIN_CHARGE_CENTS } from './deposit.ts';
import {
  BLOCK_REASONS,
  BOOKING_STATUSES,
  DECLINE_REASON_MAX,
  FEEDBACK_PLACES,
  FEEDBACK_TYPES,
  NICHES,
  PASSWORD_MIN_LENGTH,
  WEEKDAYS,
} from './domain.ts';
import { ERRORS, type ErrorCode } from './errors.ts';
import { BEACON_EVENTS_MAX, DAY_PARTS, FUNNEL_STEPS, INSIGHTS_RANGE_MAX_DAYS, SOURCE_KINDS } from './insights.ts';
import { toE164 } from './phone.ts';
import { PLAN_FREQUENCIES, PLAN_OFFERS_MAX, PLAN_PERCENT_MAX, PLAN_STATUSES } from './plans.ts';
import { QUESTION_TYPES } from './quote.ts';
import { isHhMm, isIsoDate } from './time.ts';
import { isTimeZone } from './time-zone.ts';

// ---------- building blocks ----------

/**
 * C0 and C1 control characters and DEL: NUL is refused by PostgreSQL's text (a 500 on one
 * database and stored on the other), the rest are invisible or move the cursor in mails and logs.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less the newline, carriage return and tab that multi-line text keeps. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they
 * reorder what follows them, so a name can read as something else ("Trojan Source").
 * The left-to-right and right-to-left marks (U+200E, U+200F) stay: they reorder nothing
 * and right-to-left names pasted from elsewhere carry them.
 */
const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Text a person typed: refuses control characters (multi-line text keeps newlines and
 * tabs) and text-direction controls, with a sentence naming the field.
 */
const plainText = <T extends z.ZodString>(schema: T, what: string, lines: 'one line' | 'multi-line' = 'one line') =>
  schema
    .refine(
      (s) => !(lines === 'one line' ? CONTROL : CONTROL_BUT_LINES).test(s),
      `${what} contains a character that is not allowed (a control character).`,
    )
    .refine((s) => !DIRECTION.test(s), `${what} contains a character that is not allowed (a text-direction control).`);

const trimmed = (max: number, what: string, lines: 'one line' | 'multi-line' = 'one line') =>
  plainText(
    z
      .string({ error: `${what} is required.` })
      .trim()
      .min(1, `${what} is required.`)
      .max(max, `${what} must be at most ${max} characters.`),
    what,
    lines,
  );

export const Id = z.string().uuid('Not a valid id.');
export const HhMm = z.string().refine(isHhMm, 'Use a 24-hour time written HH:MM, like 09:30.');
export const IsoDate = z.string().refine(isIsoDate, 'Use a date written YYYY-MM-DD, like 2026-12-01.');
/** An ISO 8601 date-time with an offset or Z, as sent by browsers' toISOString(). */
export const IsoDateTime = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date-time, like 2026-12-01T09:30:00Z.',
});
export const Email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address, like name@example.com.'));
/**
 * A phone number as people type it ("+1 512-555-0123", "+44 7700 900123"; without a
 * country code, a US number), stored and answered as E.164 ("+15125550123"). A number that
 * is not one (letters, the wrong number of digits for its country, an extension) is refused
 * with the sentence the booking call has always answered (shared/src/phone.ts).
 */
export const Phone = plainText(
  z.string({ error: 'Phone number is required.' }).trim().max(40, 'Phone number must be at most 40 characters.'),
  'Phone number',
).transform((text, ctx) => {
  const e164 = toE164(text);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: 'Enter a phone number with its country code, like +1 5551234567.' });
  return z.NEVER;
});
/** Dollars on the wire; at most cents precision; bounded so no total can overflow. */
export const Dollars = (what: string, max = 100_000) =>
  z
    .number({ error: `${what} must be a number.` })
    .finite(`${what} must be a number.`)
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} must be at most ${max}.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} can have at most two decimals (cents).`);

/** Minutes an option or add-on adds to the slot (docs/decisions/026): whole, up to 8 hours. */
const ExtraMinutes = z
  .number({ error: 'Extra minutes must be a number.' })
  .int('Extra minutes must be whole minutes.')
  .min(0, 'Extra minutes cannot be negative.')
  .max(480, 'Extra minutes must be at most 480 (8 hours).');

/** Every error answer: a sentence for a person and a stable code for code (shared/src/errors.ts). */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The instance's health. `degraded` (still 200, so a load balancer keeps the instance):
 * a part it can do without is down, such as Redis, whose rate-limit counters then live in
 * the database. `redis` only when REDIS_URL is set.
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['sqlite', 'postgres']),
  redis: z.enum(['up', 'down']).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const OkBody = z.object({ message: z.string() });
export type OkBody = z.infer<typeof OkBody>;

// ---------- accounts ----------

export const LoginRequest = z.object({
  email: Email,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SignupRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'Password is required.' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(1024, 'Password must be at most 1024 characters.'),
  phoneNumber: Phone,
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;
/** Log-in's answer: the token, and whose login it is: the owner's (the dashboard) or a crew member's (the crew pages). */
export const LoginResponse = TokenResponse.extend({ account: z.enum(['owner', 'crew']) });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** What the signed token carries; the dashboard decodes it (docs/product.md#screens: the session). */
export const SessionPayload = z.object({
  sub: z.string(),
  email: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  tv: z.number().optional(),
  /** 'crew' on a crew member's token (it opens /crew and the crew calls only); absent on an owner's. */
  k: z.literal('crew').optional(),
});
export type SessionPayload = z.infer<typeof SessionPayload>;

/** How a business's times are shown: '12h' ("8:00 AM") or '24h' ("08:00") (shared/src/clock.ts). */
export const TimeFormat = z.enum(TIME_FORMATS, { error: 'Time format must be "12h" (8:00 AM) or "24h" (08:00).' });

// ---------- onboarding ----------

export const Step1Request = z.object({ name: trimmed(120, 'Business name') });
export const Step2Request = z.object({
  niche: plainText(
    z
      .string({ error: 'Niche is required.' })
      .trim()
      .min(1, 'Choose a niche.')
      .max(80, 'Niche must be at most 80 characters.'),
    'Niche',
  ),
});
/** The business's street address, a suggestion's text; a city or ZIP alone is refused with ADDRESS_NEEDS_STREET. */
export const Step3Request = z.object({ address: trimmed(300, 'Address') });
export type Step1Request = z.infer<typeof Step1Request>;
export type Step2Request = z.infer<typeof Step2Request>;
export type Step3Request = z.infer<typeof Step3Request>;

export const BusinessProfile = z.object({
  businessId: Id,
  name: z.string().nullable(),
  niche: z.string().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  /** How every screen, mail and the widget show this business's times. */
  timeFormat: TimeFormat,
  onboarded: z.boolean(),
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;

export { NICHES };

// ---------- places ----------

export const PlacesQuery = z.object({
  input: plainText(z.string().max(200, 'Search text must be at most 200 characters.'), 'Search text'),
});
export const PlaceSuggestion = z.object({ description: z.string(), placeId: z.string() });
export const PlacesResponse = z.array(PlaceSuggestion);
export type PlaceSuggestion = z.infer<typeof PlaceSuggestion>;

// ---------- feedback ----------

export const FeedbackRequest = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: `Type must be one of: ${FEEDBACK_TYPES.join(', ')}.` }),
  where: z.enum(FEEDBACK_PLACES, { error: `Where must be one of: ${FEEDBACK_PLACES.join(', ')}.` }),
  description: trimmed(5000, 'Description', 'multi-line'),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

// ---------- recurring plans (docs/decisions/022) ----------

export const PlanFrequency = z.enum(PLAN_FREQUENCIES, {
  error: 'Frequency must be "weekly", "every_2_weeks", "every_4_weeks" or "monthly".',
});
const PERCENT_OFF = `A plan's percent discount must be a whole number from 1 to ${PLAN_PERCENT_MAX}.`;
/** Off each visit's quote: a whole percent, or an amount in dollars; null: no discount. */
export const PlanDiscount = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('percent'),
        percent: z
          .number({ error: PERCENT_OFF })
          .int(PERCENT_OFF)
          .min(1, PERCENT_OFF)
          .max(PLAN_PERCENT_MAX, PERCENT_OFF),
      }),
      z.object({
        kind: z.literal('amount'),
        amount: Dollars('Discount amount', 10_000).refine((n) => n > 0, 'Discount amount must be more than $0.'),
      }),
    ],
    { error: 'Discount kind must be "percent" (with percent) or "amount" (with amount), or null for none.' },
  )
  .nullable();
export type PlanDiscount = z.infer<typeof PlanDiscount>;
/** A frequency a service is offered at, with its discount per visit. */
export const PlanOffer = z.object({ frequency: PlanFrequency, discount: PlanDiscount });
export type PlanOffer = z.infer<typeof PlanOffer>;
export const PlanOffers = z
  .array(PlanOffer)
  .max(PLAN_OFFERS_MAX, `A service offers at most ${PLAN_OFFERS_MAX} frequencies.`)
  .refine((offers) => new Set(offers.map((o) => o.frequency)).size === offers.length, 'Offer each frequency once.');
/** A frequency as the quote answers it: its words, its discount's words, and the price of a visit. */
export const QuotePlan = z.object({
  frequency: PlanFrequency,
  label: z.string(),
  discount: z.string().nullable(),
  perVisit: z.number(),
  /**
   * When the business takes a deposit: what the first visit asks when booking, at the plan's
   * price; `everyVisit` when each later visit asks it too (paid from that visit's mail).
   */
  deposit: z.object({ dueNow: z.number(), dueLater: z.number(), everyVisit: z.boolean().optional() }).optional(),
});
export type QuotePlan = z.infer<typeof QuotePlan>;

// ---------- payments: Stripe, deposits, refunds (docs/decisions/021) ----------

const MIN_DOLLARS = MIN_CHARGE_CENTS / 100;
/** A deposit rule on the wire: none, a fixed amount in dollars, a whole percent of the quote, or the full total. */
export const DepositRule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({
      kind: z.literal('fixed'),
      amount: Dollars('Deposit amount', 20_000).refine(
        (n) => n >= MIN_DOLLARS,
        `Deposit amount must be at least $${MIN_DOLLARS.toFixed(2)} (the smallest card payment Stripe takes).`,
      ),
    }),
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number({ error: 'Deposit percent must be a whole number from 1 to 100.' })
        .int('Deposit percent must be a whole number from 1 to 100.')
        .min(1, 'Deposit percent must be a whole number from 1 to 100.')
        .max(100, 'Deposit percent must be a whole number from 1 to 100.'),
    }),
    z.object({ kind: z.literal('full') }),
  ],
  { error: 'Deposit kind must be "none", "fixed" (with amount), "percent" (with percent) or "full".' },
);
export type DepositRule = z.infer<typeof DepositRule>;

export const PAYMENT_STATES = ['awaiting', 'due', 'paid', 'partly_refunded', 'refunded', 'unpaid'] as const;
/**
 * A booking's money: `deposit` asked for at booking, `paid` through Stripe, `refunded` back,
 * `balance` still due on the day (the total less what was paid and kept). `unpaid`: the hold
 * expired before the customer paid. `due`: a plan's visit whose deposit the customer pays
 * online before it, not paid yet (it holds its time meanwhile; docs/decisions/022).
 */
export const BookingPayment = z.object({
  state: z.enum(PAYMENT_STATES),
  deposit: z.number(),
  paid: z.number(),
  refunded: z.number(),
  balance: z.number(),
});
export type BookingPayment = z.infer<typeof BookingPayment>;

/** A connected Stripe account as the owner sees it: never the key, only its mode and last four characters. */
export const StripeConnection = z.object({
  accountId: z.string(),
  accountName: z.string(),
  mode: z.enum(['test', 'live']),
  keyHint: z.string(),
  connectedAt: IsoDateTime,
});
export type StripeConnection = z.infer<typeof StripeConnection>;

/**
 * A recurring plan's deposit (docs/decisions/022): asked of its first visit only, or of every
 * visit, each paid online before it from the link its mails carry.
 */
export const PlanDeposit = z.enum(['first', 'every'], {
  error: 'Plan deposit must be "first" (the first visit only) or "every" (every visit).',
});
export type PlanDeposit = z.infer<typeof PlanDeposit>;

export const REFUND_WINDOW_MAX_HOURS = 720;
export const PaymentRules = z.object({
  deposit: DepositRule,
  /** A customer who cancels at least this many hours before the visit gets the deposit back in full; 0: always. */
  refundWindowHours: z
    .number({ error: 'Refund window must be a number of hours.' })
    .int('Refund window must be whole hours.')
    .min(0, 'Refund window cannot be negative.')
    .max(REFUND_WINDOW_MAX_HOURS, `Refund window must be at most ${REFUND_WINDOW_MAX_HOURS} hours (30 days).`),
  /** Paid bookings are approved at once instead of waiting for the owner. */
  approvePaid: z.boolean({ error: 'Say whether paid bookings are approved at once.' }),
  /** Left out (older dashboards and scripts): unchanged. */
  planDeposit: PlanDeposit.optional(),
});
export type PaymentRules = z.infer<typeof PaymentRules>;

export const PaymentSettings = PaymentRules.extend({
  planDeposit: PlanDeposit,
  stripe: StripeConnection.nullable(),
  /** False while the server has no ENCRYPTION_KEY: keys could not be stored, so connecting is refused. */
  canConnect: z.boolean(),
  /** Where Stripe must send this business's events (the webhook endpoint to add in Stripe). */
  webhookUrl: z.string(),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

// ---------- texts and review requests (docs/decisions/027) ----------

/** Every message a booking can text, as Settings > Notifications lists them (packages/server/src/texts/templates.ts). */
export const TEXT_KINDS = [
  'received',
  'approved',
  'moved',
  'declined',
  'cancelled',
  'reminder',
  'reminder2h',
  'ownerNew',
  'review',
] as const;
export const TextKind = z.enum(TEXT_KINDS, { error: 'Not a message of Settings > Notifications.' });
export type TextKind = z.infer<typeof TextKind>;

/** A message's exact text for a sample booking, and what it costs: characters, segments, alphabet. */
export const TextPreview = z.object({
  text: z.string(),
  characters: z.number(),
  segments: z.number(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
});
export const NotificationMessage = z.object({
  kind: TextKind,
  label: z.string(),
  /** Who gets it: the customer or the owner. */
  to: z.enum(['customer', 'owner']),
  /** The mail always goes (it is the record); null: this message has no mail (the 2-hour reminder is a text only). */
  mail: z.boolean().nullable(),
  /** Whether its text goes (to customers only when they agreed to texts). */
  text: z.boolean(),
  preview: TextPreview,
});
export const TwilioConnection = z.object({
  accountSid: z.string(),
  /** "...c0de": the end of the auth token, never the token. */
  tokenHint: z.string(),
  sender: z.string(),
  connectedAt: IsoDateTime,
});
export const NotificationSettings = z.object({
  twilio: TwilioConnection.nullable(),
  /** False while the server has no ENCRYPTION_KEY: an auth token could not be stored. */
  canConnect: z.boolean(),
  /** 'log': this server writes texts to files instead of sending them (development). */
  delivery: z.enum(['twilio', 'log']),
  /** The address to give Twilio for incoming messages (STOP, START, HELP). */
  webhookUrl: z.string(),
  ownerTexts: z.boolean(),
  /** The owner's mobile number, where their notices and tests go (Account). */
  ownerPhone: z.string(),
  reminder2h: z.boolean(),
  /** Where 4 and 5 stars go: the business's Google review link; null: nowhere (ratings stay here). */
  reviewUrl: z.string().nullable(),
  /** Hours after a job is completed before the review request; null: no review requests. */
  reviewDelayHours: z.number().nullable(),
  messages: z.array(NotificationMessage),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const REVIEW_DELAY_MAX_HOURS = 168;
export const NotificationSettingsUpdate = z.object({
  ownerTexts: z.boolean({ error: 'Say whether your notices come by text.' }),
  reminder2h: z.boolean({ error: 'Say whether a second reminder goes 2 hours ahead.' }),
  /** The messages whose text is switched off. */
  textsOff: z.array(TextKind).max(TEXT_KINDS.length),
  reviewUrl: z
    .url({ error: 'Review link must be a full https:// address, like https://g.page/r/your-business/review.' })
    .max(500, 'Review link must be at most 500 characters.')
    .refine((u) => u.startsWith('https://'), 'Review link must start with https://.')
    .nullable(),
  reviewDelayHours: z
    .number({ error: 'Review request delay must be a number of hours.' })
    .int('Review request delay must be whole hours.')
    .min(0, 'Review request delay cannot be negative.')
    .max(REVIEW_DELAY_MAX_HOURS, `Review request delay must be at most ${REVIEW_DELAY_MAX_HOURS} hours (a week).`)
    .nullable(),
});
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

/** A Twilio Account SID as the Console shows it (the settings form and the inbound webhook). */
export const TWILIO_ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

export const TwilioConnectRequest = z.object({
  accountSid: z
    .string({ error: 'Paste your Twilio Account SID (it starts with AC).' })
    .trim()
    .regex(
      TWILIO_ACCOUNT_SID,
      'Account SID must be AC followed by 32 letters and digits, as the Twilio Console shows it.',
    ),
  authToken: z
    .string({ error: 'Paste your Twilio auth token.' })
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, 'Auth token must be 32 letters and digits, as the Twilio Console shows it.'),
  /** The number texts come from (any format; stored as E.164) or a Messaging Service SID (MG...). */
  sender: z
    .string({ error: 'Enter the number texts come from, or a Messaging Service SID.' })
    .trim()
    .max(40)
    .transform((v, ctx) => {
      if (/^MG[0-9a-fA-F]{32}$/.test(v)) return v;
      const e164 = toE164(v);
      if (e164) return e164;
      ctx.addIssue({
        code: 'custom',
        message: 'Sender must be one of your Twilio numbers, like +1 512 555 0123, or a Messaging Service SID (MG...).',
      });
      return z.NEVER;
    }),
});
export type TwilioConnectRequest = z.infer<typeof TwilioConnectRequest>;

/** Where "Send me a test" went: the number, or the file in development. */
export const TestTextResponse = z.object({ to: z.string(), text: z.string() });

export const ReviewsOverview = z.object({
  /** The average of every rating, one decimal; null before the first. */
  average: z.number().nullable(),
  count: z.number(),
  recent: z.array(
    z.object({
      rating: z.number(),
      comment: z.string().nullable(),
      firstName: z.string(),
      serviceName: z.string(),
      date: IsoDate,
    }),
  ),
});
export type ReviewsOverview = z.infer<typeof ReviewsOverview>;

export const StripeConnectRequest = z.object({
  secretKey: z
    .string({ error: 'Paste your Stripe secret key (it starts with sk_test_ or sk_live_).' })
    .trim()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,250}$/,
      'That is not a Stripe secret key: it starts with sk_test_ or sk_live_ (or rk_ for a restricted key). Copy it from Stripe, Developers, API keys.',
    ),
  webhookSecret: z
    .string({ error: 'Paste the webhook signing secret (it starts with whsec_).' })
    .trim()
    .regex(
      /^whsec_[A-Za-z0-9+/=]{8,250}$/,
      "That is not a webhook signing secret: it starts with whsec_. Copy it from the webhook endpoint's page in Stripe.",
    ),
});
export type StripeConnectRequest = z.infer<typeof StripeConnectRequest>;

export const RefundRequest = z.object({
  amount: Dollars('Refund amount', 20_000).refine((n) => n > 0, 'Refund amount must be more than $0.'),
  reason: plainText(z.string().trim().max(300, 'Reason must be at most 300 characters.'), 'Reason').optional(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

export const StripeWebhookParams = z.object({ businessId: Id });
/** A Stripe event (https://docs.stripe.com/api/events/object): read only after its signature is checked. */
export const StripeEventBody = z.looseObject({ id: z.string(), type: z.string() });
export const WebhookAck = z.object({ received: z.literal(true) });
/**
 * A reply to a business's Twilio number, as Twilio posts it (form fields: AccountSid, From, To,
 * Body, MessageSid...); every field a string. Checked against X-Twilio-Signature by the handler.
 */
export const TwilioInboundBody = z.record(z.string().max(100), z.string().max(2000));

// ---------- bookings ----------

/** A booking's version (see Booking.version), sent back with a move. */
const BookingVersion = z
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
  /** The crew doing the job (Settings, Crews); absent only on rows written before crews. */
  crewId: Id.nullable().optional(),
});
export type Booking = z.infer<typeof Booking>;
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
/** Optional visible range for the calendar: business-local dates, inclusive. */
export const RangeQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });
export const BookingParams = z.object({
  id: z.string().uuid('That is not a booking id; use the _id of a booking from your bookings list.'),
});
/** The calendar's visible range for the drives between jobs: both ends required. */
export const TravelRange = z.object({
  from: z.string({ error: 'from is required: the first day to show, written YYYY-MM-DD.' }).pipe(IsoDate),
  to: z.string({ error: 'to is required: the last day to show, written YYYY-MM-DD.' }).pipe(IsoDate),
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

/** A recurring plan as the owner's Plans view lists it. */
export const PlanSummary = z.object({
  _id: Id,
  customerName: z.string(),
  customerEmail: z.string(),
  serviceName: z.string(),
  frequency: PlanFrequency,
  /** "Weekly", "Monthly on the second Tuesday". */
  label: z.string(),
  /** The visits' wall-clock start, HH:MM in the business's zone. */
  startTime: HhMm,
  perVisit: z.number(),
  status: z.enum(PLAN_STATUSES),
  /** Whether the owner approved the plan: its later visits are booked approved. */
  approved: z.boolean(),
  /** The next visit that holds a time, or null. */
  nextVisit: BookingTime.nullable(),
  /** Visits waiting for the owner: pending ones, and ones whose day was taken. */
  pendingVisits: z.number().int(),
  needsTime: z.number().int(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;
export const PlansResponse = z.object({ plans: z.array(PlanSummary) });
export type PlansResponse = z.infer<typeof PlansResponse>;
export const PlanParams = z.object({
  id: z.string().uuid('That is not a plan id; use the _id of a plan from your plans list.'),
});

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

// ---------- crews (issue 25; docs/decisions/023) ----------

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
export const CrewMailsRequest = z.object({
  nameCrewInMails: z.boolean({ error: 'nameCrewInMails must be true or false.' }),
});

// ---------- services and pricing ----------

/** The most add-ons one service offers. */
export const ADD_ONS_MAX = 10;
/** An extra the customer may tick (docs/decisions/026): its price, the minutes it adds, a line about it. */
export const AddOn = z.object({
  _id: Id,
  name: z.string(),
  price: z.number(),
  extraMinutes: z.number().int(),
  description: z.string().nullable(),
});
export type AddOn = z.infer<typeof AddOn>;
export const AddOnInput = z.object({
  name: trimmed(120, 'Add-on name'),
  price: Dollars('Add-on price'),
  extraMinutes: ExtraMinutes.default(0),
  description: trimmed(300, 'Add-on description').nullable().optional(),
});
export type AddOnInput = z.input<typeof AddOnInput>;

export const Service = z.object({
  _id: Id,
  serviceName: z.string(),
  duration: z.number().int(),
  price: z.number(),
  /** The service's own deposit rule; null or absent: the business's (Settings, Payments). */
  deposit: DepositRule.nullable().optional(),
  /** The frequencies the service is offered at as a plan (docs/decisions/022); empty or absent: just once. */
  plans: z.array(PlanOffer).optional(),
  /** What the customer may tick on top (docs/decisions/026); empty or absent: none. */
  addOns: z.array(AddOn).optional(),
});
export type Service = z.infer<typeof Service>;
export const ServicesResponse = z.object({ services: z.array(Service) });
export const ServiceInput = z.object({
  serviceName: trimmed(120, 'Service name'),
  duration: z
    .number({ error: 'Duration must be a number of minutes.' })
    .int('Duration must be whole minutes.')
    .min(5, 'Duration must be at least 5 minutes.')
    .max(24 * 60, 'Duration must be at most 1440 minutes (a day).'),
  price: Dollars('Price'),
  /** The service's own deposit rule; null: the business's. Left out when editing: kept as it is. */
  deposit: DepositRule.nullable().optional(),
  /** The frequencies offered as a plan, each with its discount. Left out when editing: kept as they are. */
  plans: PlanOffers.optional(),
  /** The add-ons, in order. Left out when editing: kept as they are. */
  addOns: z.array(AddOnInput).max(ADD_ONS_MAX, `At most ${ADD_ONS_MAX} add-ons.`).optional(),
});
export type ServiceInput = z.infer<typeof ServiceInput>;
export const ServiceParams = z.object({
  id: z.string().uuid('That is not a service id; use the _id of a service from your services list.'),
});

export const QuestionOption = z.object({
  text: trimmed(120, 'Option text'),
  value: Dollars('Option value'),
  extraMinutes: ExtraMinutes.default(0),
});
export type QuestionOption = z.input<typeof QuestionOption>;
/** The most questions a business asks (docs/decisions/026): a quote stays one screen. */
export const QUESTIONS_MAX = 5;
/** A quote question as answered to the owner and the widget (docs/decisions/026). */
export const QuoteQuestion = z.object({
  _id: Id,
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.object({ text: z.string(), value: z.number(), extraMinutes: z.number().int() })),
  /** A rate's price per unit, or what a yes adds; null on a dropdown. */
  rate: z.number().nullable(),
  unit: z.string().nullable(),
  minQuantity: z.number().nullable(),
  maxQuantity: z.number().nullable(),
  required: z.boolean(),
  /** The services it is asked for; null: all of them. */
  serviceIds: z.array(Id).nullable(),
});
export type QuoteQuestion = z.infer<typeof QuoteQuestion>;
export const QuoteQuestions = z.object({ questions: z.array(QuoteQuestion) });
export type QuoteQuestions = z.infer<typeof QuoteQuestions>;
const Quantity = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .finite(`${what} must be a number.`)
    .min(0, `${what} cannot be negative.`)
    .max(100_000, `${what} must be at most 100000.`);
export const QuoteQuestionInput = z
  .object({
    question: trimmed(300, 'Question'),
    type: z.enum(QUESTION_TYPES, { error: 'Type must be dropdown, rate or yes_no.' }),
    options: z.array(QuestionOption).max(50, 'At most 50 options.').default([]),
    rate: Dollars('Rate', 10_000).nullable().optional(),
    unit: trimmed(60, 'Unit').nullable().optional(),
    minQuantity: Quantity('Minimum').nullable().optional(),
    maxQuantity: Quantity('Maximum').nullable().optional(),
    required: z.boolean().default(true),
    serviceIds: z.array(Id).max(200).nullable().default(null),
  })
  .refine((q) => q.type !== 'dropdown' || q.options.length > 0, {
    message: 'Add at least one option to a dropdown question.',
    path: ['options'],
  })
  .refine((q) => q.type === 'dropdown' || (q.rate != null && q.rate > 0), {
    message: 'Give a rate or a yes amount greater than 0.',
    path: ['rate'],
  })
  .refine((q) => q.minQuantity == null || q.maxQuantity == null || q.minQuantity <= q.maxQuantity, {
    message: 'The minimum cannot be more than the maximum.',
    path: ['maxQuantity'],
  })
  .refine((q) => new Set(q.options.map((o) => o.text.toLowerCase())).size === q.options.length, {
    // The customer answers by option text, so two options with one text could not be told apart.
    message: 'Two options have the same text; give each option a different text.',
    path: ['options'],
  });
export type QuoteQuestionInput = z.input<typeof QuoteQuestionInput>;
export const QuoteQuestionsUpdate = z.object({
  questions: z.array(QuoteQuestionInput).max(QUESTIONS_MAX, `At most ${QUESTIONS_MAX} questions.`),
});
export type QuoteQuestionsUpdate = z.input<typeof QuoteQuestionsUpdate>;

/**
 * Distance pricing (docs/product.md#distance-pricing). `chargeForDistance` is false when the
 * owner switched it off or never set a rate: quotes then add nothing for distance. A rate
 * switched off is kept, so switching on again starts from it.
 */
export const DistancePricing = z.object({ chargeForDistance: z.boolean(), pricePerMile: z.number() });
export type DistancePricing = z.infer<typeof DistancePricing>;
/**
 * Switching on (the default, as before the switch existed) needs a rate above 0; switching
 * off keeps the saved rate unless one is sent.
 */
export const DistancePricingUpdate = z
  .object({
    chargeForDistance: z.boolean({ error: 'Charge for distance must be true or false.' }).default(true),
    pricePerMile: Dollars('Distance pricing rate', 1000).optional(),
  })
  .superRefine((d, ctx) => {
    if (!d.chargeForDistance) return;
    if (d.pricePerMile === undefined)
      ctx.addIssue({ code: 'custom', message: 'Distance pricing rate must be a number.', path: ['pricePerMile'] });
    else if (d.pricePerMile <= 0)
      ctx.addIssue({
        code: 'custom',
        message: 'Distance pricing rate must be greater than 0.',
        path: ['pricePerMile'],
      });
  });
export type DistancePricingUpdate = z.infer<typeof DistancePricingUpdate>;

export const BusinessDetails = z.object({ businessId: Id });

/** The hosted booking page (/book/{slug}); the slug's rules: shared/src/slug.ts, checked by the server. */
export const BookingPage = z.object({
  slug: z.string().nullable(),
  url: z.string().nullable(),
  qrSvgUrl: z.string().nullable(),
  qrPngUrl: z.string().nullable(),
});
export type BookingPage = z.infer<typeof BookingPage>;
export const BookingPageUpdate = z.object({
  slug: z.string({ error: 'Address is required.' }).max(200, 'The address is too long: use at most 40 characters.'),
});
export const AddressResponse = z.object({ address: z.string().nullable() });

export const TimeZoneUpdate = z.object({
  timeZone: z
    .string({ error: 'Time zone is required.' })
    .trim()
    .min(1, 'Time zone is required.')
    .max(64, 'Time zone must be at most 64 characters.')
    .refine(isTimeZone, 'Time zone must be an IANA name like America/New_York.'),
});
export type TimeZoneUpdate = z.infer<typeof TimeZoneUpdate>;
export const TimeFormatUpdate = z.object({ timeFormat: TimeFormat });

// ---------- branding (issue 22, item 6; shared/src/brand.ts) ----------

const AccentColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Accent colour must be a hex colour like #4338ca.')
  .transform((c) => c.toLowerCase());
const ButtonPosition = z.enum(BUTTON_POSITIONS, {
  error: 'Button position must be "bottom-right" or "bottom-left".',
});
/** What the owner sets in Settings > Booking button and branding. */
export const BrandingUpdate = z.object({
  accentColor: AccentColor,
  buttonText: trimmed(30, 'Button text'),
  buttonPosition: ButtonPosition,
  reportProblem: z.boolean(),
});
export type BrandingUpdate = z.infer<typeof BrandingUpdate>;
/** The same, with the colours chosen from the accent (brandColours) and the logo's URL (null without one). */
export const Branding = z.object({
  accentColor: z.string(),
  onAccent: z.string(),
  accentInk: z.string(),
  buttonText: z.string(),
  buttonPosition: ButtonPosition,
  reportProblem: z.boolean(),
  logoUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof Branding>;
/**
 * A logo as base64 (no data: prefix), which the dashboard has scaled to at most 256 px and
 * encoded; PNG, JPEG or WebP by its bytes, at most 40 KB (LOGO_MAX_BYTES): its base64 and the
 * JSON around it stay under the server's 64 KB body limit, so a too-large logo gets this
 * sentence rather than a bare 413.
 */
export const LOGO_MAX_BYTES = 40 * 1024;
export const LogoUpload = z.object({
  image: z
    .string()
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, 'The logo must be at most 40 KB. Choose a smaller image.')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The logo must be sent as base64.'),
});
export type LogoUpload = z.infer<typeof LogoUpload>;
/** What widget.js needs before it shows its button, so the button appears once, as the owner set it. */
export const Launcher = z.object({
  buttonText: z.string(),
  buttonPosition: ButtonPosition,
  accentColor: z.string(),
  onAccent: z.string(),
});
export type Launcher = z.infer<typeof Launcher>;
export type TimeFormatUpdate = z.infer<typeof TimeFormatUpdate>;

// ---------- customer (public) ----------

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
export const Slot = z.object({ time: HhMm, available: z.boolean() });
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
const personName = (what: string) =>
  trimmed(80, what).refine((s) => !/[<>{}\\]/.test(s), `${what} contains characters that are not allowed.`);

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
});
export type BookRequest = z.infer<typeof BookRequest>;
/** The booking as a calendar event: the UID its mails' invitations carry, its instants (ISO 8601, UTC). */
export const CalendarEvent = z.object({ uid: z.string(), startsAt: z.string(), endsAt: z.string() });
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

// ---------- account (password reset, settings) ----------

const NewPassword = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1024, 'Password must be at most 1024 characters.');

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string({ error: 'The link has no token.' }).min(1, 'The link has no token.').max(200),
  password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
export const ResetTokenStatus = z.object({ valid: z.literal(true), email: z.string() });

export const Account = z.object({ email: z.string(), phoneNumber: z.string() });
export type Account = z.infer<typeof Account>;
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(1024),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
export const PhoneUpdateRequest = z.object({ phoneNumber: Phone });

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
  status: CrewJobStatus,
  startedAt: IsoDateTime.nullable(),
  /** The customer's answer to the business's question ("Vehicle size: SUV"), or null. */
  notes: z.string().nullable(),
});
export type CrewJob = z.infer<typeof CrewJob>;
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

// ---------- operations settings (travel, service area, change cut-off, calendar feed) ----------

export const CHANGE_CUTOFF_HOURS = [0, 2, 12, 24, 48] as const;
export const OperationsSettings = z.object({
  travel: z.object({
    enabled: z.boolean({ error: 'Say whether you travel to your customers.' }),
    speedMph: z
      .number({ error: 'Average speed must be a number of miles per hour.' })
      .int('Average speed must be whole miles per hour.')
      .min(5, 'Average speed must be at least 5 mph.')
      .max(80, 'Average speed must be at most 80 mph.'),
    bufferMinutes: z
      .number({ error: 'Buffer must be a number of minutes.' })
      .int('Buffer must be whole minutes.')
      .min(0, 'Buffer cannot be negative.')
      .max(240, 'Buffer must be at most 240 minutes.'),
  }),
  maxDistanceMiles: z
    .number({ error: 'Service area must be a number of miles.' })
    .positive('Service area must be more than 0 miles, or empty for anywhere.')
    .max(1000, 'Service area must be at most 1000 miles.')
    .nullable(),
  changeCutoffHours: z.union(
    CHANGE_CUTOFF_HOURS.map((h) => z.literal(h)),
    { error: 'Change cut-off must be one of 0 (none), 2, 12, 24 or 48 hours.' },
  ),
  /**
   * How many days ahead customers may book (1-730: a season may be booked a year ahead),
   * and how many hours' notice a booking
   * needs (0-168). Optional when saving: left out, they stay as they are.
   */
  horizonDays: z
    .number({ error: 'Booking horizon must be a number of days.' })
    .int('Booking horizon must be whole days.')
    .min(1, 'Booking horizon must be at least 1 day.')
    .max(730, 'Booking horizon must be at most 730 days (two years).')
    .optional(),
  minNoticeHours: z
    .number({ error: 'Minimum notice must be a number of hours.' })
    .min(0, 'Minimum notice cannot be negative.')
    .max(168, 'Minimum notice must be at most 168 hours (a week).')
    .refine((h) => Number.isInteger(h * 2), 'Minimum notice must be whole or half hours.')
    .optional(),
});
export type OperationsSettings = z.infer<typeof OperationsSettings>;
// ---------- customers' personal data (docs/decisions/012) ----------

/** How long customer details are kept after a booking ends, in months: the bounds and the default. */
export const RETENTION_MONTHS = { min: 1, max: 120, default: 24 } as const;
const PrivacyUrl = trimmed(2000, 'Privacy notice URL').refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.hostname.includes('.');
  } catch {
    return false;
  }
}, 'Privacy notice URL must be a full https:// address, like https://example.com/privacy.');
export const CustomerDataSettings = z.object({
  /** The owner's own privacy notice; null: customers see the default page (GET /privacy/<businessId>). */
  privacyUrl: PrivacyUrl.nullable(),
  retentionMonths: z
    .number({ error: 'Keep customer details for a number of months.' })
    .int('Keep customer details for whole months.')
    .min(RETENTION_MONTHS.min, `Keep customer details for at least ${RETENTION_MONTHS.min} month.`)
    .max(RETENTION_MONTHS.max, `Keep customer details for at most ${RETENTION_MONTHS.max} months (ten years).`),
});
export type CustomerDataSettings = z.infer<typeof CustomerDataSettings>;
/** The settings as answered: also the default page's address, which customers see while privacyUrl is null. */
export const CustomerDataSettingsAnswer = CustomerDataSettings.extend({ defaultPrivacyUrl: z.string() });
export type CustomerDataSettingsAnswer = z.infer<typeof CustomerDataSettingsAnswer>;
/** Whose data: one customer e-mail (an access or deletion request). */
export const CustomerEmailQuery = z.object({ email: Email });
export const CustomerEmailRequest = z.object({ email: Email });
/** Everything held about one customer e-mail in one business: its bookings, and the mails about them. */
export const CustomerDataExport = z.object({
  email: z.string(),
  businessName: z.string(),
  exportedAt: z.string(),
  bookings: z.array(
    z.object({
      _id: Id,
      status: z.string(),
      serviceName: z.string(),
      bookingTime: BookingTime,
      firstName: z.string(),
      lastName: z.string(),
      customerEmail: z.string(),
      phoneNumber: z.string(),
      customerAddress: z.string().nullable(),
      answer: z.string().nullable(),
      miles: z.number().nullable(),
      totalQuote: z.number(),
      bookedAt: z.string(),
    }),
  ),
  mails: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type CustomerDataExport = z.infer<typeof CustomerDataExport>;
export const CustomerDataErased = z.object({ erasedBookings: z.number().int(), deletedMails: z.number().int() });
export type CustomerDataErased = z.infer<typeof CustomerDataErased>;
export const CalendarFeed = z.object({ url: z.string() });
/** The private feed's URL carries the business and its current token (Settings > calendar feed). */
export const FeedQuery = z.object({
  businessId: z.string().uuid('This calendar link is not valid.'),
  /** A crew member's feed: that crew's jobs only (its token is the crew member's own). */
  crewId: z.string().uuid('This calendar link is not valid.').optional(),
  token: z.string().min(1, 'This calendar link is not valid.').max(100),
});

// ---------- the owner's own calendars, read in (docs/decisions/025) ----------

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
export const TravelBlocksResponse = z.array(TravelBlock);

// ---------- the first-day checklist (docs/product.md#the-first-day-checklist) ----------

/** The overview's first-day checklist, in the order it is shown. */
export const CHECKLIST_ITEMS = ['prices', 'hours', 'embed', 'test-booking'] as const;
export type ChecklistItemId = (typeof CHECKLIST_ITEMS)[number];
/** Each item ticks itself from what the business did; dismissed: the owner hid the list, on every device. */
export const FirstDayChecklist = z.object({
  items: z.array(z.object({ id: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
  dismissed: z.boolean(),
});
export type FirstDayChecklist = z.infer<typeof FirstDayChecklist>;

// ---------- insights (docs/decisions/029, docs/product.md#insights) ----------

/**
 * One funnel event of the booking form: a step reached (each at most once per open of the form),
 * or `full`: the customer tapped a day that was full, or a time already taken (time given).
 * Nothing in it is about the customer: no name, address, cookie or id.
 */
export const FunnelEvent = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.enum(FUNNEL_STEPS) }),
    z.object({ type: z.literal('full'), date: IsoDate, time: HhMm.optional() }),
  ],
  { error: `An event's type must be one of ${FUNNEL_STEPS.join(', ')} or full.` },
);
export type FunnelEvent = z.infer<typeof FunnelEvent>;

/**
 * What the widget sends with navigator.sendBeacon (POST /api/customer/beacon): a batch of a visit's
 * events. Sent as text/plain (a CORS-safelisted type, so no preflight from the owner's site) holding
 * this JSON. A site's host is taken from the request's Origin, never from the body.
 */
export const BeaconRequest = z.object({
  businessId: Id,
  source: z.enum(SOURCE_KINDS, { error: `source must be one of ${SOURCE_KINDS.join(', ')}.` }),
  events: z
    .array(FunnelEvent)
    .min(1, 'Send at least one event.')
    .max(BEACON_EVENTS_MAX, `Send at most ${BEACON_EVENTS_MAX} events at once.`),
});
export type BeaconRequest = z.infer<typeof BeaconRequest>;
/** How many of the batch's events were counted (a step repeated in one batch counts once). */
export const BeaconAck = z.object({ counted: z.number().int() });
export type BeaconAck = z.infer<typeof BeaconAck>;

/** The period an insights answer covers, in the business's days; both ends included, at most 400 days. */
export const InsightsQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((q) => q.from <= q.to, { message: 'The period must start on or before its last day (from <= to).' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < INSIGHTS_RANGE_MAX_DAYS * 86_400_000, {
    message: `Choose a period of at most ${INSIGHTS_RANGE_MAX_DAYS} days.`,
  });
export type InsightsQuery = z.infer<typeof InsightsQuery>;

const FunnelCounts = z.object({
  opened: z.number().int(),
  quoted: z.number().int(),
  slot: z.number().int(),
  booked: z.number().int(),
});

/** The funnel of a period: its totals, by source (most opened first) and by day (every day of the period). */
export const InsightsFunnel = z.object({
  from: IsoDate,
  to: IsoDate,
  totals: FunnelCounts,
  sources: z.array(
    FunnelCounts.extend({
      kind: z.enum(SOURCE_KINDS),
      /** The website's host for `site` ("example.com"); '' otherwise or when the browser sent no Origin. */
      site: z.string(),
      /** As the owner reads it (shared/src/insights.ts sourceLabel). */
      label: z.string(),
    }),
  ),
  days: z.array(FunnelCounts.extend({ day: IsoDate })),
});
export type InsightsFunnel = z.infer<typeof InsightsFunnel>;

/**
 * Money and work. `weeks` is always the last 12 weeks, this one and the next 4 (Sunday first),
 * whatever the period; the rest covers the period. Dollars, as every amount on the wire.
 */
export const InsightsWork = z.object({
  from: IsoDate,
  to: IsoDate,
  weeks: z.array(
    z.object({
      /** The week's Sunday. */
      weekStart: IsoDate,
      /** Bookings going ahead (pending, approved, completed) on the week's days, and their total. */
      bookedCount: z.number().int(),
      booked: z.number(),
      /** Of those, completed. */
      completedCount: z.number().int(),
      completed: z.number(),
      /** Cancelled by the customer or the owner, and their total. */
      cancelledCount: z.number().int(),
      cancelled: z.number(),
    }),
  ),
  /**
   * Bookings going ahead in the period by service, most booked first. serviceId null: a service
   * deleted since (bookings then keep no service), listed under the name it was booked as.
   */
  services: z.array(
    z.object({ serviceId: Id.nullable(), name: z.string(), bookings: z.number().int(), revenue: z.number() }),
  ),
  /** The mean quote given in the period (refused ones not counted); null with none. */
  averageQuote: z.number().nullable(),
  quotes: z.number().int(),
  /** Bookings going ahead in the period by weekday (0 Sunday ... 6 Saturday) and starting hour, business time; only non-zero cells. */
  heat: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), bookings: z.number().int() })),
});
export type InsightsWork = z.infer<typeof InsightsWork>;

/**
 * The work the owner is missing in a period: requests by ZIP code (refused by the service area, or
 * quoted and never booked), what a 5 miles wider area would have reached, and the full days and
 * times customers tapped.
 */
export const InsightsMissed = z.object({
  from: IsoDate,
  to: IsoDate,
  /** The business's own place, the map's centre; null before it has an address that locates. */
  home: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The service area's radius; null: no limit set. */
  serviceAreaMiles: z.number().nullable(),
  zips: z.array(
    z.object({
      zip: z.string(),
      /** "Austin, TX"; '' when the ZIP code is unknown to the gazetteer. */
      place: z.string(),
      /** The ZIP code's centre; null when unknown (then listed, not drawn). */
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      /** Miles from the business to the farthest request counted here, one decimal; null without a home. */
      miles: z.number().nullable(),
      outsideArea: z.number().int(),
      outsideAreaValue: z.number(),
      quoted: z.number().int(),
      booked: z.number().int(),
      /** quoted - booked, never below 0, and what those quotes were worth (their mean times their number). */
      notBooked: z.number().int(),
      notBookedValue: z.number(),
    }),
  ),
  /** Requests a service area WIDER_MILES wider would have reached, and their quotes; null without a service area. */
  wider: z.object({ miles: z.number(), requests: z.number().int(), value: z.number() }).nullable(),
  /** Full days and times customers tapped, by weekday and part of the day, most wanted first. */
  full: z.array(
    z.object({
      weekday: z.number().int(),
      /** null: a full day tapped (no time). */
      part: z.enum(DAY_PARTS).nullable(),
      count: z.number().int(),
    }),
  ),
});
export type InsightsMissed = z.infer<typeof InsightsMissed>;
