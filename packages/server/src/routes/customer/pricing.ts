/**
 * Prices a customer's request on the server (DESIGN.md section 5): the customer
 * sends what they chose, never a price. Shared by the quote and the booking calls.
 */
import type { QuoteRequest, QuoteResponse } from '@slotwise/shared/api';
import { milesBetween } from '@slotwise/shared/geo';
import { toDollars } from '@slotwise/shared/money';
import { computeQuote, type Quote, QuoteError } from '@slotwise/shared/quote';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ServicesTable } from '../../db/schema.ts';
import type { Located } from '../../geocoder/geocoder.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import { ADDRESS_NOT_LOCATED, loadBusiness, serviceNotFound } from './common.ts';
import { assertInServiceArea } from './operations-rules.ts';

export interface PricedRequest {
  business: Business;
  service: ServicesTable;
  quote: Quote;
  located: Located;
}

/** The customer's address as coordinates: 400 when it cannot be found, 503 when the lookup is down. */
export async function locate(ctx: AppContext, address: string, log: FastifyBaseLogger): Promise<Located> {
  let located: Located | null;
  try {
    located = await ctx.geocoder.locate(address);
  } catch (err) {
    log.warn({ err }, 'geocoder locate failed');
    throw new HttpError(503, 'Address lookup is unavailable right now. Please try again in a minute.');
  }
  if (!located) throw new HttpError(400, ADDRESS_NOT_LOCATED);
  return located;
}

export async function priceRequest(ctx: AppContext, req: QuoteRequest, log: FastifyBaseLogger): Promise<PricedRequest> {
  const business = await loadBusiness(ctx, req.businessId);
  const service = await ctx.repos.services.find(business.id, req.serviceId);
  if (!service) throw serviceNotFound();
  const question = await ctx.repos.pricing.questionOf(business);
  const located = await locate(ctx, req.address, log);
  // Before any price: the customer learns at once, on the address step, that it is too far.
  assertInServiceArea(business, located);
  const perMile = business.price_per_mile_cents;
  const miles =
    perMile > 0 && business.lat !== null && business.lng !== null
      ? milesBetween({ lat: business.lat, lng: business.lng }, located)
      : null;
  try {
    const quote = computeQuote({
      service: { name: service.name, priceCents: service.price_cents },
      question,
      answer: req.answer,
      pricePerMileCents: perMile,
      miles,
    });
    return { business, service, quote, located };
  } catch (err) {
    if (err instanceof QuoteError) throw new HttpError(400, err.message);
    throw err;
  }
}

export function toQuoteJson(quote: Quote): QuoteResponse {
  return {
    lines: quote.lines.map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
    totalQuote: toDollars(quote.totalCents),
    miles: quote.miles,
  };
}
