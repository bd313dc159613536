/**
 * An invoice issued and sent (issue 43 item 2; docs/decisions/045): completing a job issues its
 * invoice (domain/invoices.ts issueInvoice) and, in the same transaction, queues its mail to the
 * customer, itemised with its pay link, and a text with the link shortened when they agreed to
 * texts (Settings > Notifications, "Invoice with its pay link", which the owner may switch off). An
 * invoice issued before (a second completion, a retried request) sends nothing again.
 */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { BookingsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { invoiceMail, type MailInvoice } from '../mail/templates.ts';
import type { InvoiceRow } from '../repositories/invoices.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { customerText, shortLink } from './booking-texts.ts';
import { dueCentsOf, invoiceLinkJson, payUrlOf, stateOf } from './invoice-payments.ts';
import { issueInvoice, issueNoShowInvoice } from './invoices.ts';
import { loadBusiness } from './lookup.ts';

type BookingRow = Selectable<BookingsTable>;

/** Issues the completed booking's invoice, once, and sends it; an invoice issued already is answered as it is. */
export async function issueAndSendInvoice(
  ctx: AppContext,
  trx: Tx,
  booking: BookingRow,
  now: number,
): Promise<InvoiceRow> {
  const before = await ctx.repos.invoices.forBooking(booking.business_id, booking.id, trx);
  if (before) return before;
  const invoice = await issueInvoice(ctx.repos, trx, booking, now, ctx.config.jwtSecret);
  // A plan visit whose client saved a card is charged first; its mail says how that went (docs/decisions/046).
  if (!(await queueCardCharge(ctx, trx, booking, invoice, now)))
    await queueInvoiceMessages(ctx, trx, booking, invoice, now);
  return invoice;
}

/**
 * A no-show's invoice (docs/decisions/046), issued with the fee and charged to the client's saved
 * card, or mailed with its pay link when none is saved; answers whether a charge was queued.
 */
export async function issueAndChargeNoShow(
  ctx: AppContext,
  trx: Tx,
  booking: BookingRow,
  feeCents: number,
  now: number,
): Promise<boolean> {
  const invoice = await issueNoShowInvoice(ctx.repos, trx, booking, feeCents, now, ctx.config.jwtSecret);
  const charging = await queueCardCharge(ctx, trx, booking, invoice, now, true);
  if (!charging) await queueInvoiceMessages(ctx, trx, booking, invoice, now);
  return charging;
}

/** Stripe's smallest charge in cents: less is left to the pay link. */
const STRIPE_MINIMUM_CENTS = 50;

/**
 * Queues the charge of what is due on a just-issued invoice to the client's saved card, in the
 * issuing transaction; the payment worker sends it after commit (docs/decisions/046). Only a plan
 * visit's invoice, or one `always` asks for (a no-show fee), and only with a card on file.
 */
async function queueCardCharge(
  ctx: AppContext,
  trx: Tx,
  booking: BookingRow,
  invoice: InvoiceRow,
  now: number,
  always = false,
): Promise<boolean> {
  if ((!booking.plan_id && !always) || !booking.client_id) return false;
  const card = await ctx.repos.savedCards.of(booking.business_id, booking.client_id, trx);
  if (!card) return false;
  const due = dueCentsOf(await stateOf(ctx, trx, invoice));
  if (due < STRIPE_MINIMUM_CENTS) return false;
  return ctx.repos.savedCards.queueCharge(trx, {
    id: `charge-${invoice.id}-${due}`,
    business_id: invoice.business_id,
    invoice_id: invoice.id,
    amount_cents: due,
    customer: card.customer,
    payment_method: card.payment_method,
    status: 'queued',
    payment_intent: null,
    next_attempt_at: now,
    last_error: null,
    created_at: now,
    done_at: null,
  });
}

/** The invoice's mail after its card charge: a receipt naming the card, or the pay link saying the card was declined. */
export async function sendInvoiceAfterCharge(
  ctx: AppContext,
  trx: Tx,
  invoice: InvoiceRow,
  now: number,
  outcome: Pick<MailInvoice, 'declined' | 'charged'>,
): Promise<void> {
  const booking = await ctx.repos.bookings.find(invoice.business_id, invoice.booking_id, trx);
  if (booking) await queueInvoiceMessages(ctx, trx, booking, invoice, now, false, outcome);
}

/**
 * A reminder of an unpaid invoice (jobs/invoice-reminders.ts): its mail again, said to be a
 * reminder, and its text; nothing when nothing is due any more.
 */
export async function remindInvoice(ctx: AppContext, trx: Tx, invoice: InvoiceRow, now: number): Promise<boolean> {
  const booking = await ctx.repos.bookings.find(invoice.business_id, invoice.booking_id, trx);
  if (!booking) return false;
  return queueInvoiceMessages(ctx, trx, booking, invoice, now, true);
}

/** Queues the invoice's mail and text; answers whether anything was due (a reminder of nothing is not sent). */
async function queueInvoiceMessages(
  ctx: AppContext,
  trx: Tx,
  booking: BookingRow,
  invoice: InvoiceRow,
  now: number,
  reminder = false,
  outcome: Pick<MailInvoice, 'declined' | 'charged'> = {},
): Promise<boolean> {
  // An erased customer (no address left) gets nothing.
  if (!booking.customer_email && !booking.phone_number) return false;
  const business = await loadBusiness(ctx, booking.business_id, trx);
  // The figures as the customer's page shows them: one reading of the invoice for both.
  const view = invoiceLinkJson(await stateOf(ctx, trx, invoice), business, [], false);
  if (reminder && view.due <= 0) return false;
  const link = payUrlOf(ctx, invoice.id);
  const businessName = business.name ?? 'Your service provider';
  if (booking.customer_email)
    await queueMail(
      trx,
      invoiceMail({
        to: booking.customer_email,
        bookingId: booking.id,
        firstName: booking.first_name,
        businessName,
        serviceName: booking.service_name,
        number: invoice.number,
        lines: view.lines,
        tax: view.tax,
        total: view.total,
        deposit: view.deposit,
        due: view.due,
        link,
        reminder,
        ...outcome,
      }),
      now,
    );
  // A text only when something is due: a receipt is not worth a text.
  if (view.due <= 0) return true;
  const text = await customerText(
    ctx,
    trx,
    'invoice',
    { ...booking, total_cents: Math.round(view.due * 100) },
    business,
    now,
    () => shortLink(ctx, trx, booking.business_id, link, now),
  );
  if (text) await queueTexts(trx, [text], now);
  return true;
}
