/**
 * The contract of texts and notifications (docs/decisions/027), review requests, and messages that
 * could not be delivered (docs/decisions/032); Twilio's webhook (calls: texts.calls.ts).
 */

import { z } from 'zod';
import { toE164 } from '../phone.ts';
import { IsoDate, IsoDateTime } from './fields.schemas.ts';

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
  'invoice',
  'review',
  'expired',
  'ownerNudge',
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
  /** The business's public review link (Google's), offered after every rating whatever the stars; null: none (ratings stay here). */
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

// ---------- messages that could not be delivered (docs/decisions/032) ----------

/** How many days back Settings > Notifications lists undelivered messages, to start with and at most. */
export const UNDELIVERED_DAYS = 14;
export const UNDELIVERED_MAX_DAYS = 90;
export const UndeliveredQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be a whole number of days.' })
    .int('Days must be a whole number of days.')
    .min(1, 'Days must be at least 1.')
    .max(UNDELIVERED_MAX_DAYS, `Days must be at most ${UNDELIVERED_MAX_DAYS}.`)
    .optional(),
});
export type UndeliveredQuery = z.infer<typeof UndeliveredQuery>;
export const MessageParams = z.object({
  id: z.string().uuid('That is not a message id; use the _id of a message from the undelivered list.'),
});

/** A mail or text about a booking that was given up: past its expiry, out of attempts, or refused. */
export const UndeliveredMessage = z.object({
  _id: z.string(),
  bookingId: z.string(),
  channel: z.enum(['mail', 'text']),
  /** What it was, for "The {what} could not be delivered to {to}": "reminder", "confirmation text". */
  what: z.string(),
  /** The e-mail address or the E.164 number it was for. */
  to: z.string(),
  /** Why it was given up, as the mail server or Twilio said it. */
  reason: z.string(),
  failedAt: IsoDateTime,
  /** The booking it was about, to recognise it in a list. */
  booking: z.object({
    firstName: z.string(),
    lastName: z.string(),
    serviceName: z.string(),
    day: IsoDate,
    startTime: z.string(),
  }),
  /** Whether Send again still means something; null when it does, else why not (a reminder of a past visit). */
  cannotResend: z.string().nullable(),
});
export type UndeliveredMessage = z.infer<typeof UndeliveredMessage>;
export const UndeliveredMessages = z.object({
  days: z.number(),
  messages: z.array(UndeliveredMessage),
});
export type UndeliveredMessages = z.infer<typeof UndeliveredMessages>;
export const ResendMessageResponse = z.object({
  _id: z.string(),
  /** Queued again: a fresh attempt, due now. */
  queuedAt: IsoDateTime,
});
export type ResendMessageResponse = z.infer<typeof ResendMessageResponse>;

/**
 * A reply to a business's Twilio number, as Twilio posts it (form fields: AccountSid, From, To,
 * Body, MessageSid...); every field a string. Checked against X-Twilio-Signature by the handler.
 */
export const TwilioInboundBody = z.record(z.string().max(100), z.string().max(2000));
