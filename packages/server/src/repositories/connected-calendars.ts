/**
 * The owner's connected calendars (docs/decisions/025): their rows, the claim that lets one
 * instance read a calendar at a time, their busy events (replaced whole by each good read) and
 * the event locations already looked up. The busy events' part in the slots and the conflict
 * checks is in repositories/calendar.ts, beside the bookings and blocked times they join.
 */
import type { Interval } from '@slotwise/shared/slots';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CalendarBusyTable, CalendarConnectionsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type ConnectionRow = Selectable<CalendarConnectionsTable>;
export type BusyRow = Selectable<CalendarBusyTable>;
export type ConnectionResult = Updateable<CalendarConnectionsTable>;

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters, SQLite 32,766). */
const INSERT_BATCH = 500;

export function connectedCalendarsRepository(db: Kysely<Database>) {
  return {
    list(businessId: string, from: Tx = db): Promise<ConnectionRow[]> {
      return from
        .selectFrom('calendar_connections')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    find(businessId: string, id: string, from: Tx = db): Promise<ConnectionRow | undefined> {
      return from
        .selectFrom('calendar_connections')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async count(businessId: string): Promise<number> {
      const r = await db
        .selectFrom('calendar_connections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** How many connections exist at all (the server refuses to start without the key that opens them). */
    async total(): Promise<number> {
      const r = await db
        .selectFrom('calendar_connections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async insert(trx: Tx, row: Insertable<CalendarConnectionsTable>): Promise<void> {
      await trx.insertInto('calendar_connections').values(row).execute();
    },

    /** Its events, then itself: the events' delete moves the slots' change counter (db/calendar-changes.ts). */
    async remove(trx: Tx, businessId: string, id: string): Promise<boolean> {
      await trx
        .deleteFrom('calendar_busy')
        .where('business_id', '=', businessId)
        .where('connection_id', '=', id)
        .execute();
      const r = await trx
        .deleteFrom('calendar_connections')
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** The connections due a read (oldest due first) that no instance holds. */
    due(now: number, limit: number): Promise<ConnectionRow[]> {
      return db
        .selectFrom('calendar_connections')
        .selectAll()
        .where('next_fetch_at', '<=', now)
        .where((eb) => eb.or([eb('fetching_until', 'is', null), eb('fetching_until', '<=', now)]))
        .orderBy('next_fetch_at')
        .limit(limit)
        .execute();
    },

    /**
     * Claims a connection's read until `until`, when no instance holds it (and, unless `force`,
     * when it is due): one conditional update, so of instances trying at once exactly one wins.
     */
    async claim(id: string, now: number, until: number, force: boolean): Promise<boolean> {
      let q = db
        .updateTable('calendar_connections')
        .set({ fetching_until: until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('fetching_until', 'is', null), eb('fetching_until', '<=', now)]));
      if (!force) q = q.where('next_fetch_at', '<=', now);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Records a read's outcome and lets the claim go, only while this instance still holds it
     * (`claim`: its fetching_until); false when another took the connection over (or it was removed).
     */
    async finish(trx: Tx, id: string, claim: number, result: ConnectionResult): Promise<boolean> {
      const r = await trx
        .updateTable('calendar_connections')
        .set({ ...result, fetching_until: null })
        .where('id', '=', id)
        .where('fetching_until', '=', claim)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The connection's busy events become `rows` (in the caller's transaction, with its finish). */
    async replaceBusy(trx: Tx, connectionId: string, rows: BusyRow[]): Promise<void> {
      await trx.deleteFrom('calendar_busy').where('connection_id', '=', connectionId).execute();
      for (let i = 0; i < rows.length; i += INSERT_BATCH)
        await trx
          .insertInto('calendar_busy')
          .values(rows.slice(i, i + INSERT_BATCH))
          .execute();
    },

    /** The busy events touching a span, earliest first, with their calendar's label. */
    busyBetween(businessId: string, span: Interval) {
      return db
        .selectFrom('calendar_busy as b')
        .innerJoin('calendar_connections as c', 'c.id', 'b.connection_id')
        .select(['b.id', 'b.connection_id', 'b.crew_id', 'b.start_ms', 'b.end_ms', 'b.all_day', 'b.title', 'c.label'])
        .where('b.business_id', '=', businessId)
        .where('b.start_ms', '<', span.endMs)
        .where('b.end_ms', '>', span.startMs)
        .orderBy('b.start_ms')
        .orderBy('b.id')
        .execute();
    },

    /** The coordinates already looked up for these location texts (null: looked up, not found). */
    async places(businessId: string, texts: string[]): Promise<Map<string, { lat: number; lng: number } | null>> {
      const found = new Map<string, { lat: number; lng: number } | null>();
      for (let i = 0; i < texts.length; i += INSERT_BATCH) {
        const rows = await db
          .selectFrom('calendar_places')
          .select(['text', 'lat', 'lng'])
          .where('business_id', '=', businessId)
          .where('text', 'in', texts.slice(i, i + INSERT_BATCH))
          .execute();
        for (const r of rows) found.set(r.text, r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null);
      }
      return found;
    },

    async rememberPlace(
      businessId: string,
      text: string,
      at: { lat: number; lng: number } | null,
      now: number,
    ): Promise<void> {
      await db
        .insertInto('calendar_places')
        .values({ business_id: businessId, text, lat: at?.lat ?? null, lng: at?.lng ?? null, looked_up_at: now })
        .onConflict((oc) =>
          oc
            .columns(['business_id', 'text'])
            .doUpdateSet({ lat: at?.lat ?? null, lng: at?.lng ?? null, looked_up_at: now }),
        )
        .execute();
    },

    /** Ids of this business's bookings and blocked times among `ids` (our own feed read back: never busy). */
    async ownIds(businessId: string, ids: { bookings: string[]; blocked: string[] }): Promise<Set<string>> {
      const own = new Set<string>();
      for (let i = 0; i < ids.bookings.length; i += INSERT_BATCH)
        for (const r of await db
          .selectFrom('bookings')
          .select('id')
          .where('business_id', '=', businessId)
          .where('id', 'in', ids.bookings.slice(i, i + INSERT_BATCH))
          .execute())
          own.add(r.id);
      for (let i = 0; i < ids.blocked.length; i += INSERT_BATCH)
        for (const r of await db
          .selectFrom('blocked_times')
          .select('id')
          .where('business_id', '=', businessId)
          .where('id', 'in', ids.blocked.slice(i, i + INSERT_BATCH))
          .execute())
          own.add(r.id);
      return own;
    },
  };
}
