/**
 * The contract's building blocks: ids, dates, times, e-mail, phone, dollars, text a person typed,
 * the error answer. Every domain module's schemas are made of these (docs/architecture.md#the-api).
 */

import { z } from 'zod';
import { TIME_FORMATS } from '../clock.ts';
import { ERRORS, type ErrorCode } from '../errors.ts';
import { toE164 } from '../phone.ts';
import { isHhMm, isIsoDate } from '../time.ts';

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
export const plainText = <T extends z.ZodString>(
  schema: T,
  what: string,
  lines: 'one line' | 'multi-line' = 'one line',
) =>
  schema
    .refine(
      (s) => !(lines === 'one line' ? CONTROL : CONTROL_BUT_LINES).test(s),
      `${what} contains a character that is not allowed (a control character).`,
    )
    .refine((s) => !DIRECTION.test(s), `${what} contains a character that is not allowed (a text-direction control).`);

export const trimmed = (max: number, what: string, lines: 'one line' | 'multi-line' = 'one line') =>
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

/**
 * Dollars on the wire; at most cents precision; bounded so no total can overflow. A positive amount
 * is checked as whole cents above 0 (Math.round(n * 100) > 0): a float like 1.5e-323 is above 0 and
 * passes the two-decimals check, but is 0 cents, which the database refuses (the bad-input fuzzer).
 */
export const Dollars = (what: string, max = 100_000) =>
  z
    .number({ error: `${what} must be a number.` })
    .finite(`${what} must be a number.`)
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} must be at most ${max}.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} can have at most two decimals (cents).`);

/** Minutes an option or add-on adds to the slot (docs/decisions/026): whole, up to 8 hours. */
export const ExtraMinutes = z
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

/** Liveness: the process answers; nothing it depends on is asked. */
export const LivenessResponse = z.object({ status: z.literal('ok') });

export const OkBody = z.object({ message: z.string() });
export type OkBody = z.infer<typeof OkBody>;

/** How a business's times are shown: '12h' ("8:00 AM") or '24h' ("08:00") (shared/src/clock.ts). */
export const TimeFormat = z.enum(TIME_FORMATS, { error: 'Time format must be "12h" (8:00 AM) or "24h" (08:00).' });
export const WebhookAck = z.object({ received: z.literal(true) });
