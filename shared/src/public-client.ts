/**
 * The calls that need no login (address search, feedback, the customer API),
 * written once. The full client (client.ts) checks their answers with the zod
 * schemas; the widget uses createPublicClient(), which imports no zod at run
 * time and trusts our own server's answers, to stay within its size budget.
 */
import type * as api from './api.ts';
import { type Call, type ClientOptions, createCall, type Parser } from './http.ts';

/** The response parsers of the public calls; api.ts's schemas satisfy this. */
export interface PublicParsers {
  PlacesResponse: Parser<api.PlaceSuggestion[]>;
  OkBody: Parser<api.OkBody>;
  PublicBusiness: Parser<api.PublicBusiness>;
  SlotsResponse: Parser<{ slots: api.Slot[] }>;
  QuoteResponse: Parser<api.QuoteResponse>;
  BookResponse: Parser<api.BookResponse>;
  ManagedBooking: Parser<api.ManagedBooking>;
}

export function publicCalls(call: Call, p: PublicParsers | null) {
  const id = encodeURIComponent;
  return {
    places: (input: string) =>
      call<api.PlaceSuggestion[]>('GET', '/api/business/places', p?.PlacesResponse ?? null, { query: { input } }),
    feedback: (body: api.FeedbackRequest) => call<api.OkBody>('POST', '/api/feedback', p?.OkBody ?? null, { body }),
    customer: {
      business: (businessId: string) =>
        call<api.PublicBusiness>('GET', `/api/customer/business/${id(businessId)}`, p?.PublicBusiness ?? null),
      slots: (query: { businessId: string; date: string; serviceId?: string; token?: string; address?: string }) =>
        call<{ slots: api.Slot[] }>('GET', '/api/customer/get-available-slots', p?.SlotsResponse ?? null, { query }),
      quote: (body: api.QuoteRequest) =>
        call<api.QuoteResponse>('POST', '/api/customer/quote', p?.QuoteResponse ?? null, { body }),
      book: (body: api.BookRequest, idempotencyKey: string) =>
        call<api.BookResponse>('POST', '/api/customer/book', p?.BookResponse ?? null, {
          body,
          headers: { 'idempotency-key': idempotencyKey },
        }),
      managedBooking: (token: string) =>
        call<api.ManagedBooking>('GET', '/api/customer/booking', p?.ManagedBooking ?? null, { query: { token } }),
      reschedule: (body: { token: string; newDateTime: string }) =>
        call<api.ManagedBooking>('PUT', '/api/customer/reschedule', p?.ManagedBooking ?? null, { body }),
      cancel: (token: string) =>
        call<api.OkBody>('DELETE', '/api/customer/confirm-cancel', p?.OkBody ?? null, { query: { token } }),
    },
  };
}

export type PublicClient = ReturnType<typeof publicCalls>;

/** For code that must stay small (the widget): same calls, answers not re-validated. */
export function createPublicClient(options: ClientOptions = {}): PublicClient {
  return publicCalls(createCall(options), null);
}
