/**
 * POST /api/customer/book (docs/product.md#booking): recomputes the quote, checks the
 * slot, and creates a pending booking (approved, when the owner confirms automatically) (or, with a deposit due, one awaiting payment that
 * holds its time for 15 minutes; docs/decisions/021) inside the per-business lock
 * (docs/decisions/003), with its manage token, its Idempotency-Key answer and its
 * mails in the same transaction. Mail goes out after commit. With a frequency it books a plan
 * (docs/decisions/022): this booking is its first visit, checked as any booking; the visits of
 * the next weeks are booked with it, and a taken day is written needs_time. Other customers' holds
 * refuse the time (SLOT_HELD); the customer's own, named by its holdToken, is ended by the booking
 * (docs/decisions/035). With an offerToken it accepts a waiting-list offer (docs/decisions/056): the
 * offer is checked before and under the lock and filled in the booking's transaction; the token of
 * an offer to move a plan's visit up moves that visit, and that of an offer to a recent quote
 * nearby books the quote (docs/decisions/059).
 */

import { randomUUID } from 'node:crypto';
import type { BookResponse } from '@slotwise/shared/api';
import { confirmationOf, confirmsAutomatically, serviceConfirmationOf } from '@slotwise/shared/confirmation';
import { crewsFor } from '@slotwise/shared/crews';
import { PAYMENT_HOLD_MS } from '@slotwise/shared/deposit';
import type { BookingStatus } from '@slotwise/shared/domain';
import { bookingUid, planUid } from '@slotwise/shared/ics';
import { vtimezone } from '@slotwise/shared/ics-time-zone';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import { addDays, rruleOf, visitPriceCents } from '@slotwise/shared/plans';
import { withRouteFit } from '@slotwise/shared/route-fit';
import type { AppContext } from '../../context.ts';
import { isOverlapViolation, isUniqueViolation } from '../../db/errors.ts';
import { AfterWrites, type Tx, withBusinessLock } from '../../db/transaction.ts';
import { shownTime } from '../../domain/answers.ts';
import { newBookingMails, queueForParties, withNoticeFor } from '../../domain/booking-mail.ts';
import { assertPendingAllowed, bookingWindowOf, requesterOf } from '../../domain/booking-window.ts';
import { clientSourceOf, contactOf } from '../../domain/clients.ts';
import { assignCrew, checkCrewSlot } from '../../domain/crews.ts';
import { crewPlansOfSource } from '../../domain/grid-source.ts';
import { recordDemand } from '../../domain/insights.ts';
import { hashManageToken, manageTokenFor } from '../../domain/manage-token.ts';
import { carBodyTypeOf, newBookingRow } from '../../domain/new-booking.ts';
import { depositFor } from '../../domain/payments.ts';
import { CLAIM_MS, checkRequestPhotos } from '../../domain/photos.ts';
import { aheadDay, bookVisits, offerFor, planLabel, visitLines } from '../../domain/plans.ts';
import { priceRequest } from '../../domain/pricing.ts';
import { bookQuoteOffer } from '../../domain/quote-offers.ts';
import { fitOf, jobsOfCrew, routeFitRuleOf } from '../../domain/route-fit.ts';
import { hashHoldToken } from '../../domain/slot-holds.ts';
import { intervalOf, SLOT_TAKEN } from '../../domain/slot-rules.ts';
import { moveVisitUp } from '../../domain/visit-offers.ts';
import { checkOffer, fillOffer, OFFER_TAKEN_TEXT } from '../../domain/waitlist.ts';
import { AppError } from '../../errors.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { StoredAnswer } from '../../repositories/idempotency.ts';
import type { PlanRow } from '../../repositories/plans.ts';
import { BOOKING_KEY, idempotencyKey, replay, requestHash } from '../idempotency-key.ts';
import type { Handlers } from '../register.ts';
import { sourceOf } from './grid-sources.ts';

/** A settled result's value, or its refusal thrown. */
function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export function bookHandlers(ctx: AppContext): Handlers<'customer', 'book'> {
  const { idempotency, calendar, manageTokens } = ctx.repos;
  return {
    book: async (req, reply) => {
      const key = idempotencyKey(req, BOOKING_KEY);
      const body = req.body;
      const hash = requestHash(body);
      const earlier = await idempotency.find(key, ctx.now());
      if (earlier) return replay(reply, earlier, hash, BOOKING_KEY);

      // A waiting-list offer's time (docs/decisions/056): refused at once when taken or lapsed.
      const offerToken = body.offerToken;
      if (offerToken !== undefined) {
        // An offer to move a plan's visit up books nothing: it moves that visit (domain/visit-offers.ts).
        // Either answer is kept under the request's key in its transaction, as a booking's: a retry replays it.
        const remember = (trx: Tx, answer: BookResponse) =>
          idempotency.save(
            trx,
            { key, businessId: body.businessId, requestHash: hash, statusCode: 201, body: answer },
            ctx.now(),
          );
        const moved = await moveVisitUp(ctx, offerToken, body, remember);
        if (moved) return moved;
        // An offer to a recent quote nearby books that quote at its price (domain/quote-offers.ts).
        const quoted = await bookQuoteOffer(ctx, offerToken, body, requesterOf(ctx, req.ip), remember);
        if (quoted) return quoted;
        await checkOffer(ctx, offerToken, body, ctx.now());
      }
      // The business, its service, questions, week and crews, kept a second (grid-sources.ts).
      const source = await sourceOf(ctx, body.businessId);
      const priced = await priceRequest(ctx, source, body, req.log);
      const { business, service, quote, located } = priced;
      // The customer's photos (docs/decisions/053): each token this business's, unclaimed, not lapsed;
      // one at least when the service requires it. Claimed with the booking, under the lock.
      const photoHashes = await checkRequestPhotos(ctx, business.id, service, body.photoTokens);
      // A plan: each visit costs the quote less the plan's discount. The first visit's deposit is paid
      // now, as any booking's; later visits carry one only when the business asks every visit (bookVisits).
      const offer = body.frequency ? offerFor(service, body.frequency) : null;
      const totalCents = offer ? visitPriceCents(quote.totalCents, offer.discount) : quote.totalCents;
      const lines =
        offer && body.frequency ? visitLines(quote.lines, body.frequency, offer, quote.totalCents) : quote.lines;
      const depositCents = offer ? await depositFor(ctx, business, service, totalCents) : priced.depositCents;
      // Price by route fit (docs/decisions/055): a one-off booking is priced again under the lock, on
      // the day of the crew it gets; a plan's visits keep the quote's price (each visit's day differs).
      const fitRule = offer ? null : routeFitRuleOf(business);
      /** The total booked, as decided under the lock (the lock's work may run again: set each time). */
      let bookedTotal = totalCents;
      // A deposit due: the booking holds its time unpaid until Stripe says it was paid (docs/decisions/021).
      const holdUntil = depositCents > 0 ? ctx.now() + PAYMENT_HOLD_MS : null;
      // The card is kept only with the customer's yes and a Stripe account to keep it on (docs/decisions/046).
      const saveCard = body.saveCard === true && (await ctx.repos.payments.account(business.id)) !== undefined;
      const crews = crewsFor(crewPlansOfSource(source), service.id);
      const span = checkCrewSlot(
        crews,
        business.time_zone,
        body.date,
        body.time,
        quote.durationMin,
        ctx.now(),
        bookingWindowOf(business),
        business.time_format,
      );
      const requester = requesterOf(ctx, req.ip);
      const holdHash = body.holdToken === undefined ? undefined : hashHoldToken(body.holdToken);
      // Confirmed at once when the owner chose so (the service's choice, else the business's); a
      // deposit still comes first: the booking is confirmed once it is paid (routes/webhooks.ts).
      const automatic = confirmsAutomatically(
        confirmationOf(business.auto_confirm),
        serviceConfirmationOf(service.auto_confirm),
      );

      const bookingId = randomUUID();
      const planId = randomUUID();
      const token = manageTokenFor(ctx.config.jwtSecret, bookingId);
      const now = ctx.now();
      // All but its crew, which is chosen under the lock (domain/new-booking.ts: the rest as any new booking).
      const row = newBookingRow(
        {
          id: bookingId,
          business_id: business.id,
          service_id: service.id,
          service_name: service.name,
          duration_min: quote.durationMin,
          first_name: body.firstName,
          last_name: body.lastName,
          customer_email: body.customerEmail,
          phone_number: body.phoneNumber,
          car_body_type: carBodyTypeOf(business, quote.answers),
          answers: quote.answers.length === 0 ? null : JSON.stringify(quote.answers),
          customer_address: body.address,
          customer_lat: located.lat,
          customer_lng: located.lng,
          miles: quote.miles,
          total_cents: totalCents,
          quote_lines: JSON.stringify(lines),
          status: holdUntil !== null ? 'awaiting_payment' : automatic ? 'approved' : 'pending',
          ...span,
          requester,
          deposit_cents: depositCents,
          hold_until: holdUntil,
          plan_id: offer ? planId : null,
          plan_day: offer ? body.date : null,
          // The widget's unticked box (docs/decisions/027): texts only with the customer's yes.
          text_consent: body.textConsent === true ? 1 : 0,
          save_card: saveCard ? 1 : 0,
        },
        now,
      );
      // An unpaid booking is not news yet: its mails go when it is paid (routes/webhooks.ts). A
      // one-off booking's mails depend on nothing the lock decides but the crew they name, which
      // queueForParties adds: composed here, outside the lock, the owner's notice too, for the
      // owner the grid source names (docs/decisions/028). A plan's list the visits booked under it.
      const mailed = holdUntil === null;
      const composed =
        mailed && !offer
          ? withNoticeFor(await newBookingMails(ctx, ctx.db, row, business, token, now), source.ownerEmail)
          : null;
      let outcome: { replayed: StoredAnswer } | { created: BookResponse };
      try {
        outcome = await withBusinessLock<typeof outcome>(
          ctx.store,
          business.id,
          async (trx) => {
            // One round trip (the writer's connection sends them together: db/database.ts onWriter).
            // A concurrent retry with this key may have committed while we priced the request: its
            // answer beats any refusal, but a read that failed is never hidden behind it.
            const [stored, pendingAllowed, assigned, client] = await Promise.allSettled([
              idempotency.find(key, now, trx),
              assertPendingAllowed(ctx, trx, business, { email: body.customerEmail, requester }, now),
              // Other customers' live holds are in the way; the customer's own is not (docs/decisions/035).
              assignCrew(ctx, trx, business, {
                day: body.date,
                span: intervalOf(span),
                location: located,
                crews,
                holds: { now, exceptTokenHash: holdHash },
              }),
              // The customer's client record, found or made (docs/decisions/037); rolled back with a refusal.
              // Its writes go out with the booking's (linkContactSent): one round trip under the lock.
              ctx.repos.clients.linkContactSent(trx, business.id, contactOf(row), clientSourceOf(req, ctx), now),
            ]);
            for (const r of [stored, pendingAllowed, assigned, client])
              if (r.status === 'rejected' && !(r.reason instanceof AppError)) throw r.reason;
            const replayed = settledValue(stored);
            if (replayed) {
              // The client's writes went out with the reads: kept with the stored answer, as before.
              if (client.status === 'fulfilled') await client.value.writes;
              return { replayed };
            }
            // The offer read again under the lock: a second acceptor finds it withdrawn (OFFER_TAKEN).
            const waitOffer = offerToken === undefined ? null : await checkOffer(ctx, offerToken, body, now, trx);
            settledValue(pendingAllowed);
            const crew = settledValue(assigned);
            const fitted = fitRule
              ? withRouteFit(
                  quote,
                  fitOf(
                    fitRule,
                    located,
                    intervalOf(span),
                    jobsOfCrew(await calendar.dayJobs(trx, business.id, body.date), crew.id),
                    crew.home,
                  ),
                )
              : quote;
            // Re-priced: its lines, and a deposit of a share of the total, follow the new total.
            const repriced = fitted !== quote;
            bookedTotal = repriced ? fitted.totalCents : totalCents;
            // The price shown is the price booked: a route changed meanwhile is said, and nothing is booked.
            if (body.shownTotal !== undefined && Math.round(body.shownTotal * 100) !== bookedTotal)
              throw new AppError(
                'PRICE_CHANGED',
                `The price of this time is now ${formatUsd(toDollars(bookedTotal))}, not ${formatUsd(body.shownTotal)}: the crew's day changed since you chose it. Check the new price and confirm again.`,
              );
            const bookedDeposit =
              repriced && depositCents > 0 ? await depositFor(ctx, business, service, bookedTotal, trx) : depositCents;
            const linked = settledValue(client);
            const booked: BookingRow = {
              ...row,
              ...(repriced
                ? {
                    total_cents: bookedTotal,
                    quote_lines: JSON.stringify(fitted.lines),
                    deposit_cents: bookedDeposit,
                  }
                : {}),
              crew_id: crew.id,
              client_id: linked.id,
            };
            // The thing served its answers describe (a vehicle, a pool), when the trade names one.
            await ctx.repos.clientThings.noteFromBooking(
              trx,
              business.id,
              booked.client_id as string,
              business.niche,
              quote.answers,
              now,
            );
            let plan: PlanRow | null = null;
            if (offer && body.frequency) {
              const through = aheadDay(business.time_zone, now);
              plan = {
                id: planId,
                business_id: business.id,
                crew_id: crew.id,
                service_id: service.id,
                service_name: service.name,
                duration_min: row.duration_min,
                frequency: body.frequency,
                rrule: rruleOf(body.frequency, body.date),
                start_day: body.date,
                start_time: body.time,
                earlier_rules: '[]',
                first_name: row.first_name,
                last_name: row.last_name,
                customer_email: row.customer_email,
                phone_number: row.phone_number,
                car_body_type: row.car_body_type,
                answers: row.answers,
                customer_address: row.customer_address,
                customer_lat: row.customer_lat,
                customer_lng: row.customer_lng,
                miles: row.miles,
                price_cents: totalCents,
                quote_lines: row.quote_lines,
                discount_kind: offer.discount?.kind ?? null,
                discount_value:
                  offer.discount === null
                    ? null
                    : offer.discount.kind === 'percent'
                      ? offer.discount.percent
                      : offer.discount.cents,
                status: 'active',
                // A plan confirmed automatically is approved as the owner's Approve would: its visits too.
                approved_at: automatic && holdUntil === null ? now : null,
                booked_through: through > body.date ? through : body.date,
                requester,
                anonymised_at: null,
                created_at: now,
                updated_at: now,
                text_consent: row.text_consent,
                client_id: booked.client_id,
              };
              await ctx.repos.plans.insert(trx, plan);
            }
            // The writes, sent together unless a plan's visits must see the booking first. The
            // manage token's row refers to the booking's, so it is sent after it.
            const writes: Promise<unknown>[] = [linked.writes, calendar.insertBooking(trx, booked)];
            // The plan's next visits, through the weeks booked ahead (jobs/plan-visits.ts books on from there).
            const visits = plan
              ? [
                  booked,
                  ...(await Promise.all(writes).then(() =>
                    bookVisits(ctx, trx, business, plan, addDays(body.date, 1), plan.booked_through, now),
                  )),
                ]
              : [];
            const messages = mailed
              ? ((repriced ? null : composed) ?? (await newBookingMails(ctx, trx, booked, business, token, now)))
              : null;
            writes.push(manageTokens.save(trx, bookingId, hashManageToken(token), now));
            // The offer taken with the booking: its entry filled, the time's other offers withdrawn.
            if (waitOffer) writes.push(Promise.all(writes).then(() => fillOffer(trx, waitOffer, bookingId, now)));
            writes.push(ctx.repos.photos.claim(trx, business.id, bookingId, photoHashes, now - CLAIM_MS));
            // The booking ends the customer's hold: its time is now the booking's.
            if (holdHash !== undefined) writes.push(ctx.repos.slotHolds.release(trx, holdHash));
            const created: BookResponse = {
              bookingId,
              status: booked.status as BookResponse['status'],
              totalQuote: toDollars(bookedTotal),
              bookingTime: shownTime(booked, business.time_zone),
              calendarEvent: {
                uid: bookingUid(bookingId, ctx.config.publicUrl),
                startsAt: new Date(booked.start_ms).toISOString(),
                endsAt: new Date(booked.end_ms).toISOString(),
                ...(plan
                  ? {
                      series: {
                        uid: planUid(plan.id, ctx.config.publicUrl),
                        rrule: plan.rrule,
                        timeZone: business.time_zone,
                        vtimezone: vtimezone(business.time_zone, booked.start_ms),
                      },
                    }
                  : {}),
              },
              ...(holdUntil === null
                ? {}
                : {
                    payment: {
                      dueNow: toDollars(bookedDeposit),
                      dueLater: toDollars((repriced ? bookedTotal : quote.totalCents) - bookedDeposit),
                      holdUntil: new Date(holdUntil).toISOString(),
                    },
                  }),
              ...(saveCard && holdUntil === null ? { cardSetup: true as const } : {}),
              ...(plan
                ? {
                    plan: {
                      planId: plan.id,
                      label: planLabel(plan),
                      perVisit: toDollars(plan.price_cents),
                      visits: visits.map((v) => ({ date: v.day, status: v.status as BookingStatus })),
                    },
                  }
                : {}),
            };
            writes.push(
              idempotency.save(
                trx,
                { key, businessId: business.id, requestHash: hash, statusCode: 201, body: created },
                now,
              ),
            );
            const parties = {
              businessId: business.id,
              owner: source.ownerEmail,
              crew: business.crew_in_mails === 1 ? crew.name : null,
              texts: booked.text_consent === 1 || business.owner_texts === 1,
              pushes: source.pushes,
            };
            if (messages) writes.push(queueForParties(ctx, trx, parties, messages, now));
            // Each write is one statement, sent now, so the next booking's reads may go out behind
            // them before they answer (AfterWrites: one round trip a booking on PostgreSQL), unless
            // texts or pushes are queued, which read first (domain/booking-texts.ts, domain/push.ts).
            if (messages && (parties.texts || parties.pushes)) {
              await Promise.all(writes);
              return { created };
            }
            return new AfterWrites(Promise.all(writes), { created });
          },
          { rerunnable: true },
        );
      } catch (err) {
        // Someone booked the offered time from the widget first: for the offer's customer, taken.
        if (
          offerToken !== undefined &&
          (isOverlapViolation(err) || (err instanceof AppError && err.code === 'SLOT_TAKEN'))
        )
          throw new AppError('OFFER_TAKEN', OFFER_TAKEN_TEXT);
        if (isOverlapViolation(err)) throw new AppError('SLOT_TAKEN', SLOT_TAKEN);
        // The same key committed for another business at the same moment (keys are global).
        if (isUniqueViolation(err)) {
          const stored = await idempotency.find(key, ctx.now());
          if (stored) return replay(reply, stored, hash, BOOKING_KEY);
        }
        throw err;
      }
      if ('replayed' in outcome) return replay(reply, outcome.replayed, hash, BOOKING_KEY);
      ctx.metrics.bookingsCreated.inc();
      ctx.mail.kick();
      // After commit, outside the lock, never failing the booking (docs/decisions/029).
      await recordDemand(ctx, req.log, business, {
        outcome: 'booked',
        address: body.address,
        located,
        valueCents: bookedTotal,
      });
      if (Math.random() < 0.01) void idempotency.sweep(ctx.now()).catch(() => {});
      return outcome.created;
    },
  };
}
