/**
 * The quotes an owner sends (issue 42 item 4; docs/decisions/039): the owner's calls, and the
 * customer's quote link, a group of its own (not the widget's customer group, whose strings the
 * widget bundles). Schemas: owner-quotes.schemas.ts.
 */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const ownerQuotesDashboardCalls = {
  ownerQuotes: {
    method: 'GET',
    path: `${owner}/quotes`,
    auth: 'owner',
    response: 'OwnerQuotesPage',
  },
  ownerQuote: {
    method: 'GET',
    path: `${owner}/quotes/:id`,
    auth: 'owner',
    params: 'OwnerQuoteParams',
    response: 'OwnerQuote',
  },
  createOwnerQuote: {
    method: 'POST',
    path: `${owner}/quotes`,
    auth: 'owner',
    body: 'NewOwnerQuote',
    response: 'OwnerQuote',
    status: 201,
  },
  sendOwnerQuote: {
    method: 'POST',
    path: `${owner}/quotes/:id/send`,
    auth: 'owner',
    params: 'OwnerQuoteParams',
    body: 'SendOwnerQuote',
    response: 'OwnerQuote',
  },
  withdrawOwnerQuote: {
    method: 'POST',
    path: `${owner}/quotes/:id/withdraw`,
    auth: 'owner',
    params: 'OwnerQuoteParams',
    response: 'OwnerQuote',
  },
} as const satisfies Record<string, RouteDef>;

export const quoteLinkCalls = {
  openQuote: {
    method: 'GET',
    path: '/api/quote-link',
    auth: 'none',
    limit: 'manage',
    query: 'QuoteLinkQuery',
    response: 'QuoteLinkView',
  },
  bookQuote: {
    method: 'POST',
    path: '/api/quote-link/book',
    auth: 'none',
    limit: 'book',
    query: 'QuoteLinkQuery',
    body: 'QuoteLinkBook',
    response: 'QuoteLinkBooked',
    status: 201,
  },
  declineQuote: {
    method: 'POST',
    path: '/api/quote-link/decline',
    auth: 'none',
    limit: 'manage',
    query: 'QuoteLinkQuery',
    response: 'OkBody',
  },
  nearbyOffers: {
    method: 'POST',
    path: '/api/quote-link/nearby',
    auth: 'none',
    limit: 'manage',
    query: 'QuoteLinkQuery',
    body: 'QuoteLinkNearby',
    response: 'OkBody',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const ownerQuotesSummaries: {
  dashboard: SummariesOf<typeof ownerQuotesDashboardCalls>;
  quoteLink: SummariesOf<typeof quoteLinkCalls>;
} = {
  dashboard: {
    ownerQuotes: 'The quotes the owner made, newest first, each with its state (expired read from its valid-until).',
    ownerQuote: 'One quote. Refused: QUOTE_NOT_FOUND.',
    createOwnerQuote:
      'Makes a draft quote for a lead: priced by the same engine as the widget (service, answers, add-ons, address), plus lines written by hand (or hand lines only). Its lines never change once made; a new quote replaces it.',
    sendOwnerQuote:
      'Sends the quote by mail and/or text with its link, and starts its days valid. Refused: QUOTE_CLOSED (booked, declined, withdrawn or expired), QUOTE_CHANNEL_UNAVAILABLE (no e-mail, no phone, no consent to texts, or texts not turned on).',
    withdrawOwnerQuote: 'Withdraws a quote not booked: its link then says so. Refused: QUOTE_CLOSED.',
  },
  quoteLink: {
    openQuote:
      'The quote behind a quote link, itemised, and its state; the first opening marks it viewed. Refused: QUOTE_LINK_INVALID.',
    bookQuote:
      'Books the quoted visit at the quoted price on a free time (the same time rules, crew choice and mails as a booking), confirmed at once. Refused: QUOTE_LINK_INVALID, QUOTE_CLOSED, and the time rules of book.',
    declineQuote: 'Declines the quote; the owner sees it declined. Refused: QUOTE_LINK_INVALID, QUOTE_CLOSED.',
    nearbyOffers:
      'Ticks or unticks "Tell me if a time opens near me": while ticked, and for 30 days after the quote was sent, a time that opens near its address may be offered by e-mail at the quoted price (docs/decisions/059). Unticking withdraws the offers that stand. Refused: QUOTE_LINK_INVALID, QUOTE_CLOSED (booked or withdrawn), NEARBY_UNAVAILABLE (no e-mail, an address not on the map, or past the 30 days).',
  },
};
