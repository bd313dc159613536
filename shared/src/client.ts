/**
 * The one fetch client every app uses (STYLE.md rule 3). Pages never build URLs
 * by hand; every failure surfaces as one typed ApiError {status, message}.
 */
import type { z } from 'zod';
import type * as api from './api.ts';
import { type CallInit, type ClientOptions, createCall, type Method, type Parser } from './http.ts';
import { publicCalls } from './public-client.ts';

export { ApiError, type ClientOptions, NETWORK_ERROR_STATUS } from './http.ts';

/** The schemas module (`import * as api from '@slotwise/shared/api'`). */
export type Schemas = typeof api;
type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];
type Answer<K extends SchemaName> = Schemas[K] extends z.ZodType ? z.infer<Schemas[K]> : never;

/**
 * Responses are checked against the named zod schema when `schemas` is given (tests,
 * development, tools). Production bundles leave it out: zod is a third of the
 * dashboard's first download, and the answers come from our own server, which
 * validated what it stored (docs/decisions/007).
 */
export function createClient(options: ClientOptions & { schemas?: Schemas } = {}) {
  const core = createCall(options);
  const schemas = options.schemas;
  const call = <K extends SchemaName>(method: Method, path: string, name: K | null, init?: CallInit) =>
    core<Answer<K>>(method, path, name && schemas ? (schemas[name] as Parser<Answer<K>>) : null, init);

  const owner = '/api/business-dashboard';
  const id = encodeURIComponent;
  return {
    auth: {
      login: (body: api.LoginRequest) => call('POST', '/api/auth/login', 'TokenResponse', { body }),
      signup: (body: api.SignupRequest) => call('POST', '/api/auth/signup', 'TokenResponse', { body }),
      forgotPassword: (body: api.ForgotPasswordRequest) =>
        call('POST', '/api/auth/forgot-password', 'OkBody', { body }),
      resetStatus: (token: string) => call('GET', '/api/auth/reset-password', 'ResetTokenStatus', { query: { token } }),
      resetPassword: (body: api.ResetPasswordRequest) =>
        call('POST', '/api/auth/reset-password', 'TokenResponse', { body }),
    },
    account: {
      get: () => call('GET', '/api/business-dashboard/account', 'Account', { auth: true }),
      changePassword: (body: api.ChangePasswordRequest) =>
        call('PUT', '/api/business-dashboard/account/password', 'TokenResponse', { body, auth: true }),
      changePhone: (body: { phoneNumber: string }) =>
        call('PUT', '/api/business-dashboard/account/phone', 'Account', { body, auth: true }),
      /** The bookings as CSV text (the Bookings page offers it as a download). */
      exportBookingsCsv: () =>
        core<string>('GET', '/api/business-dashboard/bookings/export', null, { auth: true, text: true }),
    },
    onboarding: {
      step1: (body: api.Step1Request) => call('POST', '/api/onboarding/step1', 'BusinessProfile', { body, auth: true }),
      step2: (body: api.Step2Request) => call('POST', '/api/onboarding/step2', 'BusinessProfile', { body, auth: true }),
      step3: (body: api.Step3Request) => call('POST', '/api/onboarding/step3', 'BusinessProfile', { body, auth: true }),
      profile: () => call('GET', '/api/onboarding/profile', 'BusinessProfile', { auth: true }),
    },
    ...publicCalls(core, schemas ?? null),
    dashboard: {
      bookingsToday: () => call('GET', `${owner}/bookings/today`, 'BookingsResponse', { auth: true }),
      bookings: (range: { from?: string; to?: string } = {}) =>
        call('GET', `${owner}/bookings`, 'BookingsResponse', { auth: true, query: range }),
      approve: (bookingId: string) =>
        call('PUT', `${owner}/booking/approve/${id(bookingId)}`, 'Booking', { auth: true }),
      decline: (bookingId: string) =>
        call('PUT', `${owner}/booking/decline/${id(bookingId)}`, 'Booking', { auth: true }),
      rescheduleBooking: (body: api.RescheduleByOwnerRequest) =>
        call('PUT', `${owner}/booking/reschedule`, 'Booking', { body, auth: true }),
      /** The drives between jobs of a travelling owner, business-local dates inclusive; [] when travel is off. */
      travelBlocks: (range: { from: string; to: string }) =>
        call('GET', `${owner}/travel-blocks`, 'TravelBlocksResponse', { auth: true, query: range }),
      blockedTimes: (range: { from?: string; to?: string } = {}) =>
        call('GET', `${owner}/blocked-times`, 'BlockedTimesResponse', { auth: true, query: range }),
      addBlockedTime: (body: api.BlockedTimeRequest) =>
        call('POST', `${owner}/blocked-time`, 'BlockedTime', { body, auth: true }),
      moveBlockedTime: (blockedId: string, body: { startTime: string; endTime: string }) =>
        call('PUT', `${owner}/blocked-time/${id(blockedId)}/reschedule`, 'BlockedTime', { body, auth: true }),
      deleteBlockedTime: (blockedId: string) =>
        call('DELETE', `${owner}/blocked-time/${id(blockedId)}`, 'OkBody', { auth: true }),
      availability: () => call('GET', `${owner}/availability`, 'AvailabilityResponse', { auth: true }),
      updateSingleDay: (body: api.AvailabilityEntry) =>
        call('PUT', `${owner}/availability/update-single`, 'AvailabilityResponse', { body, auth: true }),
      updateHours: (body: { businessHours: api.AvailabilityEntry[] }) =>
        call('PUT', `${owner}/availability/update`, 'AvailabilityResponse', { body, auth: true }),
      specificQuestion: () =>
        call('GET', `${owner}/settings/specific-question`, 'SpecificQuestionOrNull', { auth: true }),
      updateSpecificQuestion: (body: api.SpecificQuestionUpdate) =>
        call('PUT', `${owner}/settings/update-specific-question`, 'SpecificQuestion', { body, auth: true }),
      businessDetails: () => call('GET', `${owner}/business-details`, 'BusinessDetails', { auth: true }),
      services: () => call('GET', `${owner}/services`, 'ServicesResponse', { auth: true }),
      addService: (body: api.ServiceInput) => call('POST', `${owner}/service/add`, 'Service', { body, auth: true }),
      editService: (serviceId: string, body: api.ServiceInput) =>
        call('PUT', `${owner}/service/edit/${id(serviceId)}`, 'Service', { body, auth: true }),
      deleteService: (serviceId: string) =>
        call('DELETE', `${owner}/service/delete/${id(serviceId)}`, 'OkBody', { auth: true }),
      distancePricing: () => call('GET', `${owner}/settings/distance-pricing`, 'DistancePricing', { auth: true }),
      updateDistancePricing: (body: { pricePerMile: number }) =>
        call('PUT', `${owner}/settings/update-distance-pricing`, 'DistancePricing', { body, auth: true }),
      operations: () => call('GET', `${owner}/settings/operations`, 'OperationsSettings', { auth: true }),
      updateOperations: (body: api.OperationsSettings) =>
        call('PUT', `${owner}/settings/operations`, 'OperationsSettings', { body, auth: true }),
      calendarFeed: () => call('GET', `${owner}/settings/calendar-feed`, 'CalendarFeed', { auth: true }),
      revokeCalendarFeed: () => call('POST', `${owner}/settings/calendar-feed/revoke`, 'CalendarFeed', { auth: true }),
      address: () => call('GET', `${owner}/address`, 'AddressResponse', { auth: true }),
      updateAddress: (body: api.Step3Request) =>
        call('PUT', `${owner}/address/update`, 'BusinessProfile', { body, auth: true }),
      updateTimeZone: (body: api.TimeZoneUpdate) =>
        call('PUT', `${owner}/settings/time-zone`, 'BusinessProfile', { body, auth: true }),
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
