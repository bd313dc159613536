/**
 * POST /api/customer/beacon (docs/decisions/029): the booking form's funnel events, sent by the widget
 * with navigator.sendBeacon. A string body goes as text/plain, a CORS-safelisted type, so the owner's
 * site makes no preflight; this route alone reads text/plain as JSON (application/json is read as
 * everywhere). The steps and full taps are added to the business's counters of today in its zone;
 * nothing about the visitor is stored, not even the address it came from (the rate limit counts
 * addresses in memory or Redis for its window only).
 */
import { todayIn } from '@slotwise/shared/time-zone';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { beaconRows, beaconSource } from '../../domain/insights.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import { AppError } from '../../errors.ts';
import { readBodiesOf } from '../../plugins/body-limit.ts';
import type { Handlers } from '../register.ts';

/** 20 events (shared/src/insights.ts BEACON_EVENTS_MAX) are about 1.5 KB; anything near this is not a beacon. */
const BEACON_BODY_LIMIT = 16 * 1024;

const NOT_JSON =
  'The beacon body is not valid JSON: send {"businessId", "source", "events"} as JSON, with Content-Type text/plain or application/json.';

/** The beacon's own encapsulated context (routes/register.ts `scope`): text/plain bodies read as JSON (plugins/body-limit.ts). */
function textPlainJson(app: FastifyInstance): void {
  readBodiesOf(app, 'text/plain', BEACON_BODY_LIMIT, (_req, body, done) => {
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(new AppError('INVALID_BODY', NOT_JSON), undefined);
    }
  });
}

export function beaconHandlers(ctx: AppContext): Handlers<'customer', 'beacon'> {
  return {
    beacon: {
      scope: textPlainJson,
      handler: async (req) => {
        const { businessId, events } = req.body;
        const business = await loadBusiness(ctx, businessId);
        // The site is the request's own Origin, never what the page says (docs/decisions/029).
        const { source, site } = beaconSource(req.body.source, req.headers.origin, ctx.config.publicUrl);
        const day = todayIn(business.time_zone, ctx.now());
        const { steps, taps, counted } = beaconRows(business.id, day, source, site, events);
        await ctx.repos.insights.countBeacon(steps, taps);
        return { counted };
      },
    },
  };
}
