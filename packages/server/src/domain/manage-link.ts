/**
 * The customer's manage link (docs/product.md#reschedule-and-cancel-pages): the token
 * in the link is the credential; it stops working once the booking is cancelled,
 * declined or has started. Past the business's change cut-off (docs/decisions/008)
 * the booking is still shown, with why it can no longer change and whom to contact,
 * but no longer moves or cancels, unless the crew runs late (docs/decisions/049).
 */

import type { ManagedBooking } from '@slotwise/shared/api';
import { type BusinessContact, changeLocked, cutoffMessage, cutoffReason } from '@slotwise/shared/change-cutoff';
import { toDollars } from '@slotwise/shared/money';
import { formatPhone } from '@slotwise/shared/phone';
import { PLAN_PREVIEW_VISITS, planName } from '@slotwise/shared/plans';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { shownTime } from './answers.ts';
import { bookingPageUrl } from './booking-page.ts';
import { brandingOf } from './branding.ts';
import { cardLabel } from './card-label.ts';
import { hashManageToken } from './manage-token.ts';
import { managedPaymentOf } from './payments.ts';
import { planLabel } from './plans.ts';
import { priceChangeOf } from './price-change.ts';
import { shownProjection } from './projected-day.ts';
import { effectiveStatus } from './status.ts';

/**
 * Running late (docs/decisions/049): a customer told the crew comes later than booked is now
 * expected then. Their link keeps working until that time, even past the change cut-off: the
 * business made them wait, so they may still pick another time.
 */
function toldLate(row: Pick<BookingRow, 'late_told_ms' | 'start_ms'>): boolean {
  return row.late_told_ms !== null && row.late_told_ms > row.start_ms;
}
const linkStartOf = (row: BookingRow) => (toldLate(row) ? (row.late_told_ms ?? row.start_ms) : row.start_ms);

export const LINK_NOT_VALID = 'This link is not valid. Please check the link in your e-mail.';

/** The booking behind a manage link, refused when the link no longer works: unknown, cancelled, declined or started. */
export async function bookingForToken(ctx: AppContext, token: string, from?: Tx): Promise<BookingRow> {
  const row = await ctx.repos.manageTokens.findBooking(hashManageToken(token), from);
  if (!row) throw new AppError('LINK_INVALID', LINK_NOT_VALID);
  const status = effectiveStatus(row, ctx.now());
  if (status === 'cancelled')
    throw new AppError(
      'LINK_GONE',
      'This booking has been cancelled, so this link no longer works. Please make a new booking.',
    );
  if (status === 'skipped')
    throw new AppError(
      'LINK_GONE',
      'This visit was skipped, so this link no longer works. The links in the mails of your other visits still do.',
    );
  // An expired request is declined too (docs/decisions/051): the words say what happened.
  if (status === 'declined' && row.request_expired_ms !== null)
    throw new AppError(
      'LINK_GONE',
      'This booking request expired before the business could confirm it, and its time was released. Please make a new booking for another time.',
    );
  if (status === 'declined')
    throw new AppError(
      'LINK_GONE',
      'This booking was declined by the business, so this link no longer works. Please make a new booking for another time.',
    );
  if (status === 'completed' || linkStartOf(row) <= ctx.now())
    throw new AppError(
      'LINK_GONE',
      'This booking has already started, so it can no longer be changed online. Please contact the business.',
    );
  return row;
}

async function contactOf(ctx: AppContext, business: Business, from?: Tx): Promise<BusinessContact> {
  const owner = await ctx.repos.businesses.ownerContact(business.id, from);
  return { businessName: business.name ?? '', email: owner?.email ?? '', phone: owner?.phone ?? '' };
}

/** The booking as the manage pages show it; `changeLocked` (why, and whom to contact) once the cut-off has passed. */
export async function managedBooking(ctx: AppContext, row: BookingRow, business: Business): Promise<ManagedBooking> {
  const now = ctx.now();
  const shown: ManagedBooking = {
    businessId: business.id,
    businessName: business.name ?? '',
    serviceName: row.service_name,
    status: effectiveStatus(row, now),
    bookingTime: shownTime(row, business.time_zone),
    timeZone: business.time_zone,
    timeFormat: business.time_format,
    version: row.version,
    bookingPageUrl: bookingPageUrl(ctx.config.publicUrl, business.slug),
    branding: brandingOf(business, await ctx.repos.logos.find(business.id), ctx.config.publicUrl),
  };
  const payment = managedPaymentOf(row, business, now);
  if (payment) shown.payment = payment;
  const priceChange = priceChangeOf(row);
  if (priceChange) shown.priceChange = priceChange;
  const projected = toldLate(row) ? shownProjection(row) : null;
  if (projected !== null) shown.projectedStart = new Date(projected).toISOString();
  const card = row.client_id ? await ctx.repos.savedCards.of(business.id, row.client_id) : undefined;
  if (card) shown.savedCard = cardLabel(card);
  const plan = row.plan_id ? await ctx.repos.plans.find(business.id, row.plan_id) : undefined;
  if (plan) {
    const coming = await ctx.repos.plans.openVisits(ctx.store.db, plan.id, now);
    shown.plan = {
      name: planName(plan.frequency, plan.service_name),
      label: planLabel(plan),
      status: plan.status,
      perVisit: toDollars(plan.price_cents),
      nextVisits: coming
        .filter((v) => v.status !== 'needs_time')
        .map((v) => v.day)
        .slice(0, PLAN_PREVIEW_VISITS),
    };
  }
  const hours = business.change_cutoff_hours;
  if (toldLate(row) || !changeLocked(row.start_ms, hours, now)) return shown;
  return { ...shown, changeLocked: { reason: cutoffReason(hours), contact: await contactOf(ctx, business) } };
}

/** Refused, with the reason and the business's contact, once the change cut-off has passed. */
export async function assertChangeAllowed(ctx: AppContext, row: BookingRow, business: Business, from?: Tx) {
  const hours = business.change_cutoff_hours;
  if (toldLate(row) || !changeLocked(row.start_ms, hours, ctx.now())) return;
  const contact = await contactOf(ctx, business, from);
  // The sentence says the number as people read it; the answer's contact keeps it E.164 for tel: links.
  throw new AppError('CHANGE_LOCKED', cutoffMessage(hours, { ...contact, phone: formatPhone(contact.phone) }));
}
