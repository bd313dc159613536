/**
 * A crew's jobs as its crew member reads them (docs/decisions/024): the booking's time, service,
 * customer and place, and when the crew started it. These reads never select a price, a deposit
 * or a payment (only whether an open invoice exists), so no answer built from them can carry one; and every read is scoped by the crew
 * and its business together.
 */
import { addressKey } from '@slotwise/shared/client-match';
import type { Job } from '@slotwise/shared/travel';
import type { Kysely, Selectable } from 'kysely';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import type { BookingRow } from './calendar.ts';

/** A booking of a crew's day with when the crew started it: what its projected day is worked out from. */
export type DayWorkRow = BookingRow & { started_at: number | null };

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
  | 'on_my_way_at'
  | 'projected_start_ms'
> & {
  started_at: number | null;
  /** Its invoice issued and open (something due), or null: the crew may show its pay code. */
  open_invoice_id: string | null;
  /** A charge of the card on file in flight for that invoice, or null. */
  charging_id: string | null;
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
      // A booking has at most one invoice in force (a unique index), so this adds no rows.
      .leftJoin('invoices as i', (join) => join.onRef('i.booking_id', '=', 'b.id').on('i.state', '=', 'open'))
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
        'b.on_my_way_at',
        'b.projected_start_ms',
        's.started_at',
        'i.id as open_invoice_id',
        // A card on file being charged for it (docs/decisions/046): no pay code meanwhile, or the
        // customer could pay at the door what their card is paying already.
        (eb) =>
          eb
            .selectFrom('card_charges as cc')
            .select('cc.id')
            .whereRef('cc.invoice_id', '=', 'i.id')
            .where('cc.status', 'in', ['queued', 'sent'])
            .limit(1)
            .as('charging_id'),
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
    /**
     * Where the crew's day goes (docs/decisions/048): its booked and done jobs of a business-local
     * day with their places, in time order. A done job counts: it is where the crew drives from.
     */
    async dayStops(crewId: string | null, businessId: string, day: string, from: Tx = db): Promise<Job[]> {
      const rows = await from
        .selectFrom('bookings')
        .select(['id', 'start_ms', 'end_ms', 'customer_lat', 'customer_lng'])
        .where('business_id', '=', businessId)
        .$if(crewId === null, (q) => q.where('crew_id', 'is', null))
        .$if(crewId !== null, (q) => q.where('crew_id', '=', crewId))
        .where('status', 'in', SCHEDULED)
        .where('day', '=', day)
        .orderBy('start_ms')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        startMs: r.start_ms,
        endMs: r.end_ms,
        location:
          r.customer_lat !== null && r.customer_lng !== null ? { lat: r.customer_lat, lng: r.customer_lng } : null,
      }));
    },
    /**
     * A crew's booked and done jobs of a business-local day, whole, with their starts, in time
     * order (docs/decisions/049): its projected day, and the customers to tell.
     */
    dayWork(crewId: string, businessId: string, day: string, trx: Tx): Promise<DayWorkRow[]> {
      return trx
        .selectFrom('bookings as b')
        .leftJoin('job_starts as s', 's.booking_id', 'b.id')
        .selectAll('b')
        .select('s.started_at')
        .where('b.business_id', '=', businessId)
        .where('b.crew_id', '=', crewId)
        .where('b.status', 'in', SCHEDULED)
        .where('b.day', '=', day)
        .orderBy('b.start_ms')
        .execute();
    },
    /** A job's projected arrival (null: on time) and, when given, the arrival its customer was told. */
    async setProjection(
      trx: Tx,
      businessId: string,
      bookingId: string,
      projected: number | null,
      told?: number,
    ): Promise<void> {
      await trx
        .updateTable('bookings')
        .set({ projected_start_ms: projected, ...(told === undefined ? {} : { late_told_ms: told }) })
        .where('id', '=', bookingId)
        .where('business_id', '=', businessId)
        .execute();
    },
    /** When each of these bookings of the business was started, by booking id (those not started are absent). */
    async startsOf(businessId: string, bookingIds: readonly string[]): Promise<Map<string, number>> {
      if (bookingIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('job_starts as s')
        .innerJoin('bookings as b', 'b.id', 's.booking_id')
        .select(['s.booking_id', 's.started_at'])
        .where('b.business_id', '=', businessId)
        .where('s.booking_id', 'in', [...bookingIds])
        .execute();
      return new Map(rows.map((r) => [r.booking_id, r.started_at]));
    },
    /** When the job was started, or null. */
    async startedAt(trx: Tx, bookingId: string): Promise<number | null> {
      const row = await trx
        .selectFrom('job_starts')
        .select('started_at')
        .where('booking_id', '=', bookingId)
        .executeTakeFirst();
      return row?.started_at ?? null;
    },
    /**
     * Records "On my way" (docs/decisions/048); false when it was recorded already (a double tap,
     * the owner and the crew at once): the one update that sets it, where it is still null.
     */
    async markOnMyWay(trx: Tx, businessId: string, bookingId: string, now: number): Promise<boolean> {
      const r = await trx
        .updateTable('bookings')
        .set({ on_my_way_at: now })
        .where('id', '=', bookingId)
        .where('business_id', '=', businessId)
        .where('on_my_way_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
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
