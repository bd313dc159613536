/**
 * Recurring plans and their visits (docs/decisions/022). Every query is scoped by business but
 * the materialiser's, which finds the plans due across businesses and then takes each
 * business's lock. Writes run inside withBusinessLock (db/transaction.ts).
 */
import type { PlanStatus } from '@slotwise/shared/plans';
import type { Kysely, Selectable } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { Database, PlansTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import type { BookingRow } from './calendar.ts';

export type PlanRow = Selectable<PlansTable>;

/** The statuses of a visit still to come: holding a time, or waiting for one. */
const OPEN_VISIT = ['pending', 'approved', 'awaiting_payment', 'needs_time'] as const;

export function plansRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Tx, row: PlanRow): Promise<void> {
      await insertRow(trx, 'plans', row);
    },

    find(businessId: string, planId: string, from: Tx = db): Promise<PlanRow | undefined> {
      return from
        .selectFrom('plans')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', planId)
        .executeTakeFirst();
    },

    /** The business's plans, newest first. */
    list(businessId: string): Promise<PlanRow[]> {
      return db
        .selectFrom('plans')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /**
     * Active plans whose visits are booked through a day before `day`: the materialiser's work (any
     * business), a page at a time in (booked_through, id) order, after `after` when given.
     */
    dueThrough(
      day: string,
      limit: number,
      after?: Pick<PlanRow, 'booked_through' | 'id'>,
    ): Promise<Pick<PlanRow, 'id' | 'business_id' | 'booked_through'>[]> {
      let q = db
        .selectFrom('plans')
        .select(['id', 'business_id', 'booked_through'])
        .where('status', '=', 'active')
        .where('booked_through', '<', day);
      if (after)
        q = q.where((eb) =>
          eb.or([
            eb('booked_through', '>', after.booked_through),
            eb.and([eb('booked_through', '=', after.booked_through), eb('id', '>', after.id)]),
          ]),
        );
      return q.orderBy('booked_through').orderBy('id').limit(limit).execute();
    },

    update(
      trx: Tx,
      planId: string,
      set: Partial<
        Pick<
          PlanRow,
          'status' | 'approved_at' | 'booked_through' | 'rrule' | 'start_day' | 'start_time' | 'earlier_rules'
        >
      >,
      now: number,
    ): Promise<PlanRow> {
      return trx
        .updateTable('plans')
        .set({ ...set, updated_at: now })
        .where('id', '=', planId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Which of these rule days already have their visit (whatever became of it). */
    async bookedDays(trx: Tx, planId: string, days: readonly string[]): Promise<Set<string>> {
      if (days.length === 0) return new Set();
      const rows = await trx
        .selectFrom('bookings')
        .select('plan_day')
        .where('plan_id', '=', planId)
        .where('plan_day', 'in', days)
        .execute();
      return new Set(rows.map((r) => r.plan_day!));
    },

    /** The visit standing for a rule day of a plan, whatever became of it (skipped, cancelled, done). */
    visitFor(trx: Tx, planId: string, day: string): Promise<BookingRow | undefined> {
      return trx
        .selectFrom('bookings')
        .selectAll()
        .where('plan_id', '=', planId)
        .where('plan_day', '=', day)
        .executeTakeFirst();
    },

    /** A plan's visits not yet done (holding a time or waiting for one) starting at or after `fromMs`, in order. */
    openVisits(trx: Tx | Kysely<Database>, planId: string, fromMs: number): Promise<BookingRow[]> {
      return trx
        .selectFrom('bookings')
        .selectAll()
        .where('plan_id', '=', planId)
        .where('status', 'in', OPEN_VISIT)
        .where('start_ms', '>=', fromMs)
        .orderBy('start_ms')
        .execute();
    },

    /** The open visits of several plans from `fromMs` on, for the Plans view's next visit and counts. */
    openVisitsOf(businessId: string, planIds: readonly string[], fromMs: number): Promise<BookingRow[]> {
      if (planIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('bookings')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('plan_id', 'in', planIds)
        .where('status', 'in', OPEN_VISIT)
        .where('start_ms', '>=', fromMs)
        .orderBy('start_ms')
        .execute();
    },

    /** The plans of these ids (a page of bookings' plans), for their labels. */
    byIds(businessId: string, planIds: readonly string[]): Promise<Pick<PlanRow, 'id' | 'frequency' | 'start_day'>[]> {
      if (planIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('plans')
        .select(['id', 'frequency', 'start_day'])
        .where('business_id', '=', businessId)
        .where('id', 'in', planIds)
        .execute();
    },

    /**
     * Lets a visit's rule day go (a pause released it, or "this and following" moved it to
     * another rule day), so the materialiser may book that day again.
     */
    async releaseDay(trx: Tx, bookingId: string): Promise<void> {
      await trx.updateTable('bookings').set({ plan_day: null }).where('id', '=', bookingId).execute();
    },

    /** Sets a visit's rule day (a "this and following" move gives it the new rule's day). */
    async setDay(trx: Tx, bookingId: string, day: string): Promise<void> {
      await trx.updateTable('bookings').set({ plan_day: day }).where('id', '=', bookingId).execute();
    },

    async setStatus(trx: Tx, planId: string, status: PlanStatus, now: number): Promise<PlanRow> {
      return this.update(trx, planId, { status }, now);
    },
  };
}
