/**
 * The quotes an owner sends (issue 42 item 4; docs/decisions/039): make one for a lead who called
 * or texted, priced by the same engine as the widget (domain/pricing.ts) with lines written by
 * hand besides (or alone); list them with their state; send one by mail and/or text; withdraw one.
 * A quote's lines are written once, when it is made: nothing here changes them.
 */
import { randomUUID } from 'node:crypto';
import type { NewOwnerQuote } from '@slotwise/shared/api';
import { QUOTE_DAYS_DEFAULT } from '@slotwise/shared/api';
import { toCents } from '@slotwise/shared/money';
import type { QuoteLineCents } from '@slotwise/shared/quote';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { inTransaction, withBusinessLock } from '../../db/transaction.ts';
import { serviceOf } from '../../domain/grid-source.ts';
import { serviceNotFound } from '../../domain/lookup.ts';
import {
  assertChannels,
  channelsOf,
  hashQuoteToken,
  isOpen,
  QUOTE_CLOSED,
  queueQuoteMessages,
  quoteNotFound,
  quoteTokenFor,
  toOwnerQuoteJson,
  validUntilOf,
} from '../../domain/owner-quotes.ts';
import { locateStreet } from '../../domain/places.ts';
import { priceOrRefuse } from '../../domain/pricing.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { OwnerQuoteRow } from '../../repositories/owner-quotes.ts';
import { sourceOf } from '../customer/grid-sources.ts';
import type { Handlers } from '../register.ts';

const sum = (lines: readonly QuoteLineCents[]) => lines.reduce((total, l) => total + l.amountCents, 0);

export function ownerQuoteHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'ownerQuotes' | 'ownerQuote' | 'createOwnerQuote' | 'sendOwnerQuote' | 'withdrawOwnerQuote'> {
  const quotes = ctx.repos.ownerQuotes;

  /**
   * The quote's lines and what the job takes: the engine's (the widget's own pricing, the service
   * area aside: the owner may quote a job outside it) and the hand lines after them, or those alone.
   */
  async function price(business: Business, body: NewOwnerQuote, log: FastifyBaseLogger) {
    const source = await sourceOf(ctx, business.id);
    const service = serviceOf(source, body.serviceId);
    if (!service) throw serviceNotFound();
    const hand: QuoteLineCents[] = (body.handLines ?? []).map((l) => ({
      label: l.label,
      amountCents: toCents(l.amount),
    }));
    // Hand lines alone: the service sets how long the job is, and no answer is asked for.
    if (body.handOnly) {
      const located = await locateStreet(ctx, body.address, log);
      return {
        service,
        durationMin: service.duration_min,
        miles: null,
        answers: [],
        located,
        lines: hand,
        totalCents: sum(hand),
      };
    }
    const pricing = await priceOrRefuse(
      ctx,
      source,
      {
        businessId: business.id,
        serviceId: body.serviceId,
        address: body.address,
        ...(body.answers ? { answers: body.answers } : {}),
        ...(body.addOns ? { addOns: body.addOns } : {}),
      },
      log,
    );
    if (!pricing.quote) throw pricing.refused;
    const { quote, located } = pricing;
    const lines = [...quote.lines, ...hand];
    return {
      service,
      durationMin: quote.durationMin,
      miles: quote.miles,
      answers: quote.answers,
      located,
      lines,
      totalCents: sum(lines),
    };
  }

  async function find(businessId: string, id: string): Promise<OwnerQuoteRow> {
    const row = await quotes.get(businessId, id);
    if (!row) throw quoteNotFound();
    return row;
  }

  return {
    ownerQuotes: async (req) => {
      const now = ctx.now();
      const rows = await quotes.list(req.owner.business.id);
      return { quotes: rows.map((r) => toOwnerQuoteJson(r, now)) };
    },

    ownerQuote: async (req) => toOwnerQuoteJson(await find(req.owner.business.id, req.params.id), ctx.now()),

    createOwnerQuote: async (req, reply) => {
      const business = req.owner.business;
      const body = req.body;
      const priced = await price(business, body, req.log);
      const id = randomUUID();
      const now = ctx.now();
      // A client the owner picked must be theirs (and not erased).
      if (body.clientId && !(await ctx.repos.clients.get(business.id, body.clientId, now)))
        throw new AppError(
          'CLIENT_NOT_FOUND',
          'This client is not among your clients any more. Pick another, or type the contact.',
        );
      const row: OwnerQuoteRow = {
        id,
        business_id: business.id,
        client_id: body.clientId ?? null,
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email ?? '',
        phone: body.phoneNumber ?? '',
        address: body.address,
        lat: priced.located.lat,
        lng: priced.located.lng,
        text_consent: body.textConsent === true ? 1 : 0,
        service_id: priced.service.id,
        service_name: priced.service.name,
        duration_min: priced.durationMin,
        miles: priced.miles,
        answers: priced.answers.length === 0 ? null : JSON.stringify(priced.answers),
        lines: JSON.stringify(priced.lines),
        total_cents: priced.totalCents,
        days_valid: body.daysValid ?? QUOTE_DAYS_DEFAULT,
        valid_until: null,
        status: 'draft',
        token_hash: hashQuoteToken(quoteTokenFor(ctx, id)),
        channels: '[]',
        sent_at: null,
        viewed_at: null,
        decided_at: null,
        booking_id: null,
        follow_up_sent_at: null,
        nearby_consent_at: null,
        nearby_consent_text: null,
        created_at: now,
        updated_at: now,
      };
      // The lead becomes a client when the quote is made (docs/decisions/037), under the business's
      // lock as a booking's link is, so two makings never write the same person twice.
      await withBusinessLock(ctx.store, business.id, async (trx) => {
        row.client_id ??= await ctx.repos.clients.linkContact(
          trx,
          business.id,
          {
            firstName: row.first_name,
            lastName: row.last_name,
            email: row.email,
            phone: row.phone,
            address: row.address,
            lat: row.lat,
            lng: row.lng,
            textConsent: row.text_consent === 1,
          },
          'quote',
          now,
        );
        await quotes.insert(trx, row);
      });
      reply.status(201);
      return toOwnerQuoteJson(row, now);
    },

    sendOwnerQuote: async (req) => {
      const business = req.owner.business;
      const before = await find(business.id, req.params.id);
      const channels = req.body.channels;
      await assertChannels(ctx, before, channels);
      const sent = await inTransaction(ctx.store, async (trx) => {
        const now = ctx.now();
        const row = await quotes.get(business.id, before.id, trx);
        if (!row) throw quoteNotFound();
        // A draft starts its days now; a quote sent before goes again as it is, its days unchanged.
        if (row.status !== 'draft' && !isOpen(row, now)) throw new AppError('QUOTE_CLOSED', QUOTE_CLOSED);
        const changes = {
          channels: JSON.stringify([...new Set([...channelsOf(row), ...channels])].sort()),
          ...(row.status === 'draft'
            ? {
                status: 'sent' as const,
                sent_at: now,
                valid_until: validUntilOf(business.time_zone, row.days_valid, now),
              }
            : {}),
        };
        if (!(await quotes.move(trx, row.id, [row.status], changes, now)))
          throw new AppError('QUOTE_CLOSED', QUOTE_CLOSED);
        const moved: OwnerQuoteRow = { ...row, ...changes, updated_at: now };
        await queueQuoteMessages(ctx, trx, moved, business, channels, now, false);
        return moved;
      });
      ctx.mail.kick();
      return toOwnerQuoteJson(sent, ctx.now());
    },

    withdrawOwnerQuote: async (req) => {
      const business = req.owner.business;
      const row = await find(business.id, req.params.id);
      const now = ctx.now();
      if (
        !(await quotes.move(ctx.db, row.id, ['draft', 'sent', 'viewed'], { status: 'withdrawn', decided_at: now }, now))
      )
        throw new AppError('QUOTE_CLOSED', QUOTE_CLOSED);
      return toOwnerQuoteJson({ ...row, status: 'withdrawn', decided_at: now, updated_at: now }, now);
    },
  };
}
