/** The contract of services and quotes: services, add-ons, quote questions, distance pricing (calls: services.calls.ts). */

import { z } from 'zod';
import { SERVICE_CONFIRMATIONS } from '../confirmation.ts';
import { QUESTION_TYPES } from '../quote.ts';
import { NEARBY_SHARES } from '../route-fit.ts';
import { Dollars, ExtraMinutes, Id, trimmed } from './fields.schemas.ts';
import { DepositRule } from './payments.schemas.ts';
import { PhotoRequest } from './photos.schemas.ts';
import { PlanOffer, PlanOffers } from './plans.schemas.ts';

/** The most add-ons one service offers. */
export const ADD_ONS_MAX = 10;

/** An extra the customer may tick (docs/decisions/026): its price, the minutes it adds, a line about it. */
export const AddOn = z.object({
  _id: Id,
  name: z.string(),
  price: z.number(),
  extraMinutes: z.number().int(),
  description: z.string().nullable(),
});
export type AddOn = z.infer<typeof AddOn>;
export const AddOnInput = z.object({
  name: trimmed(120, 'Add-on name'),
  price: Dollars('Add-on price'),
  extraMinutes: ExtraMinutes.default(0),
  description: trimmed(300, 'Add-on description').nullable().optional(),
});
export type AddOnInput = z.input<typeof AddOnInput>;

export const Service = z.object({
  _id: Id,
  serviceName: z.string(),
  duration: z.number().int(),
  price: z.number(),
  /** The service's own deposit rule; null or absent: the business's (Settings, Payments). */
  deposit: DepositRule.nullable().optional(),
  /** The frequencies the service is offered at as a plan (docs/decisions/022); empty or absent: just once. */
  plans: z.array(PlanOffer).optional(),
  /** What the customer may tick on top (docs/decisions/026); empty or absent: none. */
  addOns: z.array(AddOn).optional(),
  /** Who confirms its bookings (shared/src/confirmation.ts); absent: 'business', as Settings, Confirming bookings says. */
  confirmation: z.enum(SERVICE_CONFIRMATIONS).optional(),
  /**
   * The catalogue only: true when a booking of it is confirmed at once (the business's choice
   * applied), so the widget says "You're booked"; absent: the owner confirms it.
   */
  confirmsAutomatically: z.boolean().optional(),
  /** Whether it asks the customer for photos with the request (docs/decisions/053); absent: it does not. */
  photoRequest: PhotoRequest.optional(),
});
export type Service = z.infer<typeof Service>;
export const ServicesResponse = z.object({ services: z.array(Service) });
export const ServiceInput = z.object({
  serviceName: trimmed(120, 'Service name'),
  duration: z
    .number({ error: 'Duration must be a number of minutes.' })
    .int('Duration must be whole minutes.')
    .min(5, 'Duration must be at least 5 minutes.')
    .max(24 * 60, 'Duration must be at most 1440 minutes (a day).'),
  price: Dollars('Price'),
  /** The service's own deposit rule; null: the business's. Left out when editing: kept as it is. */
  deposit: DepositRule.nullable().optional(),
  /** The frequencies offered as a plan, each with its discount. Left out when editing: kept as they are. */
  plans: PlanOffers.optional(),
  /** The add-ons, in order. Left out when editing: kept as they are. */
  addOns: z.array(AddOnInput).max(ADD_ONS_MAX, `At most ${ADD_ONS_MAX} add-ons.`).optional(),
  /** Who confirms its bookings. Left out when editing: kept as it is; when adding: the business's choice. */
  confirmation: z
    .enum(SERVICE_CONFIRMATIONS, { error: "Confirmation must be 'business', 'myself' or 'automatically'." })
    .optional(),
});
export type ServiceInput = z.infer<typeof ServiceInput>;
export const ServiceParams = z.object({
  id: z.string().uuid('That is not a service id; use the _id of a service from your services list.'),
});

export const QuestionOption = z.object({
  text: trimmed(120, 'Option text'),
  value: Dollars('Option value'),
  extraMinutes: ExtraMinutes.default(0),
});
export type QuestionOption = z.input<typeof QuestionOption>;

/** The most questions a business asks (docs/decisions/026): a quote stays one screen. */
export const QUESTIONS_MAX = 5;

/** A quote question as answered to the owner and the widget (docs/decisions/026). */
export const QuoteQuestion = z.object({
  _id: Id,
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.object({ text: z.string(), value: z.number(), extraMinutes: z.number().int() })),
  /** A rate's price per unit, or what a yes adds; null on a dropdown. */
  rate: z.number().nullable(),
  unit: z.string().nullable(),
  minQuantity: z.number().nullable(),
  maxQuantity: z.number().nullable(),
  required: z.boolean(),
  /** The services it is asked for; null: all of them. */
  serviceIds: z.array(Id).nullable(),
});
export type QuoteQuestion = z.infer<typeof QuoteQuestion>;
export const QuoteQuestions = z.object({ questions: z.array(QuoteQuestion) });
export type QuoteQuestions = z.infer<typeof QuoteQuestions>;
const Quantity = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .finite(`${what} must be a number.`)
    .min(0, `${what} cannot be negative.`)
    .max(100_000, `${what} must be at most 100000.`);
export const QuoteQuestionInput = z
  .object({
    question: trimmed(300, 'Question'),
    type: z.enum(QUESTION_TYPES, { error: 'Type must be dropdown, rate or yes_no.' }),
    options: z.array(QuestionOption).max(50, 'At most 50 options.').default([]),
    rate: Dollars('Rate', 10_000).nullable().optional(),
    unit: trimmed(60, 'Unit').nullable().optional(),
    minQuantity: Quantity('Minimum').nullable().optional(),
    maxQuantity: Quantity('Maximum').nullable().optional(),
    required: z.boolean().default(true),
    serviceIds: z.array(Id).max(200).nullable().default(null),
  })
  .refine((q) => q.type !== 'dropdown' || q.options.length > 0, {
    message: 'Add at least one option to a dropdown question.',
    path: ['options'],
  })
  .refine((q) => q.type === 'dropdown' || (q.rate != null && q.rate > 0), {
    message: 'Give a rate or a yes amount greater than 0.',
    path: ['rate'],
  })
  .refine((q) => q.minQuantity == null || q.maxQuantity == null || q.minQuantity <= q.maxQuantity, {
    message: 'The minimum cannot be more than the maximum.',
    path: ['maxQuantity'],
  })
  .refine((q) => new Set(q.options.map((o) => o.text.toLowerCase())).size === q.options.length, {
    // The customer answers by option text, so two options with one text could not be told apart.
    message: 'Two options have the same text; give each option a different text.',
    path: ['options'],
  });
export type QuoteQuestionInput = z.input<typeof QuoteQuestionInput>;
export const QuoteQuestionsUpdate = z.object({
  questions: z.array(QuoteQuestionInput).max(QUESTIONS_MAX, `At most ${QUESTIONS_MAX} questions.`),
});
export type QuoteQuestionsUpdate = z.input<typeof QuoteQuestionsUpdate>;

/**
 * The specification's single question (its section 7: GET settings/specific-question, PUT
 * settings/update-specific-question), kept for integrations written against it: the first quote
 * question, in the first shape. A yes/no question reads as a dropdown of Yes and No.
 */
export const SpecificQuestion = z.object({
  question: z.string(),
  type: z.enum(['dropdown', 'rate']),
  options: z.array(z.object({ text: z.string(), value: z.number() })),
  rate: z.number().nullable(),
});
export type SpecificQuestion = z.infer<typeof SpecificQuestion>;

/** null when the business asks no question. */
export const SpecificQuestionOrNull = SpecificQuestion.nullable();
export const SpecificQuestionUpdate = z
  .object({
    // An empty question gets the specification's words (section 5), not "Question is required.".
    question: trimmed(300, 'Question').or(
      z
        .string()
        .trim()
        .length(0)
        .transform(() => ''),
    ),
    type: z.enum(['dropdown', 'rate'], { error: 'Type must be dropdown or rate.' }),
    options: z
      .array(z.object({ text: trimmed(120, 'Option text'), value: Dollars('Option value') }))
      .max(50, 'At most 50 options.')
      .default([]),
    rate: Dollars('Rate', 10_000).nullable().optional(),
  })
  .refine((q) => q.question.length > 0, { message: 'Question cannot be empty.', path: ['question'] })
  .refine((q) => q.type !== 'dropdown' || q.options.length > 0, {
    message: 'Add at least one option to a dropdown question.',
    path: ['options'],
  })
  .refine((q) => q.type !== 'rate' || (q.rate != null && q.rate > 0), {
    message: 'Rate must be greater than 0.',
    path: ['rate'],
  })
  .refine(
    (q) => q.type !== 'dropdown' || new Set(q.options.map((o) => o.text.toLowerCase())).size === q.options.length,
    {
      message: 'Two options have the same text; give each option a different text.',
      path: ['options'],
    },
  );
export type SpecificQuestionUpdate = z.infer<typeof SpecificQuestionUpdate>;

/**
 * Distance pricing (docs/product.md#distance-pricing). `chargeForDistance` is false when the
 * owner switched it off or never set a rate: quotes then add nothing for distance. A rate
 * switched off is kept, so switching on again starts from it.
 */
export const DistancePricing = z.object({
  chargeForDistance: z.boolean(),
  pricePerMile: z.number(),
  /**
   * Price by route fit (docs/decisions/055): how much of the saving of a slot next to a booked job
   * goes to the customer ('none': prices by the miles from the business, as before), and the
   * lowest travel charge such a slot comes to, in dollars.
   */
  nearbyShare: z.enum(NEARBY_SHARES),
  nearbyFloor: z.number(),
});
export type DistancePricing = z.infer<typeof DistancePricing>;

/**
 * Switching on (the default, as before the switch existed) needs a rate above 0; switching
 * off keeps the saved rate unless one is sent.
 */
export const DistancePricingUpdate = z
  .object({
    chargeForDistance: z.boolean({ error: 'Charge for distance must be true or false.' }).default(true),
    pricePerMile: Dollars('Distance pricing rate', 1000).optional(),
    /** Left out: kept as saved. */
    nearbyShare: z.enum(NEARBY_SHARES, { error: 'Nearby discount must be none, half or all.' }).optional(),
    nearbyFloor: Dollars('Lowest travel charge', 1000).optional(),
  })
  .superRefine((d, ctx) => {
    if (!d.chargeForDistance) return;
    if (d.pricePerMile === undefined)
      ctx.addIssue({ code: 'custom', message: 'Distance pricing rate must be a number.', path: ['pricePerMile'] });
    else if (d.pricePerMile <= 0)
      ctx.addIssue({
        code: 'custom',
        message: 'Distance pricing rate must be greater than 0.',
        path: ['pricePerMile'],
      });
  });
export type DistancePricingUpdate = z.infer<typeof DistancePricingUpdate>;
