/**
 * The schemas of getting paid after the job, its foundation (docs/decisions/043): the business's
 * sales tax, the lines an owner adds to a booking on the day, a booking's bill (its balance and its
 * invoice) and the business's invoices. Money is dollars on the wire (shared/src/money.ts).
 */
import { z } from 'zod';
import { formatTaxRate, MAX_TAX_RATE, parseTaxRate } from '../balance.ts';
import { Dollars, Id, plainText, trimmed } from './fields.schemas.ts';

const MAX_ITEMS = 500;
const ItemId = z.string().min(1, 'An id is required.').max(100, 'An id is at most 100 characters.');

/** A percentage as text, "8.25" or "8.875": exact, never a float. */
const RatePercent = z
  .string({ error: 'The tax rate is required, as a percentage like "8.25".' })
  .trim()
  .refine(
    (s) => parseTaxRate(s) !== null,
    `Write the tax rate as a percentage from 0 to ${formatTaxRate(MAX_TAX_RATE)} with at most three decimals, like "8.25" or "8.875".`,
  );

/** The business's sales tax: a rate of "0" charges none. */
export const TaxSettings = z
  .strictObject({
    /** As the customer reads it on the invoice: "Sales tax". */
    name: plainText(z.string().trim().max(60, 'The tax name must be at most 60 characters.'), 'The tax name'),
    ratePercent: RatePercent,
    /** The services whose price it applies to (with their answers' parts, distance and price changes). */
    serviceIds: z.array(ItemId).max(MAX_ITEMS, `Name at most ${MAX_ITEMS} services.`),
    /** The add-ons it applies to (an add-on of a service not taxed is taxed all the same). */
    addOnIds: z.array(ItemId).max(MAX_ITEMS, `Name at most ${MAX_ITEMS} add-ons.`),
  })
  .refine((t) => parseTaxRate(t.ratePercent) === 0 || t.name.length > 0, {
    message: 'Name the tax as your customers should read it, like "Sales tax".',
    path: ['name'],
  });
export type TaxSettings = z.infer<typeof TaxSettings>;

const MAX_LINE_DOLLARS = 100_000;
/** A day line's amount in dollars: extra work positive, a discount negative; cents at most. */
const SignedDollars = z
  .number({ error: 'The amount must be a number of dollars (negative for a discount).' })
  .finite('The amount must be a number of dollars.')
  .min(-MAX_LINE_DOLLARS, `The amount must be at least -${MAX_LINE_DOLLARS}.`)
  .max(MAX_LINE_DOLLARS, `The amount must be at most ${MAX_LINE_DOLLARS}.`)
  .refine((n) => n !== 0, 'The amount cannot be 0: extra work is positive, a discount negative.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The amount can have at most two decimals (cents).');

export const DayLineRequest = z.object({
  description: trimmed(120, 'The description'),
  amount: SignedDollars,
  taxable: z.boolean({ error: 'taxable must be true or false.' }),
});
export type DayLineRequest = z.infer<typeof DayLineRequest>;

export const DayLineParams = z.object({
  id: z.string().uuid('That is not a booking id; use the _id of a booking from your bookings list.'),
  lineId: z.string().uuid("That is not a line id; use the _id of one of the booking's lines."),
});

export const DayLine = z.object({ _id: Id, description: z.string(), amount: z.number(), taxable: z.boolean() });

export const BillLine = z.object({
  /** price: from the booking's price; day: added on the day. */
  kind: z.enum(['price', 'day']),
  description: z.string(),
  amount: z.number(),
  taxable: z.boolean(),
});

/** What is owed (shared/src/balance.ts), in dollars. */
export const Balance = z.object({
  lines: z.array(BillLine),
  linesTotal: z.number(),
  /** null: no tax charged. */
  tax: z.object({ name: z.string(), ratePercent: z.string(), taxable: z.number(), amount: z.number() }).nullable(),
  /** What a discount larger than the rest would have taken below zero (0 but then). */
  discountLimit: z.number(),
  total: z.number(),
  /** The deposit kept plus the payments received. */
  paid: z.number(),
  due: z.number(),
  credit: z.number(),
});
export type Balance = z.infer<typeof Balance>;

export const INVOICE_STATES = ['open', 'paid', 'void'] as const;

export const Invoice = z.object({
  _id: Id,
  bookingId: Id,
  /** Sequential per business, never reused. */
  number: z.number().int(),
  state: z.enum(INVOICE_STATES),
  issuedAt: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

/** A booking's bill: the balance (the issued invoice's, frozen, once there is one), the day lines, the invoice. */
export const BookingBill = z.object({
  balance: Balance,
  dayLines: z.array(DayLine),
  invoice: Invoice.nullable(),
});
export type BookingBill = z.infer<typeof BookingBill>;

export const InvoicesQuery = z.object({
  /** Continue below this number (the previous page's `next`). */
  before: z.coerce
    .number({ error: 'before must be an invoice number.' })
    .int('before must be a whole invoice number.')
    .min(1, 'before must be an invoice number.')
    .optional(),
});

export const InvoiceListItem = Invoice.extend({
  customerName: z.string(),
  serviceName: z.string(),
  /** The visit's business-local day. */
  day: z.string(),
  total: z.number(),
});

export const InvoicesPage = z.object({
  invoices: z.array(InvoiceListItem),
  /** Pass as `before` for the next page; null at the first invoice. */
  next: z.number().int().nullable(),
});

// ---------- payments, refunds, the pay link (docs/decisions/045) ----------

export const PAYMENT_METHODS = ['card', 'cash', 'check', 'other'] as const;
/** What the owner records by hand; a card payment is recorded only by Stripe's signed webhook. */
export const RECORDED_METHODS = ['cash', 'check', 'other'] as const;
export const REFUND_STATES = ['queued', 'sent', 'failed', 'recorded'] as const;

/** Tip presets: whole percents of the amount due, 0 to 3 of them. */
export const MAX_TIP_PRESETS = 3;
const TipPercent = z
  .number({ error: 'A tip preset must be a whole percent.' })
  .int('A tip preset must be a whole percent.')
  .min(1, 'A tip preset must be at least 1 %.')
  .max(100, 'A tip preset must be at most 100 %.');

export const TipSettings = z.strictObject({
  presets: z
    .array(TipPercent)
    .max(MAX_TIP_PRESETS, `Offer at most ${MAX_TIP_PRESETS} tip presets.`)
    .refine((p) => new Set(p).size === p.length, 'Each tip preset may be offered once.'),
  /** Unpaid invoices are reminded 3 and 7 days after they were issued (on by default); left out of a change: as it was. */
  reminders: z.boolean({ error: 'reminders must be true or false.' }).optional(),
  /**
   * What a no-show is charged, in dollars (docs/decisions/046): the saved card, or the pay link;
   * 0: none. Left out of a change: as it was.
   */
  noShowFee: Dollars('The no-show fee', 10_000)
    .refine(
      (n) => n === 0 || Math.round(n * 100) >= 50,
      'A no-show fee is $0 (none) or at least $0.50, the smallest card charge.',
    )
    .optional(),
});
export type TipSettings = z.infer<typeof TipSettings>;

/** A client's card on file, as the owner and the customer see it (never Stripe's ids; docs/decisions/046). */
export const SavedCard = z.object({
  /** "Visa ending 4242". */
  label: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  savedAt: z.string(),
});
export const ClientCard = z.object({ card: SavedCard.nullable() });
export type ClientCard = z.infer<typeof ClientCard>;

/** A no-show fee issued (docs/decisions/046): the booking's bill, and the card charged (its label), or null when the pay link was mailed. */
export const NoShowFeeAnswer = z.object({ bill: BookingBill, chargedTo: z.string().nullable() });
export type NoShowFeeAnswer = z.infer<typeof NoShowFeeAnswer>;

export const InvoiceParams = z.object({
  id: z.string().uuid('That is not an invoice id; use the _id of an invoice from your invoices list.'),
});
export const InvoicePaymentParams = InvoiceParams.extend({
  paymentId: z.string().uuid("That is not a payment id; use the _id of one of the invoice's payments."),
});

const MAX_PAYMENT_DOLLARS = 100_000;
export const RecordPaymentRequest = z.object({
  method: z.enum(RECORDED_METHODS, {
    error: 'method must be cash, check or other (a card payment comes from Stripe).',
  }),
  amount: Dollars('The amount', MAX_PAYMENT_DOLLARS).refine(
    (n) => Math.round(n * 100) > 0,
    'The amount must be more than $0.',
  ),
  /** A tip handed over with it (never part of what is owed). */
  tip: Dollars('The tip', MAX_PAYMENT_DOLLARS).optional(),
  /** "Check #1042". */
  note: plainText(z.string().trim().max(200, 'The note must be at most 200 characters.'), 'The note').optional(),
});
export type RecordPaymentRequest = z.infer<typeof RecordPaymentRequest>;

export const InvoiceRefundRequest = z.object({
  amount: Dollars('Refund amount', MAX_PAYMENT_DOLLARS).refine(
    (n) => Math.round(n * 100) > 0,
    'Refund amount must be more than $0.',
  ),
  reason: plainText(z.string().trim().max(300, 'Reason must be at most 300 characters.'), 'Reason').optional(),
});
export type InvoiceRefundRequest = z.infer<typeof InvoiceRefundRequest>;

export const InvoicePayment = z.object({
  _id: Id,
  method: z.enum(PAYMENT_METHODS),
  /** What went to the invoice. */
  amount: z.number(),
  tip: z.number(),
  note: z.string().nullable(),
  /** Refunded of it so far (queued, sent or recorded; a failed refund is not). */
  refunded: z.number(),
  createdAt: z.string(),
});

export const InvoiceRefund = z.object({
  /** "refund-{uuid}": the refunds table's id, also the Stripe Idempotency-Key of a card refund. */
  _id: z.string().min(1),
  paymentId: Id,
  amount: z.number(),
  reason: z.string().nullable(),
  /** queued and sent go through Stripe; recorded: given back outside it; failed: Stripe refused it, nothing refunded. */
  status: z.enum(REFUND_STATES),
  createdAt: z.string(),
});

/** An invoice with its lines, payments, refunds and balance (payments included), as the owner reads it. */
export const InvoiceDetail = z.object({
  invoice: Invoice.extend({ paidAt: z.string().nullable(), voidedAt: z.string().nullable() }),
  balance: Balance,
  payments: z.array(InvoicePayment),
  refunds: z.array(InvoiceRefund),
  /** Refunds not failed, in total: money given back, never owed again. */
  refunded: z.number(),
  /** The customer's pay link; null for a void invoice. */
  payUrl: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const InvoiceLinkQuery = z.object({ token: z.string().min(1, 'The link has no token.').max(200) });

/** What the customer's invoice page shows. */
export const InvoiceLinkView = z.object({
  businessName: z.string(),
  number: z.number().int(),
  state: z.enum(INVOICE_STATES),
  issuedAt: z.string(),
  lines: z.array(z.object({ description: z.string(), amount: z.number() })),
  tax: z.object({ name: z.string(), ratePercent: z.string(), amount: z.number() }).nullable(),
  total: z.number(),
  /** The deposit paid at booking and kept. */
  deposit: z.number(),
  payments: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number(), tip: z.number(), at: z.string() })),
  refunds: z.array(z.object({ amount: z.number(), at: z.string() })),
  paid: z.number(),
  due: z.number(),
  /** Whole percents of the amount due offered as tips. */
  tipPresets: z.array(z.number().int()),
  /** Whether the business takes cards here (Stripe connected) and something is due on an invoice not void. */
  canPay: z.boolean(),
  /**
   * The job's ticked steps (docs/decisions/050), in order, when the owner shows its service's
   * checklist on the receipt; empty otherwise.
   */
  workDone: z.array(z.string()),
});
export type InvoiceLinkView = z.infer<typeof InvoiceLinkView>;

/** A tip as a preset percent of the amount due, or in cents; none: no tip. */
export const InvoicePayRequest = z.object({
  tip: z
    .union([
      z.strictObject({ percent: TipPercent }),
      z.strictObject({
        cents: z
          .number({ error: 'The tip must be whole cents.' })
          .int('The tip must be whole cents.')
          .min(0, 'The tip cannot be negative.')
          .max(MAX_PAYMENT_DOLLARS * 100, `The tip must be at most $${MAX_PAYMENT_DOLLARS}.`),
      }),
    ])
    .optional(),
});
export type InvoicePayRequest = z.infer<typeof InvoicePayRequest>;
