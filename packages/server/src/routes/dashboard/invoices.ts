/**
 * Getting paid after the job, its foundation (docs/decisions/043): the business's sales tax, a
 * booking's bill with the lines added on the day, issuing an invoice the completion did not (one
 * completed by the end-of-day sweep), and the business's invoices. The completions themselves
 * issue in their own transactions (routes/dashboard/notifications.ts, routes/crew.ts).
 */
import { parseTaxRate } from '@slotwise/shared/balance';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { inTransaction, withBusinessLock } from '../../db/transaction.ts';
import {
  assertLineFits,
  assertLinesOpen,
  billOf,
  checkTaxItems,
  invoiceJson,
  issueInvoice,
  taxSettingsJson,
} from '../../domain/invoices.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

/** Invoices in one page of the list. */
const PAGE = 50;

export function invoiceHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  'taxSettings' | 'updateTaxSettings' | 'bookingBill' | 'addDayLine' | 'removeDayLine' | 'issueInvoice' | 'invoices'
> {
  const { invoices, bookings, services } = ctx.repos;
  const deps = ctx.repos;

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
        await issueInvoice(deps, trx, booking, now);
        return billOf(deps, trx, booking);
      });
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
