/**
 * What a call of the route table is (docs/decisions/011): method, path, who may call it, its
 * rate limit, and the names of the zod schemas (the domain modules' `*.schemas.ts`, all
 * re-exported by api.ts) of its path parameters, query, body and answer. Each domain's
 * `*.calls.ts` declares its calls against this; routes.ts assembles them into the table.
 *
 * Only types are imported here, so the calls cost the widget (which must stay small and never
 * loads zod) a few strings.
 */
import type { z } from 'zod';
import type * as api from '../api.ts';

/** The schemas module (`import * as api from '@slotwise/shared/api'`). */
export type Schemas = typeof api;
/** The name of a zod schema exported by api.ts (by a domain's schemas module). */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Answers that are not JSON described by a schema: downloads, the calendar feed, pages. */
export type MediaType = 'text/csv' | 'text/calendar' | 'text/html' | 'text/xml' | 'application/json' | 'image/jpeg';

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
  | 'beacon'
  | 'hold'
  | 'photoUpload';

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
  /**
   * The body is the raw bytes of a photo (any Content-Type; the server reads what the bytes are,
   * docs/decisions/053), never JSON: the client sends a Blob as it is. Excludes `body`.
   */
  upload?: 'photo';
  /** Request headers the call requires (validated by its handler). */
  headers?: readonly 'idempotency-key'[];
  /** The answer's schema, or the media type of an answer no schema describes. */
  response: SchemaName | { mediaType: MediaType; description: string };
  /** The success status; 200 unless said. */
  status?: 200 | 201;
}

/** The owner's calls' paths begin with this. */
export const owner = '/api/business-dashboard';
/** A crew member's own calls' paths begin with this (docs/decisions/024). */
export const crew = '/api/crew';

/** One line per call of a group, for the API reference: a missing or a stray line is a type error. */
export type SummariesOf<T> = { [N in keyof T]: string };
