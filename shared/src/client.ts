/**
 * The one fetch client every app uses (STYLE.md rule 3). Pages never build URLs
 * by hand; every failure surfaces as one typed ApiError {status, message}.
 */
import type { z } from 'zod';
import * as api from './api.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** status 0 means the request never got an answer (network down, CORS, aborted). */
export const NETWORK_ERROR_STATUS = 0;

export interface ClientOptions {
  /** Origin of the API, '' for same-origin. */
  baseUrl?: string;
  /** Bearer token for owner calls; read on every request so a new login takes effect at once. */
  getToken?: () => string | null;
  /** Called when an authenticated call answers 401 (expired, forged or revoked token). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Query = Record<string, string | undefined>;

export function createClient(options: ClientOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S | null,
    init: { body?: unknown; query?: Query; auth?: boolean; headers?: Record<string, string> } = {},
  ): Promise<z.infer<S>> {
    const qs = init.query
      ? new URLSearchParams(
          Object.entries(init.query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString()
      : '';
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.auth) {
      const token = options.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await doFetch(`${base}${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch {
      throw new ApiError(NETWORK_ERROR_STATUS, 'Could not reach the server. Check your connection and try again.');
    }
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
    if (!res.ok) {
      if (res.status === 401 && init.auth) options.onUnauthorized?.();
      const message =
        data && typeof data === 'object' && 'error' in data && typeof data.error === 'string'
          ? data.error
          : `The server answered ${res.status} ${res.statusText}`.trim();
      throw new ApiError(res.status, message);
    }
    if (!schema) return data as z.infer<S>;
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiError(res.status, `Unexpected answer from ${path}.`);
    return parsed.data;
  }

  const owner = '/api/business-dashboard';
  const id = encodeURIComponent;
  return {
    auth: {
      login: (body: api.LoginRequest) => call('POST', '/api/auth/login', api.TokenResponse, { body }),
      signup: (body: api.SignupRequest) => call('POST', '/api/auth/signup', api.TokenResponse, { body }),
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
    places: (input: string) => call('GET', '/api/business/places', api.PlacesResponse, { query: { input } }),
    feedback: (body: api.FeedbackRequest) => call('POST', '/api/feedback', api.OkBody, { body }),
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
      address: () => call('GET', `${owner}/address`, api.AddressResponse, { auth: true }),
      updateAddress: (body: api.Step3Request) =>
        call('PUT', `${owner}/address/update`, api.BusinessProfile, { body, auth: true }),
    },
    customer: {
      business: (businessId: string) => call('GET', `/api/customer/business/${id(businessId)}`, api.PublicBusiness),
      slots: (query: { businessId: string; date: string; serviceId?: string; token?: string }) =>
        call('GET', '/api/customer/get-available-slots', api.SlotsResponse, { query }),
      quote: (body: api.QuoteRequest) => call('POST', '/api/customer/quote', api.QuoteResponse, { body }),
      book: (body: api.BookRequest, idempotencyKey: string) =>
        call('POST', '/api/customer/book', api.BookResponse, { body, headers: { 'idempotency-key': idempotencyKey } }),
      managedBooking: (token: string) => call('GET', '/api/customer/booking', api.ManagedBooking, { query: { token } }),
      reschedule: (body: { token: string; newDateTime: string }) =>
        call('PUT', '/api/customer/reschedule', api.ManagedBooking, { body }),
      cancel: (token: string) => call('DELETE', '/api/customer/confirm-cancel', api.OkBody, { query: { token } }),
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
