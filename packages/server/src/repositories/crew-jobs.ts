/**
 * A crew's jobs as its crew member reads them (docs/decisions/024): the booking's time, service,
 * customer and place, and when the crew started it. These reads never select a price, a deposit
 * or a payment, so no answer built from them can carry one; and every read is scoped by the crew
 * and its business together.
 */
import { addressKey } from '@slotwise/shared/client-match';
import type { Kysely, Selectable } from 'kysely';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** What a crew member may know of a booking. */
export type CrewJobRow = Pick<
  Selectable<BookingsTable>,
  | 'id'
  | 'day'
  | 'start_time'
  | 'end_time'
  | 'start_ms'
  | 'end_ms'
  | 'service_name'
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'customer_address'
  | 'car_body_type'
  | 'answers'
  | 'status'
  | 'updated_at'
  | 'client_id'
> & {
  started_at: number | null;
  /**
   * The notes the owner keeps on the job's place (a gate code, where to park; docs/decisions/037):
   * the only thing of the client's record a crew sees besides the booking's name and phone.
   */
  place_notes?: string;
};

/** The statuses on a crew's schedule: booked (waiting for the owner or approved) and done. */
const SCHEDULED = ['pending', 'approved', 'completed'] as const;
/** The statuses a job may be started or completed from. */
const WORKABLE = ['pending', 'approved'] as const;

export function crewJobsRepository(db: Kysely<Database>) {
  /** The jobs with their place's notes: the client's place at the job's address, nothing else of the client. */
  async function withPlaceNotes(from: Tx, rows: CrewJobRow[]): Promise<CrewJobRow[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.client_id && r.customer_address ? [r.client_id] : [])))];
    if (ids.length === 0) return rows;
    const places = await from
      .selectFrom('client_addresses')
      .select(['client_id', 'address_key', 'notes'])
      .where('client_id', 'in', ids)
      .where('notes', '<>', '')
      .execute();
    return rows.map((r) => {
      const key = r.customer_address ? addressKey(r.customer_address) : '';
      const place = places.find((p) => p.client_id === r.client_id && p.address_key === key);
      return place ? { ...r, place_notes: place.notes } : r;
    });
  }

  const jobs = (from: Tx, crewId: string, businessId: string) =>
    from
      .selectFrom('bookings as b')
      .leftJoin('job_starts as s', 's.booking_id', 'b.id')
      .select([
        'b.id',
        'b.day',
        'b.start_time',
        'b.end_time',
        'b.start_ms',
        'b.end_ms',
        'b.service_name',
        'b.first_name',
        'b.last_name',
        'b.phone_number',
        'b.customer_address',
        'b.car_body_type',
        'b.answers',
        'b.status',
        'b.updated_at',
        'b.client_id',
        's.started_at',
      ])
      .where('b.crew_id', '=', crewId)
      .where('b.business_id', '=', businessId);

  return {
    /** The crew's booked and done jobs on these business-local days (inclusive), in time order. */
    async list(crewId: string, businessId: string, fromDay: string, toDay: string): Promise<CrewJobRow[]> {
      return jobs(db, crewId, businessId)
        .where('b.status', 'in', SCHEDULED)
        .where('b.day', '>=', fromDay)
        .where('b.day', '<=', toDay)
        .orderBy('b.start_ms')
        .execute()
        .then((rows) => withPlaceNotes(db, rows));
    },
    /** One of the crew's jobs, whatever its status; undefined when it is not this crew's. */
    async find(crewId: string, businessId: string, bookingId: string, from: Tx = db): Promise<CrewJobRow | undefined> {
      const row = await jobs(from, crewId, businessId).where('b.id', '=', bookingId).executeTakeFirst();
      return row ? (await withPlaceNotes(from, [row]))[0] : undefined;
    },
    /** The crew's booked jobs ending after `sinceMs`: its calendar feed. */
    feed(crewId: string, businessId: string, sinceMs: number): Promise<CrewJobRow[]> {
      return jobs(db, crewId, businessId)
        .where('b.status', 'in', WORKABLE)
        .where('b.end_ms', '>=', sinceMs)
        .orderBy('b.start_ms')
        .execute();
    },
    /** Records the start once; a second start keeps the first. */
    async start(trx: Tx, bookingId: string, crewMemberId: string, now: number): Promise<void> {
      await trx
        .insertInto('job_starts')
        .values({ booking_id: bookingId, crew_member_id: crewMemberId, started_at: now })
        .onConflict((oc) => oc.column('booking_id').doNothing())
        .execute();
    },
    /** A started job becomes completed; false when its status changed meanwhile (the caller reads it again). */
    async complete(trx: Tx, bookingId: string, now: number): Promise<boolean> {
      const r = await trx
        .updateTable('bookings')
        .set((eb) => ({ status: 'completed', completed_at: now, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', bookingId)
        .where('status', 'in', WORKABLE)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
