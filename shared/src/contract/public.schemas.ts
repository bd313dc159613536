/** The contract's public odds and ends: health, address search, feedback (their calls: public.calls.ts). */

import { z } from 'zod';
import { FEEDBACK_PLACES, FEEDBACK_TYPES } from '../domain.ts';
import { plainText, trimmed } from './fields.schemas.ts';

/**
 * The instance's health. `degraded` (still 200, so a load balancer keeps the instance):
 * a part it can do without is down, such as Redis, whose rate-limit counters then live in
 * the database. `redis` only when REDIS_URL is set.
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['sqlite', 'postgres']),
  redis: z.enum(['up', 'down']).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

// ---------- places ----------

export const PlacesQuery = z.object({
  input: plainText(z.string().max(200, 'Search text must be at most 200 characters.'), 'Search text'),
  /**
   * The business the address is for (the widget's): its area's cities come first, and a city out of
   * its reach never before one inside it (docs/product.md#address-suggestions).
   */
  businessId: z.string().uuid('businessId is not a valid business id; use the id from the embed code.').optional(),
});
export const PlaceSuggestion = z.object({ description: z.string(), placeId: z.string() });
export const PlacesResponse = z.array(PlaceSuggestion);
export type PlaceSuggestion = z.infer<typeof PlaceSuggestion>;

// ---------- feedback ----------

export const FeedbackRequest = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: `Type must be one of: ${FEEDBACK_TYPES.join(', ')}.` }),
  where: z.enum(FEEDBACK_PLACES, { error: `Where must be one of: ${FEEDBACK_PLACES.join(', ')}.` }),
  description: trimmed(5000, 'Description', 'multi-line'),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
