/**
 * The owner's money (issue 43 item 5; docs/decisions/047), laid out from the movements the ledger
 * repository reads: a period's report (collected, tips, refunds, received by method, its
 * movements a page at a time), what is still owed, a client's money, the CSV accounting software
 * imports, and the money collected by day for Insights. Every sum is integer cents until the answer.
 */
import {
  LEDGER_PAGE_SIZE,
  type LedgerEntry,
  OUTSTANDING_LISTED,
  type OutstandingInvoice,
  PAYMENT_METHODS,
  type PaymentsReport,
} from '@slotwise/shared/api';
import { dueOf } from '@slotwise/shared/balance';
import { csvText } from '@slotwise/shared/csv';
import { toDollars } from '@slotwise/shared/money';
import { PAYMENT_METHOD_WORDS } from '@slotwise/shared/payment-words';
import { addDays } from '@slotwise/shared/slots';
import { localToUtcMs, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { MovementRow, OpenInvoiceRow } from '../repositories/ledger.ts';

/** The instants a period of business days covers: from its first midnight to the midnight after its last day. */
export function periodMs(from: string, to: string, zone: string): { fromMs: number; toMs: number } {
  return { fromMs: localToUtcMs(from, '00:00', zone), toMs: localToUtcMs(addDays(to, 1), '00:00', zone) };
}

const nameOf = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/** Newest first; a payment and its refund at the same instant keep the payment below. */
function newestFirst(a: MovementRow, b: MovementRow): number {
  return b.at - a.at || a.id.localeCompare(b.id);
}

function entryJson(r: MovementRow, zone: string): LedgerEntry {
  return {
    _id: r.id,
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    day: utcMsToLocal(r.at, zone).day,
    method: r.method,
    amount: toDollars(r.amount_cents),
    tip: toDollars(r.tip_cents),
    total: toDollars(r.amount_cents + r.tip_cents),
    bookingId: r.booking_id,
    clientId: r.client_id,
    customerName: nameOf(r),
    serviceName: r.service_name,
    invoice:
      r.invoice_id === null || r.invoice_number === null ? null : { _id: r.invoice_id, number: r.invoice_number },
    note: r.note,
  };
}

/** Received (tips included), tips, refunded and collected, in cents. */
function sums(rows: readonly MovementRow[]) {
  let received = 0;
  let tips = 0;
  let refunded = 0;
  for (const r of rows) {
    if (r.kind === 'refund') refunded -= r.amount_cents;
    else {
      received += r.amount_cents + r.tip_cents;
      tips += r.tip_cents;
    }
  }
  return { received, tips, refunded, collected: received - refunded };
}

/** The open invoices with something due, as the owner reads them: how long each has been open. */
function outstandingJson(rows: readonly OpenInvoiceRow[], zone: string, now: number): OutstandingInvoice[] {
  const today = Date.parse(todayIn(zone, now));
  return rows
    .map((r) => ({ r, due: dueOf(r.total_cents, r.paid_cents) }))
    .filter(({ due }) => due > 0)
    .map(({ r, due }) => ({
      _id: r.id,
      number: r.number,
      bookingId: r.booking_id,
      clientId: r.client_id,
      customerName: nameOf(r),
      serviceName: r.service_name,
      issuedAt: new Date(r.issued_at).toISOString(),
      daysOpen: Math.max(0, Math.round((today - Date.parse(utcMsToLocal(r.issued_at, zone).day)) / 86_400_000)),
      due: toDollars(due),
    }));
}

export function paymentsReport(
  period: { from: string; to: string; page?: number | undefined },
  movements: readonly MovementRow[],
  open: readonly OpenInvoiceRow[],
  zone: string,
  now: number,
): PaymentsReport {
  const s = sums(movements);
  const methods = PAYMENT_METHODS.map((method) => {
    const of = movements.filter((r) => r.method === method && r.kind !== 'refund');
    return {
      method,
      count: of.length,
      total: toDollars(of.reduce((sum, r) => sum + r.amount_cents + r.tip_cents, 0)),
      tips: toDollars(of.reduce((sum, r) => sum + r.tip_cents, 0)),
    };
  });
  const owed = outstandingJson(open, zone, now);
  const page = period.page ?? 1;
  const sorted = [...movements].sort(newestFirst);
  return {
    from: period.from,
    to: period.to,
    collected: toDollars(s.collected),
    received: toDollars(s.received),
    tips: toDollars(s.tips),
    refunded: toDollars(s.refunded),
    methods,
    outstanding: {
      count: owed.length,
      due: toDollars(open.reduce((sum, r) => sum + dueOf(r.total_cents, r.paid_cents), 0)),
      invoices: owed.slice(0, OUTSTANDING_LISTED),
    },
    entries: sorted.slice((page - 1) * LEDGER_PAGE_SIZE, page * LEDGER_PAGE_SIZE).map((r) => entryJson(r, zone)),
    page,
    pages: Math.ceil(sorted.length / LEDGER_PAGE_SIZE),
  };
}

export function clientPaymentsJson(
  movements: readonly MovementRow[],
  open: readonly OpenInvoiceRow[],
  zone: string,
  now: number,
) {
  return {
    entries: [...movements].sort(newestFirst).map((r) => entryJson(r, zone)),
    collected: toDollars(sums(movements).collected),
    outstanding: outstandingJson(open, zone, now),
  };
}

/** Money collected (received less refunded) by business-local day, in cents: Insights' "Collected". */
export function collectedByDay(movements: readonly MovementRow[], zone: string): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const r of movements) {
    const day = utcMsToLocal(r.at, zone).day;
    byDay.set(day, (byDay.get(day) ?? 0) + r.amount_cents + r.tip_cents);
  }
  return byDay;
}

const KIND_WORDS = { deposit: 'Deposit', payment: 'Payment', refund: 'Refund' } as const;

/**
 * The period's movements as a bank statement accounting software imports, oldest first: QuickBooks
 * Online's bank upload maps Date, Description and Amount; Xero's statement import maps Date, Amount,
 * Payee, Description and Reference. Dates are MM/DD/YYYY (both read it for a US
 * business), amounts signed dollars, a refund negative; the tip is inside Amount and beside it.
 */
export function paymentsCsv(movements: readonly MovementRow[], zone: string): string {
  const rows = [...movements].sort((a, b) => -newestFirst(a, b));
  return csvText(
    ['Date', 'Amount', 'Payee', 'Description', 'Reference', 'Method', 'Tip', 'Type', 'Invoice', 'Booking ID', 'Note'],
    rows.map((r) => {
      const [y, m, d] = utcMsToLocal(r.at, zone).day.split('-');
      const invoice = r.invoice_number === null ? null : `#${r.invoice_number}`;
      const what = invoice ? `invoice ${invoice}` : 'deposit';
      return [
        `${m}/${d}/${y}`,
        toDollars(r.amount_cents + r.tip_cents),
        nameOf(r),
        `${r.kind === 'refund' ? `Refund of ${what}` : r.kind === 'deposit' ? 'Deposit' : `Invoice ${invoice}`}: ${r.service_name}`,
        invoice ?? r.booking_id,
        PAYMENT_METHOD_WORDS[r.method],
        toDollars(r.tip_cents),
        KIND_WORDS[r.kind],
        r.invoice_number,
        r.booking_id,
        r.note,
      ];
    }),
  );
}
