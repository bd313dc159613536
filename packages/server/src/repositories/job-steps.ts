/**
 * Job steps, a service's checklist (docs/decisions/050): a service's steps (services.steps), and
 * a job's own copy with its ticks (job_steps), always scoped by business. Not the owner's
 * first-day onboarding checklist (repositories/checklist.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobStepsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { stepsColumn, stepsOf } from './services.ts';

export type JobStepRow = Selectable<JobStepsTable>;

/** Who ticks: a crew login and its crew's name, or the owner (no login id). */
export interface Ticker {
  memberId: string | null;
  name: string;
}

export function jobStepsRepository(db: Kysely<Database>) {
  return {
    /** A service's steps and its receipt switch, or undefined when it is not the business's. */
    async ofService(
      businessId: string,
      serviceId: string,
      from: Tx = db,
    ): Promise<{ steps: string[]; onReceipt: boolean } | undefined> {
      const row = await from
        .selectFrom('services')
        .select(['steps', 'steps_on_receipt'])
        .where('business_id', '=', businessId)
        .where('id', '=', serviceId)
        .executeTakeFirst();
      return row && { steps: stepsOf(row), onReceipt: row.steps_on_receipt === 1 };
    },
    /** Sets a service's steps and receipt switch; false when it is not the business's. */
    async setOfService(businessId: string, serviceId: string, steps: string[], onReceipt: boolean): Promise<boolean> {
      const r = await db
        .updateTable('services')
        .set({ steps: stepsColumn(steps), steps_on_receipt: onReceipt ? 1 : 0 })
        .where('business_id', '=', businessId)
        .where('id', '=', serviceId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** A job's copy of its steps with their ticks, in order; empty before its first tick. */
    ofJob(businessId: string, bookingId: string, from: Tx = db): Promise<JobStepRow[]> {
      return from
        .selectFrom('job_steps')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .orderBy('position')
        .execute();
    },
    /** Keeps the job's copy of its service's steps; a copy already kept stays as it is. */
    async keepCopy(trx: Tx, businessId: string, bookingId: string, steps: readonly string[]): Promise<void> {
      if (steps.length === 0) return;
      await trx
        .insertInto('job_steps')
        .values(steps.map((text, position) => ({ booking_id: bookingId, position, business_id: businessId, text })))
        .onConflict((oc) => oc.columns(['booking_id', 'position']).doNothing())
        .execute();
    },
    /**
     * Ticks one step: its own row only, so another step ticked at the same moment is kept. A step
     * ticked already keeps its first tick (who and when). False when the job has no such step.
     */
    async tick(businessId: string, bookingId: string, position: number, who: Ticker, now: number): Promise<boolean> {
      const step = db
        .selectFrom('job_steps')
        .select('position')
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .where('position', '=', position);
      if (!(await step.executeTakeFirst())) return false;
      await db
        .updateTable('job_steps')
        .set({ done_at: now, done_by_member_id: who.memberId, done_by: who.name })
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .where('position', '=', position)
        .where('done_at', 'is', null)
        .execute();
      return true;
    },
    /** Unticks one step (its who and when go with the tick); false when the job has no such step. */
    async untick(businessId: string, bookingId: string, position: number): Promise<boolean> {
      const r = await db
        .updateTable('job_steps')
        .set({ done_at: null, done_by_member_id: null, done_by: null })
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .where('position', '=', position)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
