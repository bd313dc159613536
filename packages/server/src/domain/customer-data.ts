/**
 * Customers' personal data (docs/decisions/012, docs/product.md#customer-data): where a
 * customer reads how their details are used, what an owner's access and deletion requests
 * answer, and what the retention pass keeps. Queries are in repositories/customer-data.ts.
 */

import type { CustomerDataErased, CustomerDataExport } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { ACTIVE_STATUSES, type BookingStatus } from '@slotwise/shared/domain';
import { toDollars } from '@slotwise/shared/money';
import { longDate } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import { withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import { ANONYMISE_BATCH } from '../repositories/customer-data.ts';
import { shownTime } from './answers.ts';
import { bookingAnswersLine } from './booking-answers.ts';
import { flushRemovals } from './photos.ts';
import { effectiveStatus } from './status.ts';

/** The privacy notice customers are shown: the owner's own, or the default page naming the business. */
export function privacyUrlOf(publicUrl: string, b: Pick<Business, 'id' | 'privacy_url'>): string {
  return b.privacy_url ?? `${publicUrl}/privacy/${b.id}`;
}

/** The moment `months` calendar months before `now` (UTC): bookings that ended before it are anonymised. */
export function retentionCutoff(now: number, months: number): number {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  // The same day of the month, or the month's last day (31 March less one month is 28 or 29 February).
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** Mails sent longer ago than this leave the outbox: it is a queue, not an archive of what customers were sent. */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 3600 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Everything held about one customer e-mail in this business (an access request). */
export async function exportCustomerData(ctx: AppContext, b: Business, email: string): Promise<CustomerDataExport> {
  const now = ctx.now();
  const rows = await ctx.repos.customerData.bookingsOf(b.id, email);
  const mails = await ctx.repos.customerData.mailsAbout(rows.map((r) => r.id));
  const waiting = await ctx.repos.customerData.waitlistOf(b.id, email);
  return {
    email,
    businessName: b.name ?? '',
    exportedAt: iso(now),
    bookings: rows.map((r) => ({
      _id: r.id,
      status: effectiveStatus(r, now),
      serviceName: r.service_name,
      bookingTime: shownTime(r, b.time_zone),
      firstName: r.first_name,
      lastName: r.last_name,
      customerEmail: r.customer_email,
      phoneNumber: r.phone_number,
      customerAddress: r.customer_address,
      answer: bookingAnswersLine(r, b),
      miles: r.miles,
      totalQuote: toDollars(r.total_cents),
      bookedAt: iso(r.created_at),
    })),
    mails: mails.map((m) => ({
      to: m.to_address,
      subject: m.subject,
      text: m.text_body,
      queuedAt: iso(m.created_at),
      sentAt: m.sent_at === null ? null : iso(m.sent_at),
    })),
    waitlist: waiting.map((w) => ({
      day: w.day,
      firstName: w.first_name,
      lastName: w.last_name,
      phoneNumber: w.phone_number,
      address: w.customer_address,
      status: w.status,
      joinedAt: iso(w.created_at),
    })),
  };
}

/**
 * Erases one customer e-mail from this business (a deletion request): their details on every
 * booking, its manage links and the mails about it. Refused while the customer has a pending
 * or approved booking still to come: the owner would lose the address of a job they are about
 * to drive to, and the customer the links to change it. Under the business's lock, so no
 * booking of theirs can arrive between the check and the erasure.
 */
export async function eraseCustomerData(ctx: AppContext, b: Business, email: string): Promise<CustomerDataErased> {
  const now = ctx.now();
  const done = await withBusinessLock(ctx.store, b.id, async (trx) => {
    const rows = await ctx.repos.customerData.bookingsOf(b.id, email, trx);
    const upcoming = rows.filter(
      (r) => ACTIVE_STATUSES.includes(effectiveStatus(r, now) as BookingStatus) && r.end_ms > now,
    );
    if (upcoming.length > 0) {
      const named = upcoming
        .slice(0, 3)
        .map((r) => `${r.service_name} on ${longDate(r.day)} at ${formatClock(r.start_time, b.time_format)}`)
        .join('; ');
      const more = upcoming.length > 3 ? ` and ${upcoming.length - 3} more` : '';
      throw new AppError(
        'CUSTOMER_HAS_UPCOMING_BOOKINGS',
        `${email} has ${upcoming.length === 1 ? 'an upcoming booking' : `${upcoming.length} upcoming bookings`} (${named}${more}). Cancel or decline ${upcoming.length === 1 ? 'it' : 'them'} on the Bookings page first, then erase.`,
      );
    }
    const ids = rows.filter((r) => r.anonymised_at === null).map((r) => r.id);
    let bookings = 0;
    let mails = 0;
    for (let i = 0; i < ids.length; i += ANONYMISE_BATCH) {
      const batch = ids.slice(i, i + ANONYMISE_BATCH);
      const n = await ctx.repos.customerData.anonymise(trx, batch, now);
      // Their photos too (docs/decisions/053): the rows now, the objects after commit.
      await ctx.repos.photos.removeOfBookings(trx, batch, now);
      bookings += n.bookings;
      mails += n.mails;
    }
    // Their waiting list entries and the offers made them (docs/decisions/056).
    await ctx.repos.customerData.deleteWaitlistEntries(trx, b.id, email);
    // The quotes the owner sent them (docs/decisions/039), by the same e-mail, and their yes to offers nearby (059).
    await ctx.repos.ownerQuotes.anonymiseByEmail(trx, b.id, email, now);
    // Their client records too, with places, things and the owner's notes (docs/decisions/037).
    await ctx.repos.clients.eraseByEmail(trx, b.id, email);
    return { erasedBookings: bookings, deletedMails: mails };
  });
  await flushRemovals(ctx);
  return done;
}
