/**
 * The quote's extra parts (SPEC.md Services page, DESIGN.md section 5): the specific
 * question (GET settings/specific-question, PUT settings/update-specific-question) and
 * the price per mile (GET settings/distance-pricing, PUT settings/update-distance-pricing).
 * Dollars on the wire, cents inside.
 */
import { randomUUID } from 'node:crypto';
import { DistancePricingUpdate, SpecificQuestionUpdate } from '@slotwise/shared/api';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type QuestionConfig, toQuestionJson } from '../../repositories/pricing.ts';

const base = '/api/business-dashboard';
type PricePerMileBody = z.infer<typeof DistancePricingUpdate>;

/** The update as stored: a dropdown keeps its options and no rate; a rate keeps its rate and no options. */
export function toQuestionConfig(q: SpecificQuestionUpdate): QuestionConfig {
  if (q.type === 'dropdown') {
    return {
      question: q.question,
      type: 'dropdown',
      options: q.options.map((o) => ({ text: o.text, valueCents: toCents(o.value) })),
      rateCents: null,
    };
  }
  return { question: q.question, type: 'rate', options: [], rateCents: toCents(q.rate ?? 0) };
}

export async function dashboardPricingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', ownerGuard(ctx));
  const pricing = ctx.repos.pricing;

  app.get(`${base}/settings/specific-question`, async (req, reply) => {
    const q = await pricing.question(req.owner.businessId);
    // An unset question answers JSON null, not an empty body, so every client can parse it.
    if (!q) return reply.type('application/json').send('null');
    return toQuestionJson(q);
  });

  app.put(`${base}/settings/update-specific-question`, { schema: { body: SpecificQuestionUpdate } }, async (req) => {
    const body = req.body as SpecificQuestionUpdate;
    const { businessId } = req.owner;
    // The customer answers by option text, so two options with one text could not be told apart.
    if (body.type === 'dropdown') {
      const seen = new Set<string>();
      for (const o of body.options) {
        const key = o.text.toLowerCase();
        if (seen.has(key))
          throw new HttpError(400, `The option "${o.text}" appears twice; give each option a different text.`);
        seen.add(key);
      }
    }
    const config = toQuestionConfig(body);
    const now = ctx.now();
    await inTransaction(ctx.store, (trx) => pricing.saveQuestion(trx, businessId, config, randomUUID, now));
    const saved = await pricing.question(businessId);
    if (!saved) throw new HttpError(404, 'Your business was not found. Log in again.');
    return toQuestionJson(saved);
  });

  app.get(`${base}/settings/distance-pricing`, async (req) => ({
    pricePerMile: toDollars(await pricing.pricePerMileCents(req.owner.businessId)),
  }));

  app.put(`${base}/settings/update-distance-pricing`, { schema: { body: DistancePricingUpdate } }, async (req) => {
    const { pricePerMile } = req.body as PricePerMileBody;
    const { businessId } = req.owner;
    await pricing.savePricePerMile(businessId, toCents(pricePerMile), ctx.now());
    return { pricePerMile: toDollars(await pricing.pricePerMileCents(businessId)) };
  });
}
