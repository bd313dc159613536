/**
 * Quotes an owner sends (docs/decisions/039; the rules: domain/owner-quotes.ts). Every owner read
 * is scoped by the business; the link's reads go by the token's hash. State changes are
 * conditional updates on the state they start from, so two taps (or two instances) change a quote once.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, OwnerQuotesTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type OwnerQuoteRow = Selectable<OwnerQuotesTable>;
type Status = OwnerQuotesTable['status'];

/** The states a customer may still act on (book or decline) while the price holds. */
export const OPEN_STATUSES: readonly Status[] = ['sent', 'viewed'];

/**
 * How long "Tell me if a time opens near me" lasts after the quote was sent (docs/decisions/059):
 * a quote is "recent" that long; the consent then lapses by itself.
 */
export const NEARBY_CONSENT_DAYS = 30;
const DAY_MS = 86_400_000;

/** The states in which a quote may still hear of a time nearby: not booked, not withdrawn. */
const NEARBY_STATUSES: readonly Status[] = ['sent', 'viewed', 'declined'];

/**
 * Whether "Tell me if a time opens near me" may be asked on the quote at `now`: sent within
 * NEARBY_CONSENT_DAYS, not booked or withdrawn, with an e-mail to write to and a place on the map
 * to be near. nearbyConsented is the same rule in SQL, with the consent given.
 */
export function nearbyAskable(
  row: Pick<OwnerQuoteRow, 'status' | 'sent_at' | 'email' | 'lat' | 'lng'>,
  now: number,
): boolean {
  return (
    NEARBY_STATUSES.includes(row.status) &&
    row.sent_at !== null &&
    row.sent_at > now - NEARBY_CONSENT_DAYS * DAY_MS &&
    row.email !== '' &&
    row.lat !== null &&
    row.lng !== null
  );
}

/** The business's quotes whose customer's "Tell me if a time opens near me" stands at `now` (nearbyAskable, ticked). */
export function nearbyConsented(trx: Tx | Kysely<Database>, businessId: string, now: number) {
  return trx
    .selectFrom('owner_quotes')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('nearby_consent_at', 'is not', null)
    .where('status', 'in', NEARBY_STATUSES)
    .where('sent_at', '>', now - NEARBY_CONSENT_DAYS * DAY_MS)
    .where('email', '!=', '')
    .where('lat', 'is not', null)
    .where('lng', 'is not', null);
}

export function ownerQuotesRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Tx | Kysely<Database>, row: OwnerQuoteRow): Promise<void> {
      await trx.insertInto('owner_quotes').values(row).execute();
    },

    list(businessId: string, limit = 200): Promise<OwnerQuoteRow[]> {
      return db
        .selectFrom('owner_quotes')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** One client's quotes, newest first (the client's page). */
    ofClient(businessId: string, clientId: string, limit: number): Promise<OwnerQuoteRow[]> {
      return db
        .selectFrom('owner_quotes')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    get(businessId: string, id: string, trx: Tx | Kysely<Database> = db): Promise<OwnerQuoteRow | undefined> {
      return trx
        .selectFrom('owner_quotes')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    byTokenHash(hash: string, trx: Tx | Kysely<Database> = db): Promise<OwnerQuoteRow | undefined> {
      return trx.selectFrom('owner_quotes').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },

    /** Sets `changes` when the quote is still in one of `from`; answers whether it was. */
    async move(
      trx: Tx | Kysely<Database>,
      id: string,
      from: readonly Status[],
      changes: Partial<Omit<OwnerQuoteRow, 'id' | 'business_id' | 'lines' | 'total_cents'>>,
      now: number,
    ): Promise<boolean> {
      const r = await trx
        .updateTable('owner_quotes')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Open quotes lapsing between now and `until` with no follow-up yet: the follow-up job's list. */
    dueFollowUps(now: number, until: number): Promise<OwnerQuoteRow[]> {
      return db
        .selectFrom('owner_quotes')
        .selectAll()
        .where('status', 'in', OPEN_STATUSES)
        .where('valid_until', '>', now)
        .where('valid_until', '<=', until)
        .where('follow_up_sent_at', 'is', null)
        .limit(500)
        .execute();
    },

    /** Marks the follow-up sent, once: false when another pass (or instance) did first, or the quote closed. */
    async markFollowedUp(trx: Tx, id: string, now: number): Promise<boolean> {
      const r = await trx
        .updateTable('owner_quotes')
        .set({ follow_up_sent_at: now, updated_at: now })
        .where('id', '=', id)
        .where('follow_up_sent_at', 'is', null)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Erases a person's details from the business's quotes to this e-mail (an erasure request,
     * docs/decisions/012): the lines, total and dates stay; a quote still open is withdrawn.
     */
    async anonymiseByEmail(trx: Tx, businessId: string, email: string, now: number): Promise<number> {
      await trx
        .updateTable('owner_quotes')
        .set({ status: 'withdrawn', decided_at: now })
        .where('business_id', '=', businessId)
        .where('email', '=', email)
        .where('status', 'in', ['draft', ...OPEN_STATUSES])
        .execute();
      const r = await trx
        .updateTable('owner_quotes')
        .set({
          first_name: 'Anonymised',
          last_name: 'customer',
          email: '',
          phone: '',
          address: '',
          lat: null,
          lng: null,
          answers: null,
          text_consent: 0,
          nearby_consent_at: null,
          nearby_consent_text: null,
          updated_at: now,
        })
        .where('business_id', '=', businessId)
        .where('email', '=', email)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
