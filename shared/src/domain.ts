/**
 * Fixed vocabularies of the product (the trades of docs/product.md#onboarding, the statuses of
 * docs/product.md#booking-statuses, the limits of docs/product.md#limits).
 * Pure data: used by the server's validation and by every app's screens.
 */

export const NICHES = [
  'car-detailing',
  'roof-cleaning',
  'pool-cleaning',
  'lawn-care',
  'home-cleaning',
  'painting',
  'handyman',
  'pet-grooming',
  'junk-removal',
  'pest-control',
  'other',
] as const;
export type Niche = (typeof NICHES)[number];

/** The country codes sign-up offers (docs/product.md#sign-up-and-log-in), in the first version's order. Default +1 (United States). */
export const COUNTRY_CODES = [
  { code: '+44', country: 'United Kingdom' },
  { code: '+1', country: 'United States' },
  { code: '+91', country: 'India' },
  { code: '+61', country: 'Australia' },
  { code: '+81', country: 'Japan' },
  { code: '+49', country: 'Germany' },
  { code: '+33', country: 'France' },
  { code: '+39', country: 'Italy' },
  { code: '+971', country: 'United Arab Emirates' },
  { code: '+1', country: 'Canada' },
] as const;
export const DEFAULT_COUNTRY_CODE = '+1';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * `awaiting_payment`: booked with a deposit due, holding its time for 15 minutes until Stripe
 * says it was paid; `expired`: such a hold released unpaid (docs/decisions/021).
 * A plan's visit (docs/decisions/022) is `needs_time` when its day was taken (it holds no time
 * until the owner gives it one), and `skipped` when the customer skipped it.
 */
export const BOOKING_STATUSES = [
  'pending',
  'approved',
  'completed',
  'cancelled',
  'declined',
  'awaiting_payment',
  'expired',
  'needs_time',
  'skipped',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses that hold a slot: nothing may overlap them. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['pending', 'approved', 'awaiting_payment'];
/**
 * What waits for the owner's answer: a booking to approve, a plan's visit whose day was taken (it
 * needs a time). The overview's list and the Bookings tab's badge; the server's index
 * bookings_waiting is over these two (migration 2026-12-07T0900).
 */
export const WAITING_FOR_OWNER = ['pending', 'needs_time'] as const satisfies readonly BookingStatus[];

export const BLOCK_REASONS = ['lunch', 'meeting', 'offline', 'custom'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];
export const DEFAULT_BLOCK_TITLE = 'Blocked Time';

export const FEEDBACK_TYPES = ['Bug Report', 'Feature Request'] as const;
export const FEEDBACK_PLACES = [
  'Pop-up',
  'Home Page',
  'Calendar Page',
  'Bookings Page',
  'Services Page',
  'Settings Page',
  'Insights Page',
] as const;

/** docs/product.md#limits. */
export const SLOT_MINUTES = 30;
export const DEFAULT_BLOCK_MINUTES = 30;
export const DEFAULT_SERVICE = { duration: 30, price: 0 } as const;
export const DEFAULT_HOURS = { startTime: '10:00', endTime: '19:00' } as const;
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const MESSAGE_TIMEOUT_MS = 3000;
export const FEEDBACK_CLOSE_MS = 2000;
export const PASSWORD_MIN_LENGTH = 8;
/** The longest reason an owner may give when declining; the customer's mail quotes it (docs/product.md#bookings). */
export const DECLINE_REASON_MAX = 500;
export const TOKEN_STORAGE_KEY = 'token';
export const NICHE_STORAGE_KEY = 'niche';

/** Business hours shown when none are stored: Monday-Friday open, weekend off. */
export function defaultBusinessHours(): { day: Weekday; startTime: string | null; endTime: string | null }[] {
  return WEEKDAYS.map((day) =>
    day === 'Saturday' || day === 'Sunday'
      ? { day, startTime: null, endTime: null }
      : { day, startTime: DEFAULT_HOURS.startTime, endTime: DEFAULT_HOURS.endTime },
  );
}

/** The answer to a forgotten-password request, the same whether or not the account exists. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that address, we have sent a link to reset the password.';
