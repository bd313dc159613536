/**
 * What the client list ranks by, kept on each client (issue 42's search budget; docs/decisions/037):
 * - clients.completed_cents: the sum of its completed bookings' totals (sort by money spent);
 * - clients.last_completed_ms: the start of its latest completed booking (sort by last visit);
 * each with an index by business, so a sort reads the first page of one index instead of summing
 * every client's bookings per keystroke.
 *
 * The database keeps them, so no code path that completes, moves, re-prices, relinks, merges or
 * anonymises a booking can forget: triggers on bookings recompute the client's two figures from its
 * completed bookings (through bookings_business_client) whenever a completed booking is written,
 * moved to another client or deleted, or a booking becomes or stops being completed. Recomputing,
 * not adding and subtracting, so the figures can never drift. Only completed bookings count: an
 * approved booking whose end has passed is made completed by the minute's sweep
 * (jobs/complete-past-bookings.ts), so a visit joins the ranking within a minute. The list still
 * shows each shown client's exact totals (repositories/clients.ts `summaries`).
 *
 * Next visit is not kept: it depends on the clock (a booking stops being next when its time
 * passes), so the list walks the upcoming bookings in time order instead.
 *
 * And what search as you type reads, `search_text LIKE '%word%'`, gets an index each database can
 * use for a substring: PostgreSQL's pg_trgm (a trusted extension, like btree_gist before it; a
 * word of 3 characters or more is looked up, not scanned), and on SQLite an index holding the
 * text and the id, so the one pass over a business's clients reads that index alone.
 */
import { type Kysely, sql } from 'kysely';

/** Told apart by how the dialect writes a parameter ($1 vs ?): public API, no query run. */
function isPostgres(db: Kysely<unknown>): boolean {
  return sql`select ${1}`.compile(db).sql.includes('$1');
}

/**
 * Both figures of the client whose id is `client` (a column of the trigger's row, or of the
 * updated clients row), from its completed bookings. Only business_id and client_id are
 * compared, the status is read inside the sums, so the one index a plan can use is
 * bookings_business_client (the client's few bookings): a plan may never read every completed
 * booking through an index on status (bookings_reminder_due) on each firing.
 */
function figures(business: string, client: string) {
  const from = sql.raw(`from bookings b where b.business_id = ${business} and b.client_id = ${client}`);
  return sql`completed_cents = coalesce((select sum(case when b.status = 'completed' then b.total_cents else 0 end) ${from}), 0),
      last_completed_ms = (select max(case when b.status = 'completed' then b.start_ms end) ${from})`;
}

function recompute(row: 'old' | 'new') {
  return sql`update clients set ${figures(`${row}.business_id`, `${row}.client_id`)} where id = ${sql.raw(row)}.client_id`;
}

const WATCHED = sql.raw('status, total_cents, client_id, start_ms, business_id');

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('completed_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('clients').addColumn('last_completed_ms', 'bigint').execute();
  await db.schema
    .createIndex('clients_business_last_completed')
    .on('clients')
    .columns(['business_id', 'last_completed_ms', 'id'])
    .execute();
  await db.schema
    .createIndex('clients_business_completed_cents')
    .on('clients')
    .columns(['business_id', 'completed_cents', 'id'])
    .execute();

  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index clients_search_trgm on clients using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`create function clients_keep_totals() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.client_id is not null then
          ${recompute('old')};
        end if;
        if tg_op <> 'DELETE' and new.client_id is not null
          and (tg_op = 'INSERT' or old.client_id is distinct from new.client_id) then
          ${recompute('new')};
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger bookings_client_totals_insert after insert on bookings
      for each row when (new.status = 'completed') execute function clients_keep_totals()`.execute(db);
    await sql`create trigger bookings_client_totals_update after update of ${WATCHED} on bookings
      for each row when (old.status = 'completed' or new.status = 'completed') execute function clients_keep_totals()`.execute(
      db,
    );
    await sql`create trigger bookings_client_totals_delete after delete on bookings
      for each row when (old.status = 'completed') execute function clients_keep_totals()`.execute(db);
  } else {
    // Not on PostgreSQL: a btree entry there is limited to about 2.7 kB of text.
    await db.schema
      .createIndex('clients_business_search')
      .on('clients')
      .columns(['business_id', 'anonymised_at', 'search_text', 'id'])
      .execute();
    await sql`create trigger bookings_client_totals_insert after insert on bookings
      when new.status = 'completed' and new.client_id is not null
      begin ${recompute('new')}; end`.execute(db);
    // The old client first, then the new one (the same client twice when it did not move).
    await sql`create trigger bookings_client_totals_update after update of ${WATCHED} on bookings
      when old.status = 'completed' or new.status = 'completed'
      begin ${recompute('old')}; ${recompute('new')}; end`.execute(db);
    await sql`create trigger bookings_client_totals_delete after delete on bookings
      when old.status = 'completed' and old.client_id is not null
      begin ${recompute('old')}; end`.execute(db);
  }

  // Every client's figures from the bookings already there.
  await sql`update clients set ${figures('clients.business_id', 'clients.id')}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const on = isPostgres(db) ? sql.raw(' on bookings') : sql.raw('');
  for (const name of [
    'bookings_client_totals_insert',
    'bookings_client_totals_update',
    'bookings_client_totals_delete',
  ]) {
    await sql`drop trigger if exists ${sql.raw(name)}${on}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function if exists clients_keep_totals()`.execute(db);
  await db.schema.dropIndex('clients_search_trgm').ifExists().execute();
  await db.schema.dropIndex('clients_business_search').ifExists().execute();
  await db.schema.dropIndex('clients_business_completed_cents').ifExists().execute();
  await db.schema.dropIndex('clients_business_last_completed').ifExists().execute();
  await db.schema.alterTable('clients').dropColumn('completed_cents').execute();
  await db.schema.alterTable('clients').dropColumn('last_completed_ms').execute();
}
