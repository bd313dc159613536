/**
 * Settings > Notifications (docs/decisions/027): the owner's Twilio account (checked with Twilio
 * when saved, its token sealed and never answered or logged), which messages are texted with their
 * exact words, the owner's notices by text, the 2-hour reminder, review requests, "Send me a test";
 * and the owner's "Mark completed" and the reviews overview.
 */
import { type NotificationSettings, TEXT_KINDS, type TextKind } from '@slotwise/shared/api';
import { NOT_TURNED_ON } from '@slotwise/shared/not-turned-on';
import type { AppContext } from '../../context.ts';
import { inTransaction, withBusinessLock } from '../../db/transaction.ts';
import { planLabelsFor, toBookingJson } from '../../domain/answers.ts';
import { canText, textBookingOf, textsOff, twilioBox } from '../../domain/booking-texts.ts';
import { issueAndSendInvoice } from '../../domain/invoice-messages.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import { queueTexts } from '../../repositories/texts.ts';
import { textLength } from '../../texts/gsm.ts';
import { testText, textFor, withOptOutLine } from '../../texts/templates.ts';
import { TwilioCredentialsRefused, TwilioMessageRefused } from '../../texts/twilio.ts';
import type { Handlers } from '../register.ts';
import { TWILIO_WEBHOOK_PATH } from '../webhooks.ts';
import { bookingNotFound } from './bookings.ts';

const LABELS: Record<TextKind, { label: string; to: 'customer' | 'owner'; mail: boolean | null }> = {
  received: { label: 'Booking received', to: 'customer', mail: true },
  approved: { label: 'Booking confirmed', to: 'customer', mail: true },
  moved: { label: 'Booking moved', to: 'customer', mail: true },
  declined: { label: 'Booking declined', to: 'customer', mail: true },
  cancelled: { label: 'Booking cancelled', to: 'customer', mail: true },
  reminder: { label: 'Reminder, a day ahead', to: 'customer', mail: true },
  reminder2h: { label: 'Reminder, 2 hours ahead', to: 'customer', mail: null },
  ownerNew: { label: 'New booking to approve', to: 'owner', mail: true },
  invoice: { label: 'Invoice with its pay link', to: 'customer', mail: true },
  review: { label: 'Review request', to: 'customer', mail: true },
  expired: { label: 'Request expired unanswered', to: 'customer', mail: true },
  ownerNudge: { label: 'Request still waiting for your answer', to: 'owner', mail: true },
};

/** The sample booking the previews show: the business's first service, next Saturday at 10:00. */
function sample(b: Business, serviceName: string, totalCents: number, now: number) {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7 || 7));
  return textBookingOf(
    { service_name: serviceName, day: d.toISOString().slice(0, 10), start_time: '10:00', total_cents: totalCents },
    b,
  );
}

/** The token's last four characters, all the owner ever sees of it again. */
const tokenHint = (token: string) => `...${token.slice(-4)}`;

export function notificationHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  | 'notificationSettings'
  | 'updateNotificationSettings'
  | 'connectTwilio'
  | 'disconnectTwilio'
  | 'sendTestText'
  | 'completeBooking'
  | 'reviews'
> {
  const { businesses, texts } = ctx.repos;

  async function settings(b: Business): Promise<NotificationSettings> {
    const [account, owner, services] = await Promise.all([
      texts.twilioAccount(b.id),
      ctx.repos.users.findById(b.owner_id),
      ctx.repos.services.list(b.id),
    ]);
    const first = services[0];
    const booking = sample(b, first?.name ?? 'Full Detail', first?.price_cents ?? 21_900, ctx.now());
    const link = `${ctx.config.publicUrl}/s/Ab3dE6gH9k`;
    const off = textsOff(b);
    const switches: Record<TextKind, boolean> = Object.fromEntries(TEXT_KINDS.map((k) => [k, !off.has(k)])) as Record<
      TextKind,
      boolean
    >;
    switches.reminder2h = b.text_reminder_2h === 1;
    switches.ownerNew = b.owner_texts === 1;
    return {
      twilio: account
        ? {
            accountSid: account.account_sid,
            tokenHint: account.token_hint,
            sender: account.sender,
            connectedAt: new Date(account.connected_at).toISOString(),
          }
        : null,
      canConnect: twilioBox(ctx.config) !== undefined,
      delivery: ctx.config.texts,
      webhookUrl: `${ctx.config.publicUrl}${TWILIO_WEBHOOK_PATH}`,
      ownerTexts: b.owner_texts === 1,
      ownerPhone: owner?.phone_number ?? '',
      reminder2h: b.text_reminder_2h === 1,
      reviewUrl: b.review_url,
      reviewDelayHours: b.review_delay_hours,
      messages: TEXT_KINDS.map((kind) => {
        const words = textFor(kind, booking, link);
        // A customer's first text from the business carries the opt-out line: shown as it, the longest it gets.
        const text = LABELS[kind].to === 'customer' ? withOptOutLine(words) : words;
        return {
          kind,
          ...LABELS[kind],
          mail: kind === 'review' ? b.review_delay_hours !== null : LABELS[kind].mail,
          text: switches[kind],
          preview: { text, ...textLength(text) },
        };
      }),
    };
  }

  return {
    notificationSettings: async (req) => settings(req.owner.business),

    updateNotificationSettings: async (req) => {
      const body = req.body;
      // The 2-hour reminder and the owner's notices have switches of their own.
      const off = body.textsOff.filter((k) => k !== 'reminder2h' && k !== 'ownerNew');
      const next = await businesses.update(req.owner.business.id, {
        owner_texts: body.ownerTexts ? 1 : 0,
        text_reminder_2h: body.reminder2h ? 1 : 0,
        texts_off: JSON.stringify([...new Set(off)]),
        review_url: body.reviewUrl,
        review_delay_hours: body.reviewDelayHours,
      });
      return settings(next);
    },

    connectTwilio: async (req) => {
      const b = req.owner.business;
      const box = twilioBox(ctx.config);
      if (!box) throw new AppError('TEXTS_NOT_CONFIGURED', NOT_TURNED_ON.texts);
      const { accountSid, authToken, sender } = req.body;
      try {
        await ctx.twilio.check({ accountSid, authToken, sender });
      } catch (err) {
        if (err instanceof TwilioCredentialsRefused)
          throw new AppError(
            'TWILIO_CREDENTIALS_INVALID',
            `Twilio refused the Account SID or auth token (${err.message}). Copy both again from the Twilio Console's home page.`,
          );
        if (err instanceof TwilioMessageRefused)
          throw new AppError(
            'TWILIO_CREDENTIALS_INVALID',
            `${err.message} Enter a number listed under Phone Numbers in the Twilio Console, or a Messaging Service SID.`,
          );
        req.log.warn({ err: (err as Error).message }, 'Twilio could not check an account');
        throw new AppError(
          'TEXT_PROVIDER_UNAVAILABLE',
          'Twilio could not be reached to check the account, so nothing was saved. Try again in a few minutes.',
        );
      }
      await texts.saveTwilioAccount({
        business_id: b.id,
        account_sid: accountSid,
        auth_token_enc: box.seal(authToken, b.id),
        token_hint: tokenHint(authToken),
        sender,
        connected_at: ctx.now(),
      });
      req.log.info({ businessId: b.id, accountSid }, 'Twilio connected');
      return settings(b);
    },

    disconnectTwilio: async (req) => {
      await texts.forgetTwilioAccount(req.owner.business.id);
      return settings(req.owner.business);
    },

    sendTestText: async (req) => {
      const b = req.owner.business;
      if (!(await canText(ctx, b.id)))
        throw new AppError(
          'TEXTS_NOT_CONNECTED',
          'Connect your Twilio account first; then the test goes to your number.',
        );
      const owner = await ctx.repos.users.findById(b.owner_id);
      if (!owner?.phone_number)
        throw new AppError('VALIDATION_FAILED', 'Your account has no phone number: add it in Settings > Account.');
      const body = testText(b.name ?? 'Slotwise');
      const now = ctx.now();
      await inTransaction(ctx.store, (trx) =>
        queueTexts(trx, [{ businessId: b.id, to: owner.phone_number, body, kind: 'test', bookingId: null }], now),
      );
      ctx.mail.kick();
      return { to: owner.phone_number, text: body };
    },

    completeBooking: async (req) => {
      const b = req.owner.business;
      const id = req.params.id;
      const now = ctx.now();
      const row = await withBusinessLock(ctx.store, b.id, async (trx) => {
        if (!(await ctx.repos.bookings.find(b.id, id, trx))) throw bookingNotFound(id);
        if (!(await ctx.repos.bookings.complete(trx, b.id, id, now)))
          throw new AppError(
            'BOOKING_NOT_APPROVED',
            'Only an approved booking can be marked completed. Approve it first, or reload: it may have changed.',
          );
        const completed = (await ctx.repos.bookings.find(b.id, id, trx))!;
        // The job is done: its invoice is issued in the same transaction (docs/decisions/043).
        await issueAndSendInvoice(ctx, trx, completed, now);
        return completed;
      });
      // A plan visit's card on file is charged after commit (docs/decisions/046).
      ctx.paymentWorker.kick();
      return toBookingJson(row, now, b.time_zone, await planLabelsFor(ctx, b.id, [row]));
    },

    reviews: async (req) => {
      const o = await ctx.repos.reviews.overview(req.owner.business.id);
      return {
        average: o.average === null ? null : Math.round(o.average * 10) / 10,
        count: o.count,
        recent: o.latest.map((r) => ({
          rating: r.rating ?? 0,
          comment: r.comment,
          firstName: r.first_name,
          serviceName: r.service_name,
          date: r.day,
        })),
      };
    },
  };
}
