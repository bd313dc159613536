/**
 * The payment work done after commit, on every instance, each piece exactly once
 * (docs/decisions/021):
 * - refunds queued by a cancel, a decline or the owner go to Stripe, claimed one instance at a
 *   time (repositories/payments.ts claimDueRefunds) and sent with their row id as Stripe's
 *   Idempotency-Key, retried with backoff while Stripe is unreachable;
 * - invoices charged to a card on file (docs/decisions/046), sent as refunds are;
 * - unpaid holds whose 15 minutes are over are released under the business's lock by a
 *   conditional update (only the instance whose update changed the row goes on), and their
 *   Checkout Session is ended so the customer can no longer pay for a time given up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { releaseHold, stripeKeysOf } from '../domain/payments.ts';
import { sendCardCharge } from '../domain/saved-cards.ts';
import type { JobRuns } from '../metrics.ts';
import { StripeKeyRefused, StripeRequestRefused } from './stripe.ts';

const INTERVAL_MS = 30_000;
const LEASE_MS = 60_000;
const BATCH = 20;
/** After the first failed try: 1 minute, then 5, 30, 2 hours, 6 hours; then the refund is marked failed. */
const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

export class PaymentWorker {
  private timer: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  private readonly runs: JobRuns;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.runs = ctx.metrics.job('payments');
  }

  start(intervalMs = INTERVAL_MS): void {
    this.timer ??= setInterval(() => this.run(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    this.timer = undefined;
    this.pending = undefined;
    await this.running;
  }

  /** Sends queued refunds soon (called after a commit that queued one). Never throws. */
  kick(): void {
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      this.run();
    }, 10);
  }

  /** Resolves when every due refund and lapsed hold has been tried (tests use it). */
  async flush(): Promise<void> {
    this.run();
    while (this.running) await this.running;
  }

  /** One pass at a time: a pass asked for while one runs follows it. */
  private run(): void {
    const next = (this.running ?? Promise.resolve()).then(() => this.pass());
    this.running = next;
    void next.finally(() => {
      if (this.running === next) this.running = undefined;
    });
  }

  private async pass(): Promise<void> {
    try {
      await this.releaseLapsedHolds();
      await this.sendRefunds();
      await this.sendCharges();
      this.runs.succeeded();
    } catch (err) {
      this.runs.failed();
      this.log.error({ err }, 'payment pass failed; will retry');
    }
  }

  private async releaseLapsedHolds(): Promise<void> {
    const now = this.ctx.now();
    for (const hold of await this.ctx.repos.payments.lapsedHolds(now, BATCH)) {
      if (!(await releaseHold(this.ctx, hold.id, hold.business_id, now))) continue;
      this.log.info({ bookingId: hold.id }, 'unpaid hold released');
      const checkout = await this.ctx.repos.payments.checkoutOf(hold.id);
      const keys = checkout && (await stripeKeysOf(this.ctx, hold.business_id));
      if (!checkout || !keys) continue;
      await this.ctx.payments
        .expireCheckout(keys, checkout.session_id)
        .catch((err) =>
          this.log.warn({ err, bookingId: hold.id }, 'could not end the Checkout Session of a released hold'),
        );
    }
  }

  /** Invoices charged to a card on file (docs/decisions/046), each claimed by one instance. */
  private async sendCharges(): Promise<void> {
    for (const charge of await this.ctx.repos.savedCards.claimDue(this.ctx.now(), LEASE_MS, BATCH))
      await sendCardCharge(this.ctx, charge, this.log);
  }

  private async sendRefunds(): Promise<void> {
    const { payments } = this.ctx.repos;
    for (const refund of await payments.claimDueRefunds(this.ctx.now(), LEASE_MS, BATCH)) {
      // A refund of an invoice's card payment (docs/decisions/045) is sent as a deposit's is, from its payment's intent.
      const paid = refund.invoice_payment_id
        ? await this.ctx.repos.invoices.payment(refund.business_id, refund.invoice_payment_id)
        : await payments.checkoutOf(refund.booking_id);
      const keys = await stripeKeysOf(this.ctx, refund.business_id);
      const fail = async (why: string) => {
        await payments.refundFailed(refund.id, why, this.ctx.now());
        // Given back to the owner to refund again once it can go through: a failed invoice refund
        // stops counting against its payment by its status; a deposit's is counted on the booking.
        if (!refund.invoice_payment_id)
          await this.ctx.repos.bookings.addRefunded(
            this.ctx.db,
            refund.booking_id,
            -refund.amount_cents,
            this.ctx.now(),
          );
        this.log.error({ refundId: refund.id, bookingId: refund.booking_id, why }, 'refund failed');
      };
      if (!paid?.payment_intent) {
        await fail('the booking has no Stripe payment to refund');
        continue;
      }
      if (!keys) {
        await fail('Stripe is not connected any more');
        continue;
      }
      try {
        const sent = await this.ctx.payments.refund(
          keys,
          {
            paymentIntent: paid.payment_intent,
            amountCents: refund.amount_cents,
            bookingId: refund.booking_id,
            note: refund.note,
          },
          refund.id,
        );
        await payments.refundSent(refund.id, sent.id, this.ctx.now());
        this.log.info(
          { refundId: refund.id, bookingId: refund.booking_id, amountCents: refund.amount_cents },
          'refund sent',
        );
      } catch (err) {
        const why = (err as Error).message;
        if (
          err instanceof StripeRequestRefused ||
          err instanceof StripeKeyRefused ||
          refund.attempts > BACKOFF_MS.length
        ) {
          await fail(why);
          continue;
        }
        const wait = BACKOFF_MS[Math.min(refund.attempts - 1, BACKOFF_MS.length - 1)]!;
        await payments.refundRetry(refund.id, why, this.ctx.now() + wait);
        this.log.warn({ refundId: refund.id, why, retryInMs: wait }, 'refund not sent; will retry');
      }
    }
  }
}
