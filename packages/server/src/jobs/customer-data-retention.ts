/**
 * The retention pass (docs/decisions/012): once a day across all instances, the customer
 * details of bookings that ended longer ago than their business keeps them (24 months
 * unless the owner chose otherwise) are anonymised, clients no booking names any longer are
 * deleted with their places and things (docs/decisions/037), waiting list entries that old are
 * deleted with their offers (docs/decisions/056), and mails sent over 30 days ago leave the outbox. Money, dates, service and status stay for the owner's books.
 *
 * Exactly once per day however many instances run: the run is claimed with one conditional
 * update of its job_runs row (repositories/job-runs.ts), a lease another instance takes
 * over only if this one dies mid-run; each batch it anonymises is idempotent besides.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { retentionCutoff, SENT_MAIL_KEPT_MS } from '../domain/customer-data.ts';
import { sweepPhotos } from '../domain/photos.ts';
import { ANONYMISE_BATCH } from '../repositories/customer-data.ts';

export const RETENTION_JOB = 'customer-data-retention';
const DAY_MS = 24 * 3600 * 1000;
/** Long enough for any pass; a pass still holding it later has died, and another instance may run. */
const LEASE_MS = 30 * 60 * 1000;
/** How often each instance asks whether a pass is due (the claim says no on all but one, once a day). */
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

export type RetentionRun =
  | { ran: false }
  | { ran: true; anonymisedBookings: number; deletedMails: number; deletedClients: number };

export async function runRetention(ctx: AppContext): Promise<RetentionRun> {
  const { customerData, jobRuns } = ctx.repos;
  const now = ctx.now();
  if (!(await jobRuns.claim(RETENTION_JOB, now, DAY_MS, LEASE_MS))) return { ran: false };
  try {
    let anonymisedBookings = 0;
    let deletedMails = 0;
    let deletedClients = 0;
    for (const months of await customerData.retentionPeriods()) {
      const cutoff = retentionCutoff(now, months);
      for (;;) {
        const ids = await customerData.expiredBookingIds(months, cutoff, ANONYMISE_BATCH);
        if (ids.length === 0) break;
        const n = await inTransaction(ctx.store, async (trx) => {
          // A booking's photos go with its customer's details (docs/decisions/053): they show their home.
          await ctx.repos.photos.removeOfBookings(trx, ids, now);
          return customerData.anonymise(trx, ids, now);
        });
        anonymisedBookings += n.bookings;
        deletedMails += n.mails;
        if (ids.length < ANONYMISE_BATCH) break;
      }
      // Clients no booking or plan names any longer, unchanged since the cutoff (docs/decisions/037).
      for (;;) {
        const ids = await ctx.repos.clients.expiredIds(months, cutoff, ANONYMISE_BATCH);
        if (ids.length === 0) break;
        deletedClients += await inTransaction(ctx.store, (trx) => ctx.repos.clients.delete(trx, ids));
        if (ids.length < ANONYMISE_BATCH) break;
      }
      // Waiting list entries (docs/decisions/056), as long as the bookings' details.
      await customerData.deleteExpiredWaitlist(months, cutoff);
    }
    deletedMails += await customerData.deleteSentMails(now - SENT_MAIL_KEPT_MS);
    // Undo records of businesses that changed nothing since theirs expired (docs/decisions/014).
    await ctx.repos.bookingUndos.deleteExpired(now - DAY_MS);
    // Lapsed holds of businesses nobody held a time of since (reads ignore them already: docs/decisions/035).
    await ctx.repos.slotHolds.deleteExpired(now);
    // The objects of the photos deleted above, and of customers' photos no booking claimed.
    await sweepPhotos(ctx);
    await jobRuns.finish(RETENTION_JOB, now);
    return { ran: true, anonymisedBookings, deletedMails, deletedClients };
  } catch (err) {
    await jobRuns.release(RETENTION_JOB).catch(() => undefined);
    throw err;
  }
}

/** Asks every hour (first a minute after start) on an unref'd timer; stops when the app closes. */
export function startRetention(app: FastifyInstance, ctx: AppContext, intervalMs = CHECK_INTERVAL_MS): void {
  const runs = ctx.metrics.job(RETENTION_JOB);
  let running: Promise<unknown> | undefined;
  const pass = () => {
    // A pass another instance has claimed today succeeds too: nothing was due here.
    running ??= runRetention(ctx)
      .then((r) => {
        runs.succeeded();
        if (r.ran) app.log.info(r, 'customer-data retention pass done');
      })
      .catch((err) => {
        runs.failed();
        app.log.error({ err }, 'customer-data retention pass failed; will retry');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(pass, Math.min(60_000, intervalMs));
  const timer = setInterval(pass, intervalMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
