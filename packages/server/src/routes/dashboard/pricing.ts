/**
 * The quote's extra parts (docs/product.md#services): the quote questions (GET and PUT
 * settings/quote-questions; docs/decisions/026) and distance pricing, on or off with its price
 * per mile (GET settings/distance-pricing, PUT settings/update-distance-pricing), and the
 * specification's single question (GET settings/specific-question, PUT
 * settings/update-specific-question; the first specification, section 7), which reads and sets the
 * first of the quote questions in its first shape.
 * Dollars on the wire, cents inside.
 */
import { randomUUID } from 'node:crypto';
import type { DistancePricing, QuoteQuestions, SpecificQuestion, SpecificQuestionUpdate } from '@slotwise/shared/api';
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

/** The first question in the specification's shape: a yes/no reads as a dropdown of Yes (its amount) and No. */
function toSpecificJson(q: QuoteQuestion): SpecificQuestion {
  if (q.type === 'yes_no')
    return {
      question: q.question,
      type: 'dropdown',
      options: [
        { text: 'Yes', value: toDollars(q.rateCents ?? 0) },
        { text: 'No', value: 0 },
      ],
      rate: null,
    };
  return {
    question: q.question,
    type: q.type,
    options: q.options.map((o) => ({ text: o.text, value: toDollars(o.valueCents) })),
    rate: q.rateCents === null ? null : toDollars(q.rateCents),
  };
}

/**
 * The first question set from the specification's shape. What that shape cannot say is kept from
 * the question it replaces: its services, whether it is required, an option's extra minutes (by its
 * text), a rate's unit and bounds. A new _id, as every saved question (docs/decisions/026).
 */
function fromSpecific(body: SpecificQuestionUpdate, was: QuoteQuestion | undefined, id: string): QuoteQuestion {
  const kept = { id, question: body.question, required: was?.required ?? true, serviceIds: was?.serviceIds ?? null };
  if (body.type === 'dropdown') {
    const minutes = new Map((was?.options ?? []).map((o) => [o.text.toLowerCase(), o.extraMinutes]));
    return {
      ...kept,
      type: 'dropdown',
      options: body.options.map((o) => ({
        text: o.text,
        valueCents: toCents(o.value),
        extraMinutes: minutes.get(o.text.toLowerCase()) ?? 0,
      })),
      rateCents: null,
      unit: null,
      minQuantity: null,
      maxQuantity: null,
    };
  }
  const rate = was?.type === 'rate' ? was : undefined;
  return {
    ...kept,
    type: 'rate',
    options: [],
    rateCents: toCents(body.rate ?? 0),
    unit: rate?.unit ?? null,
    minQuantity: rate?.minQuantity ?? null,
    maxQuantity: rate?.maxQuantity ?? null,
  };
}

/** On only when a quote would charge for distance: switched on and a rate above 0 (domain/pricing.ts). */
function toDistanceJson(d: DistancePricingConfig): DistancePricing {
  return {
    chargeForDistance: d.on && d.pricePerMileCents > 0,
    pricePerMile: toDollars(d.pricePerMileCents),
    nearbyShare: d.nearbyShare,
    nearbyFloor: toDollars(d.nearbyFloorCents),
  };
}

export function pricingHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  | 'quoteQuestions'
  | 'updateQuoteQuestions'
  | 'specificQuestion'
  | 'updateSpecificQuestion'
  | 'distancePricing'
  | 'updateDistancePricing'
> {
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

    specificQuestion: async (req, reply) => {
      const [first] = await pricing.questions(req.owner.business.id);
      // No question answers JSON null, not an empty body, so every client can parse it.
      if (!first) return reply.type('application/json').send('null');
      return toSpecificJson(first);
    },

    updateSpecificQuestion: async (req) => {
      const businessId = req.owner.business.id;
      const saved = await inTransaction(ctx.store, async (trx) => {
        const [was, ...rest] = await pricing.questions(businessId, trx);
        const first = fromSpecific(req.body, was, randomUUID());
        await pricing.saveQuestions(trx, businessId, [first, ...rest], ctx.now());
        return first;
      });
      return toSpecificJson(saved);
    },

    distancePricing: async (req) => toDistanceJson(await pricing.distancePricing(req.owner.business.id)),

    updateDistancePricing: async (req) => {
      const businessId = req.owner.business.id;
      const { chargeForDistance, pricePerMile, nearbyShare, nearbyFloor } = req.body;
      await pricing.saveDistancePricing(
        businessId,
        {
          on: chargeForDistance,
          pricePerMileCents: pricePerMile === undefined ? undefined : toCents(pricePerMile),
          nearbyShare,
          nearbyFloorCents: nearbyFloor === undefined ? undefined : toCents(nearbyFloor),
        },
        ctx.now(),
      );
      return toDistanceJson(await pricing.distancePricing(businessId));
    },
  };
}
