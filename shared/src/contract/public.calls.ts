/** The public odds and ends: health, the API's own description, address search, feedback (schemas: public.schemas.ts). */
import type { RouteDef, SummariesOf } from './route-def.ts';

export const publicMetaCalls = {
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    response: 'HealthResponse',
  },
  live: {
    method: 'GET',
    path: '/api/health/live',
    auth: 'none',
    response: 'LivenessResponse',
  },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
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
} as const satisfies Record<string, RouteDef>;

export const publicPlacesCalls = {
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

export const publicFeedbackCalls = {
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

/** One line per call for the API reference (routes.ts routeSummaries). */
export const publicSummaries: {
  meta: SummariesOf<typeof publicMetaCalls>;
  places: SummariesOf<typeof publicPlacesCalls>;
  feedback: SummariesOf<typeof publicFeedbackCalls>;
} = {
  meta: {
    health:
      'Readiness, as /api/health/ready (kept for load balancers that poll it): 200 while this instance can serve, 503 with the code of what stops it.',
    live: 'Liveness: 200 while the process answers, whatever its database, Redis or shutdown; restart the instance only when this fails.',
    ready:
      "Readiness: 200 (ok, or degraded with Redis down) while the database answers, SQLite's file takes writes and the instance is not stopping; else 503 DATABASE_UNAVAILABLE, STORAGE_UNAVAILABLE or SHUTTING_DOWN. Take the instance out of the load balancer, never restart it, on a 503.",
    openapi: 'This API described as OpenAPI 3.1, generated from the route table.',
    docs: 'This API reference as a page.',
  },
  places: {
    search: 'Address suggestions for what was typed.',
  },
  feedback: {
    send: 'Stores a bug report, feature request or other feedback.',
  },
};
