/** The pricing inputs of a business: its specific question (with options) and its distance pricing. */
import type { SpecificQuestion } from '@slotwise/shared/api';
import { toDollars } from '@slotwise/shared/money';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { BusinessesTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

// Every quote and booking reads the question (db/prepared.ts).
const questionFields = prepared(['businessId'], (db, v: { businessId: string }) =>
  db
    .selectFrom('businesses')
    .select(['question', 'question_type', 'question_rate_cents'])
    .where('id', '=', v.businessId),
);
const optionsOf = prepared(['businessId'], (db, v: { businessId: string }) =>
  db
    .selectFrom('question_options')
    .select(['text', 'value_cents'])
    .where('business_id', '=', v.businessId)
    .orderBy('position'),
);

export interface DistancePricingConfig {
  /** false when the owner switched distance pricing off (the rate is kept). */
  on: boolean;
  pricePerMileCents: number;
}

export interface QuestionConfig {
  question: string;
  type: 'dropdown' | 'rate';
  options: { text: string; valueCents: number }[];
  rateCents: number | null;
}

export function toQuestionJson(q: QuestionConfig): SpecificQuestion {
  return {
    question: q.question,
    type: q.type,
    options: q.options.map((o) => ({ text: o.text, value: toDollars(o.valueCents) })),
    rate: q.rateCents === null ? null : toDollars(q.rateCents),
  };
}

/** Replaces the question and all its options in one transaction (the caller's). */
export async function saveQuestion(
  trx: Tx,
  businessId: string,
  q: QuestionConfig,
  newId: () => string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('businesses')
    .set({
      question: q.question,
      question_type: q.type,
      question_rate_cents: q.type === 'rate' ? q.rateCents : null,
      updated_at: now,
    })
    .where('id', '=', businessId)
    .execute();
  await trx.deleteFrom('question_options').where('business_id', '=', businessId).execute();
  if (q.type === 'dropdown' && q.options.length > 0) {
    await trx
      .insertInto('question_options')
      .values(
        q.options.map((o, i) => ({
          id: newId(),
          business_id: businessId,
          position: i,
          text: o.text,
          value_cents: o.valueCents,
        })),
      )
      .execute();
  }
}

export function pricingRepository(db: Kysely<Database>) {
  async function questionOf(
    b: Pick<BusinessesTable, 'id' | 'question' | 'question_type' | 'question_rate_cents'>,
    from: Tx = db,
  ): Promise<QuestionConfig | null> {
    if (!b.question || !b.question_type) return null;
    const options = await optionsOf(from, { businessId: b.id });
    return {
      question: b.question,
      type: b.question_type,
      options: options.map((o) => ({ text: o.text, valueCents: o.value_cents })),
      rateCents: b.question_rate_cents,
    };
  }

  return {
    /** null when the owner has not configured a question. */
    async question(businessId: string, from: Tx = db): Promise<QuestionConfig | null> {
      const [b] = await questionFields(from, { businessId });
      return b ? questionOf({ id: businessId, ...b }, from) : null;
    },
    /** The question of a business row already read (its options are read only for a question). */
    questionOf,
    /** Replaces the question and all its options in one transaction (the caller's). */
    saveQuestion,
    async distancePricing(businessId: string, from: Tx = db): Promise<DistancePricingConfig> {
      const b = await from
        .selectFrom('businesses')
        .select(['price_per_mile_cents', 'distance_pricing_on'])
        .where('id', '=', businessId)
        .executeTakeFirst();
      return { on: b?.distance_pricing_on === 1, pricePerMileCents: b?.price_per_mile_cents ?? 0 };
    },
    /** Switches distance pricing on or off; the rate is kept when none is given. */
    async saveDistancePricing(
      businessId: string,
      d: { on: boolean; pricePerMileCents?: number | undefined },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('businesses')
        .set({
          distance_pricing_on: d.on ? 1 : 0,
          ...(d.pricePerMileCents === undefined ? {} : { price_per_mile_cents: d.pricePerMileCents }),
          updated_at: now,
        })
        .where('id', '=', businessId)
        .execute();
    },
  };
}
