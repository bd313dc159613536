/**
 * What is held about a business's customers, found and erased by e-mail or by age
 * (docs/decisions/012): their bookings and plans, and the outbox's mails about those bookings.
 * The rules (what an erasure refuses, what a retention pass keeps) are in
 * domain/customer-data.ts; this file only queries.
 */
import type { Kysely, Selectable } from 'kysely';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** What an anonymised booking keeps of its customer: nothing that names or locates them. */
const ANONYMOUS = {
  first_name: 'Anonymised',
  last_name: 'customer',
  customer_email: '',
  phone_number: '',
  customer_address: null,
  customer_lat: null,
  customer_lng: null,
  requester: null,
  // Nor the client record (docs/decisions/037): an anonymised booking names nobody.
  client_id: null,
} as const;

/** A retention pass or an erasure anonymises bookings in batches this size, each in its own transaction. */
export const ANONYMISE_BATCH = 500;

export function customerDataRepository(db: Kysely<Database>) {
  return {
    /** A business's bookings made with one (lower-case) e-mail, oldest first. */
    bookingsOf(businessId: string, email: string, from: Tx = db): Promise<Selectable<BookingsTable>[]> {
      return from
        .selectFrom('bookings')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('customer_email', '=', email)
        .orderBy('start_ms')
        .execute();
    },

    /** The outbox's mails about these bookings (to the customer and the owner's notices), oldest first. */
    mailsAbout(bookingIds: readonly string[]) {
      if (bookingIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text_body', 'created_at', 'sent_at'])
        .where('booking_id', 'in', bookingIds)
        .orderBy('created_at')
        .execute();
    },

    /**
     * Erases the customer's details from these bookings (money, dates, service and status stay),
     * their manage links, and the mails about them. Counts what it changed.
     */
    async anonymise(trx: Tx, bookingIds: readonly string[], now: number) {
      if (bookingIds.length === 0) return { bookings: 0, mails: 0 };
      const updated = await trx
        .updateTable('bookings')
        .set({ ...ANONYMOUS, anonymised_at: now })
        .where('id', 'in', bookingIds)
        .executeTakeFirst();
      // Their plans too, once no longer active (an active plan still has visits to come, which erasure
      // refuses and retention never reaches): a paused one ends, as nobody is left to resume it for.
      await trx
        .updateTable('plans')
        .set({ ...ANONYMOUS, car_body_type: null, status: 'ended', anonymised_at: now })
        .where('status', '<>', 'active')
        .where('anonymised_at', 'is', null)
        .where(
          'id',
          'in',
          trx.selectFrom('bookings').select('plan_id').where('id', 'in', bookingIds).where('plan_id', 'is not', null),
        )
        .execute();
      await trx.deleteFrom('manage_tokens').where('booking_id', 'in', bookingIds).execute();
      const mails = await trx.deleteFrom('mail_outbox').where('booking_id', 'in', bookingIds).executeTakeFirst();
      return { bookings: Number(updated.numUpdatedRows), mails: Number(mails.numDeletedRows) };
    },

    /** The retention periods businesses have chosen, each once. */
    async retentionPeriods(): Promise<number[]> {
      const rows = await db.selectFrom('businesses').select('retention_months').distinct().execute();
      return rows.map((r) => r.retention_months);
    },

    /** Up to `limit` bookings not yet anonymised that ended before `endedBefore`, of businesses keeping details `months` months. */
    async expiredBookingIds(months: number, endedBefore: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('bookings')
        .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
        .select('bookings.id')
        .where('businesses.retention_months', '=', months)
        .where('bookings.anonymised_at', 'is', null)
        .where('bookings.end_ms', '<', endedBefore)
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** A customer's waiting list entries with a business, by their (lower-case) e-mail, oldest first. */
    waitlistOf(businessId: string, email: string) {
      return db
        .selectFrom('waitlist_entries')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('customer_email', '=', email)
        .orderBy('created_at')
        .execute();
    },

    /**
     * Deletes a customer's waiting list entries with a business, by their (lower-case) e-mail, and
     * so their offers (docs/decisions/056): who they are, where, and how to reach them.
     */
    async deleteWaitlistEntries(trx: Tx, businessId: string, email: string): Promise<number> {
      const r = await trx
        .deleteFrom('waitlist_entries')
        .where('business_id', '=', businessId)
        .where('customer_email', '=', email)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /**
     * Deletes the waiting list entries joined before `joinedBefore` of businesses keeping details
     * `months` months, with their offers: the day they waited for is long past.
     */
    async deleteExpiredWaitlist(months: number, joinedBefore: number): Promise<number> {
      const r = await db
        .deleteFrom('waitlist_entries')
        .where('created_at', '<', joinedBefore)
        .where('business_id', 'in', (eb) =>
          eb.selectFrom('businesses').select('id').where('retention_months', '=', months),
        )
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Deletes mails sent before `sentBefore`: the outbox is a queue, not an archive of customers' mail. */
    async deleteSentMails(sentBefore: number): Promise<number> {
      const r = await db.deleteFrom('mail_outbox').where('sent_at', '<', sentBefore).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
