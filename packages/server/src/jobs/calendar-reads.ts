/**
 * The owners' connected calendars, read on a schedule (docs/decisions/025): each instance asks
 * every minute for the calendars due (read 10 minutes ago or more) and reads them one at a time;
 * each is claimed first with one conditional update, so however many instances run, each
 * calendar is read once per round (domain/connected-calendars.ts readDueCalendars).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { readDueCalendars } from '../domain/connected-calendars.ts';
import { runEvery } from './every.ts';

const CHECK_EVERY_MS = 60_000;

export function startCalendarReads(app: FastifyInstance, ctx: AppContext, intervalMs = CHECK_EVERY_MS): void {
  runEvery(app, ctx.metrics.job('calendar-reads'), intervalMs, () => readDueCalendars(ctx, app.log), {
    done: (calendars) => ({ calendars }),
    message: 'connected calendars read',
    failed: 'connected calendar pass failed; will retry',
  });
}
