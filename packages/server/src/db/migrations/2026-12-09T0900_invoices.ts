/**
 * Getting paid after the job, its foundation (issue 43; docs/decisions/043): a business's sales tax,
 * the lines an owner adds to a booking on the day, and invoices with their frozen lines and a
 * number per business that is never reused.
 */
import { type Kysely, sql } from 'kysely';

/** Told apart by how the dialect writes a parameter ($1 vs ?): public API, no query run. */
function isPostgres(db: Kysely<unknown>): boolean {
  return sql`select ${1}`.compile(db).sql.includes('$1');
}

export async function up(db: Kysely<any>): Promise<void> {
  // One row per business that charges tax; none: no tax.
  await db.schema
    .createTable('business_taxes')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Thousandths of a percent (shared/src/balance.ts): 8.875 % is 8875.
    .addColumn('rate', 'integer', (c) => c.notNull())
    // JSON arrays of the services' ids and the add-ons' ids it applies to; ids no longer offered are ignored.
    .addColumn('service_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('add_on_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('booking_day_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('taxable', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_day_lines_booking')
    .on('booking_day_lines')
    .columns(['booking_id', 'created_at'])
    .execute();

  // The last number issued per business, raised in the issuing transaction: numbers never repeat or go back.
  await db.schema
    .createTable('invoice_counters')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    // open | paid | void
    .addColumn('state', 'text', (c) => c.notNull())
    // The tax as it was when issued; rate 0 and name '' when none.
    .addColumn('tax_name', 'text', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    // The balance's figures when issued (shared/src/balance.ts).
    .addColumn('lines_cents', 'bigint', (c) => c.notNull())
    .addColumn('taxable_cents', 'bigint', (c) => c.notNull())
    .addColumn('tax_cents', 'bigint', (c) => c.notNull())
    .addColumn('discount_limit_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('deposit_cents', 'bigint', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('voided_at', 'bigint')
    .addUniqueConstraint('invoices_business_number', ['business_id', 'number'])
    .execute();
  await db.schema
    .createIndex('invoices_business_issued')
    .on('invoices')
    .columns(['business_id', 'issued_at'])
    .execute();
  // At most one invoice in force per booking: a second completion finds it; a void one may be replaced.
  await sql`create unique index invoices_one_per_booking on invoices (booking_id) where state <> 'void'`.execute(db);

  await db.schema
    .createTable('invoice_lines')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // price: from the booking's price; day: a line the owner added on the day.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('taxable', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_lines_pk', ['invoice_id', 'position'])
    .execute();
  // An issued invoice's lines never change (a correction is a credit or a new invoice): refused by the database too.
  if (isPostgres(db)) {
    await sql`create function invoice_lines_frozen() returns trigger language plpgsql as $$
      begin raise exception 'invoice lines never change once issued'; end $$`.execute(db);
    await sql`create trigger invoice_lines_frozen before update on invoice_lines
      for each row execute function invoice_lines_frozen()`.execute(db);
  } else {
    await sql`create trigger invoice_lines_frozen before update on invoice_lines
      begin select raise(abort, 'invoice lines never change once issued'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_lines').ifExists().execute();
  if (isPostgres(db)) await sql`drop function if exists invoice_lines_frozen()`.execute(db);
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('invoice_counters').ifExists().execute();
  await db.schema.dropTable('booking_day_lines').ifExists().execute();
  await db.schema.dropTable('business_taxes').ifExists().execute();
}
