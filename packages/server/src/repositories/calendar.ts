/**
 * Writes to a business's calendar: bookings created and moved, blocked times
 * created, moved and deleted (docs/architecture.md#the-booking-path). Call the writers inside
 * withBusinessLock and run findConflict in the same transaction first: that lock
 * is what makes "no double booking" true; the database's constraint
 * (migration 2026-11-23T1300) only backs it up.
 */
import { ACTIVE_STATUSES } from '@slotwise/shared/domain';
import type { Interval } from '@slotwise/shared/slots';
import type { Job } from '@slotwise/shared/travel';
import { type Kysely, type Selectable, sql } from 'kysely';
import { insertRow, prepared } from '../db/prepared.ts';
import type { BlockedTimesTable, BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** The SQLite trigger's look-back; no booking is longer (services last at most a day). */
const MAX_BOOKING_MS = 48 * 3600 * 1000;

export type BookingRow = Selectable<BookingsTable>;
export type BlockedRow = Selectable<BlockedTimesTable>;

export interface Conflict {
  kind: 'booking' | 'blocked' | 'calendar';
  id: string;
  startMs: number;
  endMs: number;
  /** The blocked time's title; the booking's service; a connected calendar's label. */
  title: string;
}

/**
 * A busy stretch and the crew it keeps busy; null: every crew (a blocked time, an event of the
 * owner's own calendar; an event of a crew's calendar keeps that crew busy: docs/decisions/025).
 */
export type CrewInterval = Interval & { crewId: string | null };
/** The customers' holds a customer's call counts: those live at `now`, but the caller's own (by its token's hash). */
export interface HoldsSeen {
  now: number;
  exceptTokenHash?: string;
}
/** A job on a crew's route; crewId null: written around the app, in every crew's way. */
export type CrewJob = Job & { crewId: string | null };

function toJob(r: Pick<BookingRow, 'id' | 'start_ms' | 'end_ms' | 'customer_lat' | 'customer_lng'>): Job {
  return {
    id: r.id,
    startMs: r.start_ms,
    endMs: r.end_ms,
    location: r.customer_lat !== null && r.customer_lng !== null ? { lat: r.customer_lat, lng: r.customer_lng } : null,
  };
}

/** No row has this id: "ignore nothing" keeps the ignoring queries one shape (db/prepared.ts). */
const NO_ID = '';

interface SpanQuery {
  businessId: string;
  startMs: number;
  endMs: number;
  /** startMs - MAX_BOOKING_MS: bookings starting earlier cannot reach the span (uses the start index). */
  lookBack: number;
  /** id of the booking or blocked time being moved, else NO_ID. */
  ignore: string;
  /** Only this crew's bookings (and crewless rows, which block every crew); NO_ID: every crew's. */
  crew: string;
}
const SPAN_NAMES = ['businessId', 'startMs', 'endMs', 'lookBack', 'ignore', 'crew'] as const;

function spanQuery(businessId: string, span: Interval, ignore: string | undefined, crew?: string): SpanQuery {
  return {
    businessId,
    ...span,
    lookBack: span.startMs - MAX_BOOKING_MS,
    ignore: ignore ?? NO_ID,
    crew: crew ?? NO_ID,
  };
}

/** The pending and approved bookings overlapping the span, but the one being moved; of one crew when asked. */
function overlappingBookings(db: Kysely<Database>, v: SpanQuery) {
  return db
    .selectFrom('bookings')
    .where('business_id', '=', v.businessId)
    .where('status', 'in', ACTIVE_STATUSES)
    .where('start_ms', '>', v.lookBack)
    .where('start_ms', '<', v.endMs)
    .where('end_ms', '>', v.startMs)
    .where('id', '<>', v.ignore)
    .where((eb) => eb.or([eb('crew_id', '=', v.crew), eb('crew_id', 'is', null), sql<boolean>`${v.crew} = ''`]));
}

/** What both conflict queries answer: a booking's service is its title, and bookings rank 0. */
const BOOKING_AS_CONFLICT = ['id', 'start_ms', 'end_ms', 'service_name as title', sql<number>`0`.as('rank')] as const;

/** The connected calendars' events touching the span (docs/decisions/025); of one crew (and the owner's own) when asked. */
function overlappingCalendarEvents(
  db: Kysely<Database>,
  v: Pick<SpanQuery, 'businessId' | 'startMs' | 'endMs' | 'crew'>,
) {
  return db
    .selectFrom('calendar_busy as e')
    .where('e.business_id', '=', v.businessId)
    .where('e.start_ms', '<', v.endMs)
    .where('e.end_ms', '>', v.startMs)
    .where((eb) => eb.or([eb('e.crew_id', '=', v.crew), eb('e.crew_id', 'is', null), sql<boolean>`${v.crew} = ''`]));
}

// Every booking and move runs these inside the business's lock; keep them cheap.
const firstBookingIn = prepared(SPAN_NAMES, (db, v: SpanQuery) =>
  overlappingBookings(db, v).select(BOOKING_AS_CONFLICT).orderBy('start_ms').limit(1),
);
/**
 * Bookings, blocked times and the connected calendars' events in one statement: the first
 * overlapping booking, else the first overlapping blocked time, else the first event (rank 0,
 * 1, 2; an event's title is its calendar's label). `ignore` is the booking being moved,
 * `ignoreBlocked` the blocked time being moved.
 */
const firstConflictIn = prepared([...SPAN_NAMES, 'ignoreBlocked'], (db, v: SpanQuery & { ignoreBlocked: string }) =>
  overlappingBookings(db, v)
    .select(BOOKING_AS_CONFLICT)
    .unionAll(
      db
        .selectFrom('blocked_times')
        .select(['id', 'start_ms', 'end_ms', 'title', sql<number>`1`.as('rank')])
        .where('business_id', '=', v.businessId)
        .where('start_ms', '<', v.endMs)
        .where('end_ms', '>', v.startMs)
        .where('id', '<>', v.ignoreBlocked),
    )
    .unionAll(
      overlappingCalendarEvents(db, v)
        .innerJoin('calendar_connections as c', 'c.id', 'e.connection_id')
        .select(['e.id', 'e.start_ms', 'e.end_ms', 'c.label as title', sql<number>`2`.as('rank')]),
    )
    .orderBy('rank')
    .orderBy('start_ms')
    .limit(1),
);
/** Which customers' holds count (docs/decisions/035): those live after heldAfter, but the one of exceptHold. */
interface HoldsQuery {
  /** Now for a customer's call; NO_HOLDS for the owner's, whose moves holds never block. */
  heldAfter: number;
  /** The hash of the caller's own hold token, else NO_ID. */
  exceptHold: string;
}
/** No hold lasts past this instant: "count no holds" keeps the query one shape. */
const NO_HOLDS = Number.MAX_SAFE_INTEGER;

/**
 * The busy stretches touching a span, with whose they are: bookings, blocked times, the
 * connected calendars' events and customers' live holds, one statement for the slots of a day
 * and the days of a month (kept compiled: both are hot).
 */
const busyIn = prepared([...SPAN_NAMES, 'heldAfter', 'exceptHold'], (db, v: SpanQuery & HoldsQuery) =>
  overlappingBookings(db, v)
    .select(['start_ms as startMs', 'end_ms as endMs', 'crew_id as crewId'])
    .unionAll(
      db
        .selectFrom('blocked_times')
        .select(['start_ms as startMs', 'end_ms as endMs', sql<string | null>`null`.as('crewId')])
        .where('business_id', '=', v.businessId)
        .where('start_ms', '<', v.endMs)
        .where('end_ms', '>', v.startMs),
    )
    .unionAll(
      overlappingCalendarEvents(db, v).select(['e.start_ms as startMs', 'e.end_ms as endMs', 'e.crew_id as crewId']),
    )
    .unionAll(
      db
        .selectFrom('slot_holds')
        .select(['start_ms as startMs', 'end_ms as endMs', 'crew_id as crewId'])
        .where('business_id', '=', v.businessId)
        .where('start_ms', '<', v.endMs)
        .where('end_ms', '>', v.startMs)
        .where('held_until', '>', v.heldAfter)
        .where('token_hash', '<>', v.exceptHold),
    ),
);

/** A connected calendar's located events as stops (all-day ones are no place to drive to): their coordinates read as a booking's. */
function locatedEvents(db: Tx, businessId: string) {
  return db
    .selectFrom('calendar_busy')
    .select(['id', 'start_ms', 'end_ms', 'lat as customer_lat', 'lng as customer_lng', 'crew_id'])
    .where('business_id', '=', businessId)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .where('all_day', '=', 0);
}

export function calendarRepository(db: Kysely<Database>) {
  return {
    /**
     * The first pending/approved booking or blocked time overlapping [startMs, endMs),
     * ignoring the item being moved. `blocked: false` checks bookings only (a blocked
     * time may overlap another blocked time); `crewId`: that crew's bookings only (a
     * blocked time stops every crew).
     */
    async findConflict(
      trx: Tx,
      businessId: string,
      span: Interval,
      options: { ignoreBookingId?: string; ignoreBlockedId?: string; blocked?: boolean; crewId?: string | null } = {},
    ): Promise<Conflict | null> {
      const query = spanQuery(businessId, span, options.ignoreBookingId, options.crewId ?? undefined);
      const [first] =
        options.blocked === false
          ? await firstBookingIn(trx, query)
          : await firstConflictIn(trx, { ...query, ignoreBlocked: options.ignoreBlockedId ?? NO_ID });
      return first
        ? {
            kind: first.rank === 0 ? 'booking' : first.rank === 1 ? 'blocked' : 'calendar',
            id: first.id,
            startMs: first.start_ms,
            endMs: first.end_ms,
            title: first.title,
          }
        : null;
    },

    /**
     * The stops on the owner's route of a business-local day: the jobs (pending and approved
     * bookings) starting that day, the booking being moved left out, and the connected
     * calendars' located events (docs/decisions/025: a place to drive to and from). One statement.
     */
    async dayJobs(
      from: Tx,
      businessId: string,
      day: string,
      options: { ignoreBookingId?: string } = {},
    ): Promise<CrewJob[]> {
      let q = from
        .selectFrom('bookings')
        .select(['id', 'start_ms', 'end_ms', 'customer_lat', 'customer_lng', 'crew_id'])
        .where('business_id', '=', businessId)
        .where('status', 'in', ACTIVE_STATUSES)
        .where('day', '=', day);
      if (options.ignoreBookingId) q = q.where('id', '<>', options.ignoreBookingId);
      const rows = await q.unionAll(locatedEvents(from, businessId).where('day', '=', day)).execute();
      return rows.map((r) => ({ ...toJob(r), crewId: r.crew_id }));
    },

    /** The stops of the days from..to (business-local, inclusive; as dayJobs), with their day, in time order. */
    async jobsBetween(businessId: string, fromDay: string, toDay: string): Promise<(CrewJob & { day: string })[]> {
      const rows = await db
        .selectFrom('bookings')
        .select(['id', 'day', 'start_ms', 'end_ms', 'customer_lat', 'customer_lng', 'crew_id'])
        .where('business_id', '=', businessId)
        .where('status', 'in', ACTIVE_STATUSES)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .unionAll(
          db
            .selectFrom('calendar_busy')
            .select(['id', 'day', 'start_ms', 'end_ms', 'lat as customer_lat', 'lng as customer_lng', 'crew_id'])
            .where('business_id', '=', businessId)
            .where('lat', 'is not', null)
            .where('lng', 'is not', null)
            .where('all_day', '=', 0)
            .where('day', '>=', fromDay)
            .where('day', '<=', toDay),
        )
        .orderBy('start_ms')
        .execute();
      return rows.map((r) => ({ ...toJob(r), day: r.day, crewId: r.crew_id }));
    },

    /**
     * Every busy interval (pending/approved bookings, blocked times, the connected calendars'
     * events) touching the span, with the crew it keeps busy: null (a blocked time, the owner's
     * own calendar, a crewless row) keeps every crew busy. With `holds` (a customer's call), the
     * holds live at `holds.now` too, but the caller's own (docs/decisions/035).
     */
    busy(
      from: Tx,
      businessId: string,
      span: Interval,
      options: { ignoreBookingId?: string; holds?: HoldsSeen } = {},
    ): Promise<CrewInterval[]> {
      return busyIn(from, {
        ...spanQuery(businessId, span, options.ignoreBookingId),
        heldAfter: options.holds?.now ?? NO_HOLDS,
        exceptHold: options.holds?.exceptTokenHash ?? NO_ID,
      });
    },

    async insertBooking(trx: Tx, row: BookingRow): Promise<void> {
      await insertRow(trx, 'bookings', row);
    },

    /**
     * Moves a booking to a new time (wall fields and instants together), and to another crew when
     * given. A running-late projection and the arrival told (docs/decisions/049) were about the old
     * time: they go, and the crew's next tap projects it afresh.
     */
    moveBooking(
      trx: Tx,
      bookingId: string,
      to: Pick<BookingRow, 'day' | 'start_time' | 'end_time' | 'start_ms' | 'end_ms'> & { crew_id?: string | null },
      now: number,
    ): Promise<BookingRow> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({
          ...to,
          projected_start_ms: null,
          late_told_ms: null,
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Sets bookings aside for a moment inside one transaction, each on a span of its own far in
     * the past, so a day's jobs can swap places (an applied route, docs/decisions/054) without one
     * crossing another on the way: the overlap guard checks every single write. The caller moves
     * each to its new time before the transaction ends; nobody ever reads the parked times.
     */
    async parkBookings(trx: Tx, bookingIds: readonly string[]): Promise<void> {
      for (const [i, id] of bookingIds.entries()) {
        const start = -(i + 1) * 2 * MAX_BOOKING_MS;
        await trx
          .updateTable('bookings')
          .set((eb) => ({ start_ms: start, end_ms: eb(eb('end_ms', '-', eb.ref('start_ms')), '+', start) }))
          .where('id', '=', id)
          .execute();
      }
    },

    /** Blocked times overlapping the span (all of them without one), in time order. */
    listBlocked(businessId: string, span?: Interval): Promise<BlockedRow[]> {
      let q = db.selectFrom('blocked_times').selectAll().where('business_id', '=', businessId);
      if (span) q = q.where('start_ms', '<', span.endMs).where('end_ms', '>', span.startMs);
      return q.orderBy('start_ms').orderBy('id').execute();
    },

    findBlocked(businessId: string, id: string, from: Tx = db): Promise<BlockedRow | undefined> {
      return from
        .selectFrom('blocked_times')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async insertBlocked(trx: Tx, row: BlockedRow): Promise<void> {
      await trx.insertInto('blocked_times').values(row).execute();
    },

    moveBlocked(trx: Tx, businessId: string, id: string, span: Interval): Promise<BlockedRow> {
      return trx
        .updateTable('blocked_times')
        .set({ start_ms: span.startMs, end_ms: span.endMs })
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** What the calendar feed shows: pending and approved bookings, and blocked times, ending since `sinceMs`. */
    async feedItems(businessId: string, sinceMs: number): Promise<{ bookings: BookingRow[]; blocks: BlockedRow[] }> {
      const [bookings, blocks] = await Promise.all([
        db
          .selectFrom('bookings')
          .selectAll()
          .where('business_id', '=', businessId)
          .where('status', 'in', ACTIVE_STATUSES)
          .where('end_ms', '>=', sinceMs)
          .orderBy('start_ms')
          .execute(),
        db
          .selectFrom('blocked_times')
          .selectAll()
          .where('business_id', '=', businessId)
          .where('end_ms', '>=', sinceMs)
          .orderBy('start_ms')
          .execute(),
      ]);
      return { bookings, blocks };
    },

    async deleteBlocked(businessId: string, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom('blocked_times')
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}
