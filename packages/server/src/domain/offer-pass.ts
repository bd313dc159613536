/**
 * The offer pass of one freed time (docs/decisions/056, 059): its three tiers in order. The waiting
 * customers of its day (domain/waitlist.ts), then plan customers nearby whose next visit is due soon
 * (domain/waitlist.ts offerToVisits), then recent quotes nearby whose customers asked to hear of a
 * time (domain/quote-offers.ts). Run by jobs/waitlist-offers.ts.
 */
import { randomUUID } from 'node:crypto';
import { formatClock } from '@slotwise/shared/clock';
import { ACTIVE_STATUSES } from '@slotwise/shared/domain';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import { withBusinessLock } from '../db/transaction.ts';
import { waitlistOfferMail } from '../mail/templates.ts';
import { queueMails } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { gsmSafe } from '../texts/gsm.ts';
import { mayTextCustomer, shortLink, withFirstTextLine } from './booking-texts.ts';
import { readGridSource, serviceOf } from './grid-source.ts';
import { offerToQuotes } from './quote-offers.ts';
import {
  fitsFor,
  newLinkToken,
  offerExpiresAt,
  offerState,
  offerToVisits,
  offerUrl,
  rankFits,
  whenWords,
} from './waitlist.ts';

/**
 * Offers one freed time, under its business's lock, unless an offer of it still stands: to the next
 * batch of waiting customers it fits; else of plan customers whose next visit it moves up; else of
 * recent quotes nearby. Marks it unfilled when nobody (more) fits. Answers how
 * many offers went.
 */
export async function offerFreedTime(ctx: AppContext, freedId: string, businessId: string, now: number) {
  // Read before the lock, as a booking reads it (SQLite has one connection, the lock's).
  const source = await readGridSource(ctx, businessId);
  return withBusinessLock(ctx.store, businessId, async (trx) => {
    const freed = await trx.selectFrom('freed_times').selectAll().where('id', '=', freedId).executeTakeFirst();
    if (!freed || (freed.status !== 'queued' && freed.status !== 'offered')) return 0;
    const offers = await trx.selectFrom('waitlist_offers').selectAll().where('freed_id', '=', freed.id).execute();
    const visitOffers = await trx.selectFrom('visit_offers').selectAll().where('freed_id', '=', freed.id).execute();
    const quoteOffers = await trx.selectFrom('quote_offers').selectAll().where('freed_id', '=', freed.id).execute();
    if ([...offers, ...visitOffers, ...quoteOffers].some((o) => offerState(o, now) === 'open')) return 0;
    const offered = new Set(offers.map((o) => o.entry_id));
    const waiting = await trx
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('business_id', '=', freed.business_id)
      .where('day', '=', freed.day)
      .where('status', '=', 'waiting')
      .execute();
    // Who booked that day meanwhile (the widget, a phone call) waits no more: filled by that booking.
    const booked =
      waiting.length === 0
        ? []
        : await trx
            .selectFrom('bookings')
            .select(['id', 'customer_email'])
            .where('business_id', '=', freed.business_id)
            .where('day', '=', freed.day)
            .where('status', 'in', ACTIVE_STATUSES)
            .where(
              'customer_email',
              'in',
              waiting.map((e) => e.customer_email),
            )
            .execute();
    for (const b of booked)
      await trx
        .updateTable('waitlist_entries')
        .set({ status: 'filled', booking_id: b.id, updated_at: now })
        .where('business_id', '=', freed.business_id)
        .where('day', '=', freed.day)
        .where('customer_email', '=', b.customer_email)
        .where('status', '=', 'waiting')
        .execute();
    const bookedEmails = new Set(booked.map((b) => b.customer_email));
    const entries = waiting.filter((e) => !offered.has(e.id) && !bookedEmails.has(e.customer_email));
    const unfilled = async () => {
      await trx.updateTable('freed_times').set({ status: 'unfilled' }).where('id', '=', freed.id).execute();
      return 0;
    };
    if (!source) return unfilled();
    const { business } = source;
    const expiresAt = offerExpiresAt(now, freed.start_ms, business.min_notice_minutes);
    if (expiresAt <= now) return unfilled();
    const chosen = entries.length === 0 ? [] : rankFits(await fitsFor(ctx, trx, freed, entries, now, source));
    if (chosen.length === 0) {
      // Nobody (more) on the waiting list fits: plan customers nearby whose next visit is due soon,
      // then recent quotes nearby whose customers asked to hear of a time.
      const sent =
        (await offerToVisits(ctx, trx, freed, visitOffers, source, expiresAt, now)) ||
        (await offerToQuotes(ctx, trx, freed, source, expiresAt, now));
      if (sent === 0) return unfilled();
      await trx
        .updateTable('freed_times')
        .set({ status: 'offered', offered_at: now })
        .where('id', '=', freed.id)
        .execute();
      return sent;
    }
    const when = whenWords(freed.start_ms, business);
    const until = formatClock(utcMsToLocal(expiresAt, business.time_zone).time, business.time_format);
    const businessName = business.name ?? 'Your service provider';
    for (const { entry, extraDriveMin } of chosen) {
      const { token, hash } = newLinkToken();
      await trx
        .insertInto('waitlist_offers')
        .values({
          id: randomUUID(),
          freed_id: freed.id,
          entry_id: entry.id,
          business_id: business.id,
          token_hash: hash,
          extra_drive_min: extraDriveMin,
          status: 'open',
          expires_at: expiresAt,
          created_at: now,
          answered_at: null,
        })
        .execute();
      const serviceName = serviceOf(source, entry.service_id)?.name ?? 'your service';
      const link = offerUrl(ctx.config.publicUrl, token);
      await queueMails(
        trx,
        [
          waitlistOfferMail(entry.customer_email, {
            firstName: entry.first_name,
            businessName,
            serviceName,
            when,
            until,
            link,
            expiresAt,
          }),
        ],
        now,
      );
      if (await mayTextCustomer(ctx, trx, { ...entry, business_id: business.id })) {
        const short = await shortLink(ctx, trx, business.id, link, now);
        const body = await withFirstTextLine(
          ctx,
          trx,
          business.id,
          entry.phone_number,
          gsmSafe(`${businessName}: a time opened ${when.replace(/, \d{4} at/, ',')}. Book it first: ${short}`),
        );
        await queueTexts(
          trx,
          [
            {
              businessId: business.id,
              to: entry.phone_number,
              body,
              kind: 'waitlistOffer',
              bookingId: null,
              startsAt: expiresAt,
            },
          ],
          now,
        );
      }
    }
    await trx
      .updateTable('freed_times')
      .set({ status: 'offered', offered_at: now })
      .where('id', '=', freed.id)
      .execute();
    return chosen.length;
  });
}
