/**
 * Owner settings beyond the first version (travel, service area, change cut-off:
 * docs/decisions/008) and the private calendar feed: its URL in Settings, its
 * revocation, and the feed itself (docs/product.md#calendar-feed), which is also each crew
 * member's own feed of their crew's jobs (docs/decisions/024).
 */

import type { OperationsSettings } from '@slotwise/shared/api';
import { blockedUid, bookingUid, buildIcs, type IcsEvent } from '@slotwise/shared/ics';
import { formatUsd, toCents, toDollars } from '@slotwise/shared/money';
import { formatPhone } from '@slotwise/shared/phone';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bookingAnswersLine } from '../../domain/booking-answers.ts';
import { crewFeedTokenMatches, feedTokenFor, feedTokenMatches } from '../../domain/feed-token.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';

function toOperationsJson(b: Business): OperationsSettings {
  return {
    travel: { enabled: b.travel_enabled === 1, speedMph: b.travel_speed_mph, bufferMinutes: b.travel_buffer_min },
    maxDistanceMiles: b.max_distance_miles,
    changeCutoffHours: b.change_cutoff_hours as OperationsSettings['changeCutoffHours'],
    horizonDays: b.booking_horizon_days,
    minNoticeHours: b.min_notice_minutes / 60,
    vehicleCostPerMile: toDollars(b.vehicle_cost_per_mile_cents),
  };
}

/** Events a little in the past and well into the future: what a calendar app shows. */
const FEED_PAST_MS = 31 * 24 * 3600 * 1000;

export function operationsHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'operations' | 'updateOperations' | 'calendarFeed' | 'revokeCalendarFeed'> {
  const feedUrl = (b: Business) =>
    `${ctx.config.publicUrl}/api/calendar/feed.ics?businessId=${b.id}&token=${feedTokenFor(ctx.config.jwtSecret, b.id, b.ics_version)}`;
  return {
    operations: async (req) => toOperationsJson(req.owner.business),

    updateOperations: async (req) => {
      const s = req.body;
      const b = await ctx.repos.businesses.update(req.owner.business.id, {
        travel_enabled: s.travel.enabled ? 1 : 0,
        travel_speed_mph: s.travel.speedMph,
        travel_buffer_min: s.travel.bufferMinutes,
        max_distance_miles: s.maxDistanceMiles,
        // Left out (an older client), they stay as they are.
        ...(s.horizonDays === undefined ? {} : { booking_horizon_days: s.horizonDays }),
        ...(s.minNoticeHours === undefined ? {} : { min_notice_minutes: Math.round(s.minNoticeHours * 60) }),
        ...(s.vehicleCostPerMile === undefined ? {} : { vehicle_cost_per_mile_cents: toCents(s.vehicleCostPerMile) }),
        change_cutoff_hours: s.changeCutoffHours,
      });
      return toOperationsJson(b);
    },

    calendarFeed: async (req) => ({ url: feedUrl(req.owner.business) }),

    revokeCalendarFeed: async (req) => {
      const b = req.owner.business;
      return { url: feedUrl(await ctx.repos.businesses.update(b.id, { ics_version: b.ics_version + 1 })) };
    },
  };
}

const feedLinkInvalid = (where: string) =>
  new AppError(
    'FEED_LINK_INVALID',
    `This calendar link is not valid or was revoked. Copy the current link from ${where}.`,
  );

function sendFeed(reply: FastifyReply, file: string, ics: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('cache-control', 'private, max-age=300')
    .header('content-disposition', `inline; filename="${file}.ics"`)
    .send(ics);
}

/** The feed itself: calendar apps fetch it without our session; the token in the URL is the credential. */
export function feedHandlers(ctx: AppContext): Handlers<'meta', 'calendarFeed'> {
  /**
   * A crew member's feed: their crew's pending and approved jobs, without prices, and nothing
   * else of the business (no blocked times, no other crew). The token is the crew member's.
   */
  async function crewFeed(reply: FastifyReply, businessId: string, crewId: string, token: string) {
    const [member, crew] = await Promise.all([
      ctx.repos.crewMembers.findByCrew(businessId, crewId),
      ctx.repos.crews.find(businessId, crewId),
    ]);
    if (
      !member ||
      !crew ||
      member.password_hash === null ||
      !crewFeedTokenMatches(ctx.config.jwtSecret, member.id, member.feed_version, token)
    )
      throw feedLinkInvalid('your jobs page');
    const now = ctx.now();
    const jobs = await ctx.repos.crewJobs.feed(crew.id, businessId, now - FEED_PAST_MS);
    const b = await ctx.repos.businesses.findById(businessId);
    const events: IcsEvent[] = jobs.map((k) => ({
      uid: bookingUid(k.id, ctx.config.publicUrl),
      startMs: k.start_ms,
      endMs: k.end_ms,
      summary: `${k.service_name}: ${k.first_name} ${k.last_name}${k.status === 'pending' ? ' (pending)' : ''}`,
      description: [
        `Customer: ${k.first_name} ${k.last_name}`,
        `Phone: ${formatPhone(k.phone_number)}`,
        bookingAnswersLine(k, b),
      ]
        .filter(Boolean)
        .join('\n'),
      location: k.customer_address,
      status: k.status === 'approved' ? ('CONFIRMED' as const) : ('TENTATIVE' as const),
      updatedMs: k.updated_at,
    }));
    const name = b?.name ? `${crew.name} jobs, ${b.name}` : `${crew.name} jobs`;
    return sendFeed(reply, `${businessId}-${crew.id}`, buildIcs('PUBLISH', events, now, name));
  }

  return {
    calendarFeed: async (req, reply) => {
      const { businessId, token, crewId } = req.query;
      if (crewId) return crewFeed(reply, businessId, crewId, token);
      const b = await ctx.repos.businesses.findById(businessId);
      if (!b || !feedTokenMatches(ctx.config.jwtSecret, b.id, b.ics_version, token)) throw feedLinkInvalid('Settings');
      const now = ctx.now();
      const [{ bookings, blocks }, crews] = await Promise.all([
        ctx.repos.calendar.feedItems(b.id, now - FEED_PAST_MS),
        ctx.repos.crews.list(b.id),
      ]);
      // With more than one crew, each job says which crew does it.
      const crewOf = new Map(crews.length > 1 ? crews.map((c) => [c.id, c.name]) : []);
      const events: IcsEvent[] = [
        ...bookings.map((k) => ({
          uid: bookingUid(k.id, ctx.config.publicUrl),
          startMs: k.start_ms,
          endMs: k.end_ms,
          summary: `${k.service_name}: ${k.first_name} ${k.last_name}${k.status === 'pending' ? ' (pending)' : ''}`,
          description: [
            `Customer: ${k.first_name} ${k.last_name}`,
            `Email: ${k.customer_email}`,
            `Phone: ${formatPhone(k.phone_number)}`,
            bookingAnswersLine(k, b),
            `Total: ${formatUsd(toDollars(k.total_cents))}`,
            k.crew_id && crewOf.has(k.crew_id) ? `Crew: ${crewOf.get(k.crew_id)}` : null,
          ]
            .filter(Boolean)
            .join('\n'),
          location: k.customer_address,
          status: k.status === 'approved' ? ('CONFIRMED' as const) : ('TENTATIVE' as const),
          updatedMs: k.updated_at,
        })),
        ...blocks.map((k) => ({
          uid: blockedUid(k.id, ctx.config.publicUrl),
          startMs: k.start_ms,
          endMs: k.end_ms,
          summary: k.title,
          status: 'CONFIRMED' as const,
          updatedMs: k.created_at,
        })),
      ];
      return sendFeed(reply, b.id, buildIcs('PUBLISH', events, now, b.name ? `${b.name} bookings` : 'Bookings'));
    },
  };
}
