/**
 * The contract of the business's settings: address, time zone, clock, booking page, branding, operations,
 * customers' personal data (docs/decisions/012), the first-day checklist (calls: business.calls.ts).
 */

import { z } from 'zod';
import { BUTTON_POSITIONS } from '../brand.ts';
import { CONFIRMATIONS } from '../confirmation.ts';
import { isTimeZone } from '../time-zone.ts';
import { BookingTime } from './bookings.schemas.ts';
import { Dollars, Email, Id, IsoDate, TimeFormat, trimmed } from './fields.schemas.ts';

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

// ---------- operations settings (travel, service area, change cut-off, calendar feed) ----------

export const CHANGE_CUTOFF_HOURS = [0, 2, 12, 24, 48] as const;

/**
 * Strict (issue 39): a body and an answer both, and documented once for the two; a field it does not
 * declare (a misspelt one) is refused, never silently dropped.
 */
export const OperationsSettings = z.strictObject({
  travel: z.strictObject({
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
  /**
   * What a mile driven costs you (fuel, wear, insurance), in dollars: Insights takes it off each job's
   * earnings for the miles driven to it (docs/decisions/057). 0: not set. Optional when saving: left
   * out, it stays as it is.
   */
  vehicleCostPerMile: Dollars('Vehicle cost per mile', 20).optional(),
});
export type OperationsSettings = z.infer<typeof OperationsSettings>;

/** Who confirms a customer's booking (docs/product.md#confirming-bookings); a service may choose otherwise. */
export const ConfirmationSettings = z.strictObject({
  confirmation: z.enum(CONFIRMATIONS, { error: "Confirmation must be 'myself' or 'automatically'." }),
  /**
   * Requests do not wait for ever (docs/decisions/051): hours after a request before you are reminded
   * of it once (0: no reminder), and before it expires unanswered, its time freed and the customer
   * told (0: requests wait for your answer; never later than the job's start less the minimum
   * notice). Left out, each keeps its value.
   */
  nudgeHours: z
    .number({ error: 'The reminder must be a number of hours.' })
    .int('The reminder must be whole hours.')
    .min(0, 'The reminder must be 0 (none) or more hours.')
    .max(72, 'The reminder must be at most 72 hours.')
    .optional(),
  expiryHours: z
    .number({ error: 'The cut-off must be a number of hours.' })
    .int('The cut-off must be whole hours.')
    .min(0, 'The cut-off must be 0 (requests wait for your answer) or more hours.')
    .max(168, 'The cut-off must be at most 168 hours (a week).')
    .optional(),
});
export type ConfirmationSettings = z.infer<typeof ConfirmationSettings>;

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

/**
 * Everything held about one customer e-mail in one business: its bookings, the mails about them, and
 * its places on the waiting list (docs/decisions/056).
 */
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
  waitlist: z.array(
    z.object({
      day: IsoDate,
      firstName: z.string(),
      lastName: z.string(),
      phoneNumber: z.string(),
      address: z.string(),
      status: z.enum(['waiting', 'filled', 'left']),
      joinedAt: z.string(),
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

// ---------- the first-day checklist (docs/product.md#the-first-day-checklist) ----------

/** The overview's first-day checklist, in the order it is shown. */
export const CHECKLIST_ITEMS = ['prices', 'hours', 'booking-link', 'embed', 'test-booking'] as const;
export type ChecklistItemId = (typeof CHECKLIST_ITEMS)[number];

/** Each item ticks itself from what the business did; dismissed: the owner hid the list, on every device. */
export const FirstDayChecklist = z.object({
  items: z.array(z.object({ id: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
  dismissed: z.boolean(),
});
export type FirstDayChecklist = z.infer<typeof FirstDayChecklist>;
