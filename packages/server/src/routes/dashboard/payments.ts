/**
 * The owner's payments (docs/product.md#deposits, docs/decisions/021): connecting their own
 * Stripe account (keys checked with a live call, stored sealed, never answered back), the deposit
 * rule, the refund window, whether paid bookings are approved at once, whether a plan's deposit is
 * asked of every visit, and refunding a booking.
 */

import { fromWireRule, type PaymentSettings, toWireRule } from '@slotwise/shared/api';

import { toCents } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { toBookingJson } from '../../domain/answers.ts';
import { assertCanStoreKeys, businessRule, queueRefund, releaseHold, stripeKeysOf } from '../../domain/payments.ts';
import { AppError } from '../../errors.ts';
import { keyHint, secretBox } from '../../payments/secret-box.ts';
import { StripeKeyRefused } from '../../payments/stripe.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

const KEY_REFUSED =
  'Stripe did not accept this secret key: it may be mistyped, rolled or revoked. Copy it again from Stripe (Developers, API keys) and save.';

export function paymentHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'paymentSettings' | 'updatePaymentRules' | 'connectStripe' | 'disconnectStripe' | 'refund'> {
  const { payments, businesses, bookings } = ctx.repos;

  async function settings(b: Business): Promise<PaymentSettings> {
    const account = await payments.account(b.id);
    return {
      stripe: account
        ? {
            accountId: account.account_id,
            accountName: account.account_name,
            mode: account.livemode === 1 ? 'live' : 'test',
            keyHint: account.key_hint,
            connectedAt: new Date(Number(account.connected_at)).toISOString(),
          }
        : null,
      canConnect: ctx.config.encryptionKey !== undefined,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/stripe/${b.id}`,
      deposit: toWireRule(businessRule(b)),
      refundWindowHours: b.refund_window_hours,
      approvePaid: b.approve_paid === 1,
      planDeposit: b.plan_deposit_every === 1 ? 'every' : 'first',
    };
  }

  return {
    paymentSettings: async (req) => settings(req.owner.business),

    updatePaymentRules: async (req) => {
      const rule = fromWireRule(req.body.deposit);
      const next = await businesses.update(req.owner.business.id, {
        deposit_kind: rule.kind,
        deposit_value: rule.value,
        refund_window_hours: req.body.refundWindowHours,
        approve_paid: req.body.approvePaid ? 1 : 0,
        // Visits booked from now on follow it; visits already booked keep the deposit they have.
        ...(req.body.planDeposit ? { plan_deposit_every: req.body.planDeposit === 'every' ? 1 : 0 } : {}),
      });
      return settings(next);
    },

    connectStripe: async (req) => {
      const b = req.owner.business;
      const box = secretBox(assertCanStoreKeys(ctx));
      const { secretKey, webhookSecret } = req.body;
      let account: Awaited<ReturnType<typeof ctx.payments.account>>;
      try {
        account = await ctx.payments.account({ secretKey });
      } catch (err) {
        if (err instanceof StripeKeyRefused) throw new AppError('STRIPE_KEY_INVALID', KEY_REFUSED);
        req.log.warn({ err: (err as Error).message }, 'Stripe could not check a key');
        throw new AppError(
          'PAYMENT_UNAVAILABLE',
          'Stripe could not be reached to check the key, so nothing was saved. Try again in a few minutes.',
        );
      }
      await payments.saveAccount({
        business_id: b.id,
        account_id: account.id,
        account_name: account.name,
        livemode: account.livemode ? 1 : 0,
        key_hint: keyHint(secretKey),
        secret_key_enc: box.seal(secretKey, b.id),
        webhook_secret_enc: box.seal(webhookSecret, b.id),
        connected_at: ctx.now(),
      });
      req.log.info({ businessId: b.id, accountId: account.id, livemode: account.livemode }, 'Stripe connected');
      return settings(b);
    },

    disconnectStripe: async (req) => {
      const b = req.owner.business;
      // A customer paying right now could no longer be confirmed (their webhook would find no
      // secret): their sessions are ended and their holds released while the keys still work.
      const keys = await stripeKeysOf(ctx, b.id);
      for (const open of await payments.openCheckouts(b.id)) {
        if (keys)
          await ctx.payments
            .expireCheckout(keys, open.session_id)
            .catch((err) =>
              req.log.warn(
                { err: (err as Error).message, bookingId: open.booking_id },
                'could not end a Checkout Session on disconnect',
              ),
            );
        // A plan visit has no hold: it keeps its time, and its session is marked ended.
        if (!(await releaseHold(ctx, open.booking_id, b.id))) await payments.sessionEnded(open.session_id);
      }
      await payments.removeAccount(b.id);
      return settings(b);
    },

    refund: async (req) => {
      const b = req.owner.business;
      const { id } = req.params;
      const cents = toCents(req.body.amount);
      const now = ctx.now();
      const row = await withBusinessLock(ctx.store, b.id, async (trx) => {
        const found = await bookings.find(b.id, id, trx);
        if (!found) throw bookingNotFound(id);
        if (found.paid_cents === 0)
          throw new AppError('REFUND_TOO_LARGE', 'Nothing was paid for this booking, so there is nothing to refund.');
        if (!(await payments.account(b.id, trx)))
          throw new AppError(
            'PAYMENT_UNAVAILABLE',
            'Stripe is not connected, so a refund cannot be sent. Connect it again in Settings, Payments, then refund.',
          );
        return queueRefund(ctx, trx, found, cents, 'owner', now, now, req.body.reason || undefined);
      });
      ctx.paymentWorker.kick();
      return toBookingJson(row, now, b.time_zone);
    },
  };
}
