/**
 * Richer quotes (issue 30; docs/decisions/026).
 * - businesses.quote_questions: up to 5 ordered questions, JSON (shared/src/quote.ts QuoteQuestion,
 *   cents inside): read with the business row every quote already reads, and written whole, never
 *   queried by part (as services.plan_offers). Null or '[]': no question.
 * - services.add_ons: what a customer may tick on top of the service, JSON (QuoteAddOn plus a
 *   description); null: none.
 * - bookings.answers: the answers as text, question by question (JSON [{question, answer}]); null
 *   on older rows, which keep their car_body_type and quote_lines as they were.
 * - bookings.price_*: an approval at an adjusted price: the total proposed, the reason, the total
 *   first quoted, and whether the customer accepted or declined (null: no change proposed).
 * The business's single question (businesses.question*, question_options) becomes its first
 * question. The old columns and table stay, unread, so a rollback still finds them; a later
 * migration drops them.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('quote_questions', 'text').execute();
  await db.schema.alterTable('services').addColumn('add_ons', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('answers', 'text').execute();
  await db.schema.alterTable('plans').addColumn('answers', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('price_proposed_cents', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('price_quoted_cents', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('price_reason', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('price_state', 'text').execute();

  // Today's single question becomes the first of the list, for every service, required as it was.
  const asked = await db
    .selectFrom('businesses')
    .select(['id', 'question', 'question_type', 'question_rate_cents'])
    .where('question', 'is not', null)
    .where('question', '!=', '')
    .where('question_type', 'is not', null)
    .execute();
  for (const b of asked) {
    const options =
      b.question_type === 'dropdown'
        ? await db
            .selectFrom('question_options')
            .select(['text', 'value_cents'])
            .where('business_id', '=', b.id)
            .orderBy('position')
            .execute()
        : [];
    // A dropdown without options was never asked (the widget skipped it): nothing to carry over.
    if (b.question_type === 'dropdown' && options.length === 0) continue;
    const first = {
      id: randomUUID(),
      question: b.question,
      type: b.question_type,
      options: options.map((o) => ({ text: o.text, valueCents: o.value_cents, extraMinutes: 0 })),
      rateCents: b.question_type === 'rate' ? b.question_rate_cents : null,
      unit: null,
      minQuantity: null,
      maxQuantity: null,
      required: true,
      serviceIds: null,
    };
    await db
      .updateTable('businesses')
      .set({ quote_questions: JSON.stringify([first]) })
      .where('id', '=', b.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['answers', 'price_proposed_cents', 'price_quoted_cents', 'price_reason', 'price_state'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  await db.schema.alterTable('plans').dropColumn('answers').execute();
  await db.schema.alterTable('services').dropColumn('add_ons').execute();
  await db.schema.alterTable('businesses').dropColumn('quote_questions').execute();
}
