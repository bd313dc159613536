/**
 * The owner's money (issue 43 item 5; docs/decisions/047): every movement of a business's money,
 * read from where each is written: a deposit is a Checkout paid (`payments`), an invoice payment
 * its row (`invoice_payments`), a refund one given back (`refunds`, sent to Stripe or recorded;
 * one queued or refused has moved nothing yet). Each read is one business's rows of one period, on
 * the indexes of db/migrations/2026-12-12T0800_ledger.ts, or one client's of all time.
 */
import type { Kysely } from 'kysely';
import type { Database, PaymentMethod } from '../db/schema.ts';

/** One movement as stored, cents; `tip_cents` is 0 but for an invoice payment. */
export interface MovementRow {
  kind: 'deposit' | 'payment' | 'refund';
  id: string;
  at: number;
  method: PaymentMethod;
  amount_cents: number;
  tip_cents: number;
  booking_id: string;
  client_id: string | null;
  first_name: string;
  last_name: string;
  service_name: string;
  invoice_id: string | null;
  invoice_number: number | null;
  note: string | null;
}

/** An open invoice with what was paid against it: its deposit and the sum of its payments. */
export interface OpenInvoiceRow {
  id: string;
  number: number;
  booking_id: string;
  client_id: string | null;
  first_name: string;
  last_name: string;
  service_name: string;
  issued_at: number;
  total_cents: number;
  paid_cents: number;
}

/** Which movements: a business's of a period [fromMs, toMs), or a client's of all time. */
export type MovementScope = { businessId: string } & ({ fromMs: number; toMs: number } | { clientId: string });

const num = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

export function ledgerRepository(db: Kysely<Database>) {
  const who = ['bookings.client_id', 'bookings.first_name', 'bookings.last_name', 'bookings.service_name'] as const;

  return {
    /** Every movement of the scope, in no order (the domain orders them). */
    async movements(scope: MovementScope): Promise<MovementRow[]> {
      const clientId = 'clientId' in scope ? scope.clientId : undefined;
      const range = 'fromMs' in scope ? scope : undefined;
      const [deposits, payments, refunds] = await Promise.all([
        db
          .selectFrom('payments')
          .innerJoin('bookings', 'bookings.id', 'payments.booking_id')
          .select(['payments.booking_id', 'payments.paid_at', 'payments.amount_cents', ...who])
          .where('payments.business_id', '=', scope.businessId)
          .where('payments.status', '=', 'paid')
          .where('bookings.business_id', '=', scope.businessId)
          .$if(clientId !== undefined, (q) => q.where('bookings.client_id', '=', clientId!))
          .$if(range !== undefined, (q) =>
            q.where('payments.paid_at', '>=', range!.fromMs).where('payments.paid_at', '<', range!.toMs),
          )
          .execute(),
        db
          .selectFrom('invoice_payments')
          .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
          .innerJoin('bookings', 'bookings.id', 'invoices.booking_id')
          .select([
            'invoice_payments.id',
            'invoice_payments.created_at',
            'invoice_payments.method',
            'invoice_payments.amount_cents',
            'invoice_payments.tip_cents',
            'invoice_payments.note',
            'invoices.id as invoice_id',
            'invoices.number',
            'bookings.id as booking_id',
            ...who,
          ])
          .where('invoice_payments.business_id', '=', scope.businessId)
          .where('bookings.business_id', '=', scope.businessId)
          .$if(clientId !== undefined, (q) => q.where('bookings.client_id', '=', clientId!))
          .$if(range !== undefined, (q) =>
            q
              .where('invoice_payments.created_at', '>=', range!.fromMs)
              .where('invoice_payments.created_at', '<', range!.toMs),
          )
          .execute(),
        db
          .selectFrom('refunds')
          .innerJoin('bookings', 'bookings.id', 'refunds.booking_id')
          .leftJoin('invoice_payments', 'invoice_payments.id', 'refunds.invoice_payment_id')
          .leftJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
          .select([
            'refunds.id',
            'refunds.done_at',
            'refunds.amount_cents',
            'refunds.note',
            'invoice_payments.method',
            'invoices.id as invoice_id',
            'invoices.number',
            'bookings.id as booking_id',
            ...who,
          ])
          .where('refunds.business_id', '=', scope.businessId)
          .where('refunds.status', 'in', ['sent', 'recorded'])
          .where('bookings.business_id', '=', scope.businessId)
          .$if(clientId !== undefined, (q) => q.where('bookings.client_id', '=', clientId!))
          .$if(range !== undefined, (q) =>
            q.where('refunds.done_at', '>=', range!.fromMs).where('refunds.done_at', '<', range!.toMs),
          )
          .execute(),
      ]);
      const names = (r: { client_id: string | null; first_name: string; last_name: string; service_name: string }) => ({
        client_id: r.client_id,
        first_name: r.first_name,
        last_name: r.last_name,
        service_name: r.service_name,
      });
      return [
        ...deposits.map(
          (r): MovementRow => ({
            kind: 'deposit',
            id: r.booking_id,
            at: num(r.paid_at),
            method: 'card',
            amount_cents: num(r.amount_cents),
            tip_cents: 0,
            booking_id: r.booking_id,
            ...names(r),
            invoice_id: null,
            invoice_number: null,
            note: null,
          }),
        ),
        ...payments.map(
          (r): MovementRow => ({
            kind: 'payment',
            id: r.id,
            at: num(r.created_at),
            method: r.method,
            amount_cents: num(r.amount_cents),
            tip_cents: num(r.tip_cents),
            booking_id: r.booking_id,
            ...names(r),
            invoice_id: r.invoice_id,
            invoice_number: num(r.number),
            note: r.note,
          }),
        ),
        ...refunds.map(
          (r): MovementRow => ({
            kind: 'refund',
            id: r.id,
            at: num(r.done_at),
            // A deposit's refund goes back to the card it came from.
            method: r.method ?? 'card',
            amount_cents: -num(r.amount_cents),
            tip_cents: 0,
            booking_id: r.booking_id,
            ...names(r),
            invoice_id: r.invoice_id,
            invoice_number: r.number === null ? null : num(r.number),
            note: r.note,
          }),
        ),
      ];
    },

    /** The business's open invoices (or a client's), oldest first, with their deposit and payments summed. */
    async openInvoices(businessId: string, clientId?: string): Promise<OpenInvoiceRow[]> {
      let q = db
        .selectFrom('invoices')
        .innerJoin('bookings', 'bookings.id', 'invoices.booking_id')
        .select((eb) => [
          'invoices.id',
          'invoices.number',
          'invoices.booking_id',
          'invoices.issued_at',
          'invoices.total_cents',
          'invoices.deposit_cents',
          ...who,
          // Each invoice's payments summed beside it: one row an invoice, nothing to group.
          eb
            .selectFrom('invoice_payments')
            .select((p) => p.fn.coalesce(p.fn.sum<number | string>('invoice_payments.amount_cents'), p.lit(0)).as('s'))
            .whereRef('invoice_payments.invoice_id', '=', 'invoices.id')
            .as('payments_cents'),
        ])
        .where('invoices.business_id', '=', businessId)
        .where('invoices.state', '=', 'open');
      if (clientId !== undefined) q = q.where('bookings.client_id', '=', clientId);
      const rows = await q.orderBy('invoices.issued_at').orderBy('invoices.number').execute();
      return rows.map((r) => ({
        id: r.id,
        number: num(r.number),
        booking_id: r.booking_id,
        client_id: r.client_id,
        first_name: r.first_name,
        last_name: r.last_name,
        service_name: r.service_name,
        issued_at: num(r.issued_at),
        total_cents: num(r.total_cents),
        paid_cents: num(r.deposit_cents) + num(r.payments_cents),
      }));
    },
  };
}
