/**
 * What the widget reads before booking (docs/product.md#the-booking-widget): the
 * business and its services, the free slots of a day, and an instant quote.
 * No login; any website may call them (plugins/cors.ts).
 */
import type { SlotsQuery } from '@slotwise/shared/api';
import { changeLocked } from '@slotwise/shared/change-cutoff';
import { SLOT_MINUTES } from '@slotwise/shared/domain';
import type { LatLng } from '@slotwise/shared/geo';
import { detailedSlots, openingInterval, weekdayOf } from '@slotwise/shared/slots';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { earliestStart, lastBookableDay } from '../../domain/booking-window.ts';
import { privacyUrlOf } from '../../domain/customer-data.ts';
import { businessNotFound, loadBusiness, serviceNotFound } from '../../domain/lookup.ts';
import { assertChangeAllowed, bookingForToken, LINK_NOT_VALID } from '../../domain/manage-link.ts';
import { locate, locationOf } from '../../domain/places.ts';
import { chargedPerMileCents, priceRequest, toQuoteJson } from '../../domain/pricing.ts';
import { withTravel } from '../../domain/travel.ts';
import { AppError } from '../../errors.ts';
import { toQuestionJson } from '../../repositories/pricing.ts';
import { toServiceJson } from '../../repositories/services.ts';
import type { Handlers } from '../register.ts';
import { SlotsCache, slotsKey } from './slots-cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function catalogueHandlers(ctx: AppContext): Handlers<'customer', 'business' | 'slots' | 'quote'> {
  const slotsCache = new SlotsCache(ctx.store.changes, ctx.now);
  /** The key preParsing found no kept answer for, by request: validation replaces req.query with its output. */
  const missed = new WeakMap<object, string>();

  /** The day's grid with each slot's availability, for a service, a manage link's booking, or the bare grid. */
  async function freeSlots(
    { businessId, date, serviceId, token, address }: z.output<typeof SlotsQuery>,
    log: FastifyBaseLogger,
  ) {
    const context = await ctx.repos.calendar.slotContext(businessId, weekdayOf(date), serviceId);
    if (!context) throw businessNotFound(businessId);
    let durationMin: number = SLOT_MINUTES;
    let ignoreBookingId: string | undefined;
    let where: LatLng | null = null;
    if (token) {
      const booking = await bookingForToken(ctx, token);
      if (booking.business_id !== businessId) throw new AppError('LINK_INVALID', LINK_NOT_VALID);
      if (changeLocked(booking.start_ms, context.changeCutoffHours, ctx.now()))
        await assertChangeAllowed(ctx, booking, await loadBusiness(ctx, businessId));
      durationMin = booking.duration_min;
      // The booking being moved must not block itself: it may move within its own time.
      ignoreBookingId = booking.id;
      where = locationOf(booking);
    } else if (serviceId) {
      if (context.serviceDurationMin === null) throw serviceNotFound();
      durationMin = context.serviceDurationMin;
    }
    const { hours, timeZone, travel, window } = context;
    const now = ctx.now();
    // Past the booking horizon nothing is offered; inside the notice, nothing is either.
    if (date > lastBookableDay(window, timeZone, now))
      return {
        slots: detailedSlots({ day: date, hours, timeZone, durationMin, busy: [], now }).map(({ time }) => ({
          time,
          available: false,
        })),
      };
    const open = openingInterval(date, hours, timeZone);
    // Geocoding costs a lookup: only for an owner who travels, on a day that is open.
    if (travel && open && !token && address) where = await locate(ctx, address, log);
    const busy = open ? await ctx.repos.calendar.busy(ctx.db, businessId, open, { ignoreBookingId }) : [];
    const grid = detailedSlots({ day: date, hours, timeZone, durationMin, busy, now: earliestStart(window, now) });
    const slots =
      travel && open && where && grid.some((s) => s.available)
        ? withTravel(grid, where, {
            day: date,
            hours,
            timeZone,
            home: context.home,
            travel,
            jobs: await ctx.repos.calendar.dayJobs(ctx.db, businessId, date, { ignoreBookingId }),
          })
        : grid;
    return { slots: slots.map(({ time, available }) => ({ time, available })) };
  }

  return {
    business: async (req) => {
      const b = await loadBusiness(ctx, req.params.businessId);
      const [services, question] = await Promise.all([ctx.repos.services.list(b.id), ctx.repos.pricing.questionOf(b)]);
      return {
        businessId: b.id,
        name: b.name ?? '',
        niche: b.niche,
        timeZone: b.time_zone,
        timeFormat: b.time_format,
        services: services.map(toServiceJson),
        specificQuestion: question ? toQuestionJson(question) : null,
        distancePricing: chargedPerMileCents(b) > 0,
        privacyUrl: privacyUrlOf(ctx.config.publicUrl, b),
      };
    },

    slots: {
      // A kept answer is found by the query as sent (slotsKey), before it is validated:
      // only answers to valid queries are ever kept. preParsing runs after every
      // onRequest hook, so the rate limit still counts the call.
      preParsing: (req, reply, payload, done) => {
        const key = slotsKey(req.query as Record<string, unknown>);
        if (key === undefined) return done(null, payload);
        const kept = slotsCache.get(key);
        if (kept === undefined) {
          missed.set(req, key);
          return done(null, payload);
        }
        reply.type(JSON_TYPE).send(kept);
      },
      handler: async (req, reply) => {
        const query = req.query;
        if (query.serviceId && query.token)
          throw new AppError('VALIDATION_FAILED', 'Send either serviceId or token, not both.');
        // The answer is sent as the JSON text the cache keeps.
        reply.type(JSON_TYPE);
        // A manage link's answer depends on its booking; those are rare and never kept (no key).
        const key = missed.get(req);
        if (key === undefined) return reply.send(JSON.stringify(await freeSlots(query, req.log)));
        return reply.send(await slotsCache.compute(key, () => freeSlots(query, req.log)));
      },
    },

    quote: async (req) => toQuoteJson(await priceRequest(ctx, req.body, req.log)),
  };
}
