/**
 * Reading bookings and shaping them for the API. Writes that touch the calendar
 * (create, move) live in repositories/calendar.ts under the per-business lock.
 */
import type { Booking } from '@slotwise/shared/api';
import type { BookingStatus } from '@slotwise/shared/domain';
import { toDollars } from '@slotwise/shared/money';
import type { Kysely } from 'kysely';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** An approved booking whose end has passed reads completed (DESIGN.md section 5), even before the sweeper runs. */
export function effectiveStatus(row: Pick<BookingsTable, 'status' | 'end_ms'>, now: number): BookingStatus {
  if (row.status === 'approved' && row.end_ms <= now) return 'completed';
  return row.status as BookingStatus;
}

export function toBookingJson(row: BookingsTable, now: number): Booking {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    serviceName: row.service_name,
    customerEmail: row.customer_email,
    phoneNumber: row.phone_number,
    carBodyType: row.car_body_type,
    totalQuote: toDollars(row.total_cents),
    customerAddress: row.customer_address,
    status: effectiveStatus(row, now),
    bookingTime: { day: row.day, startTime: row.start_time, endTime: row.end_time },
  };
}

export function bookingsRepository(db: Kysely<Database>) {
  return {
    find(businessId: string, bookingId: string, from: Tx = db): Promise<BookingsTable | undefined> {
      return from
        .selectFrom('bookings')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', bookingId)
        .executeTakeFirst();
    },
    /** Bookings of a business, optionally within business-local days [fromDay, toDay], in time order. */
    list(businessId: string, range: { fromDay?: string; toDay?: string } = {}): Promise<BookingsTable[]> {
      let q = db.selectFrom('bookings').selectAll().where('business_id', '=', businessId);
      if (range.fromDay) q = q.where('day', '>=', range.fromDay);
      if (range.toDay) q = q.where('day', '<=', range.toDay);
      return q.orderBy('start_ms').orderBy('id').execute();
    },
    async setStatus(trx: Tx, bookingId: string, status: BookingStatus, now: number): Promise<BookingsTable> {
      return trx
        .updateTable('bookings')
        .set({ status, updated_at: now })
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * After the business's time zone changes: the instants (start_ms, end_ms) stay
     * what the customer booked, and the wall-time fields are rewritten in the new zone.
     * Run inside withBusinessLock. Returns how many rows changed.
     */
    async rewriteWallTimes(
      trx: Tx,
      businessId: string,
      wall: (ms: number) => { day: string; time: string },
      now: number,
    ): Promise<number> {
      const rows = await trx
        .selectFrom('bookings')
        .select(['id', 'day', 'start_time', 'end_time', 'start_ms', 'end_ms'])
        .where('business_id', '=', businessId)
        .execute();
      let changed = 0;
      for (const r of rows) {
        const start = wall(r.start_ms);
        const end = wall(r.end_ms);
        // bookingTime has one day; an end that lands on the next day reads as the day's last minute.
        const endTime = end.day === start.day ? end.time : '23:59';
        if (start.day === r.day && start.time === r.start_time && endTime === r.end_time) continue;
        await trx
          .updateTable('bookings')
          .set({ day: start.day, start_time: start.time, end_time: endTime, updated_at: now })
          .where('id', '=', r.id)
          .execute();
        changed++;
      }
      return changed;
    },
    /** The periodic sweep: approved bookings past their end become completed. Safe on every instance at once. */
    async completePast(now: number): Promise<number> {
      const r = await db
        .updateTable('bookings')
        .set({ status: 'completed', updated_at: now })
        .where('status', '=', 'approved')
        .where('end_ms', '<=', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
