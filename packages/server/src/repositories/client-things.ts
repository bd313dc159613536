/**
 * Things served (docs/decisions/037): what a business serves for a client (a vehicle, a pool, a
 * lawn), with the quote answers that describe it. A booking adds one when its trade template says
 * what a thing is (shared/src/trade-templates.ts `thing`) and the client has none with the same
 * answers; the owner renames, adds and removes them.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerText } from '@slotwise/shared/quote';
import { templateFor } from '@slotwise/shared/trade-templates';
import type { Kysely, Selectable } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { ClientThingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type ClientThingRow = Selectable<ClientThingsTable>;

/**
 * The thing a booking's answers describe for a business of this trade: its first label and the
 * describing answers, or null when the trade names no thing or none of its questions was answered.
 */
function thingOf(
  niche: string | null,
  answers: readonly AnswerText[],
): { label: string; answers: AnswerText[]; key: string } | null {
  const thing = niche ? templateFor(niche)?.thing : undefined;
  if (!thing) return null;
  const describing = thing.describedBy
    .map((question) => answers.find((a) => a.question === question))
    .filter((a): a is AnswerText => a !== undefined && a.answer.trim() !== '');
  if (describing.length === 0) return null;
  return {
    label: `${thing.noun}: ${describing[0]!.answer}`,
    answers: describing,
    key: describing.map((a) => `${a.question.toLowerCase()}=${a.answer.trim().toLowerCase()}`).join('|'),
  };
}

export function clientThingsRepository(db: Kysely<Database>) {
  return {
    /** The client's things, oldest first. */
    of(clientId: string, from: Tx = db): Promise<ClientThingRow[]> {
      return from
        .selectFrom('client_things')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Adds the thing a booking's answers describe to its client, unless the client has it already. */
    async noteFromBooking(
      trx: Tx,
      businessId: string,
      clientId: string,
      niche: string | null,
      answers: readonly AnswerText[],
      now: number,
    ): Promise<void> {
      const thing = thingOf(niche, answers);
      if (!thing) return;
      const same = await trx
        .selectFrom('client_things')
        .select('id')
        .where('client_id', '=', clientId)
        .where('answers_key', '=', thing.key)
        .executeTakeFirst();
      if (same) return;
      await insertRow(trx, 'client_things', {
        id: randomUUID(),
        client_id: clientId,
        business_id: businessId,
        label: thing.label,
        answers: JSON.stringify(thing.answers),
        answers_key: thing.key,
        created_at: now,
        updated_at: now,
      });
    },

    /** The things as the owner leaves them: kept ones renamed, new ones added, the rest removed. */
    async set(
      trx: Tx,
      businessId: string,
      clientId: string,
      things: readonly { _id?: string | undefined; label: string }[],
      now: number,
    ): Promise<void> {
      const current = await this.of(clientId, trx);
      const kept = new Set(things.flatMap((t) => (t._id ? [t._id] : [])));
      const gone = current.filter((c) => !kept.has(c.id)).map((c) => c.id);
      if (gone.length > 0) await trx.deleteFrom('client_things').where('id', 'in', gone).execute();
      for (const t of things) {
        const was = t._id ? current.find((c) => c.id === t._id) : undefined;
        if (was) {
          if (was.label !== t.label)
            await trx
              .updateTable('client_things')
              .set({ label: t.label, updated_at: now })
              .where('id', '=', was.id)
              .execute();
        } else
          await insertRow(trx, 'client_things', {
            id: randomUUID(),
            client_id: clientId,
            business_id: businessId,
            label: t.label,
            answers: '[]',
            answers_key: '',
            created_at: now,
            updated_at: now,
          });
      }
    },
  };
}
