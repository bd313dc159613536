/**
 * The mails a booking's changes send, composed from its row: the templates
 * (mail/templates.ts) take plain values, and this is where a row becomes them.
 * Mail is queued in the transaction of the change that caused it (docs/decisions/004).
 */

import { bookingUid } from '@slotwise/shared/ics';
import { frequencyLabel, planName } from '@slotwise/shared/plans';
import { zoneIfRepeated } from '@slotwise/shared/time-zone';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import {
  type DepositDue,
  type MailBooking,
  type MailMessage,
  type MailPlan,
  mails,
  withCrew,
} from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { crewNamedInMails } from '../repositories/crews.ts';
import { queueMails, releaseHeldMail } from '../repositories/mail-outbox.ts';
import type { PlanRow } from '../repositories/plans.ts';
import { bookingAnswersLine, linesOf } from './booking-answers.ts';
import { bookingPageUrl } from './booking-page.ts';
import { queueTextsForMails } from './booking-texts.ts';
import { linksFor } from './manage-token.ts';
import { visitDepositDue } from './payments.ts';
import { queuePushesForMails } from './push.ts';

/** The address in MAIL_FROM ("Slotwise <no-reply@slotwise.local>" or a bare address). */
function senderAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/**
 * What every booking mail shows, from a booking row and its business, and the invitation's
 * event (shared/src/ics.ts): the booking's UID, its instants, its version as SEQUENCE, the
 * business as organizer at the sending address.
 */
export function toMailBooking(
  row: BookingRow,
  business: Pick<Business, 'name' | 'time_zone' | 'time_format'> & Partial<Pick<Business, 'quote_questions'>>,
  config: Pick<Config, 'publicUrl' | 'mailFrom'>,
  plan?: MailPlan,
  depositDue?: DepositDue,
): MailBooking {
  const businessName = business.name ?? 'Your service provider';
  return {
    bookingId: row.id,
    customerEmail: row.customer_email,
    phoneNumber: row.phone_number,
    firstName: row.first_name,
    lastName: row.last_name,
    serviceName: row.service_name,
    businessName,
    day: row.day,
    startTime: row.start_time,
    endTime: row.end_time,
    startZone: zoneIfRepeated(row.start_ms, business.time_zone),
    endZone: zoneIfRepeated(row.end_ms, business.time_zone),
    timeZone: business.time_zone,
    timeFormat: business.time_format,
    totalCents: row.total_cents,
    answers: bookingAnswersLine(row, business),
    lines: linesOf(row),
    ...(row.price_state === 'accepted' && row.price_quoted_cents !== null
      ? { priceChange: { quotedCents: row.price_quoted_cents, reason: row.price_reason ?? '' } }
      : {}),
    customerAddress: row.customer_address,
    ...(row.paid_cents > 0
      ? {
          payment: {
            paidCents: row.paid_cents,
            refundedCents: row.refunded_cents,
            dueCents:
              row.status === 'pending' || row.status === 'approved'
                ? Math.max(0, row.total_cents - row.paid_cents + row.refunded_cents)
                : null,
          },
        }
      : {}),
    ...(plan ? { plan } : {}),
    ...(depositDue ? { depositDue } : {}),
    invite: {
      uid: bookingUid(row.id, config.publicUrl),
      startMs: row.start_ms,
      endMs: row.end_ms,
      sequence: row.version,
      stampMs: row.updated_at,
      confirmed: row.status === 'approved',
      organizer: { name: businessName, email: senderAddress(config.mailFrom) },
    },
  };
}

/**
 * What a plan's mails say of it: its name, words, price, and the visits given (in time order),
 * each with its deposit still to pay online when the business asks every visit's, and its own
 * manage links when `ctx` is given (the customer skips or moves one visit from there; a mail
 * about cancelled visits lists them without).
 */
export function mailPlanOf(plan: PlanRow, visits: readonly BookingRow[], ctx?: AppContext): MailPlan {
  return {
    name: planName(plan.frequency, plan.service_name),
    label: frequencyLabel(plan.frequency, plan.start_day),
    perVisitCents: plan.price_cents,
    visits: visits.map((v) => ({
      day: v.day,
      startTime: v.start_time,
      needsTime: v.status === 'needs_time',
      ...(ctx ? { links: linksFor(ctx, v.id, v.business_id) } : {}),
      ...(v.status !== 'awaiting_payment' && v.deposit_cents > v.paid_cents
        ? { depositCents: v.deposit_cents - v.paid_cents }
        : {}),
    })),
  };
}

/**
 * The first of these visits whose deposit is still to pay online (domain/payments.ts
 * visitDepositDue), and the link its mails carry to pay it: the business's booking page, which
 * shows it with a Pay button. Undefined when none is due (or the business has no page yet).
 */
export function depositDueOf(
  visits: readonly BookingRow[],
  business: Pick<Business, 'slug'>,
  config: Pick<Config, 'publicUrl'>,
  now: number,
): DepositDue | undefined {
  const visit = visits.find((v) => visitDepositDue(v, now));
  const page = bookingPageUrl(config.publicUrl, business.slug);
  if (!visit || !page) return undefined;
  return {
    day: visit.day,
    startTime: visit.start_time,
    cents: visit.deposit_cents - visit.paid_cents,
    payUrl: `${page}?booking=${visit.id}&payment=due`,
  };
}

/** The plan of a visit as its mails name it, with its coming visits; undefined for a one-off booking. */
export async function mailPlanFor(ctx: AppContext, trx: Tx, row: BookingRow): Promise<MailPlan | undefined> {
  return (await planAndVisitsOf(ctx, trx, row))?.mail;
}

/** The plan of a visit as its mails name it, and its coming visits (from this one on). */
async function planAndVisitsOf(ctx: AppContext, trx: Tx, row: BookingRow) {
  if (!row.plan_id) return undefined;
  const plan = await ctx.repos.plans.find(row.business_id, row.plan_id, trx);
  if (!plan) return undefined;
  const visits = await ctx.repos.plans.openVisits(trx, plan.id, row.start_ms);
  return { mail: mailPlanOf(plan, visits, ctx), visits };
}

/**
 * A customer's mail about a job that goes ahead, naming the crew that comes when the business
 * asks for it (Settings, Crews; businesses.crew_in_mails): "Truck 2 will do the job." Every
 * booking mail is queued through here (the calls below, and the reminders), so no path that
 * writes one needs to know about crews. Unchanged when the business does not name its crews.
 */
export async function namingCrew(trx: Tx, message: MailMessage): Promise<MailMessage> {
  if (!message.namesCrew || !message.bookingId) return message;
  const crew = await crewNamedInMails(trx, message.bookingId);
  return crew ? withCrew(message, crew) : message;
}

/**
 * Who a booking's mails go to beyond the customer and what they name: the owner's e-mail (null:
 * no notice), the crew the customer's mail names (null: none; businesses.crew_in_mails), and
 * whether anyone takes texts about it (decision 027: nobody does, nothing more to read).
 */
export interface MailParties {
  businessId: string;
  owner: string | null;
  crew: string | null;
  texts: boolean;
  /** Anyone of the business has push notifications on a device (docs/decisions/052): the owner's notice may be pushed. */
  pushes: boolean;
}

/** A customer's mail and the owner's notice beside it, composed and not yet addressed to the parties. */
export interface CustomerAndOwner {
  customer: MailMessage;
  notice: (owner: string) => MailMessage;
}

/**
 * Queues the customer's mail (naming the crew when the parties say so) and, when the owner has
 * an e-mail, the owner's notice, in one insert into the outbox; then their texts, when anyone
 * takes them, and the notice's push (a request, a cancellation), when anyone has a device on. Reads nothing else: a new booking knows its parties before the business's lock,
 * so this is one of the statements its writes send together (routes/customer/book.ts).
 */
export async function queueForParties(
  ctx: AppContext,
  trx: Tx,
  parties: MailParties,
  { customer, notice }: CustomerAndOwner,
  now: number,
): Promise<void> {
  const named = parties.crew && customer.namesCrew ? withCrew(customer, parties.crew) : customer;
  const messages = parties.owner ? [named, notice(parties.owner)] : [named];
  await queueMails(trx, messages, now);
  if (parties.texts) await queueTextsForMails(ctx, trx, messages, now);
  if (parties.pushes) await queuePushesForMails(trx, parties.businessId, messages, now);
}

/**
 * The customer's mail and, when the owner has an e-mail, the owner's notice: one insert into
 * the outbox. `changeOf`: the booking that changed, when it is not a new one; mail an
 * earlier change of it held for its undo goes first (releaseHeldMail).
 */
export async function mailCustomerAndOwner(
  ctx: AppContext,
  trx: Tx,
  businessId: string,
  customer: MailMessage,
  notice: (owner: string) => MailMessage,
  now: number,
  changeOf?: string,
): Promise<void> {
  // One read for all three (a booking holds the business's lock while it runs: docs/decisions/028).
  const parties = await ctx.repos.businesses.mailParties(businessId, customer.bookingId, trx);
  if (changeOf) await releaseHeldMail(trx, changeOf, now);
  await queueForParties(ctx, trx, parties, { customer, notice }, now);
}

/**
 * The owner's notice of a new booking: one to approve; one approved as its deposit was paid; one
 * confirmed automatically (Settings, Confirming bookings).
 */
function noticeOfNew(row: Pick<BookingRow, 'status' | 'paid_cents'>): 'new' | 'new-approved' | 'new-auto' {
  if (row.status !== 'approved') return 'new';
  return row.paid_cents > 0 ? 'new-approved' : 'new-auto';
}

/**
 * A new booking's mails: "received" (or "approved", when it is approved at once: paid, or confirmed automatically) to
 * the customer and the notice to the owner, composed from its row. A visit of a plan reads the
 * plan and its visits (and the next visit's deposit to pay online when the business asks every
 * visit's); a one-off booking reads nothing, so it is composed before the business's lock.
 */
export async function newBookingMails(
  ctx: AppContext,
  from: Tx,
  row: BookingRow,
  business: Pick<Business, 'id' | 'name' | 'time_zone' | 'time_format' | 'slug'>,
  token: string | undefined,
  now: number,
): Promise<CustomerAndOwner> {
  const plan = await planAndVisitsOf(ctx, from, row);
  const due = plan && depositDueOf(plan.visits, business, ctx.config, now);
  const booking = toMailBooking(row, business, ctx.config, plan?.mail, due);
  const links = linksFor(ctx, row.id, business.id, token);
  return {
    customer: row.status === 'approved' ? mails.approved(booking, links) : mails.received(booking, links),
    notice: (owner) => mails.ownerNotice(owner, booking, noticeOfNew(row)),
  };
}

/**
 * The owner's notice composed now, for the owner the grid source names before the business's lock
 * (routes/customer/book.ts): composing it was most of a booking's work under the lock
 * (docs/decisions/028). Another owner's notice, should the parties read under the lock differ, is
 * composed then.
 */
export function withNoticeFor(messages: CustomerAndOwner, owner: string | null): CustomerAndOwner {
  if (!owner) return messages;
  const notice = messages.notice(owner);
  return { customer: messages.customer, notice: (to) => (to === owner ? notice : messages.notice(to)) };
}

/** A new booking's mails (newBookingMails) queued for its parties as read now. Sent when it is booked, or, when a deposit was due, when Stripe says it was paid. */
export async function mailReceived(
  ctx: AppContext,
  trx: Tx,
  row: BookingRow,
  business: Pick<Business, 'id' | 'name' | 'time_zone' | 'time_format' | 'slug'>,
  token: string | undefined,
  now: number,
): Promise<void> {
  const { customer, notice } = await newBookingMails(ctx, trx, row, business, token, now);
  await mailCustomerAndOwner(ctx, trx, business.id, customer, notice, now);
}

/**
 * The customer's mail about an owner's change of a booking (approve, decline, a move on the
 * calendar) and its text (domain/booking-texts.ts), after releasing what an earlier change held. `dueAt` holds it until the undo
 * window has passed (domain/undo-window.ts). Answers the queued mail's ids.
 */
export async function mailOwnerChange(
  ctx: AppContext,
  trx: Tx,
  bookingId: string,
  message: MailMessage,
  now: number,
  dueAt?: number,
): Promise<string[]> {
  await releaseHeldMail(trx, bookingId, now);
  const mailIds = await queueMails(trx, [await namingCrew(trx, message)], now, dueAt === undefined ? {} : { dueAt });
  // Its text is held alike, so an undo takes both back (deleteUnsentMail of every id).
  return [...mailIds, ...(await queueTextsForMails(ctx, trx, [message], now, dueAt))];
}
