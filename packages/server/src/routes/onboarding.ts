/** The three onboarding steps: name, trade, address (docs/product.md#onboarding). */
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { ensureSlug } from '../domain/booking-page.ts';
import { BUSINESS_ADDRESS_WORDS, locateStreet } from '../domain/places.ts';
import { toProfile } from '../repositories/businesses.ts';
import { applyTradeTemplate } from '../repositories/templates.ts';
import type { Handlers } from './register.ts';

export function onboardingHandlers(ctx: AppContext): Handlers<'onboarding'> {
  const businesses = ctx.repos.businesses;
  return {
    profile: async (req) => toProfile(req.owner.business),

    step1: async (req) => {
      const business = await businesses.update(req.owner.business.id, { name: req.body.name });
      // The booking page's address comes from the first name; a later rename keeps it (decision 018).
      if (!business.slug) await ensureSlug(ctx, business.id, req.body.name);
      return toProfile(business);
    },

    step2: async (req) => {
      const { niche } = req.body;
      const id = req.owner.business.id;
      const now = ctx.now();
      const business = await inTransaction(ctx.store, async (trx) => {
        const updated = await businesses.update(id, { niche }, trx);
        await applyTradeTemplate(trx, id, niche, now);
        return updated;
      });
      return toProfile(business);
    },

    step3: async (req) => {
      const { address } = req.body;
      const place = await locateStreet(ctx, address, req.log, BUSINESS_ADDRESS_WORDS);
      return toProfile(
        await businesses.update(req.owner.business.id, {
          address,
          lat: place.lat,
          lng: place.lng,
          time_zone: place.timeZone,
        }),
      );
    },
  };
}
