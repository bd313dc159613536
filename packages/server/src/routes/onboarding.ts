/** POST /api/onboarding/step1|step2|step3: name, niche, address (SPEC.md sections 2 and 5). */
import { Step1Request, Step2Request, Step3Request } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { ownerGuard } from '../plugins/auth.ts';
import { HttpError } from '../plugins/errors.ts';
import { toProfile } from '../repositories/businesses.ts';
import { applyTradeTemplate } from '../repositories/templates.ts';

export const ADDRESS_NOT_FOUND =
  'We could not locate that address. Search again and pick one of the suggestions, then add your house number.';

export async function onboardingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // onRequest, not preHandler: an unauthenticated caller gets 401 before any body validation.
  app.addHook('onRequest', ownerGuard(ctx));
  const businesses = ctx.repos.businesses;

  app.get('/api/onboarding/profile', async (req) => {
    const b = await businesses.findById(req.owner.businessId);
    if (!b) throw new HttpError(404, 'Business not found.');
    return toProfile(b);
  });

  app.post('/api/onboarding/step1', { schema: { body: Step1Request } }, async (req) => {
    const { name } = req.body as Step1Request;
    return toProfile(await businesses.update(req.owner.businessId, { name }));
  });

  app.post('/api/onboarding/step2', { schema: { body: Step2Request } }, async (req) => {
    const { niche } = req.body as Step2Request;
    const now = ctx.now();
    const business = await inTransaction(ctx.store, async (trx) => {
      const updated = await trx
        .updateTable('businesses')
        .set({ niche, updated_at: now })
        .where('id', '=', req.owner.businessId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await applyTradeTemplate(trx, req.owner.businessId, niche, now);
      return updated;
    });
    return toProfile(business);
  });

  app.post('/api/onboarding/step3', { schema: { body: Step3Request } }, async (req) => {
    const { address } = req.body as Step3Request;
    const place = await ctx.geocoder.locate(address);
    if (!place) throw new HttpError(400, ADDRESS_NOT_FOUND);
    return toProfile(
      await businesses.update(req.owner.businessId, {
        address,
        lat: place.lat,
        lng: place.lng,
        time_zone: place.timeZone,
      }),
    );
  });
}
