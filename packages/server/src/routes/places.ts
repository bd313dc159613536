/** GET /api/business/places?input=: address suggestions, no auth (SPEC.md section 6). */

import { PlacesQuery } from '@slotwise/shared/api';
import { ADDRESS_SEARCH_MIN_CHARS } from '@slotwise/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../plugins/errors.ts';
import { rateLimit } from '../plugins/rate-limits.ts';

export async function placesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get(
    '/api/business/places',
    { schema: { querystring: PlacesQuery }, config: { rateLimit: rateLimit(ctx, 'places') } },
    async (req) => {
      const { input } = req.query as { input: string };
      if (input.trim().length < ADDRESS_SEARCH_MIN_CHARS)
        throw new HttpError(400, `Type at least ${ADDRESS_SEARCH_MIN_CHARS} characters to search for an address.`);
      try {
        return await ctx.geocoder.suggest(input);
      } catch (err) {
        req.log.warn({ err }, 'geocoder suggest failed');
        throw new HttpError(503, 'Address search is unavailable right now. Please try again in a minute.');
      }
    },
  );
}
