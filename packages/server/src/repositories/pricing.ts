/**
 * The pricing inputs of a business: its quote questions (docs/decisions/026), kept as JSON on
 * the business row every quote already reads, and its distance pricing.
 */
import type { QuoteQuestion as QuestionJson, QuoteQuestionInput } from '@slotwise/shared/api';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { QuoteQuestion } from '@slotwise/shared/quote';
import type { NearbyShare } from '@slotwise/shared/route-fit';
import type { Kysely } from 'kysely';
import type { BusinessesTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export interface DistancePricingConfig {
  /** false when the owner switched distance pricing off (the rate is kept). */
  on: boolean;
  pricePerMileCents: number;
  /** Price by route fit (docs/decisions/055): the customer's share of a nearby slot's saving, and the floor. */
  nearbyShare: NearbyShare;
  nearbyFloorCents: number;
}

/** The questions of a business row; a column no release wrote, or one that does not parse, reads as none. */
export function questionsOf(b: Pick<BusinessesTable, 'quote_questions'>): QuoteQuestion[] {
  if (!b.quote_questions) return [];
  try {
    const parsed: unknown = JSON.parse(b.quote_questions);
    return Array.isArray(parsed) ? (parsed as QuoteQuestion[]) : [];
  } catch {
    return [];
  }
}

export function toQuestionJson(q: QuoteQuestion): QuestionJson {
  return {
    _id: q.id,
    question: q.question,
    type: q.type,
    options: q.options.map((o) => ({ text: o.text, value: toDollars(o.valueCents), extraMinutes: o.extraMinutes })),
    rate: q.rateCents === null ? null : toDollars(q.rateCents),
    unit: q.unit,
    minQuantity: q.minQuantity,
    maxQuantity: q.maxQuantity,
    required: q.required,
    serviceIds: q.serviceIds === null ? null : [...q.serviceIds],
  };
}

/**
 * A question as stored, from the owner's input (parsed by QuoteQuestionInput): a dropdown keeps its
 * options and no rate; a rate keeps its rate, unit and bounds; a yes/no its amount. Each gets a new id.
 */
export function toQuestionConfig(q: QuoteQuestionInput, newId: () => string): QuoteQuestion {
  const common = {
    id: newId(),
    question: q.question,
    type: q.type,
    required: q.required ?? true,
    serviceIds: q.serviceIds && q.serviceIds.length > 0 ? [...new Set(q.serviceIds)] : null,
  };
  const none = { unit: null, minQuantity: null, maxQuantity: null };
  if (q.type === 'dropdown')
    return {
      ...common,
      ...none,
      options: (q.options ?? []).map((o) => ({
        text: o.text,
        valueCents: toCents(o.value),
        extraMinutes: o.extraMinutes ?? 0,
      })),
      rateCents: null,
    };
  if (q.type === 'yes_no') return { ...common, ...none, options: [], rateCents: toCents(q.rate ?? 0) };
  return {
    ...common,
    options: [],
    rateCents: toCents(q.rate ?? 0),
    unit: q.unit ?? null,
    minQuantity: q.minQuantity ?? null,
    maxQuantity: q.maxQuantity ?? null,
  };
}

/** Replaces the questions of a business, in the caller's transaction. */
export async function saveQuestions(
  trx: Tx,
  businessId: string,
  questions: readonly QuoteQuestion[],
  now: number,
): Promise<void> {
  await trx
    .updateTable('businesses')
    .set({ quote_questions: questions.length === 0 ? null : JSON.stringify(questions), updated_at: now })
    .where('id', '=', businessId)
    .execute();
}

export function pricingRepository(db: Kysely<Database>) {
  return {
    async questions(businessId: string, from: Tx = db): Promise<QuoteQuestion[]> {
      const b = await from
        .selectFrom('businesses')
        .select('quote_questions')
        .where('id', '=', businessId)
        .executeTakeFirst();
      return b ? questionsOf(b) : [];
    },
    saveQuestions,
    async distancePricing(businessId: string, from: Tx = db): Promise<DistancePricingConfig> {
      const b = await from
        .selectFrom('businesses')
        .select(['price_per_mile_cents', 'distance_pricing_on', 'nearby_share', 'nearby_floor_cents'])
        .where('id', '=', businessId)
        .executeTakeFirst();
      return {
        on: b?.distance_pricing_on === 1,
        pricePerMileCents: b?.price_per_mile_cents ?? 0,
        nearbyShare: b?.nearby_share ?? 'none',
        nearbyFloorCents: b?.nearby_floor_cents ?? 0,
      };
    },
    /** Switches distance pricing on or off; the rate is kept when none is given. */
    async saveDistancePricing(
      businessId: string,
      d: {
        on: boolean;
        pricePerMileCents?: number | undefined;
        nearbyShare?: NearbyShare | undefined;
        nearbyFloorCents?: number | undefined;
      },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('businesses')
        .set({
          distance_pricing_on: d.on ? 1 : 0,
          ...(d.pricePerMileCents === undefined ? {} : { price_per_mile_cents: d.pricePerMileCents }),
          ...(d.nearbyShare === undefined ? {} : { nearby_share: d.nearbyShare }),
          ...(d.nearbyFloorCents === undefined ? {} : { nearby_floor_cents: d.nearbyFloorCents }),
          updated_at: now,
        })
        .where('id', '=', businessId)
        .execute();
    },
  };
}
