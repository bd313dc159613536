/**
 * The quote's extra parts (docs/product.md#services): the specific
 * question (GET settings/specific-question, PUT settings/update-specific-question) and
 * distance pricing, on or off with its price per mile (GET settings/distance-pricing, PUT
 * settings/update-distance-pricing).
 * Dollars on the wire, cents inside.
 */
import { randomUUID } from 'node:crypto';
import type { DistancePricing, SpecificQuestionUpdate } from '@slotwise/shared/api';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { type DistancePricingConfig, type QuestionConfig, toQuestionJson } from '../../repositories/pricing.ts';
import type { Handlers } from '../register.ts';

/** The update as stored: a dropdown keeps its options and no rate; a rate keeps its rate and no options. */
function toQuestionConfig(q: SpecificQuestionUpdate): QuestionConfig {
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

/** On only when a quote would charge for distance: switched on and a rate above 0 (domain/pricing.ts). */
function toDistanceJson(d: DistancePricingConfig): DistancePricing {
  return { chargeForDistance: d.on && d.pricePerMileCents > 0, pricePerMile: toDollars(d.pricePerMileCents) };
}

export function pricingHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'specificQuestion' | 'updateSpecificQuestion' | 'distancePricing' | 'updateDistancePricing'> {
  const pricing = ctx.repos.pricing;
  return {
    specificQuestion: async (req, reply) => {
      const q = await pricing.question(req.owner.business.id);
      // An unset question answers JSON null, not an empty body, so every client can parse it.
      if (!q) return reply.type('application/json').send('null');
      return toQuestionJson(q);
    },

    updateSpecificQuestion: async (req) => {
      const body = req.body;
      const businessId = req.owner.business.id;
      // The customer answers by option text, so two options with one text could not be told apart.
      if (body.type === 'dropdown') {
        const seen = new Set<string>();
        for (const o of body.options) {
          const key = o.text.toLowerCase();
          if (seen.has(key))
            throw new AppError(
              'VALIDATION_FAILED',
              `The option "${o.text}" appears twice; give each option a different text.`,
            );
          seen.add(key);
        }
      }
      const config = toQuestionConfig(body);
      const now = ctx.now();
      await inTransaction(ctx.store, (trx) => pricing.saveQuestion(trx, businessId, config, randomUUID, now));
      const saved = await pricing.question(businessId);
      // Saved a moment ago in this business: only a deleted account finds nothing.
      if (!saved) throw new AppError('ACCOUNT_NOT_FOUND', 'Your business was not found. Log in again.');
      return toQuestionJson(saved);
    },

    distancePricing: async (req) => toDistanceJson(await pricing.distancePricing(req.owner.business.id)),

    updateDistancePricing: async (req) => {
      const businessId = req.owner.business.id;
      const { chargeForDistance, pricePerMile } = req.body;
      await pricing.saveDistancePricing(
        businessId,
        { on: chargeForDistance, pricePerMileCents: pricePerMile === undefined ? undefined : toCents(pricePerMile) },
        ctx.now(),
      );
      return toDistanceJson(await pricing.distancePricing(businessId));
    },
  };
}
