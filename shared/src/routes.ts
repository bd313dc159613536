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
export type MediaType = 'text/csv' | 'text/calendar' | 'text/html' | 'text/xml' | 'application/json';

/** The rate limits a route may opt into (their sizes: packages/server/src/plugins/rate-limits.ts). */
export type LimitName =
  | 'login'
  | 'signup'
  | 'passwordReset'
  | 'passwordChange'
  | 'places'
  | 'feedback'
  | 'publicRead'
  | 'quote'
  | 'book'
  | 'manage'
  | 'webhook'
  | 'calendarFetch'
  | 'beacon';

export interface RouteDef {
  method: Method;
  /** Fastify syntax: `:name` is a path parameter, declared by `params`. */
  path: string;
  /**
   * 'owner': a Bearer token from an owner's login; the owner guard loads the owner's business.
   * 'crew': a Bearer token from a crew member's login; the crew guard loads the crew and its
   * business (docs/decisions/024). Each refuses the other's tokens. 'none': no login.
   */
  auth: 'owner' | 'crew' | 'none';
  /** Any website may call it from a browser (the widget's calls); everything else is same-origin only. */
  crossOrigin?: true;
  limit?: LimitName;
  params?: SchemaName;
  query?: SchemaName;
  /** A schema that accepts undefined (`z.object({...}).optional()`) lets the caller send no body at all. */
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
    auth: 'none',
    response: 'HealthResponse',
  },
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'none',
    response: { mediaType: 'application/json', description: 'An OpenAPI 3.1 document.' },
  },
  docs: {
    method: 'GET',
    path: '/api/docs',
    auth: 'none',
    response: { mediaType: 'text/html', description: 'The API reference, readable without JavaScript.' },
  },
  calendarFeed: {
    method: 'GET',
    path: '/api/calendar/feed.ics',
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
    auth: 'none',
    limit: 'signup',
    body: 'SignupRequest',
    response: 'TokenResponse',
    status: 201,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    limit: 'login',
    body: 'LoginRequest',
    response: 'LoginResponse',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: 'none',
    limit: 'passwordReset',
    body: 'ForgotPasswordRequest',
    response: 'OkBody',
  },
  resetStatus: {
    method: 'GET',
    path: '/api/auth/reset-password',
    auth: 'none',
    limit: 'passwordReset',
    query: 'TokenQuery',
    response: 'ResetTokenStatus',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'none',
    limit: 'passwordReset',
    body: 'ResetPasswordRequest',
    response: 'TokenResponse',
  },
  crewInvitation: {
    method: 'GET',
    path: '/api/auth/crew-invitation',
    auth: 'none',
    limit: 'passwordReset',
    query: 'TokenQuery',
    response: 'CrewInvitationStatus',
  },
  acceptCrewInvitation: {
    method: 'POST',
    path: '/api/auth/crew-invitation',
    auth: 'none',
    limit: 'passwordReset',
    body: 'AcceptCrewInvitationRequest',
    response: 'TokenResponse',
  },
} as const satisfies Record<string, RouteDef>;

const crew = '/api/crew';

/** A crew member's calls (docs/decisions/024): their own crew's jobs, nothing else of the business. */
export const crewRoutes = {
  schedule: {
    method: 'GET',
    path: `${crew}/schedule`,
    auth: 'crew',
    query: 'RangeQuery',
    response: 'CrewSchedule',
  },
  startJob: {
    method: 'PUT',
    path: `${crew}/jobs/:id/start`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'CrewJob',
  },
  completeJob: {
    method: 'PUT',
    path: `${crew}/jobs/:id/complete`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'CrewJob',
  },
  revokeFeed: {
    method: 'POST',
    path: `${crew}/calendar-feed/revoke`,
    auth: 'crew',
    response: 'CalendarFeed',
  },
} as const satisfies Record<string, RouteDef>;

export const accountRoutes = {
  get: {
    method: 'GET',
    path: `${owner}/account`,
    auth: 'owner',
    response: 'Account',
  },
  changePassword: {
    method: 'PUT',
    path: `${owner}/account/password`,
    auth: 'owner',
    limit: 'passwordChange',
    body: 'ChangePasswordRequest',
    response: 'TokenResponse',
  },
  changePhone: {
    method: 'PUT',
    path: `${owner}/account/phone`,
    auth: 'owner',
    body: 'PhoneUpdateRequest',
    response: 'Account',
  },
  exportBookingsCsv: {
    method: 'GET',
    path: `${owner}/bookings/export`,
    auth: 'owner',
    response: { mediaType: 'text/csv', description: 'RFC 4180 CSV with a header row.' },
  },
} as const satisfies Record<string, RouteDef>;

export const onboardingRoutes = {
  profile: {
    method: 'GET',
    path: '/api/onboarding/profile',
    auth: 'owner',
    response: 'BusinessProfile',
  },
  step1: {
    method: 'POST',
    path: '/api/onboarding/step1',
    auth: 'owner',
    body: 'Step1Request',
    response: 'BusinessProfile',
  },
  step2: {
    method: 'POST',
    path: '/api/onboarding/step2',
    auth: 'owner',
    body: 'Step2Request',
    response: 'BusinessProfile',
  },
  step3: {
    method: 'POST',
    path: '/api/onboarding/step3',
    auth: 'owner',
    body: 'Step3Request',
    response: 'BusinessProfile',
  },
} as const satisfies Record<string, RouteDef>;

export const placesRoutes = {
  search: {
    method: 'GET',
    path: '/api/business/places',
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
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    params: 'BusinessParams',
    response: 'PublicBusiness',
  },
  slots: {
    method: 'GET',
    path: '/api/customer/get-available-slots',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'SlotsQuery',
    response: 'SlotsResponse',
  },
  launcher: {
    method: 'GET',
    path: '/api/customer/launcher/:businessId',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    params: 'BusinessParams',
    response: 'Launcher',
  },
  availableDays: {
    method: 'GET',
    path: '/api/customer/available-days',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'AvailableDaysQuery',
    response: 'AvailableDaysResponse',
  },
  quote: {
    method: 'POST',
    path: '/api/customer/quote',
    auth: 'none',
    crossOrigin: true,
    limit: 'quote',
    body: 'QuoteRequest',
    response: 'QuoteResponse',
  },
  beacon: {
    method: 'POST',
    path: '/api/customer/beacon',
    auth: 'none',
    crossOrigin: true,
    limit: 'beacon',
    body: 'BeaconRequest',
    response: 'BeaconAck',
  },
  book: {
    method: 'POST',
    path: '/api/customer/book',
    auth: 'none',
    crossOrigin: true,
    limit: 'book',
    body: 'BookRequest',
    headers: ['idempotency-key'],
    response: 'BookResponse',
    status: 201,
  },
  checkout: {
    method: 'POST',
    path: '/api/customer/checkout',
    auth: 'none',
    crossOrigin: true,
    limit: 'book',
    body: 'CheckoutRequest',
    response: 'CheckoutResponse',
  },
  managedBooking: {
    method: 'GET',
    path: '/api/customer/booking',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'ManagedBooking',
  },
  reschedule: {
    method: 'PUT',
    path: '/api/customer/reschedule',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    body: 'CustomerRescheduleRequest',
    response: 'ManagedBooking',
  },
  bookingPageLink: {
    method: 'GET',
    path: '/api/customer/booking-page',
    auth: 'none',
    limit: 'manage',
    query: 'BookingPageQuery',
    response: 'BookingPageLink',
  },
  answerPriceChange: {
    method: 'POST',
    path: '/api/customer/price-change',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    body: 'PriceChangeAnswer',
    response: 'OkBody',
  },
  cancel: {
    method: 'DELETE',
    path: '/api/customer/confirm-cancel',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
  planDates: {
    method: 'GET',
    path: '/api/customer/plan-dates',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'PlanDatesQuery',
    response: 'PlanDatesResponse',
  },
  skipVisit: {
    method: 'POST',
    path: '/api/customer/skip-visit',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
  cancelPlan: {
    method: 'DELETE',
    path: '/api/customer/plan',
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
    auth: 'owner',
    response: 'TodayResponse',
  },
  bookings: {
    method: 'GET',
    path: `${owner}/bookings`,
    auth: 'owner',
    query: 'RangeQuery',
    response: 'BookingsResponse',
  },
  approve: {
    method: 'PUT',
    path: `${owner}/booking/approve/:id`,
    auth: 'owner',
    params: 'BookingParams',
    /** Optional: without a body the booking is approved as quoted. */
    body: 'ApproveRequest',
    response: 'Booking',
  },
  decline: {
    method: 'PUT',
    path: `${owner}/booking/decline/:id`,
    auth: 'owner',
    params: 'BookingParams',
    /** Optional: without a body the booking is declined with no reason. */
    body: 'DeclineRequest',
    response: 'BookingWithUndo',
  },
  rescheduleBooking: {
    method: 'PUT',
    path: `${owner}/booking/reschedule`,
    auth: 'owner',
    body: 'RescheduleByOwnerRequest',
    response: 'BookingWithUndo',
  },
  nextFreeTime: {
    method: 'PUT',
    path: `${owner}/booking/next-free-time/:id`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'Booking',
  },
  plans: {
    method: 'GET',
    path: `${owner}/plans`,
    auth: 'owner',
    response: 'PlansResponse',
  },
  approvePlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/approve`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  pausePlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/pause`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  resumePlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/resume`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  endPlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/end`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  undo: {
    method: 'POST',
    path: `${owner}/booking/undo/:token`,
    auth: 'owner',
    params: 'UndoParams',
    response: 'Booking',
  },
  travelBlocks: {
    method: 'GET',
    path: `${owner}/travel-blocks`,
    auth: 'owner',
    query: 'TravelRange',
    response: 'TravelBlocksResponse',
  },
  blockedTimes: {
    method: 'GET',
    path: `${owner}/blocked-times`,
    auth: 'owner',
    query: 'RangeQuery',
    response: 'BlockedTimesResponse',
  },
  addBlockedTime: {
    method: 'POST',
    path: `${owner}/blocked-time`,
    auth: 'owner',
    body: 'BlockedTimeRequest',
    response: 'BlockedTime',
    status: 201,
  },
  moveBlockedTime: {
    method: 'PUT',
    path: `${owner}/blocked-time/:id/reschedule`,
    auth: 'owner',
    params: 'BlockedParams',
    body: 'BlockedTimeMoveRequest',
    response: 'BlockedTime',
  },
  deleteBlockedTime: {
    method: 'DELETE',
    path: `${owner}/blocked-time/:id`,
    auth: 'owner',
    params: 'BlockedParams',
    response: 'OkBody',
  },
  availability: {
    method: 'GET',
    path: `${owner}/availability`,
    auth: 'owner',
    response: 'AvailabilityResponse',
  },
  updateSingleDay: {
    method: 'PUT',
    path: `${owner}/availability/update-single`,
    auth: 'owner',
    body: 'AvailabilityEntry',
    response: 'AvailabilityResponse',
  },
  updateHours: {
    method: 'PUT',
    path: `${owner}/availability/update`,
    auth: 'owner',
    body: 'AvailabilityUpdateRequest',
    response: 'AvailabilityResponse',
  },
  quoteQuestions: {
    method: 'GET',
    path: `${owner}/settings/quote-questions`,
    auth: 'owner',
    response: 'QuoteQuestions',
  },
  updateQuoteQuestions: {
    method: 'PUT',
    path: `${owner}/settings/quote-questions`,
    auth: 'owner',
    body: 'QuoteQuestionsUpdate',
    response: 'QuoteQuestions',
  },
  businessDetails: {
    method: 'GET',
    path: `${owner}/business-details`,
    auth: 'owner',
    response: 'BusinessDetails',
  },
  services: {
    method: 'GET',
    path: `${owner}/services`,
    auth: 'owner',
    response: 'ServicesResponse',
  },
  addService: {
    method: 'POST',
    path: `${owner}/service/add`,
    auth: 'owner',
    body: 'ServiceInput',
    response: 'Service',
    status: 201,
  },
  editService: {
    method: 'PUT',
    path: `${owner}/service/edit/:id`,
    auth: 'owner',
    params: 'ServiceParams',
    body: 'ServiceInput',
    response: 'Service',
  },
  deleteService: {
    method: 'DELETE',
    path: `${owner}/service/delete/:id`,
    auth: 'owner',
    params: 'ServiceParams',
    response: 'OkBody',
  },
  distancePricing: {
    method: 'GET',
    path: `${owner}/settings/distance-pricing`,
    auth: 'owner',
    response: 'DistancePricing',
  },
  updateDistancePricing: {
    method: 'PUT',
    path: `${owner}/settings/update-distance-pricing`,
    auth: 'owner',
    body: 'DistancePricingUpdate',
    response: 'DistancePricing',
  },
  operations: {
    method: 'GET',
    path: `${owner}/settings/operations`,
    auth: 'owner',
    response: 'OperationsSettings',
  },
  updateOperations: {
    method: 'PUT',
    path: `${owner}/settings/operations`,
    auth: 'owner',
    body: 'OperationsSettings',
    response: 'OperationsSettings',
  },
  customerDataSettings: {
    method: 'GET',
    path: `${owner}/settings/customer-data`,
    auth: 'owner',
    response: 'CustomerDataSettingsAnswer',
  },
  updateCustomerDataSettings: {
    method: 'PUT',
    path: `${owner}/settings/customer-data`,
    auth: 'owner',
    body: 'CustomerDataSettings',
    response: 'CustomerDataSettingsAnswer',
  },
  exportCustomerData: {
    method: 'GET',
    path: `${owner}/customer-data`,
    auth: 'owner',
    query: 'CustomerEmailQuery',
    response: 'CustomerDataExport',
  },
  eraseCustomerData: {
    method: 'POST',
    path: `${owner}/customer-data/erase`,
    auth: 'owner',
    body: 'CustomerEmailRequest',
    response: 'CustomerDataErased',
  },
  calendarFeed: {
    method: 'GET',
    path: `${owner}/settings/calendar-feed`,
    auth: 'owner',
    response: 'CalendarFeed',
  },
  revokeCalendarFeed: {
    method: 'POST',
    path: `${owner}/settings/calendar-feed/revoke`,
    auth: 'owner',
    response: 'CalendarFeed',
  },
  connectedCalendars: {
    method: 'GET',
    path: `${owner}/calendars`,
    auth: 'owner',
    response: 'ConnectedCalendars',
  },
  connectCalendar: {
    method: 'POST',
    path: `${owner}/calendars`,
    auth: 'owner',
    limit: 'calendarFetch',
    body: 'ConnectCalendarRequest',
    response: 'ConnectedCalendars',
    status: 201,
  },
  refreshCalendar: {
    method: 'POST',
    path: `${owner}/calendars/:id/refresh`,
    auth: 'owner',
    limit: 'calendarFetch',
    params: 'CalendarParams',
    response: 'ConnectedCalendars',
  },
  removeCalendar: {
    method: 'DELETE',
    path: `${owner}/calendars/:id`,
    auth: 'owner',
    params: 'CalendarParams',
    response: 'ConnectedCalendars',
  },
  calendarTitles: {
    method: 'PUT',
    path: `${owner}/calendars-settings/titles`,
    auth: 'owner',
    body: 'CalendarTitlesRequest',
    response: 'ConnectedCalendars',
  },
  busyTimes: {
    method: 'GET',
    path: `${owner}/busy-times`,
    auth: 'owner',
    query: 'TravelRange',
    response: 'BusyTimesResponse',
  },
  address: {
    method: 'GET',
    path: `${owner}/address`,
    auth: 'owner',
    response: 'AddressResponse',
  },
  updateAddress: {
    method: 'PUT',
    path: `${owner}/address/update`,
    auth: 'owner',
    body: 'Step3Request',
    response: 'BusinessProfile',
  },
  updateTimeZone: {
    method: 'PUT',
    path: `${owner}/settings/time-zone`,
    auth: 'owner',
    body: 'TimeZoneUpdate',
    response: 'BusinessProfile',
  },
  bookingPage: {
    method: 'GET',
    path: `${owner}/booking-page`,
    auth: 'owner',
    response: 'BookingPage',
  },
  updateBookingPage: {
    method: 'PUT',
    path: `${owner}/booking-page`,
    auth: 'owner',
    body: 'BookingPageUpdate',
    response: 'BookingPage',
  },
  checklist: {
    method: 'GET',
    path: `${owner}/checklist`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  checklistEmbedCopied: {
    method: 'POST',
    path: `${owner}/checklist/embed-copied`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  dismissChecklist: {
    method: 'POST',
    path: `${owner}/checklist/dismiss`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  updateTimeFormat: {
    method: 'PUT',
    path: `${owner}/settings/time-format`,
    auth: 'owner',
    body: 'TimeFormatUpdate',
    response: 'BusinessProfile',
  },
  branding: {
    method: 'GET',
    path: `${owner}/settings/branding`,
    auth: 'owner',
    response: 'Branding',
  },
  updateBranding: {
    method: 'PUT',
    path: `${owner}/settings/branding`,
    auth: 'owner',
    body: 'BrandingUpdate',
    response: 'Branding',
  },
  uploadLogo: {
    method: 'PUT',
    path: `${owner}/settings/logo`,
    auth: 'owner',
    body: 'LogoUpload',
    response: 'Branding',
  },
  removeLogo: {
    method: 'DELETE',
    path: `${owner}/settings/logo`,
    auth: 'owner',
    response: 'Branding',
  },
  paymentSettings: {
    method: 'GET',
    path: `${owner}/settings/payments`,
    auth: 'owner',
    response: 'PaymentSettings',
  },
  updatePaymentRules: {
    method: 'PUT',
    path: `${owner}/settings/payments`,
    auth: 'owner',
    body: 'PaymentRules',
    response: 'PaymentSettings',
  },
  connectStripe: {
    method: 'PUT',
    path: `${owner}/settings/payments/stripe`,
    auth: 'owner',
    limit: 'passwordChange',
    body: 'StripeConnectRequest',
    response: 'PaymentSettings',
  },
  disconnectStripe: {
    method: 'DELETE',
    path: `${owner}/settings/payments/stripe`,
    auth: 'owner',
    response: 'PaymentSettings',
  },
  notificationSettings: {
    method: 'GET',
    path: `${owner}/settings/notifications`,
    auth: 'owner',
    response: 'NotificationSettings',
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: `${owner}/settings/notifications`,
    auth: 'owner',
    body: 'NotificationSettingsUpdate',
    response: 'NotificationSettings',
  },
  connectTwilio: {
    method: 'PUT',
    path: `${owner}/settings/notifications/twilio`,
    auth: 'owner',
    limit: 'passwordChange',
    body: 'TwilioConnectRequest',
    response: 'NotificationSettings',
  },
  disconnectTwilio: {
    method: 'DELETE',
    path: `${owner}/settings/notifications/twilio`,
    auth: 'owner',
    response: 'NotificationSettings',
  },
  sendTestText: {
    method: 'POST',
    path: `${owner}/settings/notifications/test`,
    auth: 'owner',
    limit: 'passwordChange',
    response: 'TestTextResponse',
  },
  completeBooking: {
    method: 'PUT',
    path: `${owner}/booking/complete/:id`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'Booking',
  },
  reviews: {
    method: 'GET',
    path: `${owner}/reviews`,
    auth: 'owner',
    response: 'ReviewsOverview',
  },
  crews: {
    method: 'GET',
    path: `${owner}/crews`,
    auth: 'owner',
    response: 'CrewsResponse',
  },
  createCrew: {
    method: 'POST',
    path: `${owner}/crews`,
    auth: 'owner',
    body: 'CrewRequest',
    response: 'Crew',
    status: 201,
  },
  editCrew: {
    method: 'PUT',
    path: `${owner}/crews/:id`,
    auth: 'owner',
    params: 'CrewParams',
    body: 'CrewRequest',
    response: 'Crew',
  },
  deleteCrew: {
    method: 'DELETE',
    path: `${owner}/crews/:id`,
    auth: 'owner',
    params: 'CrewParams',
    response: 'CrewsResponse',
  },
  crewMails: {
    method: 'PUT',
    path: `${owner}/crews-settings/mails`,
    auth: 'owner',
    body: 'CrewMailsRequest',
    response: 'CrewsResponse',
  },
  inviteCrewMember: {
    method: 'POST',
    path: `${owner}/crews/:id/member`,
    auth: 'owner',
    params: 'CrewParams',
    body: 'CrewMemberInviteRequest',
    response: 'Crew',
    status: 201,
  },
  resendCrewInvite: {
    method: 'POST',
    path: `${owner}/crews/:id/member/resend`,
    auth: 'owner',
    params: 'CrewParams',
    response: 'Crew',
  },
  removeCrewMember: {
    method: 'DELETE',
    path: `${owner}/crews/:id/member`,
    auth: 'owner',
    params: 'CrewParams',
    response: 'Crew',
  },
  insightsFunnel: {
    method: 'GET',
    path: `${owner}/insights/funnel`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsFunnel',
  },
  insightsWork: {
    method: 'GET',
    path: `${owner}/insights/work`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsWork',
  },
  insightsMissed: {
    method: 'GET',
    path: `${owner}/insights/missed`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsMissed',
  },
  refund: {
    method: 'POST',
    path: `${owner}/booking/refund/:id`,
    auth: 'owner',
    params: 'BookingParams',
    body: 'RefundRequest',
    response: 'Booking',
  },
} as const satisfies Record<string, RouteDef>;

/** Calls made by other services: each verifies its caller itself (a signature), never by a login. */
export const webhookRoutes = {
  stripe: {
    method: 'POST',
    path: '/api/webhooks/stripe/:businessId',
    auth: 'none',
    limit: 'webhook',
    params: 'StripeWebhookParams',
    body: 'StripeEventBody',
    response: 'WebhookAck',
  },
  twilio: {
    method: 'POST',
    path: '/api/webhooks/twilio',
    auth: 'none',
    limit: 'webhook',
    body: 'TwilioInboundBody',
    response: { mediaType: 'text/xml', description: 'TwiML: an empty <Response/>, or a <Message> answering HELP.' },
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
  crew: crewRoutes,
  webhooks: webhookRoutes,
};

export type Routes = typeof routes;

/**
 * One line per call for the API reference (packages/server/src/api-reference/). Apart
 * from the table so the apps, which never show them, do not bundle them; the type makes
 * a missing or a stray line an error.
 */
export const routeSummaries: { [G in keyof Routes]: { [N in keyof Routes[G]]: string } } = {
  meta: {
    health: 'Whether this instance and its database answer.',
    openapi: 'This API described as OpenAPI 3.1, generated from the route table.',
    docs: 'This API reference as a page.',
    calendarFeed:
      "The owner's bookings and blocked times as an iCalendar feed, or with crewId one crew's jobs without prices (the crew member's own link); the token in the URL is the credential.",
  },
  auth: {
    signup: 'Creates an owner account and its (empty) business; answers a session token.',
    login:
      "Answers a session token for a correct e-mail and password, and whose login it is: an owner's or a crew member's.",
    forgotPassword: 'Mails a password reset link when an account has this e-mail; answers the same either way.',
    resetStatus: 'Whether a reset link still works, and for which account.',
    resetPassword: 'Sets a new password with a reset link (once); every older session ends.',
    crewInvitation: 'Whether a crew invitation link still works, and for whom, which crew and which business.',
    acceptCrewInvitation:
      "Sets a crew member's password with their invitation link (once); answers a crew session token and every older one ends. Refused: CREW_INVITE_INVALID, CREW_INVITE_USED, CREW_INVITE_EXPIRED.",
  },
  account: {
    get: "The owner's login e-mail and phone number.",
    changePassword: 'Changes the password; answers a fresh token, and every other session ends.',
    changePhone: "Changes the owner's phone number.",
    exportBookingsCsv: 'Every booking as CSV, times in the business time zone.',
  },
  onboarding: {
    profile: "The business's name, trade, address, time zone, clock (12- or 24-hour) and whether onboarding is done.",
    step1: "Onboarding step 1: the business's name.",
    step2: "Onboarding step 2: the trade; pre-fills that trade's services and question.",
    step3: "Onboarding step 3: the business's address (sets its coordinates and time zone).",
  },
  places: {
    search: 'Address suggestions for what was typed.',
  },
  feedback: {
    send: 'Stores a bug report, feature request or other feedback.',
  },
  customer: {
    business: 'A business as the widget shows it: name, services, the price question, distance pricing, its branding.',
    launcher:
      "What widget.js needs before it shows the booking button: the owner's text, corner and colours. Kept by caches for a minute.",
    slots: "A day's 30-minute slots, each free or not, for a service or a manage link's booking.",
    availableDays:
      "Each day of a month as the date step's grid shows it: free, full, closed, past, or beyond the booking horizon.",
    quote:
      'The price of a service for its answers, ticked add-ons and an address, itemised. `answers` (by question _id) replaces the single `answer`, still accepted for embeds made before several questions.',
    beacon:
      "The booking form's funnel events (opened, quoted, a time chosen, booked, a full day or time tapped), sent with navigator.sendBeacon as text/plain JSON. Counted per day and source; nothing about the customer is kept.",
    book: 'Books a slot (pending until the owner approves; awaiting_payment, holding the time 15 minutes, when a deposit is due). A retry with the same Idempotency-Key answers the first answer.',
    checkout:
      "The Stripe Checkout page for the deposit of a booking awaiting payment, or of a plan's visit whose deposit is paid before it (the same page however often it is asked for). Refused: PAYMENT_NOT_DUE, HOLD_EXPIRED, PAYMENT_UNAVAILABLE (a held booking's hold is then released; a visit keeps its time).",
    managedBooking: 'The booking behind a manage link, and whether it may still change.',
    reschedule: 'Moves the booking behind a manage link to another free slot.',
    bookingPageLink:
      'The booking page of the business behind a manage link (used or expired ones too) or an id, for "Book again"; 404 when there is none.',
    cancel: 'Cancels the booking behind a manage link.',
    answerPriceChange:
      'Accepts or declines the adjusted price the business proposed when approving (docs/decisions/026): accepted, the booking is approved at it; declined, it is cancelled. Refused: BOOKING_NOT_CHANGEABLE when no price change waits, or when the business withdrew it by deciding first.',
    planDates:
      'The first visits of a plan starting at a chosen slot, each free or taken (the owner proposes another time for a taken one). Refused: PLAN_NOT_OFFERED.',
    skipVisit:
      "Skips the plan's visit behind a manage link (the plan goes on); the change cut-off applies. Refused: NOT_A_PLAN_VISIT.",
    cancelPlan:
      'Cancels the plan of the visit behind a manage link: its coming visits are cancelled, except those inside the change cut-off. Refused: NOT_A_PLAN_VISIT.',
  },
  dashboard: {
    bookingsToday: "Today's bookings, today being the business's day.",
    bookings: 'Bookings in time order, optionally between two business-local dates (inclusive).',
    approve:
      'Approves a pending booking and mails the customer; with a new total and a reason, mails the customer the adjusted price to accept or decline (the booking stays pending until then). Approving without a total while a new price waits withdraws it (priceChange.state withdrawn), as does a Decline.',
    decline:
      "Declines a pending booking and frees its time; answers an Undo. The customer's mail, quoting the owner's reason when one is sent, goes once the undo window has passed.",
    rescheduleBooking:
      "Moves a booking to a free time inside business hours; answers an Undo. The customer's mail goes once the undo window has passed.",
    nextFreeTime:
      "Gives a plan's visit whose day was taken (needs_time) the first free time from its own day on, at the plan's time where it is free. Refused: NO_FREE_TIME.",
    plans: 'Recurring plans, newest first: customer, frequency, next visit, price per visit, status.',
    approvePlan:
      'Approves a plan: its pending visits, and the visits booked later, are approved; the customer gets one mail.',
    pausePlan: 'Pauses a plan: its coming visits are released (cancelled) and none are booked until it is resumed.',
    resumePlan: 'Resumes a paused plan: visits are booked again from today on.',
    endPlan: 'Ends a plan for good: its coming visits are cancelled; past ones stay.',
    undo: "Takes back a Decline or a move within its undo window: the booking is as it was, and the customer's mail is never sent.",
    travelBlocks:
      'The drives between jobs of a travelling owner, business-local dates inclusive; [] when travel is off.',
    blockedTimes: 'Blocked times, optionally those touching two business-local dates (inclusive).',
    addBlockedTime: 'Blocks a stretch of time (never over a pending or approved booking).',
    moveBlockedTime: 'Moves a blocked time.',
    deleteBlockedTime: 'Deletes a blocked time.',
    availability: 'Business hours of each weekday (null times: closed).',
    crews: "The business's crews and whether customer mails name them.",
    createCrew: 'Adds a crew (a person or a truck) with its own hours, start place and services.',
    editCrew: "Changes a crew's name, colour, hours, start place, services or whether it takes jobs.",
    deleteCrew: 'Removes a crew that has no bookings from today on.',
    crewMails: 'Whether mails to customers name the crew doing the job.',
    inviteCrewMember:
      'Gives a crew a login: mails an invitation link (7 days) to set a password. Refused: CREW_MEMBER_EXISTS, CREW_EMAIL_TAKEN.',
    resendCrewInvite:
      "Mails the crew's login a new invitation link (older ones stop working); once accepted, the link sets a new password. At most one a minute.",
    removeCrewMember: "Ends the crew's login: its sessions, invitation link and calendar feed stop working at once.",
    updateSingleDay: 'Sets the hours of one weekday.',
    updateHours: 'Sets the hours of several weekdays at once.',
    quoteQuestions:
      'The quote questions, in order (up to 5): dropdown, rate or yes/no, each for all services or chosen ones.',
    updateQuoteQuestions:
      'Replaces the quote questions, in order. Answers are sent by question _id, so a saved question gets a new _id.',
    businessDetails: "The business's id, as the embed code needs it.",
    services: 'The services offered.',
    addService: 'Adds a service.',
    editService: 'Changes a service (existing bookings keep what they were booked with).',
    deleteService: 'Deletes a service (existing bookings keep it).',
    distancePricing: 'Whether quotes charge for distance, and the price per mile from the business to the customer.',
    updateDistancePricing: 'Switches distance pricing on with a price per mile, or off (the rate is kept).',
    customerDataSettings: 'The privacy notice customers see and how long their details are kept.',
    updateCustomerDataSettings:
      "Sets the privacy notice URL and how many months customers' details are kept after a booking.",
    exportCustomerData:
      'Everything held about one customer e-mail: its bookings and the mails about them (an access request).',
    eraseCustomerData:
      "Erases one customer e-mail's details from every past booking and its mails (a deletion request).",
    operations: 'Travel to customers, service area and change cut-off.',
    updateOperations: 'Sets travel to customers, service area and change cut-off.',
    calendarFeed: "The private calendar feed's URL.",
    revokeCalendarFeed: 'Makes the old feed URL stop working; answers the new one.',
    connectedCalendars:
      "The owner's connected calendars (never their addresses): each one's last fetch, busy events found and last error; whether titles show.",
    connectCalendar:
      'Connects a calendar by its secret address (ICS): read at once, stored encrypted, then read every 10 minutes; its busy events block slots. Refused: CALENDAR_UNREADABLE (the sentence says why), CALENDARS_NOT_CONFIGURED, CALENDAR_LIMIT_REACHED.',
    refreshCalendar: 'Reads a connected calendar again now; answers every calendar with its new status.',
    removeCalendar: 'Disconnects a calendar: its events stop blocking slots at once.',
    calendarTitles: 'Shows the connected calendars\' event titles on the calendar page, or only "Busy".',
    busyTimes:
      "The connected calendars' busy events touching two business-local dates (inclusive), for the calendar page.",
    address: "The business's address.",
    updateAddress: "Changes the business's address (and with it its coordinates and time zone).",
    updateTimeZone: "Changes the business's time zone; bookings keep their instants.",
    checklist:
      "The overview's first-day checklist: whether prices were checked, hours set, the embed code copied and a booking made, and whether it was dismissed.",
    bookingPage:
      "The business's booking page: its slug, its address (/book/{slug}) and its QR codes (SVG and PNG); null before the business has a name.",
    updateBookingPage:
      'Changes the booking page address; the old one keeps redirecting. Refused: SLUG_MALFORMED, SLUG_RESERVED, SLUG_TAKEN.',
    checklistEmbedCopied: 'Records that the owner copied the embed code (ticks the checklist item).',
    dismissChecklist: 'Hides the first-day checklist for good, on every device.',
    updateTimeFormat:
      'Shows times on a 12-hour clock ("8:00 AM", the default) or a 24-hour one ("08:00"): on the dashboard, in mails and in the widget.',
    branding:
      "The business's look on its widget, booking page and customer pages: accent colour, button text and corner, logo.",
    updateBranding:
      'Sets the accent colour (#rrggbb), the booking button\'s text and corner, and the "Report a problem" link.',
    uploadLogo:
      'Sets the logo: a PNG, JPEG or WebP image as base64, at most 40 KB (the dashboard scales it down first). Refused: LOGO_INVALID.',
    removeLogo: 'Removes the logo.',
    paymentSettings:
      'Payments: the connected Stripe account (never its keys), the deposit rule, the refund window, whether paid bookings are approved at once, and the webhook URL to give Stripe.',
    updatePaymentRules:
      'Sets the deposit rule, the refund window, whether paid bookings are approved at once and whether a plan asks the deposit of every visit (planDeposit; left out: unchanged).',
    connectStripe:
      'Connects a Stripe account: its secret key and webhook signing secret, checked with a live call and stored encrypted. Refused: STRIPE_KEY_INVALID, PAYMENTS_NOT_CONFIGURED, PAYMENT_UNAVAILABLE.',
    disconnectStripe: 'Forgets the Stripe keys; bookings stop asking for deposits.',
    notificationSettings:
      "Notifications: the connected Twilio account (never its token), every message with its channels and exact text preview (characters, segments), the owner's notices by text, the 2-hour reminder, review requests (link, delay), and the webhook URL to give Twilio.",
    updateNotificationSettings:
      "Sets which messages are texted, the owner's notices by text, the 2-hour reminder, and review requests (the review link and the delay after completion; null: none).",
    connectTwilio:
      "Connects the owner's own Twilio account: Account SID, auth token and sender (a number of the account or a Messaging Service SID), checked with Twilio and stored encrypted. Refused: TWILIO_CREDENTIALS_INVALID, TEXTS_NOT_CONFIGURED, TEXT_PROVIDER_UNAVAILABLE.",
    disconnectTwilio: 'Forgets the Twilio account; no more texts are sent.',
    sendTestText:
      "Texts the owner's own number a sample through the outbox, as customers' texts go. Refused: TEXTS_NOT_CONNECTED.",
    completeBooking:
      'Marks an approved job completed (a job finished early counts): its review request follows after the delay set. Refused: BOOKING_NOT_APPROVED.',
    reviews:
      'Review requests answered: the average rating, how many, and the latest ratings with their private comments.',
    insightsFunnel:
      'The booking funnel of a period (opened, quoted, a time chosen, booked): totals, by source (each website, the booking page, its QR code) and by day.',
    insightsWork:
      'Money and work: booked, completed and cancelled revenue by week (the last 12, this one, the next 4), and for the period bookings by service, the average quote and bookings by weekday and hour.',
    insightsMissed:
      'The work missed in a period: requests by ZIP code refused by the service area or quoted and never booked, what a 5 miles wider area would have reached, and the full days and times customers tapped.',
    refund: 'Refunds part or all of what the customer paid, through Stripe. Refused: REFUND_TOO_LARGE.',
  },
  crew: {
    schedule:
      "The crew member's own crew's jobs between two business-local dates (inclusive; today and the next 6 days by default): time, service, customer, phone, address, status, notes. No prices.",
    startJob:
      "Marks one of the crew's jobs started (from its day on; again: no change). Refused: JOB_NOT_ACTIVE, JOB_NOT_TODAY.",
    completeJob:
      "Marks one of the crew's started jobs completed (again: no change). Refused: JOB_NOT_STARTED, JOB_NOT_ACTIVE.",
    revokeFeed: "Makes the crew member's old calendar feed URL stop working; answers the new one.",
  },
  webhooks: {
    stripe:
      "Stripe's events for one business (checkout.session.completed, checkout.session.expired), verified with its webhook signing secret. Refused: WEBHOOK_SIGNATURE_INVALID.",
    twilio:
      "Replies to a business's Twilio number, form-encoded and verified with its auth token (X-Twilio-Signature): STOP (and Twilio's other opt-out words) stops its texts to that number until START; HELP answers who texts and how to stop. Refused: WEBHOOK_SIGNATURE_INVALID.",
  },
};

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
  (R['body'] extends SchemaName
    ? undefined extends InputOf<R['body']>
      ? { body?: InputOf<R['body']> }
      : { body: InputOf<R['body']> }
    : unknown) &
  (R['headers'] extends readonly (infer H extends string)[] ? { headers: Record<H, string> } : unknown);
