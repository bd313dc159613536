/** Creates a trade's starting services, add-ons and questions once per business (onboarding step 2). */
import { randomUUID } from 'node:crypto';
import { toCents } from '@slotwise/shared/money';
import { templateFor } from '@slotwise/shared/trade-templates';
import type { Tx } from '../db/transaction.ts';
import { saveQuestions, toQuestionConfig } from './pricing.ts';
import { insertServices } from './services.ts';

/**
 * Applies the niche's template only to a business that has no services, no
 * questions and no template yet, so repeating step 2 never creates anything twice
 * and never touches what the owner already set up. Returns whether it applied.
 */
export async function applyTradeTemplate(trx: Tx, businessId: string, niche: string, now: number): Promise<boolean> {
  const template = templateFor(niche);
  if (!template) return false;
  const business = await trx
    .selectFrom('businesses')
    .select(['template_niche', 'quote_questions'])
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!business || business.template_niche !== null || business.quote_questions) return false;
  const existing = await trx
    .selectFrom('services')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;

  await insertServices(
    trx,
    businessId,
    template.services.map((s) => ({
      name: s.serviceName,
      durationMin: s.duration,
      priceCents: toCents(s.price),
      plans: s.plans ?? [],
      addOns: s.addOns ?? [],
      // Every service of the trade starts with its steps (docs/decisions/050).
      steps: template.steps,
    })),
    randomUUID,
    now,
  );
  await trx.updateTable('businesses').set({ template_niche: niche }).where('id', '=', businessId).execute();
  await saveQuestions(
    trx,
    businessId,
    template.questions.map((q) => toQuestionConfig(q, randomUUID)),
    now,
  );
  return true;
}
