/**
 * The quote's extra parts (docs/product.md#services): the quote questions (GET and PUT
 * settings/quote-questions; docs/decisions/026) and distance pricing, on or off with its price
 * per mile (GET settings/distance-pricing, PUT settings/update-distance-pricing).
 * Dollars on the wire, cents inside.
 */
import { randomUUID } from 'node:crypto';
import type { DistancePricing, QuoteQuestions } from '@slotwise/shared/api';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { QuoteQuestion } from '@slotwise/shared/quote';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { type DistancePricingConfig, toQuestionConfig, toQuestionJson } from '../../repositories/pricing.ts';
import type { Handlers } from '../register.ts';

const toQuestionsJson = (questions: readonly QuoteQuestion[]): QuoteQuestions => ({
  questions: questions.map(toQuestionJson),
});

/** On only when a quote would charge for distance: switched on and a rate above 0 (domain/pricing.ts). */
function toDistanceJson(d: DistancePricingConfig): DistancePricing {
  return { chargeForDistance: d.on && d.pricePerMileCents > 0, pricePerMile: toDollars(d.pricePerMileCents) };
}

export function pricingHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'quoteQuestions' | 'updateQuoteQuestions' | 'distancePricing' | 'updateDistancePricing'> {
  const pricing = ctx.repos.pricing;
  return {
    quoteQuestions: async (req) => toQuestionsJson(await pricing.questions(req.owner.business.id)),

    updateQuoteQuestions: async (req) => {
      const businessId = req.owner.business.id;
      const questions = req.body.questions.map((q) => toQuestionConfig(q, randomUUID));
      // A question for chosen services names services of this business only.
      const own = new Set((await ctx.repos.services.list(businessId)).map((s) => s.id));
      for (const q of questions)
        if (q.serviceIds?.some((id) => !own.has(id)))
          throw new AppError(
            'VALIDATION_FAILED',
            `"${q.question}" is asked for a service that is not one of yours; choose its services again.`,
          );
      await inTransaction(ctx.store, (trx) => pricing.saveQuestions(trx, businessId, questions, ctx.now()));
      return toQuestionsJson(questions);
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
