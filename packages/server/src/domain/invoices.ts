/**
 * A booking's bill and its invoice (docs/decisions/043): which of its price is taxed, what is owed
 * (shared/src/balance.ts), when a day line may be added, and issuing the invoice in the transaction
 * that completes the job. One place for these rules; the owner's and the crew's completions both
 * issue through `issueInvoice`.
 */
import { randomUUID } from 'node:crypto';
import type { Balance as BalanceJson, BookingBill, Invoice, TaxSettings } from '@slotwise/shared/api';
import {
  type Balance,
  type BalanceLine,
  computeBalance,
  formatTaxRate,
  MAX_BILL_CENTS,
  priceLines,
  type Taxability,
  type TaxRate,
} from '@slotwise/shared/balance';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { BookingsTable, ServicesTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { type DayLineRow, type InvoiceLineRow, type InvoiceRow, idsOf, type TaxRow } from '../repositories/invoices.ts';
import { addOnsOf } from '../repositories/services.ts';
import { linesOf } from './booking-answers.ts';
import { hashManageToken, linkTokenFor } from './manage-token.ts';

type BookingRow = Selectable<BookingsTable>;
type Line = BalanceLine & { kind: 'price' | 'day' };

/** Where the bill is read from: the tax, the day lines, the invoice and its lines, and the booking's service. */
export type BillDeps = Pick<AppContext['repos'], 'invoices' | 'services'>;

/** The pay link's token (docs/decisions/045): derived from the invoice's id as the manage and quote links' are; only its sha256 is stored. */
export function payTokenFor(secret: Uint8Array, invoiceId: string): string {
  return linkTokenFor(secret, 'invoice-pay-token-v1', invoiceId);
}

/** The statuses a day line may be added to or removed from (before the invoice is issued). */
const BILLABLE = new Set(['approved', 'completed']);

function taxRateOf(tax: TaxRow | undefined): TaxRate | null {
  return tax && tax.rate > 0 ? { name: tax.name, rate: tax.rate } : null;
}

/** The tax settings as the owner's calls answer them. */
export function taxSettingsJson(tax: TaxRow | undefined): TaxSettings {
  return {
    name: tax?.name ?? '',
    ratePercent: formatTaxRate(tax?.rate ?? 0),
    serviceIds: tax ? idsOf(tax.service_ids) : [],
    addOnIds: tax ? idsOf(tax.add_on_ids) : [],
  };
}

/** Every id the settings name must be a service, or an add-on of a service, the business offers. */
export function checkTaxItems(services: readonly ServicesTable[], input: Pick<TaxSettings, 'serviceIds' | 'addOnIds'>) {
  const serviceIds = new Set(services.map((s) => s.id));
  const addOnIds = new Set(services.flatMap((s) => addOnsOf(s).map((a) => a.id)));
  const unknownService = input.serviceIds.find((id) => !serviceIds.has(id));
  if (unknownService)
    throw new AppError(
      'TAX_ITEM_UNKNOWN',
      `Service ${unknownService} is not one of your services: reload Settings, Tax and choose from your services.`,
    );
  const unknownAddOn = input.addOnIds.find((id) => !addOnIds.has(id));
  if (unknownAddOn)
    throw new AppError(
      'TAX_ITEM_UNKNOWN',
      `Add-on ${unknownAddOn} is not one of your services' add-ons: reload Settings, Tax and choose from your add-ons.`,
    );
}

/** Which of the booking's price the tax covers: its service (by id), its add-ons (by name, as its lines name them). */
function taxabilityOf(tax: TaxRow | undefined, service: ServicesTable | undefined): Taxability {
  if (!tax || !service) return { serviceTaxed: false, taxedAddOns: new Set() };
  const taxedIds = new Set(idsOf(tax.add_on_ids));
  return {
    serviceTaxed: idsOf(tax.service_ids).includes(service.id),
    taxedAddOns: new Set(
      addOnsOf(service)
        .filter((a) => taxedIds.has(a.id))
        .map((a) => a.name.toLowerCase()),
    ),
  };
}

/** The deposit the business keeps: paid at booking less refunded. */
const depositOf = (booking: BookingRow) => Math.max(0, booking.paid_cents - booking.refunded_cents);

/** The lines of a bill not issued yet: the booking's price, then the day lines in the order added. */
function liveLines(booking: BookingRow, taxability: Taxability, dayLines: readonly DayLineRow[]): Line[] {
  return [
    ...priceLines(linesOf(booking), booking.total_cents, taxability).map((l) => ({ ...l, kind: 'price' as const })),
    ...dayLines.map((d) => ({
      kind: 'day' as const,
      description: d.description,
      amountCents: d.amount_cents,
      taxable: d.taxable === 1,
    })),
  ];
}

interface Live {
  lines: Line[];
  tax: TaxRate | null;
  balance: Balance;
  dayLines: DayLineRow[];
}

async function live(deps: BillDeps, trx: Tx, booking: BookingRow): Promise<Live> {
  const [tax, service, dayLines] = await Promise.all([
    deps.invoices.tax(booking.business_id, trx),
    booking.service_id ? deps.services.find(booking.business_id, booking.service_id, trx) : Promise.resolve(undefined),
    deps.invoices.dayLines(booking.business_id, booking.id, trx),
  ]);
  const lines = liveLines(booking, taxabilityOf(tax, service), dayLines);
  const rate = taxRateOf(tax);
  // No payments yet: they are taken on the issued invoice (domain/invoice-payments.ts).
  const balance = computeBalance({ lines, tax: rate, depositCents: depositOf(booking), payments: [] });
  return { lines, tax: rate, balance, dayLines };
}

export function balanceJson(lines: readonly Line[], tax: TaxRate | null, b: Balance): BalanceJson {
  return {
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      amount: toDollars(l.amountCents),
      taxable: l.taxable,
    })),
    linesTotal: toDollars(b.linesCents),
    tax: tax
      ? {
          name: tax.name,
          ratePercent: formatTaxRate(tax.rate),
          taxable: toDollars(b.taxableCents),
          amount: toDollars(b.taxCents),
        }
      : null,
    discountLimit: toDollars(b.discountLimitCents),
    total: toDollars(b.totalCents),
    paid: toDollars(b.paidCents),
    due: toDollars(b.dueCents),
    credit: toDollars(b.creditCents),
  };
}

export function invoiceJson(row: InvoiceRow): Invoice {
  return {
    _id: row.id,
    bookingId: row.booking_id,
    number: row.number,
    state: row.state,
    issuedAt: new Date(row.issued_at).toISOString(),
  };
}

/** An issued invoice's frozen lines and tax, as its balance is computed from them. */
export function frozenLines(
  invoice: InvoiceRow,
  rows: readonly InvoiceLineRow[],
): { lines: Line[]; tax: TaxRate | null } {
  const lines: Line[] = rows.map((r) => ({
    kind: r.kind,
    description: r.description,
    amountCents: r.amount_cents,
    taxable: r.taxable === 1,
  }));
  const tax = invoice.tax_rate > 0 ? { name: invoice.tax_name, rate: invoice.tax_rate } : null;
  return { lines, tax };
}

/** The booking's bill as the owner's calls answer it. */
export async function billOf(deps: BillDeps, trx: Tx, booking: BookingRow): Promise<BookingBill> {
  const invoice = await deps.invoices.forBooking(booking.business_id, booking.id, trx);
  if (invoice) {
    const [rows, payments, dayLines] = await Promise.all([
      deps.invoices.lines(invoice.id, trx),
      deps.invoices.payments(invoice.id, trx),
      deps.invoices.dayLines(booking.business_id, booking.id, trx),
    ]);
    const f = frozenLines(invoice, rows);
    // The payments as received (docs/decisions/045): the same figures as the invoice's own call.
    const balance = computeBalance({
      lines: f.lines,
      tax: f.tax,
      depositCents: invoice.deposit_cents,
      payments: payments.map((p) => ({ amountCents: p.amount_cents })),
    });
    return {
      balance: balanceJson(f.lines, f.tax, balance),
      dayLines: dayLines.map(dayLineJson),
      invoice: invoiceJson(invoice),
    };
  }
  const l = await live(deps, trx, booking);
  return { balance: balanceJson(l.lines, l.tax, l.balance), dayLines: l.dayLines.map(dayLineJson), invoice: null };
}

const dayLineJson = (d: DayLineRow) => ({
  _id: d.id,
  description: d.description,
  amount: toDollars(d.amount_cents),
  taxable: d.taxable === 1,
});

/**
 * Whether a day line may change on this booking now: the booking is approved or completed and its
 * invoice is not issued (an issued invoice's lines never change).
 */
export async function assertLinesOpen(deps: BillDeps, trx: Tx, booking: BookingRow): Promise<void> {
  if (!BILLABLE.has(booking.status))
    throw new AppError(
      'BOOKING_NOT_BILLABLE',
      `Booking ${booking.id} is ${booking.status}: lines are added to an approved or completed booking only.`,
    );
  const invoice = await deps.invoices.forBooking(booking.business_id, booking.id, trx);
  if (invoice)
    throw new AppError(
      'INVOICE_ISSUED',
      `Invoice ${invoice.number} was issued for this booking: its lines no longer change. Record a credit or a new line on a new invoice instead.`,
    );
}

/** A new day line must leave the total at zero or more, and no larger than a booking can be. */
export async function assertLineFits(
  deps: BillDeps,
  trx: Tx,
  booking: BookingRow,
  line: { amountCents: number; taxable: boolean },
): Promise<void> {
  const before = await live(deps, trx, booking);
  const after = computeBalance({
    lines: [...before.lines, { description: '', ...line }],
    tax: before.tax,
    depositCents: 0,
    payments: [],
  });
  if (after.discountLimitCents > 0)
    throw new AppError(
      'DISCOUNT_TOO_LARGE',
      `That discount would bring the total below zero: the most it can be is ${formatUsd(toDollars(before.balance.totalCents))} (the total now).`,
    );
  if (after.totalCents > MAX_BILL_CENTS)
    throw new AppError(
      'AMOUNT_TOO_LARGE',
      `That line would bring the total over ${formatUsd(toDollars(MAX_BILL_CENTS))}, more than a booking can be.`,
    );
}

/**
 * Issues the booking's invoice inside the transaction that completed it (call under the business's
 * lock: the counter row's update serialises issues on PostgreSQL all the same), or answers the one
 * issued already: a second completion never issues a second invoice.
 */
export async function issueInvoice(
  deps: BillDeps,
  trx: Tx,
  booking: BookingRow,
  now: number,
  secret: Uint8Array,
): Promise<InvoiceRow> {
  const existing = await deps.invoices.forBooking(booking.business_id, booking.id, trx);
  if (existing) return existing;
  return issueWith(deps, trx, booking, await live(deps, trx, booking), now, secret);
}

/**
 * A no-show's invoice (docs/decisions/046): one untaxed "No-show fee" line at the business's fee,
 * less any deposit the booking paid. Call under the business's lock, for a booking with no invoice.
 */
export function issueNoShowInvoice(
  deps: BillDeps,
  trx: Tx,
  booking: BookingRow,
  feeCents: number,
  now: number,
  secret: Uint8Array,
): Promise<InvoiceRow> {
  const lines: Line[] = [{ kind: 'price', description: 'No-show fee', amountCents: feeCents, taxable: false }];
  const balance = computeBalance({ lines, tax: null, depositCents: depositOf(booking), payments: [] });
  return issueWith(deps, trx, booking, { lines, tax: null, balance }, now, secret);
}

async function issueWith(
  deps: BillDeps,
  trx: Tx,
  booking: BookingRow,
  l: Pick<Live, 'lines' | 'tax' | 'balance'>,
  now: number,
  secret: Uint8Array,
): Promise<InvoiceRow> {
  const id = randomUUID();
  return deps.invoices.issue(
    trx,
    {
      id,
      payTokenHash: hashManageToken(payTokenFor(secret, id)),
      // A deposit that covers the whole job leaves nothing due: paid from the start (docs/decisions/045).
      state: l.balance.dueCents === 0 ? 'paid' : 'open',
      businessId: booking.business_id,
      bookingId: booking.id,
      taxName: l.tax?.name ?? '',
      taxRate: l.tax?.rate ?? 0,
      linesCents: l.balance.linesCents,
      taxableCents: l.balance.taxableCents,
      taxCents: l.balance.taxCents,
      discountLimitCents: l.balance.discountLimitCents,
      totalCents: l.balance.totalCents,
      depositCents: depositOf(booking),
      lines: l.lines,
    },
    now,
  );
}
