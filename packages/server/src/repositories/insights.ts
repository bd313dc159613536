/**
 * Insights (docs/decisions/029): every query on funnel_days, full_taps and quote_demand, and the
 * insights' reads of bookings. Writes are one multi-row upsert per table (count = count +
 * excluded.count); reads are `group by` over one business's rows of one period, each table keyed by
 * business first (db/migrations/2026-12-03T0900_insights.ts), so their cost follows that business's
 * rows alone (issue 28). Sums come back as numbers on both dialects (db/database.ts type parsers).
 */
import { sundayIndex } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Row<T extends keyof Database> = Database[T];

/** The statuses of a booking going ahead (docs/product.md#booking-statuses); awaiting_payment holds, never counts. */
const GOING_AHEAD = ['pending', 'approved', 'completed'] as const;

/** A day's booking counts by status; `ended` of them are past their end (an approved one reads completed). */
export interface BookingDay {
  day: string;
  status: string;
  n: number;
  cents: number;
  ended: number;
  endedCents: number;
}

const num = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

/**
 * The weekday (0 Sunday ... 6 Saturday, shared/src/insights.ts sundayIndex) of the `day` column of
 * rows whose days lie from `from` to `to`: the weekday of its month's first day, from a CASE over the
 * period's months (at most 15 in 400 days) worked out here, plus its day of the month less one (+6,
 * modulo 7). Plain SQL that SQLite and PostgreSQL compute alike, nearly as cheap as their own date
 * functions, so a year's heat grid is grouped in the database into at most 7 x 24 cells; decision 029
 * has what the alternatives cost. Literals, not parameters: PostgreSQL matches the select's
 * expression to the group's by its text; the months are formatted here from validated dates.
 */
function weekdayIn(from: string, to: string): RawBuilder<number> {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addDays(`${m}-28`, 4).slice(0, 7)) months.push(m);
  const firsts = months.map((m) => sql`when ${sql.lit(m)} then ${sql.lit(sundayIndex(`${m}-01`) + 6)}`);
  return sql<number>`((case substr(day, 1, 7) ${sql.join(firsts, sql` `)} end + cast(substr(day, 9, 2) as integer)) % 7)`;
}

/** A booking's starting hour, business time ("09"). */
const HOUR = sql<string>`substr(start_time, 1, 2)`;

export function insightsRepository(db: Kysely<Database>) {
  return {
    /** Adds a beacon's steps and full taps, one statement per table; both in one transaction when both are sent. */
    async countBeacon(steps: Row<'funnel_days'>[], taps: Row<'full_taps'>[]): Promise<void> {
      const write = async (on: Kysely<Database>) => {
        if (steps.length > 0)
          await on
            .insertInto('funnel_days')
            .values(steps)
            .onConflict((oc) =>
              oc
                .columns(['business_id', 'day', 'source_kind', 'site', 'step'])
                .doUpdateSet((eb) => ({ count: eb('funnel_days.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
        if (taps.length > 0)
          await on
            .insertInto('full_taps')
            .values(taps)
            .onConflict((oc) =>
              oc
                .columns(['business_id', 'day', 'wanted_day', 'part'])
                .doUpdateSet((eb) => ({ count: eb('full_taps.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
      };
      // A plain transaction of Kysely's, not inTransaction (db/transaction.ts): that one moves the
      // calendar's change counter, which would drop every kept slots answer for a beacon.
      if (steps.length > 0 && taps.length > 0) await db.transaction().execute(write);
      else await write(db);
    },

    async countDemand(row: Row<'quote_demand'>): Promise<void> {
      await db
        .insertInto('quote_demand')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['business_id', 'day', 'zip', 'outcome', 'miles']).doUpdateSet((eb) => ({
            count: eb('quote_demand.count', '+', eb.ref('excluded.count')),
            value_cents: eb('quote_demand.value_cents', '+', eb.ref('excluded.value_cents')),
          })),
        )
        .execute();
    },

    /** The funnel's steps by day of the period. */
    async funnelByDay(businessId: string, from: string, to: string) {
      const rows = await db
        .selectFrom('funnel_days')
        .select((eb) => ['day', 'step', eb.fn.sum<number | string>('count').as('n')])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['day', 'step'])
        .execute();
      return rows.map((r) => ({ day: r.day, step: r.step, n: num(r.n) }));
    },

    /** The funnel's steps by source (kind and site) over the period. */
    async funnelBySource(businessId: string, from: string, to: string) {
      const rows = await db
        .selectFrom('funnel_days')
        .select((eb) => ['source_kind', 'site', 'step', eb.fn.sum<number | string>('count').as('n')])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['source_kind', 'site', 'step'])
        .execute();
      return rows.map((r) => ({ kind: r.source_kind, site: r.site, step: r.step, n: num(r.n) }));
    },

    /**
     * Full taps received in the period, by the day wanted and the part of it ('' whole day); the
     * days wanted are any the widget sent, not bounded by the period, so domain/insights.ts reads
     * their weekdays (a business's few hundred wanted days at most).
     */
    async fullTaps(businessId: string, from: string, to: string) {
      const rows = await db
        .selectFrom('full_taps')
        .select((eb) => ['wanted_day', 'part', eb.fn.sum<number | string>('count').as('n')])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['wanted_day', 'part'])
        .execute();
      return rows.map((r) => ({ wantedDay: r.wanted_day, part: r.part, n: num(r.n) }));
    },

    /** The period's demand by ZIP code and outcome: how many, their worth, the farthest. */
    async demandByZip(businessId: string, from: string, to: string) {
      const rows = await db
        .selectFrom('quote_demand')
        .select((eb) => [
          'zip',
          'outcome',
          eb.fn.sum<number | string>('count').as('n'),
          eb.fn.sum<number | string>('value_cents').as('cents'),
          eb.fn.max<number>('miles').as('miles'),
        ])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['zip', 'outcome'])
        .execute();
      return rows.map((r) => ({
        zip: r.zip,
        outcome: r.outcome,
        n: num(r.n),
        cents: num(r.cents),
        miles: num(r.miles),
      }));
    },

    /** The period's requests of one outcome by whole miles (the wider area's sum reads the refused ones). */
    async demandByMiles(businessId: string, from: string, to: string, outcome: Row<'quote_demand'>['outcome']) {
      const rows = await db
        .selectFrom('quote_demand')
        .select((eb) => [
          'miles',
          eb.fn.sum<number | string>('count').as('n'),
          eb.fn.sum<number | string>('value_cents').as('cents'),
        ])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('outcome', '=', outcome)
        .groupBy('miles')
        .execute();
      return rows.map((r) => ({ miles: num(r.miles), count: num(r.n), valueCents: num(r.cents) }));
    },

    /** How many quotes were given in the period and their total. */
    async quoted(businessId: string, from: string, to: string) {
      const r = await db
        .selectFrom('quote_demand')
        .select((eb) => [
          eb.fn.sum<number | string>('count').as('n'),
          eb.fn.sum<number | string>('value_cents').as('cents'),
        ])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('outcome', '=', 'quoted')
        .executeTakeFirst();
      return { count: num(r?.n), cents: num(r?.cents) };
    },

    /**
     * Bookings going ahead or cancelled, by day and status, on the days from `from` to `to`;
     * `ended`: of them, those whose end is at or before `now` (an approved one then reads completed,
     * domain/status.ts effectiveStatus).
     */
    async bookingDays(businessId: string, from: string, to: string, now: number): Promise<BookingDay[]> {
      const rows = await db
        .selectFrom('bookings')
        .select((eb) => {
          const ended = eb('end_ms', '<=', eb.cast<number>(eb.val(now), 'bigint'));
          return [
            'day',
            'status',
            eb.fn.countAll<number | string>().as('n'),
            eb.fn.sum<number | string>('total_cents').as('cents'),
            eb.fn.sum<number | string>(eb.case().when(ended).then(eb.lit(1)).else(eb.lit(0)).end()).as('ended'),
            eb.fn
              .sum<number | string>(eb.case().when(ended).then(eb.ref('total_cents')).else(eb.lit(0)).end())
              .as('ended_cents'),
          ];
        })
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('status', 'in', [...GOING_AHEAD, 'cancelled'])
        .groupBy(['day', 'status'])
        .execute();
      return rows.map((r) => ({
        day: r.day,
        status: r.status,
        n: num(r.n),
        cents: num(r.cents),
        ended: num(r.ended),
        endedCents: num(r.ended_cents),
      }));
    },

    /**
     * The period's bookings going ahead in one scan, by service, weekday and starting hour (business
     * time): how many and their total. `bookedName` is the name booked, kept only for a service
     * deleted since (its bookings' service_id is then null); the others are named by serviceNames.
     */
    async bookingsAhead(businessId: string, from: string, to: string) {
      const weekday = weekdayIn(from, to);
      const deleted = sql<string | null>`case when service_id is null then service_name end`;
      const rows = await db
        .selectFrom('bookings')
        .select((eb) => [
          'service_id',
          deleted.as('booked_name'),
          weekday.as('weekday'),
          HOUR.as('hour'),
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string>('total_cents').as('cents'),
        ])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('status', 'in', GOING_AHEAD)
        .groupBy(['service_id', deleted, weekday, HOUR])
        .execute();
      return rows.map((r) => ({
        serviceId: r.service_id,
        bookedName: r.booked_name,
        weekday: num(r.weekday),
        hour: Number(r.hour),
        n: num(r.n),
        cents: num(r.cents),
      }));
    },

    /**
     * The period's approved and completed jobs, one row each, for profit after the drive
     * (domain/drive-profit.ts): where and when, for which crew, their total, address and service.
     * A business's jobs of up to 400 days; the legs between them are worked out per crew and day.
     */
    async profitJobs(businessId: string, from: string, to: string) {
      return db
        .selectFrom('bookings')
        .select([
          'id',
          'crew_id',
          'day',
          'start_ms',
          'end_ms',
          'customer_lat',
          'customer_lng',
          'customer_address',
          'total_cents',
          'service_id',
          'service_name',
        ])
        .where('business_id', '=', businessId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('status', 'in', ['approved', 'completed'])
        .execute();
    },

    /** The business's services' names now, by id. */
    async serviceNames(businessId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('services')
        .select(['id', 'name'])
        .where('business_id', '=', businessId)
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
