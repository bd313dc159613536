/**
 * The hosted booking page (docs/product.md#the-booking-page, decision 018):
 * GET /book/:slug (HTML), /book/:slug/share.png (its og:image), /book/:slug/qr.svg and
 * /qr.png (for flyers). A slug the business had before answers 301 to the same file under
 * its current slug; an unknown one a 404 page that says what to do.
 */

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { formatClock } from '@slotwise/shared/clock';
import { ERRORS } from '@slotwise/shared/errors';
import { QR_PARAM, QR_VALUE } from '@slotwise/shared/insights';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import { questionsFor } from '@slotwise/shared/quote';
import { longDate, wallClockAt } from '@slotwise/shared/time-zone';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFoundPage, renderBookingPage } from '../booking-page/page.ts';
import { qrPng, qrSvg } from '../booking-page/qr.ts';
import { shareImage, shareVersion } from '../booking-page/share-image.ts';
import { areaOf, type BookingPageView, type PageNotice, servicePrice, tradeLabel } from '../booking-page/view.ts';
import type { AppContext } from '../context.ts';
import { bookingPageUrl } from '../domain/booking-page.ts';
import { brandingOf } from '../domain/branding.ts';
import { cardLabel } from '../domain/card-label.ts';
import { visitDepositDue } from '../domain/payments.ts';
import { chargedPerMileCents } from '../domain/pricing.ts';
import { AppError } from '../errors.ts';
import { chooseEncoding } from '../plugins/compression.ts';
import { rateLimit } from '../plugins/rate-limits.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { questionsOf } from '../repositories/pricing.ts';
import { addOnsOf } from '../repositories/services.ts';
import { startCheckout } from './customer/checkout.ts';

const SlugParams = z.object({ slug: z.string().max(200) });
type Params = { Params: z.infer<typeof SlugParams> };
/**
 * Stripe's return (routes/customer/checkout.ts returnUrl): which booking, and how the customer
 * left its page; or `due`, a plan visit's mail linking here to pay its deposit. And ?via=qr, the
 * QR code's mark (booking-page/qr.ts), and a door-hanger's ?day=: the page never reads them (the
 * widget does, decisions 029 and 058), but an old slug's redirect keeps them.
 */
/** ?day=YYYY-MM-DD: a door-hanger's code, opening the page on that day (docs/decisions/058); anything else is ignored. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const QrQuery = z.object({ day: Day });
const ReturnQuery = z.object({
  day: Day,
  booking: z.string().uuid().optional().catch(undefined),
  payment: z.enum(['paid', 'cancelled', 'due', 'card']).optional().catch(undefined),
  [QR_PARAM]: z.literal(QR_VALUE).optional().catch(undefined),
});

type PageRequest = Params & { Querystring: z.infer<typeof ReturnQuery> };
/** The Pay button of a visit's deposit (a form: the page runs no script of its own). */
const PayForm = z.object({ booking: z.string().uuid() });
type PayRequest = Params & { Body: z.infer<typeof PayForm> };

/**
 * A plan visit's deposit (docs/decisions/022): due, with a Pay button that starts Stripe
 * Checkout; being confirmed while Stripe's word is on its way; or paid.
 */
function visitNotice(
  ctx: AppContext,
  b: Business,
  row: BookingRow,
  outcome: 'paid' | 'cancelled' | 'due' | 'card' | undefined,
): PageNotice | undefined {
  const now = ctx.now();
  const when = `${longDate(row.day)} at ${formatClock(row.start_time, b.time_format)}`;
  const owed = formatUsd(toDollars(row.deposit_cents - row.paid_cents));
  if (visitDepositDue(row, now)) {
    if (outcome === 'paid')
      return {
        title: 'Confirming your payment',
        text: 'Stripe is telling us about your payment; this page updates by itself in a few seconds.',
        refreshSeconds: 3,
      };
    return {
      title: `Deposit due for your visit on ${longDate(row.day)}: ${owed}`,
      text: `Your ${row.service_name} visit on ${when} keeps its time; pay its deposit online before it. Nothing has been charged yet.`,
      action: { label: `Pay ${owed}`, href: `/book/${b.slug}/pay`, post: { booking: row.id } },
    };
  }
  if (row.deposit_cents > row.paid_cents && (row.status === 'pending' || row.status === 'approved'))
    return {
      title: 'Nothing to pay online',
      text: `Your ${row.service_name} visit on ${when} has started, so its deposit is settled with ${b.name ?? 'the business'} on the day.`,
    };
  return undefined;
}

/** Back from saving a card (docs/decisions/046): saved once Stripe's webhook has been, until then being confirmed. */
async function cardNotice(ctx: AppContext, b: Business, row: BookingRow): Promise<PageNotice> {
  const card = row.client_id ? await ctx.repos.savedCards.of(b.id, row.client_id) : undefined;
  if (!card)
    return {
      title: 'Saving your card',
      text: 'Stripe is telling us about your card; this page updates by itself in a few seconds. Nothing has been charged.',
      refreshSeconds: 3,
    };
  return {
    title: `Card saved: ${cardLabel(card)}`,
    text: `${b.name ?? 'The business'} will charge it for your visits when they are done, as you agreed. Nothing has been charged yet.`,
  };
}

/**
 * What the page says about a booking the customer comes back to from Stripe. Stripe's word
 * (the webhook) may arrive a moment after the customer: until it has, the page says so and
 * asks again every few seconds.
 */
async function paymentNotice(
  ctx: AppContext,
  b: Business,
  bookingId: string,
  outcome: 'paid' | 'cancelled' | 'due' | 'card' | undefined,
): Promise<PageNotice | undefined> {
  const row = await ctx.repos.bookings.find(b.id, bookingId);
  if (!row) return undefined;
  if (outcome === 'card') return cardNotice(ctx, b, row);
  const visit = row.plan_id !== null ? visitNotice(ctx, b, row, outcome) : undefined;
  if (visit) return visit;
  const when = `${longDate(row.day)} at ${formatClock(row.start_time, b.time_format)}`;
  const what = `${row.service_name} on ${when}`;
  const paid = formatUsd(toDollars(row.paid_cents));
  switch (row.status) {
    case 'pending':
      return {
        title: `Deposit paid: ${paid}`,
        text: `Your booking for ${what} is waiting for ${b.name ?? 'the business'} to approve it. We have e-mailed you the details.`,
      };
    case 'approved':
    case 'completed':
      return {
        title: `Deposit paid: ${paid}`,
        text: `Your booking for ${what} is confirmed. We have e-mailed you the details.`,
      };
    case 'awaiting_payment': {
      if (outcome === 'paid')
        return {
          title: 'Confirming your payment',
          text: 'Stripe is telling us about your payment; this page updates by itself in a few seconds.',
          refreshSeconds: 3,
        };
      const checkout = await ctx.repos.payments.checkoutOf(row.id);
      const until = formatClock(wallClockAt(row.hold_until ?? ctx.now(), b.time_zone).time, b.time_format);
      return {
        title: 'Your deposit is not paid yet',
        text: `We are holding ${what} for you until ${until}. Pay the deposit to book it; nothing has been charged.`,
        ...(checkout?.status === 'open'
          ? { action: { label: `Pay ${formatUsd(toDollars(row.deposit_cents))} deposit`, href: checkout.session_url } }
          : {}),
      };
    }
    case 'expired':
      return {
        title: 'This time was released',
        text: `The deposit for ${what} was not paid within 15 minutes, so the time was given back. Nothing was charged; you can book again below.`,
      };
    default:
      return { title: `This booking was ${row.status}`, text: `Your booking for ${what} was ${row.status}.` };
  }
}

/** The page changes when the owner edits: caches keep it a minute, then ask again (ETag answers 304). */
const PAGE_CACHE = 'public, max-age=60';
/** The share image's URL changes with what it shows (?v=), so it may be kept long. */
const IMAGE_CACHE = 'public, max-age=86400';

async function viewOf(ctx: AppContext, b: Business): Promise<BookingPageView> {
  const questions = questionsOf(b);
  const [services, hours, logo] = await Promise.all([
    ctx.repos.services.list(b.id),
    ctx.repos.availability.forBusiness(b.id),
    ctx.repos.logos.find(b.id),
  ]);
  const url = bookingPageUrl(ctx.config.publicUrl, b.slug)!;
  const name = b.name ?? '';
  const trade = tradeLabel(b.niche);
  const distance = chargedPerMileCents(b) > 0;
  return {
    businessId: b.id,
    name,
    trade,
    url,
    imageUrl: `${url}/share.png?v=${shareVersion(name, trade)}`,
    area: areaOf(b.address, b.lat, b.lng, b.max_distance_miles),
    services: services.map((s) => ({
      name: s.name,
      durationMin: s.duration_min,
      ...servicePrice(s.price_cents, questionsFor(questions, s.id), addOnsOf(s).length > 0 || distance),
    })),
    hours,
    timeFormat: b.time_format,
    question: questions[0]?.question ?? null,
    brand: brandingOf(b, logo, ctx.config.publicUrl),
  };
}

/** Sends a text answer compressed as the request accepts, with an ETag that a repeat visit can answer 304 to. */
function sendText(req: FastifyRequest, reply: FastifyReply, type: string, body: string, status = 200) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  reply.type(type).header('etag', etag).header('vary', 'accept-encoding');
  if (status === 200 && req.headers['if-none-match'] === etag) return reply.status(304).send();
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.status(status).send(body);
  const packed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  return reply.status(status).header('content-encoding', encoding).send(packed);
}

export async function bookingPageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** The business behind a slug, or the answer already sent (a redirect or the 404 page). */
  async function resolve(req: FastifyRequest<Params>, reply: FastifyReply, suffix: string) {
    const slug = req.params.slug;
    // Typed from a flyer, "/book/Joes-Wash" finds /book/joes-wash (a redirect, so one address is indexed).
    const found = await ctx.repos.slugs.find(slug.toLowerCase());
    if (found?.current && found.business.slug === slug) return found.business;
    if (found?.business.slug) {
      reply.header('cache-control', 'public, max-age=3600').redirect(`/book/${found.business.slug}${suffix}`, 301);
      return null;
    }
    reply.header('cache-control', 'no-store');
    await sendText(req, reply, 'text/html; charset=utf-8', notFoundPage(slug), 404);
    return null;
  }

  app.get<PageRequest>(
    '/book/:slug',
    { schema: { params: SlugParams, querystring: ReturnQuery } },
    async (req, reply) => {
      const { booking, payment, via, day } = req.query;
      const kept = new URLSearchParams();
      if (day) kept.set('day', day);
      if (booking) kept.set('booking', booking);
      if (booking && payment) kept.set('payment', payment);
      // A code printed under an old slug still counts as the QR code's visit on the current page.
      if (via) kept.set(QR_PARAM, via);
      const b = await resolve(req, reply, kept.size > 0 ? `?${kept}` : '');
      if (!b) return reply;
      const notice = booking ? await paymentNotice(ctx, b, booking, payment) : undefined;
      // A booking's state is the customer's own, and changes: never kept by a cache.
      reply.header('cache-control', notice ? 'no-store' : PAGE_CACHE);
      return sendText(req, reply, 'text/html; charset=utf-8', renderBookingPage({ ...(await viewOf(ctx, b)), notice }));
    },
  );

  // A visit's Pay button (visitNotice): the Checkout page, or the booking page saying why not.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<PayRequest>(
    '/book/:slug/pay',
    { schema: { params: SlugParams, body: PayForm }, config: { rateLimit: rateLimit(ctx, 'book') } },
    async (req, reply) => {
      const { booking } = req.body;
      const b = await resolve(req, reply, `?booking=${booking}&payment=due`);
      if (!b) return reply;
      try {
        return reply.redirect(await startCheckout(ctx, booking, req.log, b.id), 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const notice: PageNotice = { title: 'The payment could not start', text: err.message };
        reply.header('cache-control', 'no-store');
        const page = renderBookingPage({ ...(await viewOf(ctx, b)), notice });
        return sendText(req, reply, 'text/html; charset=utf-8', page, ERRORS[err.code].status);
      }
    },
  );

  app.get<Params>('/book/:slug/share.png', { schema: { params: SlugParams } }, async (req, reply) => {
    const b = await resolve(req, reply, '/share.png');
    if (!b) return reply;
    return reply
      .type('image/png')
      .header('cache-control', IMAGE_CACHE)
      .send(shareImage(b.name ?? '', tradeLabel(b.niche)));
  });

  const download = (name: string) => `attachment; filename="${name}"`;
  // ?day=YYYY-MM-DD: a door-hanger's code, opening the page on that day (docs/decisions/058); anything else is ignored.
  app.get<Params & { Querystring: z.infer<typeof QrQuery> }>(
    '/book/:slug/qr.svg',
    { schema: { params: SlugParams, querystring: QrQuery } },
    async (req, reply) => {
      const b = await resolve(req, reply, req.query.day ? `/qr.svg?day=${req.query.day}` : '/qr.svg');
      if (!b) return reply;
      const day = req.query.day;
      reply
        .header('cache-control', PAGE_CACHE)
        .header('content-disposition', download(`${b.slug}-booking-qr${day ? `-${day}` : ''}.svg`));
      return sendText(req, reply, 'image/svg+xml', qrSvg(bookingPageUrl(ctx.config.publicUrl, b.slug)!, day));
    },
  );

  app.get<Params>('/book/:slug/qr.png', { schema: { params: SlugParams } }, async (req, reply) => {
    const b = await resolve(req, reply, '/qr.png');
    if (!b) return reply;
    return reply
      .type('image/png')
      .header('cache-control', PAGE_CACHE)
      .header('content-disposition', download(`${b.slug}-booking-qr.png`))
      .send(qrPng(bookingPageUrl(ctx.config.publicUrl, b.slug)!));
  });
}
