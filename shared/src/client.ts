/**
 * The one fetch client every app uses (STYLE.md rule 3). Pages never build URLs
 * by hand; every failure surfaces as one typed ApiError {status, message}.
 */
import type { z } from 'zod';
import * as api from './api.ts';
import { type CallInit, type ClientOptions, createCall, type Method, type Parser } from './http.ts';
import { publicCalls } from './public-client.ts';

export { ApiError, type ClientOptions, NETWORK_ERROR_STATUS } from './http.ts';

export function createClient(options: ClientOptions = {}) {
  const core = createCall(options);
  // The zod schemas check every answer here; the core itself stays zod-free for the widget.
  const call = <S extends z.ZodType>(method: Method, path: string, schema: S | null, init?: CallInit) =>
    core<z.infer<S>>(method, path, schema as Parser<z.infer<S>> | null, init);

  const owner = '/api/business-dashboard';
  const id = encodeURIComponent;
  return {
    auth: {
      login: (body: api.LoginRequest) => call('POST', '/api/auth/login', api.TokenResponse, { body }),
      signup: (body: api.SignupRequest) => call('POST', '/api/auth/signup', api.TokenResponse, { body }),
      forgotPassword: (body: api.ForgotPasswordRequest) =>
        call('POST', '/api/auth/forgot-password', api.OkBody, { body }),
      resetStatus: (token: string) =>
        call('GET', '/api/auth/reset-password', api.ResetTokenStatus, { query: { token } }),
      resetPassword: (body: api.ResetPasswordRequest) =>
        call('POST', '/api/auth/reset-password', api.TokenResponse, { body }),
    },
    account: {
      get: () => call('GET', '/api/business-dashboard/account', api.Account, { auth: true }),
      changePassword: (body: api.ChangePasswordRequest) =>
        call('PUT', '/api/business-dashboard/account/password', api.TokenResponse, { body, auth: true }),
      changePhone: (body: { phoneNumber: string }) =>
        call('PUT', '/api/business-dashboard/account/phone', api.Account, { body, auth: true }),
      /** The bookings as CSV text (the Bookings page offers it as a download). */
      exportBookingsCsv: () =>
        core<string>('GET', '/api/business-dashboard/bookings/export', null, { auth: true, text: true }),
    },
    onboarding: {
      step1: (body: api.Step1Request) =>
        call('POST', '/api/onboarding/step1', api.BusinessProfile, { body, auth: true }),
      step2: (body: api.Step2Request) =>
        call('POST', '/api/onboarding/step2', api.BusinessProfile, { body, auth: true }),
      step3: (body: api.Step3Request) =>
        call('POST', '/api/onboarding/step3', api.BusinessProfile, { body, auth: true }),
      profile: () => call('GET', '/api/onboarding/profile', api.BusinessProfile, { auth: true }),
    },
    ...publicCalls(core, api),
    dashboard: {
      bookingsToday: () => call('GET', `${owner}/bookings/today`, api.BookingsResponse, { auth: true }),
      bookings: (range: { from?: string; to?: string } = {}) =>
        call('GET', `${owner}/bookings`, api.BookingsResponse, { auth: true, query: range }),
      approve: (bookingId: string) =>
        call('PUT', `${owner}/booking/approve/${id(bookingId)}`, api.Booking, { auth: true }),
      decline: (bookingId: string) =>
        call('PUT', `${owner}/booking/decline/${id(bookingId)}`, api.Booking, { auth: true }),
      rescheduleBooking: (body: api.RescheduleByOwnerRequest) =>
        call('PUT', `${owner}/booking/reschedule`, api.Booking, { body, auth: true }),
      blockedTimes: (range: { from?: string; to?: string } = {}) =>
        call('GET', `${owner}/blocked-times`, api.BlockedTimesResponse, { auth: true, query: range }),
      addBlockedTime: (body: api.BlockedTimeRequest) =>
        call('POST', `${owner}/blocked-time`, api.BlockedTime, { body, auth: true }),
      moveBlockedTime: (blockedId: string, body: { startTime: string; endTime: string }) =>
        call('PUT', `${owner}/blocked-time/${id(blockedId)}/reschedule`, api.BlockedTime, { body, auth: true }),
      deleteBlockedTime: (blockedId: string) =>
        call('DELETE', `${owner}/blocked-time/${id(blockedId)}`, api.OkBody, { auth: true }),
      availability: () => call('GET', `${owner}/availability`, api.AvailabilityResponse, { auth: true }),
      updateSingleDay: (body: api.AvailabilityEntry) =>
        call('PUT', `${owner}/availability/update-single`, api.AvailabilityResponse, { body, auth: true }),
      updateHours: (body: { businessHours: api.AvailabilityEntry[] }) =>
        call('PUT', `${owner}/availability/update`, api.AvailabilityResponse, { body, auth: true }),
      specificQuestion: () =>
        call('GET', `${owner}/settings/specific-question`, api.SpecificQuestion.nullable(), { auth: true }),
      updateSpecificQuestion: (body: api.SpecificQuestionUpdate) =>
        call('PUT', `${owner}/settings/update-specific-question`, api.SpecificQuestion, { body, auth: true }),
      businessDetails: () => call('GET', `${owner}/business-details`, api.BusinessDetails, { auth: true }),
      services: () => call('GET', `${owner}/services`, api.ServicesResponse, { auth: true }),
      addService: (body: api.ServiceInput) => call('POST', `${owner}/service/add`, api.Service, { body, auth: true }),
      editService: (serviceId: string, body: api.ServiceInput) =>
        call('PUT', `${owner}/service/edit/${id(serviceId)}`, api.Service, { body, auth: true }),
      deleteService: (serviceId: string) =>
        call('DELETE', `${owner}/service/delete/${id(serviceId)}`, api.OkBody, { auth: true }),
      distancePricing: () => call('GET', `${owner}/settings/distance-pricing`, api.DistancePricing, { auth: true }),
      updateDistancePricing: (body: { pricePerMile: number }) =>
        call('PUT', `${owner}/settings/update-distance-pricing`, api.DistancePricing, { body, auth: true }),
      operations: () => call('GET', `${owner}/settings/operations`, api.OperationsSettings, { auth: true }),
      updateOperations: (body: api.OperationsSettings) =>
        call('PUT', `${owner}/settings/operations`, api.OperationsSettings, { body, auth: true }),
      calendarFeed: () => call('GET', `${owner}/settings/calendar-feed`, api.CalendarFeed, { auth: true }),
      revokeCalendarFeed: () =>
        call('POST', `${owner}/settings/calendar-feed/revoke`, api.CalendarFeed, { auth: true }),
      address: () => call('GET', `${owner}/address`, api.AddressResponse, { auth: true }),
      updateAddress: (body: api.Step3Request) =>
        call('PUT', `${owner}/address/update`, api.BusinessProfile, { body, auth: true }),
      updateTimeZone: (body: api.TimeZoneUpdate) =>
        call('PUT', `${owner}/settings/time-zone`, api.BusinessProfile, { body, auth: true }),
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
