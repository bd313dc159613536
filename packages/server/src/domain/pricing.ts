/**
 * Prices a customer's request on the server (docs/product.md#quotes): the customer
 * sends what they chose, never a price. Shared by the quote and the booking calls.
 */
import type { QuotePlan, QuoteRequest, QuoteResponse } from '@slotwise/shared/api';
import { milesBetween } from '@slotwise/shared/geo';
import { toDollars } from '@slotwise/shared/money';
import { computeQuote, type Quote, type QuoteAnswer, QuoteError, questionsFor } from '@slotwise/shared/quote';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Located } from '../geocoder/geocoder.ts';
import type { Business } from '../repositories/businesses.ts';
import { questionsOf } from '../repositories/pricing.ts';
import { addOnsOf } from '../repositories/services.ts';
import { type GridSource, serviceOf } from './grid-source.ts';
import { serviceNotFound } from './lookup.ts';
import { depositFor } from './payments.ts';
import { distanceEstimatedFrom, homeOf, locateStreet, serviceAreaRefusal } from './places.ts';

export interface PricedRequest {
  business: Business;
  service: ServicesTable;
  quote: Quote;
  located: Located;
  /** Cents due when booking (0: no deposit; domain/payments.ts depositFor). */
  depositCents: number;
}

/** The price per mile a quote charges: 0 when the owner switched distance pricing off or set no rate. */
export function chargedPerMileCents(b: Pick<Business, 'price_per_mile_cents' | 'distance_pricing_on'>): number {
  return b.distance_pricing_on === 1 ? b.price_per_mile_cents : 0;
}

/**
 * The answers by question id. `answers` replaces the single `answer` of embeds made before several
 * questions (docs/decisions/026): sent alone, that answers the first question asked for the service.
 */
function answersOf(
  req: Pick<QuoteRequest, 'answers' | 'answer'>,
  asked: readonly { id: string }[],
): Record<string, QuoteAnswer> {
  if (req.answers) return req.answers;
  const first = asked[0];
  return first && req.answer ? { [first.id]: req.answer } : {};
}

/**
 * A request priced as if served, and the service area's refusal of it (null: served). The quote
 * call counts a refused request's would-be price as demand missed (domain/insights.ts, docs/decisions/029)
 * before it answers the refusal; the booking call only refuses (priceRequest). `quote` is null when
 * the request was refused and its answers could not be priced: the refusal comes first, as it always did.
 * Priced against the business's grid source (domain/grid-source.ts: its business, services and questions).
 */
export type Pricing =
  | ({ refused: null } & PricedRequest)
  | { refused: AppError; business: Business; located: Located; quote: Quote | null };

export async function priceOrRefuse(
  ctx: AppContext,
  source: GridSource,
  req: QuoteRequest,
  log: FastifyBaseLogger,
): Promise<Pricing> {
  const { business } = source;
  const service = serviceOf(source, req.serviceId);
  if (!service) throw serviceNotFound();
  const questions = questionsOf(business);
  // A quote or booking needs a place to drive to, not only a city or ZIP code.
  const located = await locateStreet(ctx, req.address, log);
  // The customer learns on the address step that it is too far, before any answer is checked.
  const refused = serviceAreaRefusal(business, located);
  const perMile = chargedPerMileCents(business);
  const home = homeOf(business);
  const miles = perMile > 0 && home ? milesBetween(home, located) : null;
  let quote: Quote;
  try {
    quote = computeQuote({
      service: {
        id: service.id,
        name: service.name,
        priceCents: service.price_cents,
        durationMin: service.duration_min,
      },
      questions,
      answers: answersOf(req, questionsFor(questions, service.id)),
      addOns: addOnsOf(service),
      chosenAddOns: req.addOns ?? [],
      pricePerMileCents: perMile,
      miles,
    });
  } catch (err) {
    if (refused) return { refused, business, located, quote: null };
    if (err instanceof QuoteError) throw new AppError(err.code, err.message);
    throw err;
  }
  if (refused) return { refused, business, located, quote };
  return {
    refused: null,
    business,
    service,
    quote,
    located,
    depositCents: await depositFor(ctx, business, service, quote.totalCents),
  };
}

/** A request priced for a quote or a booking, or refused (outside the service area, an answer that does not fit). */
export async function priceRequest(
  ctx: AppContext,
  source: GridSource,
  req: QuoteRequest,
  log: FastifyBaseLogger,
): Promise<PricedRequest> {
  const pricing = await priceOrRefuse(ctx, source, req, log);
  if (pricing.refused) throw pricing.refused;
  return pricing;
}

export function toQuoteJson(
  { quote, located, depositCents }: Pick<PricedRequest, 'quote' | 'located' | 'depositCents'>,
  plans: QuotePlan[] = [],
): QuoteResponse {
  return {
    ...(plans.length > 0 ? { plans } : {}),
    ...(depositCents > 0
      ? { deposit: { dueNow: toDollars(depositCents), dueLater: toDollars(quote.totalCents - depositCents) } }
      : {}),
    lines: quote.lines.map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
    totalQuote: toDollars(quote.totalCents),
    miles: quote.miles,
    // Only a distance that was measured can have been estimated.
    distanceEstimatedFrom: quote.miles === null ? null : distanceEstimatedFrom(located),
  };
}
