/**
 * Every API call, declared once: method, path, who may call it, its rate limit, and
 * the names of the zod schemas (shared/src/api.ts) of its path parameters, query,
 * body and answer. The server registers its routes from this table
 * (packages/server/src/routes/register.ts), the fetch client is derived from it
 * (client.ts, public-client.ts), and GET /api/openapi.json is generated from it.
 * How to add a call: docs/architecture.md#adding-an-api-call; why schemas are named
 * rather than imported: docs/decisions/011-one-route-table.md.
 *
 * Schemas are referenced by name, and only types are imported here, so this module
 * costs the widget (which must stay small and never loads zod) a few strings.
 */
import type { z } from 'zod';
import type * as api from './api.ts';

/** The schemas module (`import * as api from '@slotwise/shared/api'`). */
export type Schemas = typeof api;
/** The name of a zod schema exported by api.ts. */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Answers that are not JSON described by a schema: downloads, the calendar feed, pages. */
export type MediaType = 'text/csv' | 'text/calendar' | 'text/html' | 'application/json';

/** The rate limits a route may opt into (their sizes: packages/server/src/plugins/rate-limits.ts). */
export type LimitName =
  | 'login'
  | 'signup'
  | 'passwordReset'
  | 'places'
  | 'feedback'
  | 'publicRead'
  | 'quote'
  | 'book'
  | 'manage';

export interface RouteDef {
  method: Method;
  /** Fastify syntax: `:name` is a path parameter, declared by `params`. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  /** 'owner': a Bearer token from login; the owner guard loads the owner's business. 'none': no login. */
  auth: 'owner' | 'none';
  /** Any website may call it from a browser (the widget's calls); everything else is same-origin only. */
  crossOrigin?: true;
  limit?: LimitName;
  params?: SchemaName;
  query?: SchemaName;
  body?: SchemaName;
  /** Request headers the call requires (validated by its handler). */
  headers?: readonly 'idempotency-key'[];
  /** The answer's schema, or the media type of an answer no schema describes. */
  response: SchemaName | { mediaType: MediaType; description: string };
  /** The success status; 200 unless said. */
  status?: 200 | 201;
}

const owner = '/api/business-dashboard';

// One const per group, so an app that uses a few groups (the widget) bundles only those.

export const metaRoutes = {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Whether this instance and its database answer.',
    auth: 'none',
    response: 'HealthResponse',
  },
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API described as OpenAPI 3.1, generated from the route table.',
    auth: 'none',
    response: { mediaType: 'application/json', description: 'An OpenAPI 3.1 document.' },
  },
  docs: {
    method: 'GET',
    path: '/api/docs',
    summary: 'This API reference as a page.',
    auth: 'none',
    response: { mediaType: 'text/html', description: 'The API reference, readable without JavaScript.' },
  },
  calendarFeed: {
    method: 'GET',
    path: '/api/calendar/feed.ics',
    summary:
      "The owner's bookings and blocked times as an iCalendar feed; the token in the URL (Settings) is the credential.",
    auth: 'none',
    limit: 'publicRead',
    query: 'FeedQuery',
    response: { mediaType: 'text/calendar', description: 'An iCalendar (RFC 5545) feed.' },
  },
} as const satisfies Record<string, RouteDef>;

export const authRoutes = {
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Creates an owner account and its (empty) business; answers a session token.',
    auth: 'none',
    limit: 'signup',
    body: 'SignupRequest',
    response: 'TokenResponse',
    status: 201,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Answers a session token for a correct e-mail and password.',
    auth: 'none',
    limit: 'login',
    body: 'LoginRequest',
    response: 'TokenResponse',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mails a password reset link when an account has this e-mail; answers the same either way.',
    auth: 'none',
    limit: 'passwordReset',
    body: 'ForgotPasswordRequest',
    response: 'OkBody',
  },
  resetStatus: {
    method: 'GET',
    path: '/api/auth/reset-password',
    summary: 'Whether a reset link still works, and for which account.',
    auth: 'none',
    limit: 'passwordReset',
    query: 'TokenQuery',
    response: 'ResetTokenStatus',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Sets a new password with a reset link (once); every older session ends.',
    auth: 'none',
    limit: 'passwordReset',
    body: 'ResetPasswordRequest',
    response: 'TokenResponse',
  },
} as const satisfies Record<string, RouteDef>;

export const accountRoutes = {
  get: {
    method: 'GET',
    path: `${owner}/account`,
    summary: "The owner's login e-mail and phone number.",
    auth: 'owner',
    response: 'Account',
  },
  changePassword: {
    method: 'PUT',
    path: `${owner}/account/password`,
    summary: 'Changes the password; answers a fresh token, and every other session ends.',
    auth: 'owner',
    body: 'ChangePasswordRequest',
    response: 'TokenResponse',
  },
  changePhone: {
    method: 'PUT',
    path: `${owner}/account/phone`,
    summary: "Changes the owner's phone number.",
    auth: 'owner',
    body: 'PhoneUpdateRequest',
    response: 'Account',
  },
  exportBookingsCsv: {
    method: 'GET',
    path: `${owner}/bookings/export`,
    summary: 'Every booking as CSV, times in the business time zone.',
    auth: 'owner',
    response: { mediaType: 'text/csv', description: 'RFC 4180 CSV with a header row.' },
  },
} as const satisfies Record<string, RouteDef>;

export const onboardingRoutes = {
  profile: {
    method: 'GET',
    path: '/api/onboarding/profile',
    summary: "The business's name, trade, address, time zone and whether onboarding is done.",
    auth: 'owner',
    response: 'BusinessProfile',
  },
  step1: {
    method: 'POST',
    path: '/api/onboarding/step1',
    summary: "Onboarding step 1: the business's name.",
    auth: 'owner',
    body: 'Step1Request',
    response: 'BusinessProfile',
  },
  step2: {
    method: 'POST',
    path: '/api/onboarding/step2',
    summary: "Onboarding step 2: the trade; pre-fills that trade's services and question.",
    auth: 'owner',
    body: 'Step2Request',
    response: 'BusinessProfile',
  },
  step3: {
    method: 'POST',
    path: '/api/onboarding/step3',
    summary: "Onboarding step 3: the business's address (sets its coordinates and time zone).",
    auth: 'owner',
    body: 'Step3Request',
    response: 'BusinessProfile',
  },
} as const satisfies Record<string, RouteDef>;

export const placesRoutes = {
  search: {
    method: 'GET',
    path: '/api/business/places',
    summary: 'Address suggestions for what was typed.',
    auth: 'none',
    crossOrigin: true,
    limit: 'places',
    query: 'PlacesQuery',
    response: 'PlacesResponse',
  },
} as const satisfies Record<string, RouteDef>;

export const feedbackRoutes = {
  send: {
    method: 'POST',
    path: '/api/feedback',
    summary: 'Stores a bug report, feature request or other feedback.',
    auth: 'none',
    crossOrigin: true,
    limit: 'feedback',
    body: 'FeedbackRequest',
    response: 'OkBody',
    status: 201,
  },
} as const satisfies Record<string, RouteDef>;

export const customerRoutes = {
  business: {
    method: 'GET',
    path: '/api/customer/business/:businessId',
    summary: 'A business as the widget shows it: name, services, the price question, distance pricing.',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    params: 'BusinessParams',
    response: 'PublicBusiness',
  },
  slots: {
    method: 'GET',
    path: '/api/customer/get-available-slots',
    summary: "A day's 30-minute slots, each free or not, for a service or a manage link's booking.",
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'SlotsQuery',
    response: 'SlotsResponse',
  },
  quote: {
    method: 'POST',
    path: '/api/customer/quote',
    summary: 'The price of a service for an answer and an address, itemised.',
    auth: 'none',
    crossOrigin: true,
    limit: 'quote',
    body: 'QuoteRequest',
    response: 'QuoteResponse',
  },
  book: {
    method: 'POST',
    path: '/api/customer/book',
    summary:
      'Books a slot (pending until the owner approves). A retry with the same Idempotency-Key answers the first answer.',
    auth: 'none',
    crossOrigin: true,
    limit: 'book',
    body: 'BookRequest',
    headers: ['idempotency-key'],
    response: 'BookResponse',
    status: 201,
  },
  managedBooking: {
    method: 'GET',
    path: '/api/customer/booking',
    summary: 'The booking behind a manage link, and whether it may still change.',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'ManagedBooking',
  },
  reschedule: {
    method: 'PUT',
    path: '/api/customer/reschedule',
    summary: 'Moves the booking behind a manage link to another free slot.',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    body: 'CustomerRescheduleRequest',
    response: 'ManagedBooking',
  },
  cancel: {
    method: 'DELETE',
    path: '/api/customer/confirm-cancel',
    summary: 'Cancels the booking behind a manage link.',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
} as const satisfies Record<string, RouteDef>;

export const dashboardRoutes = {
  bookingsToday: {
    method: 'GET',
    path: `${owner}/bookings/today`,
    summary: "Today's bookings, today being the business's day.",
    auth: 'owner',
    response: 'BookingsResponse',
  },
  bookings: {
    method: 'GET',
    path: `${owner}/bookings`,
    summary: 'Bookings in time order, optionally between two business-local dates (inclusive).',
    auth: 'owner',
    query: 'RangeQuery',
    response: 'BookingsResponse',
  },
  approve: {
    method: 'PUT',
    path: `${owner}/booking/approve/:id`,
    summary: 'Approves a pending booking and mails the customer.',
    auth: 'owner',
    params: 'BookingParams',
    response: 'Booking',
  },
  decline: {
    method: 'PUT',
    path: `${owner}/booking/decline/:id`,
    summary: 'Declines a pending or approved booking, frees its time and mails the customer.',
    auth: 'owner',
    params: 'BookingParams',
    response: 'Booking',
  },
  rescheduleBooking: {
    method: 'PUT',
    path: `${owner}/booking/reschedule`,
    summary: 'Moves a booking to a free time inside business hours and mails the customer.',
    auth: 'owner',
    body: 'RescheduleByOwnerRequest',
    response: 'Booking',
  },
  travelBlocks: {
    method: 'GET',
    path: `${owner}/travel-blocks`,
    summary: 'The drives between jobs of a travelling owner, business-local dates inclusive; [] when travel is off.',
    auth: 'owner',
    query: 'TravelRange',
    response: 'TravelBlocksResponse',
  },
  blockedTimes: {
    method: 'GET',
    path: `${owner}/blocked-times`,
    summary: 'Blocked times, optionally those touching two business-local dates (inclusive).',
    auth: 'owner',
    query: 'RangeQuery',
    response: 'BlockedTimesResponse',
  },
  addBlockedTime: {
    method: 'POST',
    path: `${owner}/blocked-time`,
    summary: 'Blocks a stretch of time (never over a pending or approved booking).',
    auth: 'owner',
    body: 'BlockedTimeRequest',
    response: 'BlockedTime',
    status: 201,
  },
  moveBlockedTime: {
    method: 'PUT',
    path: `${owner}/blocked-time/:id/reschedule`,
    summary: 'Moves a blocked time.',
    auth: 'owner',
    params: 'BlockedParams',
    body: 'BlockedTimeMoveRequest',
    response: 'BlockedTime',
  },
  deleteBlockedTime: {
    method: 'DELETE',
    path: `${owner}/blocked-time/:id`,
    summary: 'Deletes a blocked time.',
    auth: 'owner',
    params: 'BlockedParams',
    response: 'OkBody',
  },
  availability: {
    method: 'GET',
    path: `${owner}/availability`,
    summary: 'Business hours of each weekday (null times: closed).',
    auth: 'owner',
    response: 'AvailabilityResponse',
  },
  updateSingleDay: {
    method: 'PUT',
    path: `${owner}/availability/update-single`,
    summary: 'Sets the hours of one weekday.',
    auth: 'owner',
    body: 'AvailabilityEntry',
    response: 'AvailabilityResponse',
  },
  updateHours: {
    method: 'PUT',
    path: `${owner}/availability/update`,
    summary: 'Sets the hours of several weekdays at once.',
    auth: 'owner',
    body: 'AvailabilityUpdateRequest',
    response: 'AvailabilityResponse',
  },
  specificQuestion: {
    method: 'GET',
    path: `${owner}/settings/specific-question`,
    summary: 'The price-changing question, or null when there is none.',
    auth: 'owner',
    response: 'SpecificQuestionOrNull',
  },
  updateSpecificQuestion: {
    method: 'PUT',
    path: `${owner}/settings/update-specific-question`,
    summary: 'Sets the price-changing question: a dropdown of options, or a rate per unit.',
    auth: 'owner',
    body: 'SpecificQuestionUpdate',
    response: 'SpecificQuestion',
  },
  businessDetails: {
    method: 'GET',
    path: `${owner}/business-details`,
    summary: "The business's id, as the embed code needs it.",
    auth: 'owner',
    response: 'BusinessDetails',
  },
  services: {
    method: 'GET',
    path: `${owner}/services`,
    summary: 'The services offered.',
    auth: 'owner',
    response: 'ServicesResponse',
  },
  addService: {
    method: 'POST',
    path: `${owner}/service/add`,
    summary: 'Adds a service.',
    auth: 'owner',
    body: 'ServiceInput',
    response: 'Service',
    status: 201,
  },
  editService: {
    method: 'PUT',
    path: `${owner}/service/edit/:id`,
    summary: 'Changes a service (existing bookings keep what they were booked with).',
    auth: 'owner',
    params: 'ServiceParams',
    body: 'ServiceInput',
    response: 'Service',
  },
  deleteService: {
    method: 'DELETE',
    path: `${owner}/service/delete/:id`,
    summary: 'Deletes a service (existing bookings keep it).',
    auth: 'owner',
    params: 'ServiceParams',
    response: 'OkBody',
  },
  distancePricing: {
    method: 'GET',
    path: `${owner}/settings/distance-pricing`,
    summary: 'The price per mile from the business to the customer.',
    auth: 'owner',
    response: 'DistancePricing',
  },
  updateDistancePricing: {
    method: 'PUT',
    path: `${owner}/settings/update-distance-pricing`,
    summary: 'Sets the price per mile.',
    auth: 'owner',
    body: 'DistancePricingUpdate',
    response: 'DistancePricing',
  },
  operations: {
    method: 'GET',
    path: `${owner}/settings/operations`,
    summary: 'Travel to customers, service area and change cut-off.',
    auth: 'owner',
    response: 'OperationsSettings',
  },
  updateOperations: {
    method: 'PUT',
    path: `${owner}/settings/operations`,
    summary: 'Sets travel to customers, service area and change cut-off.',
    auth: 'owner',
    body: 'OperationsSettings',
    response: 'OperationsSettings',
  },
  calendarFeed: {
    method: 'GET',
    path: `${owner}/settings/calendar-feed`,
    summary: "The private calendar feed's URL.",
    auth: 'owner',
    response: 'CalendarFeed',
  },
  revokeCalendarFeed: {
    method: 'POST',
    path: `${owner}/settings/calendar-feed/revoke`,
    summary: 'Makes the old feed URL stop working; answers the new one.',
    auth: 'owner',
    response: 'CalendarFeed',
  },
  address: {
    method: 'GET',
    path: `${owner}/address`,
    summary: "The business's address.",
    auth: 'owner',
    response: 'AddressResponse',
  },
  updateAddress: {
    method: 'PUT',
    path: `${owner}/address/update`,
    summary: "Changes the business's address (and with it its coordinates and time zone).",
    auth: 'owner',
    body: 'AddressUpdate',
    response: 'BusinessProfile',
  },
  updateTimeZone: {
    method: 'PUT',
    path: `${owner}/settings/time-zone`,
    summary: "Changes the business's time zone; bookings keep their instants.",
    auth: 'owner',
    body: 'TimeZoneUpdate',
    response: 'BusinessProfile',
  },
} as const satisfies Record<string, RouteDef>;

/** The whole table: group -> call name -> declaration. */
export const routes = {
  meta: metaRoutes,
  auth: authRoutes,
  account: accountRoutes,
  onboarding: onboardingRoutes,
  places: placesRoutes,
  feedback: feedbackRoutes,
  customer: customerRoutes,
  dashboard: dashboardRoutes,
};

export type Routes = typeof routes;
export type Group = keyof Routes;
/** Every route as [group, name, definition], in table order. */
export function eachRoute(): [string, string, RouteDef][] {
  return Object.entries(routes).flatMap(([group, calls]) =>
    Object.entries(calls as Record<string, RouteDef>).map(
      ([name, def]) => [group, name, def] as [string, string, RouteDef],
    ),
  );
}

// ---------- the types both sides derive from a route ----------

type SchemaOf<N> = N extends SchemaName ? Schemas[N] : never;
/** What a caller sends for a schema (before defaults and transforms). */
export type InputOf<N> = N extends SchemaName ? z.input<SchemaOf<N>> : never;
/** What a schema gives after parsing (what handlers receive and answers carry). */
export type OutputOf<N> = N extends SchemaName ? z.output<SchemaOf<N>> : never;

/** The answer of a route: its schema's type, or the text of a non-JSON answer. */
export type AnswerOf<R extends RouteDef> = R['response'] extends SchemaName ? OutputOf<R['response']> : string;

/** What the client's function for a route takes: only the parts the route declares. */
export type CallInput<R extends RouteDef> = (R['params'] extends SchemaName
  ? { params: InputOf<R['params']> }
  : unknown) &
  (R['query'] extends SchemaName
    ? Partial<InputOf<R['query']>> extends InputOf<R['query']>
      ? { query?: InputOf<R['query']> }
      : { query: InputOf<R['query']> }
    : unknown) &
  (R['body'] extends SchemaName ? { body: InputOf<R['body']> } : unknown) &
  (R['headers'] extends readonly (infer H extends string)[] ? { headers: Record<H, string> } : unknown);
