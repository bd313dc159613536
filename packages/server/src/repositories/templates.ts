/** Creates a trade's starting services and question once per business (onboarding step 2). */
import { randomUUID } from 'node:crypto';
import { toCents } from '@slotwise/shared/money';
import { templateFor } from '@slotwise/shared/trade-templates';
import type { Tx } from '../db/transaction.ts';

/**
 * Applies the niche's template only to a business that has no services, no
 * question and no template yet, so repeating step 2 never creates anything twice
 * and never touches what the owner already set up. Returns whether it applied.
 */
export async function applyTradeTemplate(trx: Tx, businessId: string, niche: string, now: number): Promise<boolean> {
  const template = templateFor(niche);
  if (!template) return false;
  const business = await trx
    .selectFrom('businesses')
    .select(['template_niche', 'question'])
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!business || business.template_niche !== null || business.question) return false;
  const existing = await trx
    .selectFrom('services')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;

  await trx
    .insertInto('services')
    .values(
      template.services.map((s, i) => ({
        id: randomUUID(),
        business_id: businessId,
        name: s.serviceName,
        duration_min: s.duration,
        price_cents: toCents(s.price),
        // Keep the template's order in lists sorted by creation time.
        created_at: now + i,
      })),
    )
    .execute();
  const q = template.question;
  await trx
    .updateTable('businesses')
    .set({
      template_niche: niche,
      question: q.question,
      question_type: q.type,
      question_rate_cents: q.type === 'rate' ? toCents(q.rate) : null,
      updated_at: now,
    })
    .where('id', '=', businessId)
    .execute();
  if (q.type === 'dropdown') {
    await trx
      .insertInto('question_options')
      .values(
        q.options.map((o, i) => ({
          id: randomUUID(),
          business_id: businessId,
          position: i,
          text: o.text,
          value_cents: toCents(o.value),
        })),
      )
      .execute();
  }
  return true;
}
