/**
 * The owner's money (issue 43 item 5; docs/decisions/047): every movement of money a business took
 * through Slotwise or recorded in it (a deposit paid, an invoice payment, a refund given back), a
 * period's sums by method, and what is still owed. Dollars on the wire, as every amount
 * (shared/src/money.ts); the calls: ledger.calls.ts.
 */
import { z } from 'zod';
import { Id, IsoDate } from './fields.schemas.ts';
import { periodQuery } from './insights.schemas.ts';
import { PAYMENT_METHODS } from './invoices.schemas.ts';

/** A page of the period's movements; 50 a page, newest first. */
export const LEDGER_PAGE_SIZE = 50;

export const LedgerQuery = periodQuery(
  z.object({
    from: IsoDate,
    to: IsoDate,
    page: z.coerce
      .number({ error: 'page must be a page number, 1 or more.' })
      .int('page must be a whole page number.')
      .min(1, 'page must be 1 or more.')
      .max(10_000, 'page must be at most 10000.')
      .optional(),
  }),
);
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/** The period of an export: the same rules, no page (every movement of the period). */
export const LedgerExportQuery = periodQuery(z.object({ from: IsoDate, to: IsoDate }));

export const LEDGER_KINDS = ['deposit', 'payment', 'refund'] as const;

/**
 * One movement of money. `amount` is signed (a refund is negative) and includes no tip; `total`
 * is what moved, the tip included. A refund names the method of what it gave back.
 */
export const LedgerEntry = z.object({
  /** The deposit's booking id, the invoice payment's id or the refund's id. */
  _id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** When it was paid or given back. */
  at: z.string(),
  /** The business-local day of `at`. */
  day: IsoDate,
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  tip: z.number(),
  total: z.number(),
  bookingId: Id,
  /** The client whose booking it was (docs/decisions/037); null when anonymised. */
  clientId: Id.nullable(),
  customerName: z.string(),
  serviceName: z.string(),
  /** The invoice it paid or refunded; null for a deposit, or a deposit's refund. */
  invoice: z.object({ _id: Id, number: z.number().int() }).nullable(),
  /** The owner's note with a recorded payment or a refund. */
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** An issued invoice with something still due. */
export const OutstandingInvoice = z.object({
  _id: Id,
  number: z.number().int(),
  bookingId: Id,
  clientId: Id.nullable(),
  customerName: z.string(),
  serviceName: z.string(),
  issuedAt: z.string(),
  /** Whole days since it was issued, in the business's days. */
  daysOpen: z.number().int(),
  due: z.number(),
});
export type OutstandingInvoice = z.infer<typeof OutstandingInvoice>;

/** The most outstanding invoices a report lists (oldest first); `outstanding.count` counts them all. */
export const OUTSTANDING_LISTED = 100;

export const PaymentsReport = z.object({
  from: IsoDate,
  to: IsoDate,
  /** Received (tips included) less refunded, in the period. */
  collected: z.number(),
  received: z.number(),
  tips: z.number(),
  refunded: z.number(),
  /** Received in the period by each method, every method listed (card, cash, check, other). */
  methods: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), total: z.number(), tips: z.number() }),
  ),
  /** Open invoices with something due, now, whatever the period. */
  outstanding: z.object({ count: z.number().int(), due: z.number(), invoices: z.array(OutstandingInvoice) }),
  entries: z.array(LedgerEntry),
  page: z.number().int(),
  /** Pages of entries in the period (0 with none). */
  pages: z.number().int(),
});
export type PaymentsReport = z.infer<typeof PaymentsReport>;

/** A client's money: every movement of their bookings, newest first, and what they still owe. */
export const ClientPayments = z.object({
  entries: z.array(LedgerEntry),
  /** Received (tips included) less refunded, over all time. */
  collected: z.number(),
  outstanding: z.array(OutstandingInvoice),
});
export type ClientPayments = z.infer<typeof ClientPayments>;
