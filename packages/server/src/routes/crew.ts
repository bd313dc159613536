/**
 * A crew member's own calls (docs/decisions/024; docs/product.md#crew-members): accepting the
 * invitation (which sets their password and logs them in), their crew's schedule, Start job and
 * Mark completed (which project the crew's day and tell the customers it makes wait: docs/decisions/049),
 * On my way (docs/decisions/048), a completed job's pay code for the customer to
 * scan, and their calendar feed's revocation. Log-in itself is the owners' call
 * (routes/auth.ts), which answers whose login it is. Everything a crew call reads is scoped by
 * the crew and its business together (the crew guard, plugins/auth.ts), and no answer carries a
 * price.
 */

import type { Routes } from '@slotwise/shared/routes';
import { addDays } from '@slotwise/shared/slots';
import { todayIn } from '@slotwise/shared/time-zone';
import { giveDeviceCookie } from '../auth/device-cookies.ts';
import { loginSucceeded } from '../auth/login-backoff.ts';
import { hashPassword } from '../auth/passwords.ts';
import { signSession } from '../auth/tokens.ts';
import { linkQrSvg } from '../booking-page/qr.ts';
import type { AppContext } from '../context.ts';
import { inTransaction, type Tx, withBusinessLock } from '../db/transaction.ts';
import { inviteHash } from '../domain/crew-invite.ts';
import { crewFeedUrl, type JobTap, jobNotFound, tapOutcome, toCrewJob } from '../domain/crew-jobs.ts';
import { issueAndSendInvoice } from '../domain/invoice-messages.ts';
import { payUrlOf } from '../domain/invoice-payments.ts';
import { onMyWayJson, sendOnMyWay } from '../domain/on-my-way.ts';
import { recomputeCrewDay } from '../domain/running-late.ts';
import { AppError } from '../errors.ts';
import type { CrewSession } from '../plugins/auth.ts';
import type { Handlers } from './register.ts';

/** Today and the next six days: a crew's week at a glance. */
const DEFAULT_DAYS = 7;
/** The longest range one schedule read covers. */
const MAX_DAYS = 62;

const LINK_INVALID =
  'This invitation link is not valid: a newer one may have been sent, or your access was removed. Ask the business owner to send it again.';
const LINK_USED = 'This invitation link was already used. Log in with your e-mail and password.';
const LINK_EXPIRED = 'This invitation link has expired (links last 7 days). Ask the business owner to send it again.';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function crewAccessHandlers(ctx: AppContext): {
  auth: Handlers<'auth', 'crewInvitation' | 'acceptCrewInvitation'>;
  /** Every crew call but the job steps' (routes/job-steps.ts), the day's route (routes/day-route.ts), push's (routes/push.ts) and photos' (routes/photos.ts). */
  crew: Handlers<
    'crew',
    Exclude<
      keyof Routes['crew'],
      | 'jobSteps'
      | 'tickJobStep'
      | 'dayRoute'
      | 'pushSettings'
      | 'subscribePush'
      | 'unsubscribePush'
      | 'updatePushSwitches'
      | 'testPush'
      | 'jobPhotos'
      | 'addJobPhoto'
      | 'deleteJobPhoto'
      | 'jobPhotoFile'
    >
  >;
} {
  const { crewMembers, crewJobs, crews, businesses } = ctx.repos;

  /** The login behind an invitation link, or why the link cannot be used. */
  async function usableInvite(token: string, from?: Tx) {
    const row = await crewMembers.findByInvite(inviteHash(token), from);
    if (!row) throw new AppError('CREW_INVITE_INVALID', LINK_INVALID);
    if (row.invite_used_at !== null) throw new AppError('CREW_INVITE_USED', LINK_USED);
    if (row.invite_expires_at === null || row.invite_expires_at <= ctx.now())
      throw new AppError('CREW_INVITE_EXPIRED', LINK_EXPIRED);
    return row;
  }

  /** A tap on one of the crew's jobs; answers the job as it is afterwards. */
  async function tap(session: CrewSession, id: string, action: JobTap) {
    const { member, crew, business } = session;
    const now = ctx.now();
    const today = todayIn(business.time_zone, now);
    let told = 0;
    // Under the business's lock: a completion issues the job's invoice, numbered per business
    // (docs/decisions/043), and the customers told they wait are told once (docs/decisions/049).
    const row = await withBusinessLock(ctx.store, business.id, async (trx) => {
      const notFound = () => jobNotFound(crew.name, id);
      const job = await crewJobs.find(crew.id, business.id, id, trx);
      if (!job) throw notFound();
      const outcome = tapOutcome(job, action, today, now);
      if (outcome.kind === 'refuse') throw new AppError(outcome.code, outcome.error);
      if (outcome.kind === 'nothing') return job;
      if (action === 'start') await crewJobs.start(trx, job.id, member.id, now);
      else await crewJobs.complete(trx, job.id, now);
      // Read again: the owner may have declined it, or the customer cancelled it, meanwhile
      // (the completion's update then changed nothing; a start is rolled back with the refusal).
      const after = await crewJobs.find(crew.id, business.id, id, trx);
      if (!after) throw notFound();
      const again = tapOutcome(after, action, today, now);
      if (again.kind === 'refuse') throw new AppError(again.code, again.error);
      // The rest of the crew's day projected from this tap; customers told when it slips (docs/decisions/049).
      told = await recomputeCrewDay(ctx, trx, business, crew, job.day, today, now);
      if (action === 'complete') {
        const booking = await ctx.repos.bookings.find(business.id, job.id, trx);
        if (booking) await issueAndSendInvoice(ctx, trx, booking, now);
        // Read once more: the job now has its invoice, whose pay code the crew may show at once.
        return (await crewJobs.find(crew.id, business.id, id, trx)) ?? after;
      }
      return after;
    });
    if (told > 0) ctx.mail.kick();
    return toCrewJob(row, business, now);
  }

  return {
    auth: {
      crewInvitation: async (req) => {
        const row = await usableInvite(req.query.token);
        const [crew, business] = await Promise.all([
          crews.find(row.business_id, row.crew_id),
          businesses.findById(row.business_id),
        ]);
        if (!crew || !business) throw new AppError('CREW_INVITE_INVALID', LINK_INVALID);
        return { email: row.email, crewName: crew.name, businessName: business.name };
      },

      acceptCrewInvitation: async (req, reply) => {
        const { token, password } = req.body;
        const passwordHash = await hashPassword(password);
        const now = ctx.now();
        const member = await inTransaction(ctx.store, async (trx) => {
          await usableInvite(token, trx);
          const accepted = await crewMembers.accept(trx, inviteHash(token), passwordHash, now);
          if (!accepted) throw new AppError('CREW_INVITE_USED', LINK_USED);
          return accepted;
        });
        // As a password reset does: wrong passwords before it no longer count.
        await loginSucceeded(ctx.db, member.email);
        // Accepting set a password and bumped token_version: this browser gets the login's first device
        // cookie (docs/decisions/030).
        const device = { kind: 'crew' as const, id: member.id, tv: member.token_version };
        await giveDeviceCookie(reply, ctx.config, device, now);
        const session = { userId: member.id, email: member.email, tokenVersion: member.token_version };
        return { token: await signSession(ctx.config.jwtSecret, { ...session, kind: 'crew' }, now) };
      },
    },

    crew: {
      schedule: async (req) => {
        const { member, crew, business } = req.crew;
        const now = ctx.now();
        const today = todayIn(business.time_zone, now);
        const from = req.query.from ?? today;
        const to = req.query.to ?? addDays(from, DEFAULT_DAYS - 1);
        if (from > to)
          throw new AppError(
            'VALIDATION_FAILED',
            `The range starts (${from}) after it ends (${to}); send from on or before to.`,
          );
        if (daysBetween(from, to) > MAX_DAYS)
          throw new AppError(
            'VALIDATION_FAILED',
            `Ask for at most ${MAX_DAYS} days at a time; ${from} to ${to} is ${daysBetween(from, to)}.`,
          );
        const rows = await crewJobs.list(crew.id, business.id, from, to);
        return {
          crew: { _id: crew.id, name: crew.name, color: crew.color },
          businessName: business.name,
          email: member.email,
          timeZone: business.time_zone,
          timeFormat: business.time_format,
          today,
          from,
          to,
          feedUrl: crewFeedUrl(ctx.config, member),
          jobs: rows.map((r) => toCrewJob(r, business, now)),
        };
      },

      startJob: async (req) => tap(req.crew, req.params.id, 'start'),
      // A plan visit's card on file is charged after commit (docs/decisions/046).
      completeJob: async (req) => tap(req.crew, req.params.id, 'complete').finally(() => ctx.paymentWorker.kick()),

      payCode: async (req) => {
        const { crew, business } = req.crew;
        const job = await crewJobs.find(crew.id, business.id, req.params.id);
        if (!job) throw jobNotFound(crew.name, req.params.id);
        const invoice = await ctx.repos.invoices.forBooking(business.id, job.id);
        if (!invoice)
          throw new AppError(
            'INVOICE_NOT_FOUND',
            'This job has no invoice to pay yet: it is issued when the job is marked completed. Refresh your jobs.',
          );
        if (invoice.state === 'paid')
          throw new AppError('INVOICE_PAID', 'This job is paid already: nothing is owed on it.');
        if (job.charging_id !== null)
          throw new AppError(
            'PAYMENT_NOT_DUE',
            "The customer's saved card is being charged for this job; if it is declined, they are mailed the pay link.",
          );
        const url = payUrlOf(ctx, invoice.id);
        return { number: invoice.number, url, svg: linkQrSvg(url) };
      },

      onMyWay: async (req) => {
        const { crew, business } = req.crew;
        const id = req.params.id;
        const now = ctx.now();
        const today = todayIn(business.time_zone, now);
        // Under the business's lock, as the owner's tap on the same job is (routes/dashboard/on-my-way.ts).
        const { row, sent } = await withBusinessLock(ctx.store, business.id, async (trx) => {
          const job = await crewJobs.find(crew.id, business.id, id, trx);
          const booking = job && (await ctx.repos.bookings.find(business.id, job.id, trx));
          if (!booking) throw jobNotFound(crew.name, id);
          const sent = await sendOnMyWay(ctx, trx, booking, business, today, now);
          return { row: (await crewJobs.find(crew.id, business.id, id, trx)) ?? job, sent };
        });
        ctx.mail.kick();
        return { job: toCrewJob(row, business, now), sent: onMyWayJson(sent) };
      },

      revokeFeed: async (req) => ({ url: crewFeedUrl(ctx.config, await crewMembers.bumpFeed(req.crew.member.id)) }),
    },
  };
}
