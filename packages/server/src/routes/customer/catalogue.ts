/**
 * What the widget reads before booking (docs/product.md#the-booking-widget): the
 * business and its services, the free slots of a day, the days of a month, and an instant quote.
 * No login; any website may call them (plugins/cors.ts).
 */

import type { AvailableDaysQuery, SlotsQuery } from '@slotwise/shared/api';
import { changeLocked } from '@slotwise/shared/change-cutoff';
import { confirmationOf } from '@slotwise/shared/confirmation';
import { crewsFor, unionOfGrids } from '@slotwise/shared/crews';
import { SLOT_MINUTES } from '@slotwise/shared/domain';
import type { LatLng } from '@slotwise/shared/geo';
import { toDollars } from '@slotwise/shared/money';
import { todayIn } from '@slotwise/shared/time-zone';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { crewGrids, crewsOpening, daysToRead, monthDays } from '../../domain/available-days.ts';
import { lastBookableDay } from '../../domain/booking-window.ts';
import { brandingOf } from '../../domain/branding.ts';
import { privacyUrlOf } from '../../domain/customer-data.ts';
import { crewPlansOfSource, monthContextOf } from '../../domain/grid-source.ts';
import { recordDemand } from '../../domain/insights.ts';
import { loadBusiness, serviceNotFound } from '../../domain/lookup.ts';
import { assertChangeAllowed, bookingForToken, LINK_NOT_VALID } from '../../domain/manage-link.ts';
import { assertInServiceArea, locate, locationOf } from '../../domain/places.ts';
import { quotePlans } from '../../domain/plans.ts';
import { chargedPerMileCents, priceOrRefuse, toQuoteJson } from '../../domain/pricing.ts';
import { routeFitRuleOf, slotSavings } from '../../domain/route-fit.ts';
import { AppError } from '../../errors.ts';
import type { CrewInterval, CrewJob } from '../../repositories/calendar.ts';
import { questionsOf, toQuestionJson } from '../../repositories/pricing.ts';
import { toServiceJson } from '../../repositories/services.ts';
import type { Handlers } from '../register.ts';
import { sourceOf } from './grid-sources.ts';
import { availableDaysKey, SlotsCache, slotsKey } from './slots-cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function catalogueHandlers(
  ctx: AppContext,
): Handlers<'customer', 'business' | 'slots' | 'availableDays' | 'quote'> {
  const slotsCache = new SlotsCache(ctx.store.changes, ctx.now);
  /** The key preParsing found no kept answer for, by request: validation replaces req.query with its output. */
  const missed = new WeakMap<object, string>();

  /**
   * A kept call's preParsing hook: sends the answer kept for the key of its query as sent (and
   * answers true), before the query is validated: only answers to valid queries are ever kept.
   * preParsing runs after every onRequest hook, so the rate limit still counts the call. With none
   * kept, the key is noted for the answer computed.
   */
  function sentKept(key: string | undefined, req: FastifyRequest, reply: FastifyReply): boolean {
    if (key === undefined) return false;
    const kept = slotsCache.get(key);
    if (kept === undefined) {
      missed.set(req, key);
      return false;
    }
    reply.type(JSON_TYPE).send(kept);
    return true;
  }

  /** Sends the computed answer as the JSON text the cache keeps; a query with no key (a manage link's) is never kept. */
  async function answer(req: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    reply.type(JSON_TYPE);
    const key = missed.get(req);
    if (key === undefined) return reply.send(JSON.stringify(await compute()));
    return reply.send(await slotsCache.compute(key, compute));
  }

  /** The day's grid with each slot's availability, for a service, a manage link's booking, or the bare grid. */
  async function freeSlots(
    { businessId, date, serviceId, token, address, extraMinutes = 0 }: z.output<typeof SlotsQuery>,
    log: FastifyBaseLogger,
  ) {
    const source = await sourceOf(ctx, businessId);
    const context = monthContextOf(source, serviceId);
    let durationMin: number = SLOT_MINUTES;
    let ignoreBookingId: string | undefined;
    let where: LatLng | null = null;
    let jobService: string | null | undefined = serviceId;
    if (token) {
      const booking = await bookingForToken(ctx, token);
      if (booking.business_id !== businessId) throw new AppError('LINK_INVALID', LINK_NOT_VALID);
      if (changeLocked(booking.start_ms, context.changeCutoffHours, ctx.now()))
        await assertChangeAllowed(ctx, booking, await loadBusiness(ctx, businessId));
      durationMin = booking.duration_min;
      // The booking being moved must not block itself: it may move within its own time.
      ignoreBookingId = booking.id;
      where = locationOf(booking);
      jobService = booking.service_id;
    } else if (serviceId) {
      if (context.serviceDurationMin === null) throw serviceNotFound();
      // The answers and add-ons lengthen the job (quoteMinutes); the booking call counts them again.
      durationMin = context.serviceDurationMin + extraMinutes;
    }
    const { timeZone, travel, window } = context;
    // The crews that may do the job, each on its own hours (the business's when it has none).
    const crews = crewsFor(crewPlansOfSource(source), jobService);
    const now = ctx.now();
    const open = crewsOpening(date, crews, timeZone);
    // Past the booking horizon nothing is offered (customerGrid), so nothing needs reading.
    const reads = open !== null && date <= lastBookableDay(window, timeZone, now);
    // Price by route fit (docs/decisions/055): a new customer's slots, for an owner who shares a nearby saving.
    const rule = !token && serviceId ? routeFitRuleOf(source.business) : null;
    // Geocoding costs a lookup: only for an owner who travels or prices by route fit, on a day that is open.
    if ((travel || rule) && reads && !token && address) where = await locate(ctx, address, log);
    const drives = travel && reads && where !== null;
    const fits = rule !== null && reads && where !== null;
    const [busy, jobs] = reads
      ? await Promise.all([
          // Customers' live holds are taken times to every other customer (docs/decisions/035).
          ctx.repos.calendar.busy(ctx.db, businessId, open, { ignoreBookingId, holds: { now } }),
          drives || fits ? ctx.repos.calendar.dayJobs(ctx.db, businessId, date, { ignoreBookingId }) : [],
        ])
      : [[], []];
    const base = { day: date, timeZone, durationMin, window, now };
    const grids = crewGrids(base, crews, busy, drives && where ? { where, travel, jobs } : null);
    const slots = grids.length === 0 ? [] : unionOfGrids(grids);
    // Each free slot's saving on the day of the crew it would go to; only slots that save say so.
    const savings =
      fits && rule && where ? slotSavings(slots, crews, grids, jobs, where, travel, rule) : new Map<number, number>();
    return {
      slots: slots.map(({ time, available, startMs }) => {
        const saving = savings.get(startMs);
        return saving === undefined ? { time, available } : { time, available, saving: toDollars(saving) };
      }),
    };
  }

  /** Each day of the month with its status, from one read of the month's calendar (domain/available-days.ts). */
  async function availableDays(
    { businessId, month, serviceId, address, extraMinutes = 0, token }: z.output<typeof AvailableDaysQuery>,
    log: FastifyBaseLogger,
  ) {
    const source = await sourceOf(ctx, businessId);
    const context = monthContextOf(source, serviceId);
    let durationMin: number = SLOT_MINUTES;
    let ignoreBookingId: string | undefined;
    let where: LatLng | null = null;
    let jobService: string | null | undefined = serviceId;
    if (token) {
      // The reschedule page's month, as its day's slots (freeSlots): the booking never blocks itself.
      const booking = await bookingForToken(ctx, token);
      if (booking.business_id !== businessId) throw new AppError('LINK_INVALID', LINK_NOT_VALID);
      durationMin = booking.duration_min;
      ignoreBookingId = booking.id;
      where = locationOf(booking);
      jobService = booking.service_id;
    } else if (serviceId) {
      if (context.serviceDurationMin === null) throw serviceNotFound();
      durationMin = context.serviceDurationMin + extraMinutes;
    }
    const { timeZone, travel, window, home } = context;
    const now = ctx.now();
    const crews = crewsFor(crewPlansOfSource(source), jobService);
    const input = { month, context, crews, durationMin, now };
    // The place matters only to an owner who travels or serves an area: only then is it looked up.
    if (!token && address && (travel || context.maxDistanceMiles !== null)) {
      where = await locate(ctx, address, log);
      assertInServiceArea(
        { lat: home?.lat ?? null, lng: home?.lng ?? null, max_distance_miles: context.maxDistanceMiles },
        where,
      );
    }
    const read = daysToRead(input);
    const first = read[0];
    const last = read.at(-1);
    let busy: CrewInterval[] = [];
    let jobs: (CrewJob & { day: string })[] = [];
    if (first && last) {
      const span = {
        startMs: crewsOpening(first, crews, timeZone)!.startMs,
        endMs: crewsOpening(last, crews, timeZone)!.endMs,
      };
      [busy, jobs] = await Promise.all([
        ctx.repos.calendar.busy(ctx.db, businessId, span, { ignoreBookingId, holds: { now } }),
        travel && where
          ? ctx.repos.calendar
              .jobsBetween(businessId, first, last)
              .then((all) => all.filter((j) => j.id !== ignoreBookingId))
          : [],
      ]);
    }
    return {
      month,
      today: todayIn(timeZone, now),
      lastDay: lastBookableDay(window, timeZone, now),
      days: monthDays(input, busy, travel && where ? { where, jobs } : null),
    };
  }

  return {
    business: async (req) => {
      const { business: b, services } = await sourceOf(ctx, req.params.businessId);
      const [logo, stripe] = await Promise.all([ctx.repos.logos.find(b.id), ctx.repos.payments.account(b.id)]);
      return {
        businessId: b.id,
        name: b.name ?? '',
        niche: b.niche,
        timeZone: b.time_zone,
        timeFormat: b.time_format,
        // Each says whether its booking is confirmed at once: the words the widget shows (shared/src/confirmation.ts).
        services: services.map((s) => toServiceJson(s, confirmationOf(b.auto_confirm))),
        questions: questionsOf(b).map(toQuestionJson),
        distancePricing: chargedPerMileCents(b) > 0,
        privacyUrl: privacyUrlOf(ctx.config.publicUrl, b),
        branding: brandingOf(b, logo, ctx.config.publicUrl),
        savesCards: stripe !== undefined,
      };
    },

    slots: {
      preParsing: (req, reply, payload, done) => {
        if (!sentKept(slotsKey(req.query), req, reply)) done(null, payload);
      },
      handler: async (req, reply) => {
        const query = req.query;
        if (query.serviceId && query.token)
          throw new AppError('VALIDATION_FAILED', 'Send either serviceId or token, not both.');
        return answer(req, reply, () => freeSlots(query, req.log));
      },
    },

    availableDays: {
      preParsing: (req, reply, payload, done) => {
        if (!sentKept(availableDaysKey(req.query), req, reply)) done(null, payload);
      },
      handler: (req, reply) => answer(req, reply, () => availableDays(req.query, req.log)),
    },

    quote: async (req) => {
      const priced = await priceOrRefuse(ctx, await sourceOf(ctx, req.body.businessId), req.body, req.log);
      const { business, located } = priced;
      const demand = { address: req.body.address, located };
      if (priced.refused) {
        // Demand the service area turned away, at the price it would have had (docs/decisions/029); then the same refusal.
        if (priced.quote)
          await recordDemand(ctx, req.log, business, {
            ...demand,
            outcome: 'outside_area',
            valueCents: priced.quote.totalCents,
          });
        throw priced.refused;
      }
      const totalCents = priced.quote.totalCents;
      const answer = toQuoteJson(priced, await quotePlans(ctx, business, priced.service, totalCents));
      await recordDemand(ctx, req.log, business, { ...demand, outcome: 'quoted', valueCents: totalCents });
      return answer;
    },
  };
}
