/**
 * Owner settings beyond the spec (travel, service area, change cut-off) and the
 * private calendar feed: its URL in Settings, its revocation, and the feed itself.
 */
import { CalendarFeed, OperationsSettings } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { feedTokenFor, feedTokenMatches } from '../../domain/feed-token.ts';
import { buildIcs, type IcsEvent } from '../../domain/ics.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { rateLimit } from '../../plugins/rate-limits.ts';
import type { Business } from '../../repositories/businesses.ts';

export function toOperationsJson(b: Business): OperationsSettings {
  return {
    travel: { enabled: b.travel_enabled === 1, speedMph: b.travel_speed_mph, bufferMinutes: b.travel_buffer_min },
    maxDistanceMiles: b.max_distance_miles,
    changeCutoffHours: b.change_cutoff_hours as OperationsSettings['changeCutoffHours'],
  };
}

const FeedQuery = z.object({
  businessId: z.string().uuid('This calendar link is not valid.'),
  token: z.string().min(1, 'This calendar link is not valid.').max(100),
});

/** Events a little in the past and well into the future: what a calendar app shows. */
const FEED_PAST_MS = 31 * 24 * 3600 * 1000;

export async function operationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const feedUrl = (b: Business) =>
    `${ctx.config.publicUrl}/api/calendar/feed.ics?businessId=${b.id}&token=${feedTokenFor(ctx.config.jwtSecret, b.id, b.ics_version)}`;

  await app.register(async (owner) => {
    owner.addHook('onRequest', ownerGuard(ctx));
    const business = async (id: string) => {
      const b = await ctx.repos.businesses.findById(id);
      if (!b) throw new HttpError(404, 'Business not found.');
      return b;
    };

    owner.get('/api/business-dashboard/settings/operations', async (req) =>
      toOperationsJson(await business(req.owner.businessId)),
    );

    owner.put('/api/business-dashboard/settings/operations', { schema: { body: OperationsSettings } }, async (req) => {
      const s = req.body as OperationsSettings;
      const b = await ctx.repos.businesses.update(req.owner.businessId, {
        travel_enabled: s.travel.enabled ? 1 : 0,
        travel_speed_mph: s.travel.speedMph,
        travel_buffer_min: s.travel.bufferMinutes,
        max_distance_miles: s.maxDistanceMiles,
        change_cutoff_hours: s.changeCutoffHours,
      });
      return toOperationsJson(b);
    });

    owner.get('/api/business-dashboard/settings/calendar-feed', async (req) => ({
      url: feedUrl(await business(req.owner.businessId)),
    }));

    owner.post('/api/business-dashboard/settings/calendar-feed/revoke', async (req) => {
      const b = await ctx.repos.businesses.update(req.owner.businessId, {
        ics_version: (await business(req.owner.businessId)).ics_version + 1,
      });
      return CalendarFeed.parse({ url: feedUrl(b) });
    });
  });

  // Calendar apps fetch this without our session; the token in the URL is the credential.
  app.get(
    '/api/calendar/feed.ics',
    { schema: { querystring: FeedQuery }, config: { rateLimit: rateLimit(ctx, 'publicRead') } },
    async (req, reply) => {
      const { businessId, token } = req.query as z.infer<typeof FeedQuery>;
      const b = await ctx.repos.businesses.findById(businessId);
      if (!b || !feedTokenMatches(ctx.config.jwtSecret, b.id, b.ics_version, token))
        throw new HttpError(
          404,
          'This calendar link is not valid or was revoked. Copy the current link from Settings.',
        );
      const now = ctx.now();
      const since = now - FEED_PAST_MS;
      const bookings = await ctx.db
        .selectFrom('bookings')
        .selectAll()
        .where('business_id', '=', b.id)
        .where('status', 'in', ['pending', 'approved'])
        .where('end_ms', '>=', since)
        .orderBy('start_ms')
        .execute();
      const blocks = await ctx.db
        .selectFrom('blocked_times')
        .selectAll()
        .where('business_id', '=', b.id)
        .where('end_ms', '>=', since)
        .orderBy('start_ms')
        .execute();
      const host = new URL(ctx.config.publicUrl).host;
      const events: IcsEvent[] = [
        ...bookings.map((k) => ({
          uid: `booking-${k.id}@${host}`,
          startMs: k.start_ms,
          endMs: k.end_ms,
          summary: `${k.service_name}: ${k.first_name} ${k.last_name}${k.status === 'pending' ? ' (pending)' : ''}`,
          description: [
            `Customer: ${k.first_name} ${k.last_name}`,
            `Email: ${k.customer_email}`,
            `Phone: ${k.phone_number}`,
            k.car_body_type ? `Answer: ${k.car_body_type}` : null,
            `Total: $${(k.total_cents / 100).toFixed(2)}`,
          ]
            .filter(Boolean)
            .join('\n'),
          location: k.customer_address,
          status: k.status === 'approved' ? ('CONFIRMED' as const) : ('TENTATIVE' as const),
          updatedMs: k.updated_at,
        })),
        ...blocks.map((k) => ({
          uid: `blocked-${k.id}@${host}`,
          startMs: k.start_ms,
          endMs: k.end_ms,
          summary: k.title,
          status: 'CONFIRMED' as const,
          updatedMs: k.created_at,
        })),
      ];
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="${b.id}.ics"`)
        .send(buildIcs(b.name ? `${b.name} bookings` : 'Bookings', events, now));
    },
  );
}
