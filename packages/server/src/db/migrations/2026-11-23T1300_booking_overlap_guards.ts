/**
 * The database's own guard against double booking (docs/architecture.md#the-booking-path), behind the
 * application's check inside the per-business lock: no two pending or approved
 * bookings of one business may overlap. Intervals are half-open, so back-to-back is fine.
 * PostgreSQL: an exclusion constraint over int8range(start_ms, end_ms).
 * SQLite: BEFORE INSERT/UPDATE triggers. They look back only 48 hours for an
 * overlapping start (the index on business_id, start_ms keeps that cheap with years of
 * bookings), so they also refuse a booking longer than 48 hours (services last at most a day).
 * Both raise errors the app recognises ('23P01' / 'booking overlaps') and answers with 409.
 * Blocked times are not bookings; the application's check covers bookings against them.
 */
import { type Kysely, sql } from 'kysely';

const ACTIVE = sql.raw(`('pending', 'approved')`);
const MAX_MS = sql.raw(String(48 * 3600 * 1000));

/** Told apart by how the dialect writes a parameter ($1 vs ?): public API, no query run. */
function isPostgres(db: Kysely<unknown>): boolean {
  return sql`select ${1}`.compile(db).sql.includes('$1');
}

/**
 * The guards over the given statuses (a parenthesised SQL list). Also used by
 * 2026-11-29T0900_payments, which rebuilds them to count a held, unpaid booking: its DDL
 * is this one, so the two cannot drift.
 */
export async function createOverlapGuards(
  db: Kysely<unknown>,
  active = ACTIVE,
  /** What may not overlap itself: the business (one calendar), or since 2026-12-01T0900 each crew. */
  key: 'business_id' | 'crew_id' = 'business_id',
): Promise<void> {
  const column = sql.raw(key);
  if (isPostgres(db)) {
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`alter table bookings add constraint bookings_no_overlap
      exclude using gist (${column} with =, int8range(start_ms, end_ms) with &&)
      where (status in ${active})`.execute(db);
    return;
  }
  for (const [name, event, self] of [
    ['bookings_no_overlap_insert', sql.raw('before insert on bookings'), sql.raw('')],
    [
      'bookings_no_overlap_update',
      sql.raw(
        `before update of start_ms, end_ms, status, ${key === 'crew_id' ? 'crew_id' : 'business_id'} on bookings`,
      ),
      sql.raw('and b.id <> new.id'),
    ],
  ] as const) {
    await sql`create trigger ${sql.raw(name)} ${event}
      when new.status in ${active}
      begin
        select raise(abort, 'booking longer than 48 hours') where new.end_ms - new.start_ms > ${MAX_MS};
        select raise(abort, 'booking overlaps') where exists (
          select 1 from bookings b
          where b.${column} = new.${column} ${self}
            and b.status in ${active}
            and b.start_ms > new.start_ms - ${MAX_MS}
            and b.start_ms < new.end_ms
            and b.end_ms > new.start_ms
        );
      end`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createOverlapGuards(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table bookings drop constraint if exists bookings_no_overlap`.execute(db);
    return;
  }
  await sql`drop trigger if exists bookings_no_overlap_insert`.execute(db);
  await sql`drop trigger if exists bookings_no_overlap_update`.execute(db);
}
