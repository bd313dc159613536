/**
 * The customer's pay link (docs/decisions/045): the invoice behind its token (derived from the
 * invoice's id, only its sha256 stored, as a quote link's), and its Stripe Checkout page on the
 * owner's own account for what is due plus the chosen tip. Nothing here marks the invoice paid:
 * only Stripe's signed webhook records a card payment (routes/webhooks.ts).
 */
import type { AppContext } from '../../context.ts';
import {
  assertPayable,
  hashPayToken,
  invoiceLinkJson,
  payUrlOf,
  stateOf,
  tipCentsOf,
} from '../../domain/invoice-payments.ts';
import { receiptSteps } from '../../domain/job-steps.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import { stripeKeysOf } from '../../domain/payments.ts';
import { AppError } from '../../errors.ts';
import type { InvoiceRow } from '../../repositories/invoices.ts';
import type { Handlers } from '../register.ts';

const LINK_INVALID = 'This invoice link is not known. Ask the business for a new one.';
const PAYMENT_UNAVAILABLE =
  'We could not reach the payment service, so nothing was charged. Try again in a few minutes.';

export function invoiceLinkHandlers(ctx: AppContext): Handlers<'invoiceLink', 'openInvoice' | 'payInvoice'> {
  const { invoices } = ctx.repos;

  async function invoiceOf(token: string): Promise<InvoiceRow> {
    const row = await invoices.byPayTokenHash(hashPayToken(token));
    if (!row) throw new AppError('INVOICE_LINK_INVALID', LINK_INVALID);
    return row;
  }

  return {
    openInvoice: async (req) => {
      const row = await invoiceOf(req.query.token);
      const [business, s, presets, keys, workDone] = await Promise.all([
        loadBusiness(ctx, row.business_id),
        stateOf(ctx, ctx.db, row),
        invoices.tipPresets(row.business_id),
        stripeKeysOf(ctx, row.business_id),
        receiptSteps(ctx, row.business_id, row.booking_id),
      ]);
      return invoiceLinkJson(s, business, presets, keys !== undefined, workDone);
    },

    payInvoice: async (req) => {
      const row = await invoiceOf(req.query.token);
      const s = await stateOf(ctx, ctx.db, row);
      const dueCents = assertPayable(s);
      const keys = await stripeKeysOf(ctx, row.business_id);
      if (!keys)
        throw new AppError(
          'PAYMENTS_NOT_CONNECTED',
          'This business does not take cards online. Pay them as they ask (cash, check or at the door).',
        );
      const tipCents = tipCentsOf(req.body.tip, dueCents, await invoices.tipPresets(row.business_id));
      const [business, booking] = await Promise.all([
        loadBusiness(ctx, row.business_id),
        ctx.repos.bookings.byId(row.booking_id),
      ]);
      const page = payUrlOf(ctx, row.id);
      try {
        // One session per invoice, amount due and tip: a double click, a reload or two tabs answer
        // the same page; a changed amount (a cash payment meanwhile, another tip) gets its own.
        const session = await ctx.payments.createInvoiceCheckout(
          keys,
          {
            invoiceId: row.id,
            number: row.number,
            businessName: business.name ?? '',
            dueCents,
            tipCents,
            customerEmail: booking?.customer_email ?? '',
            successUrl: `${page}&payment=paid`,
            cancelUrl: `${page}&payment=cancelled`,
          },
          `invoice-${row.id}-${dueCents}-${tipCents}`,
        );
        return { url: session.url };
      } catch (err) {
        req.log.warn({ err, invoiceId: row.id }, "an invoice's checkout could not be started");
        throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE);
      }
    },
  };
}
