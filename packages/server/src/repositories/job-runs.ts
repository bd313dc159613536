/**
 * Periodic jobs that must run once per period across every instance sharing the database
 * (the customer-data retention pass; docs/decisions/012). A run is claimed with one
 * conditional update, so of several instances trying at once exactly one wins; a claim
 * is a lease, so a crashed instance's run is taken over once the lease runs out.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function jobRunsRepository(db: Kysely<Database>) {
  return {
    /**
     * Claims the job `name` when its last run finished `everyMs` or more before `now` and no
     * instance holds it; the claim holds until `now + leaseMs`. True for the one instance that won.
     */
    async claim(name: string, now: number, everyMs: number, leaseMs: number): Promise<boolean> {
      await db
        .insertInto('job_runs')
        .values({ name, lease_until: 0, last_run_at: 0 })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const r = await db
        .updateTable('job_runs')
        .set({ lease_until: now + leaseMs })
        .where('name', '=', name)
        .where('lease_until', '<=', now)
        .where('last_run_at', '<=', now - everyMs)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Marks the claimed run done at `now` and lets the lease go. */
    async finish(name: string, now: number): Promise<void> {
      await db.updateTable('job_runs').set({ lease_until: 0, last_run_at: now }).where('name', '=', name).execute();
    },

    /**
     * Lets the lease go without marking a run (the run failed): another instance may try again at
     * once, or from `retryAt` (a backup failing for want of pg_dump is not retried every minute).
     */
    async release(name: string, retryAt = 0): Promise<void> {
      await db.updateTable('job_runs').set({ lease_until: retryAt }).where('name', '=', name).execute();
    },

    lastRunAt(name: string) {
      return db.selectFrom('job_runs').select('last_run_at').where('name', '=', name).executeTakeFirst();
    },
  };
}
