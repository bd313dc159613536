/**
 * A business's sales tax, the lines an owner adds to a booking on the day, and invoices
 * (docs/decisions/043). An invoice's number comes from its business's counter, raised by one
 * statement inside the issuing transaction, so numbers never repeat, never go back, and a rolled
 * back issue gives its number back with it. Issued lines are inserted once and have no update path
 * here (the database refuses updates too).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  BookingDayLinesTable,
  BusinessTaxesTable,
  Database,
  InvoiceLinesTable,
  InvoicePaymentsTable,
  InvoicesTable,
  RefundsTable,
} from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type TaxRow = Selectable<BusinessTaxesTable>;
export type DayLineRow = Selectable<BookingDayLinesTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
export type InvoicePaymentRow = Selectable<InvoicePaymentsTable>;
export type InvoiceRefundRow = Selectable<RefundsTable>;
/** An invoice with what its list shows of its booking. */
export type InvoiceListRow = InvoiceRow & { first_name: string; last_name: string; service_name: string; day: string };

export interface TaxSettingsInput {
  name: string;
  rate: number;
  serviceIds: readonly string[];
  addOnIds: readonly string[];
}

export interface DayLineInput {
  description: string;
  amountCents: number;
  taxable: boolean;
}

/** What an issue writes: the figures of the balance and the lines it was computed from. */
export interface NewInvoice {
  id: string;
  /** The sha256 of its pay link's token (domain/invoice-payments.ts). */
  payTokenHash: string;
  /** paid when the deposit covers the total: nothing is due from the day it is issued. */
  state: 'open' | 'paid';
  businessId: string;
  bookingId: string;
  taxName: string;
  taxRate: number;
  linesCents: number;
  taxableCents: number;
  taxCents: number;
  discountLimitCents: number;
  totalCents: number;
  depositCents: number;
  lines: readonly { kind: 'price' | 'day'; description: string; amountCents: number; taxable: boolean }[];
}

/** A JSON array of ids as stored; anything else reads as none. */
export function idsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The tip presets as stored; anything else reads as none. */
function presetsOf(json: string): number[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

export function invoicesRepository(db: Kysely<Database>) {
  return {
    tax(businessId: string, from: Tx = db): Promise<TaxRow | undefined> {
      return from.selectFrom('business_taxes').selectAll().where('business_id', '=', businessId).executeTakeFirst();
    },
    /** Sets the business's tax; a rate of 0 charges none but keeps the name and the items for later. */
    async saveTax(trx: Tx, businessId: string, input: TaxSettingsInput, now: number): Promise<void> {
      const row = {
        name: input.name,
        rate: input.rate,
        service_ids: JSON.stringify(input.serviceIds),
        add_on_ids: JSON.stringify(input.addOnIds),
        updated_at: now,
      };
      await trx
        .insertInto('business_taxes')
        .values({ business_id: businessId, ...row })
        .onConflict((oc) => oc.column('business_id').doUpdateSet(row))
        .execute();
    },

    dayLines(businessId: string, bookingId: string, from: Tx = db): Promise<DayLineRow[]> {
      return from
        .selectFrom('booking_day_lines')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async addDayLine(trx: Tx, businessId: string, bookingId: string, input: DayLineInput, now: number) {
      const row: DayLineRow = {
        id: randomUUID(),
        business_id: businessId,
        booking_id: bookingId,
        description: input.description,
        amount_cents: input.amountCents,
        taxable: input.taxable ? 1 : 0,
        created_at: now,
      };
      await trx.insertInto('booking_day_lines').values(row).execute();
      return row;
    },
    /** false when the booking has no such line. */
    async removeDayLine(trx: Tx, businessId: string, bookingId: string, lineId: string): Promise<boolean> {
      const r = await trx
        .deleteFrom('booking_day_lines')
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .where('id', '=', lineId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** The booking's invoice in force (not void), if one was issued. */
    forBooking(businessId: string, bookingId: string, from: Tx = db): Promise<InvoiceRow | undefined> {
      return from
        .selectFrom('invoices')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .where('state', '<>', 'void')
        .executeTakeFirst();
    },
    lines(invoiceId: string, from: Tx = db): Promise<InvoiceLineRow[]> {
      return from
        .selectFrom('invoice_lines')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .orderBy('position')
        .execute();
    },
    /** The business's invoices, newest number first, a page at a time (before: a number to continue below). */
    list(businessId: string, limit: number, before?: number): Promise<InvoiceListRow[]> {
      let q = db
        .selectFrom('invoices')
        .innerJoin('bookings', 'bookings.id', 'invoices.booking_id')
        .selectAll('invoices')
        .select(['bookings.first_name', 'bookings.last_name', 'bookings.service_name', 'bookings.day'])
        .where('invoices.business_id', '=', businessId);
      if (before !== undefined) q = q.where('invoices.number', '<', before);
      return q.orderBy('invoices.number', 'desc').limit(limit).execute();
    },

    /**
     * Issues an invoice under the next number of its business. Call inside the transaction that
     * completes the booking, after checking it has none (forBooking): the unique index on a
     * booking's invoice in force refuses a second one all the same.
     */
    async issue(trx: Tx, input: NewInvoice, now: number): Promise<InvoiceRow> {
      const counter = await trx
        .insertInto('invoice_counters')
        .values({ business_id: input.businessId, last_number: 1 })
        .onConflict((oc) =>
          oc.column('business_id').doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      const row: InvoiceRow = {
        id: input.id,
        business_id: input.businessId,
        booking_id: input.bookingId,
        number: counter.last_number,
        state: input.state,
        tax_name: input.taxName,
        tax_rate: input.taxRate,
        lines_cents: input.linesCents,
        taxable_cents: input.taxableCents,
        tax_cents: input.taxCents,
        discount_limit_cents: input.discountLimitCents,
        total_cents: input.totalCents,
        deposit_cents: input.depositCents,
        issued_at: now,
        paid_at: input.state === 'paid' ? now : null,
        voided_at: null,
        pay_token_hash: input.payTokenHash,
        reminders_sent: 0,
      };
      await trx.insertInto('invoices').values(row).execute();
      if (input.lines.length > 0)
        await trx
          .insertInto('invoice_lines')
          .values(
            input.lines.map((l, position) => ({
              invoice_id: row.id,
              position,
              kind: l.kind,
              description: l.description,
              amount_cents: l.amountCents,
              taxable: l.taxable ? 1 : 0,
            })),
          )
          .execute();
      return row;
    },
    // ---------- payments (docs/decisions/045) ----------

    byId(businessId: string, invoiceId: string, from: Tx = db): Promise<InvoiceRow | undefined> {
      return from
        .selectFrom('invoices')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', invoiceId)
        .executeTakeFirst();
    },
    byPayTokenHash(hash: string, from: Tx = db): Promise<InvoiceRow | undefined> {
      return from.selectFrom('invoices').selectAll().where('pay_token_hash', '=', hash).executeTakeFirst();
    },
    payments(invoiceId: string, from: Tx = db): Promise<InvoicePaymentRow[]> {
      return from
        .selectFrom('invoice_payments')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    payment(businessId: string, paymentId: string, from: Tx = db): Promise<InvoicePaymentRow | undefined> {
      return from
        .selectFrom('invoice_payments')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', paymentId)
        .executeTakeFirst();
    },
    /** The refunds of an invoice's payments, oldest first. */
    refunds(invoiceId: string, from: Tx = db): Promise<InvoiceRefundRow[]> {
      return from
        .selectFrom('refunds')
        .innerJoin('invoice_payments', 'invoice_payments.id', 'refunds.invoice_payment_id')
        .selectAll('refunds')
        .where('invoice_payments.invoice_id', '=', invoiceId)
        .orderBy('refunds.created_at')
        .orderBy('refunds.id')
        .execute();
    },
    /** Records a payment; false when its Checkout Session was recorded before (a replayed event). */
    async addPayment(trx: Tx, row: InvoicePaymentRow): Promise<boolean> {
      const r = await trx
        .insertInto('invoice_payments')
        .values(row)
        .onConflict((oc) => oc.column('session_id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async markPaid(trx: Tx, invoiceId: string, now: number): Promise<void> {
      await trx
        .updateTable('invoices')
        .set({ state: 'paid', paid_at: now })
        .where('id', '=', invoiceId)
        .where('state', '=', 'open')
        .execute();
    },
    async markVoid(trx: Tx, invoiceId: string, now: number): Promise<void> {
      await trx
        .updateTable('invoices')
        .set({ state: 'void', voided_at: now })
        .where('id', '=', invoiceId)
        .where('state', '=', 'open')
        .execute();
    },
    async tipPresets(businessId: string): Promise<number[]> {
      const row = await db
        .selectFrom('businesses')
        .select('tip_presets')
        .where('id', '=', businessId)
        .executeTakeFirst();
      return presetsOf(row?.tip_presets ?? '[]');
    },
    /**
     * Open invoices whose next reminder is due (the first `REMINDER_AFTER_DAYS[0]` days after they
     * were issued, the second after `[1]`), of businesses that send them, oldest first, at most `limit`.
     */
    async dueReminders(now: number, afterMs: readonly [number, number], limit = 200): Promise<InvoiceRow[]> {
      return db
        .selectFrom('invoices')
        .innerJoin('businesses', 'businesses.id', 'invoices.business_id')
        .selectAll('invoices')
        .where('invoices.state', '=', 'open')
        .where('businesses.invoice_reminders', '=', 1)
        .where((eb) =>
          eb.or([
            eb.and([eb('invoices.reminders_sent', '=', 0), eb('invoices.issued_at', '<=', now - afterMs[0])]),
            eb.and([eb('invoices.reminders_sent', '=', 1), eb('invoices.issued_at', '<=', now - afterMs[1])]),
          ]),
        )
        .orderBy('invoices.issued_at')
        .limit(limit)
        .execute();
    },
    /**
     * Counts one more reminder of an open invoice, from `sent` to `sent + 1`: false when another pass
     * (another instance) counted it first, or it was paid or voided meanwhile. The pass that changed
     * the row is the one that sends, so a reminder goes once.
     */
    async markReminded(trx: Tx, invoiceId: string, sent: number): Promise<boolean> {
      const res = await trx
        .updateTable('invoices')
        .set({ reminders_sent: sent + 1 })
        .where('id', '=', invoiceId)
        .where('state', '=', 'open')
        .where('reminders_sent', '=', sent)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async remindersOn(businessId: string): Promise<boolean> {
      const row = await db
        .selectFrom('businesses')
        .select('invoice_reminders')
        .where('id', '=', businessId)
        .executeTakeFirst();
      return row?.invoice_reminders !== 0;
    },
    async noShowFeeCents(businessId: string): Promise<number> {
      const row = await db
        .selectFrom('businesses')
        .select('no_show_fee_cents')
        .where('id', '=', businessId)
        .executeTakeFirst();
      return Number(row?.no_show_fee_cents ?? 0);
    },
    async saveNoShowFee(businessId: string, cents: number): Promise<void> {
      await db.updateTable('businesses').set({ no_show_fee_cents: cents }).where('id', '=', businessId).execute();
    },
    async saveRemindersOn(businessId: string, on: boolean): Promise<void> {
      await db
        .updateTable('businesses')
        .set({ invoice_reminders: on ? 1 : 0 })
        .where('id', '=', businessId)
        .execute();
    },
    async saveTipPresets(businessId: string, presets: readonly number[]): Promise<void> {
      await db
        .updateTable('businesses')
        .set({ tip_presets: JSON.stringify(presets) })
        .where('id', '=', businessId)
        .execute();
    },
  };
}
