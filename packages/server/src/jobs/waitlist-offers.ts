/**
 * The offer pass of the waiting list (docs/decisions/056): every tick, each freed time that is due
 * (queued by the change that freed it, in its transaction) or whose offers all lapsed untaken is
 * offered, under its business's lock, to the next waiting customers it fits, else to plan customers
 * nearby whose next visit is due soon, else to recent quotes nearby (domain/offer-pass.ts
 * offerFreedTime): an offer goes out within a tick of the change (a minute; the undo window first
 * after an owner's decline or drag). A time that has begun is marked unfilled and left.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { offerFreedTime } from '../domain/offer-pass.ts';
import { runEvery } from './every.ts';

const INTERVAL_MS = 60_000;

/** One pass: answers how many offers went. */
export async function runWaitlistOffers(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  await ctx.db
    .updateTable('freed_times')
    .set({ status: 'unfilled' })
    .where('status', 'in', ['queued', 'offered'])
    .where('start_ms', '<=', now)
    .execute();
  const due = await ctx.db
    .selectFrom('freed_times')
    .select(['id', 'business_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('due_at', '<=', now)]),
        // Offered: taken again only once no offer of it stands (offerFreedTime checks under the lock).
        eb.and([
          eb('status', '=', 'offered'),
          // Of each tier's offers of the time, none open and unlapsed.
          ...(['waitlist_offers', 'visit_offers', 'quote_offers'] as const).map((table) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom(table)
                  .select(`${table}.id`)
                  .whereRef(`${table}.freed_id`, '=', 'freed_times.id')
                  .where(`${table}.status`, '=', 'open')
                  .where(`${table}.expires_at`, '>', now),
              ),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('due_at')
    .limit(100)
    .execute();
  let sent = 0;
  for (const freed of due) sent += await offerFreedTime(ctx, freed.id, freed.business_id, now);
  if (sent > 0) ctx.mail.kick();
  return sent;
}

/** Runs the pass every minute on an unref'd timer; stops when the app closes. */
export function startWaitlistOffers(app: FastifyInstance, ctx: AppContext, intervalMs = INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('waitlist-offers'), intervalMs, () => runWaitlistOffers(ctx), {
    done: (offers) => ({ offers }),
    message: 'freed times offered to the waiting list',
    failed: 'waiting list offer pass failed; will retry',
  });
}
