/**
 * Getting paid after the job, its foundation (docs/decisions/043): the business's sales tax, a
 * booking's bill with the lines added on the day, issuing an invoice the completion did not (one
 * completed by the end-of-day sweep), and the business's invoices. The completions themselves
 * issue in their own transactions (routes/dashboard/notifications.ts, routes/crew.ts).
 */
import type { InvoiceDetail } from '@slotwise/shared/api';
import { parseTaxRate } from '@slotwise/shared/balance';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction, type Tx, withBusinessLock } from '../../db/transaction.ts';
import { issueAndSendInvoice } from '../../domain/invoice-messages.ts';
import {
  invoiceDetailJson,
  invoiceNotFound,
  recordPayment,
  refundPayment,
  stateOf,
  voidInvoice,
} from '../../domain/invoice-payments.ts';
import {
  assertLineFits,
  assertLinesOpen,
  billOf,
  checkTaxItems,
  invoiceJson,
  taxSettingsJson,
} from '../../domain/invoices.ts';
import { AppError } from '../../errors.ts';
import type { StoredAnswer } from '../../repositories/idempotency.ts';
import type { InvoiceRow } from '../../repositories/invoices.ts';
import { idempotencyKey, type KeyWords, replay, requestHash } from '../idempotency-key.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

/** Invoices in one page of the list. */
const PAGE = 50;

const PAYMENT_KEY: KeyWords = { per: 'payment', twice: 'records it twice' };
const REFUND_KEY: KeyWords = { per: 'refund', twice: 'refunds twice' };

export function invoiceHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  | 'taxSettings'
  | 'updateTaxSettings'
  | 'bookingBill'
  | 'addDayLine'
  | 'removeDayLine'
  | 'issueInvoice'
  | 'invoices'
  | 'invoice'
  | 'recordInvoicePayment'
  | 'refundInvoicePayment'
  | 'voidInvoice'
  | 'tipSettings'
  | 'updateTipSettings'
> {
  const { invoices, bookings, services, idempotency } = ctx.repos;
  const deps = ctx.repos;

  const tipSettingsOf = async (businessId: string) => {
    const [presets, reminders, fee] = await Promise.all([
      invoices.tipPresets(businessId),
      invoices.remindersOn(businessId),
      invoices.noShowFeeCents(businessId),
    ]);
    return { presets, reminders, noShowFee: toDollars(fee) };
  };

  const invoiceOf = async (businessId: string, id: string, trx?: Tx): Promise<InvoiceRow> => {
    const row = await invoices.byId(businessId, id, trx);
    if (!row) throw invoiceNotFound(id);
    return row;
  };
  const detail = async (trx: Tx, row: InvoiceRow) => invoiceDetailJson(ctx, await stateOf(ctx, trx, row));

  /**
   * An owner's money write on an invoice, once per Idempotency-Key (as an owner's booking is,
   * routes/dashboard/owner-booking.ts): under the business's lock, the answer stored in the same
   * transaction and sent again to a retry with the same request. The invoice is looked up first,
   * so another owner's id is 404 whatever the key.
   */
  async function once(
    req: FastifyRequest,
    reply: FastifyReply,
    words: KeyWords,
    invoiceId: string,
    write: (trx: Tx, invoice: InvoiceRow, now: number) => Promise<unknown>,
  ): Promise<InvoiceDetail> {
    const b = req.owner!.business;
    await invoiceOf(b.id, invoiceId);
    const key = `${b.id}:${idempotencyKey(req, words)}`;
    const hash = requestHash({ params: req.params, body: req.body });
    const earlier = await idempotency.find(key, ctx.now());
    if (earlier) return replay(reply, earlier, hash, words);
    const now = ctx.now();
    let outcome: { replayed: StoredAnswer } | { created: InvoiceDetail };
    try {
      outcome = await withBusinessLock<typeof outcome>(ctx.store, b.id, async (trx) => {
        const stored = await idempotency.find(key, now, trx);
        if (stored) return { replayed: stored };
        await write(trx, await invoiceOf(b.id, invoiceId, trx), now);
        const created = await detail(trx, await invoiceOf(b.id, invoiceId, trx));
        await idempotency.save(trx, { key, businessId: b.id, requestHash: hash, statusCode: 200, body: created }, now);
        return { created };
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const stored = await idempotency.find(key, ctx.now());
        if (stored) return replay(reply, stored, hash, words);
      }
      throw err;
    }
    if ('replayed' in outcome) return replay(reply, outcome.replayed, hash, words);
    return outcome.created;
  }

  return {
    taxSettings: async (req) => taxSettingsJson(await invoices.tax(req.owner.business.id)),

    updateTaxSettings: async (req) => {
      const b = req.owner.business;
      const body = req.body;
      // The contract checked the text; the rate it stands for is read once, here.
      const rate = parseTaxRate(body.ratePercent) ?? 0;
      const serviceIds = [...new Set(body.serviceIds)];
      const addOnIds = [...new Set(body.addOnIds)];
      checkTaxItems(await services.list(b.id), { serviceIds, addOnIds });
      const now = ctx.now();
      await inTransaction(ctx.store, (trx) =>
        invoices.saveTax(trx, b.id, { name: body.name, rate, serviceIds, addOnIds }, now),
      );
      return taxSettingsJson(await invoices.tax(b.id));
    },

    bookingBill: async (req) => {
      const b = req.owner.business;
      const booking = await bookings.find(b.id, req.params.id);
      if (!booking) throw bookingNotFound(req.params.id);
      return billOf(deps, ctx.db, booking);
    },

    addDayLine: async (req) => {
      const b = req.owner.business;
      const id = req.params.id;
      const line = {
        description: req.body.description,
        amountCents: toCents(req.body.amount),
        taxable: req.body.taxable,
      };
      // Under the business's lock, as issuing is: a line never slips in beside an invoice being issued.
      return withBusinessLock(ctx.store, b.id, async (trx) => {
        const booking = await bookings.find(b.id, id, trx);
        if (!booking) throw bookingNotFound(id);
        await assertLinesOpen(deps, trx, booking);
        await assertLineFits(deps, trx, booking, line);
        await invoices.addDayLine(trx, b.id, id, line, ctx.now());
        return billOf(deps, trx, booking);
      });
    },

    removeDayLine: async (req) => {
      const b = req.owner.business;
      const { id, lineId } = req.params;
      return withBusinessLock(ctx.store, b.id, async (trx) => {
        const booking = await bookings.find(b.id, id, trx);
        if (!booking) throw bookingNotFound(id);
        await assertLinesOpen(deps, trx, booking);
        if (!(await invoices.removeDayLine(trx, b.id, id, lineId)))
          throw new AppError(
            'DAY_LINE_NOT_FOUND',
            `Booking ${id} has no line ${lineId}: it may have been removed already. Reload the booking.`,
          );
        // Removing extra work could leave a discount larger than the rest: refused as adding it would be.
        const after = await billOf(deps, trx, booking);
        if (after.balance.discountLimit > 0)
          throw new AppError(
            'DISCOUNT_TOO_LARGE',
            `Removing that line would leave a discount larger than the total (by $${after.balance.discountLimit.toFixed(2)}): remove or lower the discount first.`,
          );
        return after;
      });
    },

    issueInvoice: async (req) => {
      const b = req.owner.business;
      const id = req.params.id;
      const now = ctx.now();
      return withBusinessLock(ctx.store, b.id, async (trx) => {
        const booking = await bookings.find(b.id, id, trx);
        if (!booking) throw bookingNotFound(id);
        if (booking.status !== 'completed')
          throw new AppError(
            'BOOKING_NOT_BILLABLE',
            `Booking ${id} is ${booking.status}: an invoice is issued for a completed job. Mark it completed, which issues it.`,
          );
        await issueAndSendInvoice(ctx, trx, booking, now);
        return billOf(deps, trx, booking);
      }).finally(() => ctx.paymentWorker.kick());
    },

    invoice: async (req) => detail(ctx.db, await invoiceOf(req.owner.business.id, req.params.id)),

    recordInvoicePayment: async (req, reply) =>
      once(req, reply, PAYMENT_KEY, req.params.id, (trx, invoice, now) =>
        recordPayment(
          ctx,
          trx,
          invoice,
          {
            method: req.body.method,
            amountCents: toCents(req.body.amount),
            tipCents: toCents(req.body.tip ?? 0),
            note: req.body.note || null,
          },
          req.owner.userId,
          now,
        ),
      ),

    refundInvoicePayment: async (req, reply) => {
      let queued = false;
      const answer = await once(req, reply, REFUND_KEY, req.params.id, async (trx, invoice, now) => {
        queued = await refundPayment(
          ctx,
          trx,
          invoice,
          req.params.paymentId,
          toCents(req.body.amount),
          req.body.reason || null,
          now,
        );
      });
      // A card refund goes to Stripe after commit, as a deposit's does.
      if (queued) ctx.paymentWorker.kick();
      return answer;
    },

    voidInvoice: async (req) => {
      const b = req.owner.business;
      return withBusinessLock(ctx.store, b.id, async (trx) => {
        await voidInvoice(ctx, trx, await invoiceOf(b.id, req.params.id, trx), ctx.now());
        return detail(trx, await invoiceOf(b.id, req.params.id, trx));
      });
    },

    tipSettings: async (req) => tipSettingsOf(req.owner.business.id),

    updateTipSettings: async (req) => {
      const id = req.owner.business.id;
      await invoices.saveTipPresets(id, req.body.presets);
      if (req.body.reminders !== undefined) await invoices.saveRemindersOn(id, req.body.reminders);
      if (req.body.noShowFee !== undefined) await invoices.saveNoShowFee(id, toCents(req.body.noShowFee));
      return tipSettingsOf(id);
    },

    invoices: async (req) => {
      const rows = await invoices.list(req.owner.business.id, PAGE + 1, req.query.before);
      const shown = rows.slice(0, PAGE);
      return {
        invoices: shown.map((r) => ({
          ...invoiceJson(r),
          customerName: `${r.first_name} ${r.last_name}`.trim(),
          serviceName: r.service_name,
          day: r.day,
          total: toDollars(r.total_cents),
        })),
        next: rows.length > PAGE ? (shown.at(-1)?.number ?? null) : null,
      };
    },
  };
}
