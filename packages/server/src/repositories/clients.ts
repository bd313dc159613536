/**
 * Clients (docs/decisions/037): one record per person per business, matched by the rule of
 * shared/src/client-match.ts. Every booking a customer or the owner makes is linked to its client
 * in the booking's own transaction (linkContact), so the record never misses one.
 */

import { randomUUID } from 'node:crypto';
import { addressKey, clientSearchText, emailKey, matchingClient, searchTerm } from '@slotwise/shared/client-match';
import { type Kysely, type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { ClientAddressesTable, ClientSource, ClientsTable, Database, PlansTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type ClientRow = Selectable<ClientsTable>;
export type ClientAddressRow = Selectable<ClientAddressesTable>;

/** Who a booking or a quote names: what linkContact finds a client by, and fills in. */
export interface ClientContact {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 or ''. */
  phone: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  /** The customer's yes to texts about their bookings; a later no never clears an earlier yes here. */
  textConsent?: boolean;
}

export type ClientSort = 'recent' | 'next' | 'spent' | 'name';

/** The owner's edit of a client (routes/dashboard/clients.ts). */
export interface ClientEdit {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
  tags: string[];
  textsConsent: boolean;
  marketingConsent: boolean;
}

/** One of the client's bookings as their page lists it. */
export interface ClientBookingRow {
  id: string;
  day: string;
  start_time: string;
  end_ms: number;
  service_name: string;
  status: string;
  total_cents: number;
}

/** A mail or text sent to the client about one of their bookings. */
export interface ClientMessageRow {
  id: string;
  channel: 'mail' | 'text';
  kind: string | null;
  to_address: string;
  created_at: number;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
}

/** Two clients that may be one person. */
export interface DuplicatePair {
  a: string;
  b: string;
  reason: 'same_phone' | 'same_name_and_street';
}

/** A client as the list shows it: the record and its bookings' totals. */
export interface ClientSummaryRow extends ClientRow {
  last_visit: string | null;
  next_visit: string | null;
  spent_cents: number;
  booking_count: number;
  /** The address used last, or null. */
  address: string | null;
}

/** A query of client ids (`clients as c`), as search narrows it. */
type ClientIds = SelectQueryBuilder<Database & { c: ClientsTable }, 'c', { id: string }>;
/** The columns a page of clients is ordered by, each unique with the id last. */
type ClientOrderKey = 'c.last_name' | 'c.first_name' | 'c.id' | 'c.last_completed_ms' | 'c.completed_cents';

function isIdList(ids: readonly string[] | ClientIds): ids is readonly string[] {
  return Array.isArray(ids);
}

/** The sums as numbers (PostgreSQL answers a bigint sum and count as text). */
function numbered<T extends { spent_cents: unknown; booking_count: unknown }>(
  rows: T[],
): (T & { spent_cents: number; booking_count: number })[] {
  return rows.map((r) => ({ ...r, spent_cents: Number(r.spent_cents), booking_count: Number(r.booking_count) }));
}

/** Two notes as one, each kept once ('' when both are empty). */
function joinNotes(a: string, b: string): string {
  if (b.trim() === '' || a.includes(b)) return a;
  if (a.trim() === '') return b;
  return `${a}\n\n${b}`;
}

/** The merged record's e-mail and phone where the kept record has others: kept in its notes, nothing lost. */
function otherContact(from: ClientRow, into: ClientRow, email: string): string {
  const other = [
    from.email !== '' && emailKey(from.email) !== emailKey(email) ? `Other e-mail: ${from.email}` : '',
    from.phone !== '' && into.phone !== '' && from.phone !== into.phone ? `Other phone: ${from.phone}` : '',
  ].filter((line) => line !== '');
  return other.join('\n');
}

async function deleteClients(trx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx.updateTable('bookings').set({ client_id: null }).where('client_id', 'in', ids).execute();
  await trx.updateTable('plans').set({ client_id: null }).where('client_id', 'in', ids).execute();
  await trx.updateTable('owner_quotes').set({ client_id: null }).where('client_id', 'in', ids).execute();
  await trx.deleteFrom('client_things').where('client_id', 'in', ids).execute();
  await trx.deleteFrom('client_addresses').where('client_id', 'in', ids).execute();
  const r = await trx.deleteFrom('clients').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A booking that is still to come (or under way) while its end has not passed. */
const UPCOMING = ['pending', 'approved', 'awaiting_payment'] as const;
/** No booking lasts longer (the overlap guards refuse it), so one under way began within this. */
const LONGEST_BOOKING_MS = 48 * 3_600_000;
/**
 * A query word that only this many clients or fewer hold is ranked among those clients by id; a
 * commoner one (or none) by walking an index in the sort's order until the page is full, which
 * stops early exactly because so many clients match.
 */
const FEW_MATCHING = 300;
/** Bookings read per step of the walk. */
const WALK_STEP = 500;

/**
 * The ids of up to `limit` clients with a visit to come, soonest first: of `few` (ids), or else of
 * those `like` matches (everyone when undefined). Not kept like the other sorts' figures: it
 * changes as the clock passes each booking. A few clients: their own upcoming bookings through
 * bookings_business_client. Otherwise the business's upcoming bookings in time order through
 * bookings_business_start, a step at a time, until the page holds `limit` different clients: the
 * first step usually does.
 */
async function nextVisitors(
  db: Kysely<Database>,
  businessId: string,
  among: { few: readonly string[] } | { like: RawBuilder<boolean> | undefined },
  limit: number,
  now: number,
): Promise<string[]> {
  if ('few' in among) {
    if (among.few.length === 0) return [];
    const rows = await db
      .selectFrom('bookings')
      .select((eb) => ['client_id', eb.fn.min('start_ms').as('next_ms')])
      .where('business_id', '=', businessId)
      .where('client_id', 'in', among.few)
      .where('status', 'in', UPCOMING)
      .where('end_ms', '>', now)
      .groupBy('client_id')
      .orderBy('next_ms')
      .orderBy('client_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.client_id as string);
  }
  const found = new Set<string>();
  let after: { start: number; id: string } = { start: now - LONGEST_BOOKING_MS, id: '' };
  for (;;) {
    let step = db
      .selectFrom('bookings as b')
      .innerJoin('clients as c', 'c.id', 'b.client_id')
      .select(['b.id', 'b.client_id', 'b.start_ms'])
      .where('b.business_id', '=', businessId)
      .where(sql<boolean>`(b.start_ms, b.id) > (${after.start}, ${after.id})`)
      .where('b.status', 'in', UPCOMING)
      .where('b.end_ms', '>', now)
      .where('c.anonymised_at', 'is', null);
    if (among.like) step = step.where(among.like);
    const rows = await step.orderBy('b.start_ms').orderBy('b.id').limit(WALK_STEP).execute();
    for (const r of rows) {
      found.add(r.client_id as string);
      if (found.size === limit) return [...found];
    }
    const last = rows.at(-1);
    if (!last || rows.length < WALK_STEP) return [...found];
    after = { start: Number(last.start_ms), id: last.id };
  }
}

export function clientsRepository(db: Kysely<Database>) {
  /** Every client's bookings summed, for one business: last and next visit, money spent. */
  function totals(from: Kysely<Database> | Tx, businessId: string, now: number) {
    return from
      .selectFrom('bookings')
      .select((eb) => [
        'client_id',
        eb.fn
          .max(
            eb
              .case()
              .when(
                eb.or([
                  eb('status', '=', 'completed'),
                  eb.and([eb('status', '=', 'approved'), eb('end_ms', '<=', now)]),
                ]),
              )
              .then(eb.ref('day'))
              .end(),
          )
          .as('last_visit'),
        eb.fn
          .min(
            eb
              .case()
              .when(eb.and([eb('status', 'in', UPCOMING), eb('end_ms', '>', now)]))
              .then(eb.ref('day'))
              .end(),
          )
          .as('next_visit'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.or([
                  eb('status', '=', 'completed'),
                  eb.and([eb('status', '=', 'approved'), eb('end_ms', '<=', now)]),
                ]),
              )
              .then(eb.ref('total_cents'))
              .else(0)
              .end(),
          )
          .as('spent_cents'),
        eb.fn.countAll<number>().as('booking_count'),
      ])
      .where('business_id', '=', businessId)
      .where('client_id', 'is not', null)
      .groupBy('client_id');
  }

  /** The client's address used last (a scalar subquery of the client row `c`). */
  const lastAddress = sql<
    string | null
  >`(select a.address from client_addresses a where a.client_id = c.id order by a.last_used_at desc limit 1)`;

  /** The list's figures of `ids` (a list, or a query of client ids), each row one client of the business. */
  function summaryRows(businessId: string, ids: readonly string[] | ClientIds, now: number) {
    const page = isIdList(ids) ? db.selectFrom('clients as c').select('c.id').where('c.id', 'in', ids) : ids;
    // The ids first, then each client by its key (a cross join keeps that order on SQLite): a page
    // ordered by name let SQLite walk the name index over every client of the business instead.
    return db
      .selectFrom(page.as('p'))
      .crossJoin('clients as c')
      .whereRef('c.id', '=', 'p.id')
      .leftJoin(totals(db, businessId, now).where('client_id', 'in', ids).as('t'), 't.client_id', 'c.id')
      .selectAll('c')
      .select((eb) => [
        't.last_visit',
        't.next_visit',
        eb.fn.coalesce('t.spent_cents', sql<number>`0`).as('spent_cents'),
        eb.fn.coalesce('t.booking_count', sql<number>`0`).as('booking_count'),
        lastAddress.as('address'),
      ])
      .where('c.business_id', '=', businessId)
      .where('c.anonymised_at', 'is', null);
  }

  /**
   * One page of `matching` clients in `order` with their figures, in one statement: the page's
   * ids as a subquery (reading the order's own index and stopping at the page), the figures of
   * those ids alone, the rows in the same order.
   */
  async function pageWithTotals(
    businessId: string,
    matching: ClientIds,
    order: { keys: readonly ClientOrderKey[]; desc: boolean },
    limit: number,
    now: number,
  ): Promise<ClientSummaryRow[]> {
    const direction = order.desc ? 'desc' : 'asc';
    let page = matching;
    for (const key of order.keys) page = page.orderBy(key, direction);
    let rows = summaryRows(businessId, page.limit(limit), now);
    for (const key of order.keys) rows = rows.orderBy(key, direction);
    return rows.execute().then(numbered);
  }

  /**
   * Writes sent and not yet awaited, observed now: when the caller fails before it awaits them
   * (a refusal under the lock), their failure is no unhandled rejection; awaiting still throws it.
   */
  function observed(writes: Promise<unknown>[]): Promise<unknown> {
    const all = Promise.all(writes);
    all.catch(() => {});
    return all;
  }

  /**
   * The business's clients a contact may be (by its e-mail, or its phone): the one rule of what
   * findByContact and linkContactSent read; matchingClient picks among them. Null when the
   * contact has neither.
   */
  function candidatesOf(from: Kysely<Database> | Tx, businessId: string, contact: { email: string; phone: string }) {
    const key = emailKey(contact.email);
    if (key === '' && contact.phone === '') return null;
    return from
      .selectFrom('clients')
      .where('business_id', '=', businessId)
      .where('anonymised_at', 'is', null)
      .where((eb) => {
        const by = [];
        if (key !== '') by.push(eb('email_key', '=', key));
        if (contact.phone !== '') by.push(eb('phone', '=', contact.phone));
        return eb.or(by);
      });
  }

  async function addressesOf(from: Kysely<Database> | Tx, clientId: string): Promise<ClientAddressRow[]> {
    return from
      .selectFrom('client_addresses')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('last_used_at', 'desc')
      .execute();
  }

  /** Rewrites what search as you type reads, from the record and its places as they are now. */
  async function refreshSearchText(trx: Tx, clientId: string): Promise<void> {
    const c = await trx.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
    if (!c) return;
    const places = await addressesOf(trx, clientId);
    await trx
      .updateTable('clients')
      .set({
        search_text: clientSearchText({
          firstName: c.first_name,
          lastName: c.last_name,
          email: c.email,
          phone: c.phone,
          addresses: places.map((p) => p.address),
        }),
      })
      .where('id', '=', clientId)
      .execute();
  }

  return {
    refreshSearchText,

    /** The client of the business, read inside a transaction; undefined when it is not theirs (or gone). */
    find(trx: Tx, businessId: string, clientId: string): Promise<ClientRow | undefined> {
      return trx
        .selectFrom('clients')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', clientId)
        .where('anonymised_at', 'is', null)
        .executeTakeFirst();
    },

    /** The owner's edit of the record (places and things have their own calls). */
    async update(trx: Tx, clientId: string, edit: ClientEdit, now: number): Promise<void> {
      await trx
        .updateTable('clients')
        .set({
          first_name: edit.firstName,
          last_name: edit.lastName,
          email: edit.email,
          email_key: emailKey(edit.email),
          phone: edit.phone,
          notes: edit.notes,
          tags: JSON.stringify([...new Set(edit.tags)]),
          texts_consent: edit.textsConsent ? 1 : 0,
          marketing_consent: edit.marketingConsent ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', clientId)
        .execute();
      await refreshSearchText(trx, clientId);
    },

    /**
     * The places as the owner leaves them: kept ones (by id) rewritten, new ones added, the rest
     * removed. A new place at an address the client has already is that place (its notes updated).
     */
    async setPlaces(
      trx: Tx,
      businessId: string,
      clientId: string,
      places: readonly { _id?: string | undefined; address: string; notes: string }[],
      now: number,
    ): Promise<void> {
      const current = await addressesOf(trx, clientId);
      const kept = new Set(places.flatMap((p) => (p._id ? [p._id] : [])));
      const gone = current.filter((c) => !kept.has(c.id)).map((c) => c.id);
      if (gone.length > 0) await trx.deleteFrom('client_addresses').where('id', 'in', gone).execute();
      const seen = new Map<string, string>();
      for (const p of places) {
        const key = addressKey(p.address);
        const was = p._id ? current.find((c) => c.id === p._id) : undefined;
        const same = seen.get(key);
        if (was) {
          await trx
            .updateTable('client_addresses')
            .set({
              address: p.address,
              address_key: key,
              notes: p.notes,
              ...(was.address_key === key ? {} : { lat: null, lng: null }),
            })
            .where('id', '=', was.id)
            .execute();
          seen.set(key, was.id);
        } else if (same) {
          await trx.updateTable('client_addresses').set({ notes: p.notes }).where('id', '=', same).execute();
        } else {
          const id = randomUUID();
          await insertRow(trx, 'client_addresses', {
            id,
            client_id: clientId,
            business_id: businessId,
            address: p.address,
            address_key: key,
            lat: null,
            lng: null,
            notes: p.notes,
            created_at: now,
            last_used_at: 0,
          });
          seen.set(key, id);
        }
      }
      await trx.updateTable('clients').set({ updated_at: now }).where('id', '=', clientId).execute();
      await refreshSearchText(trx, clientId);
    },

    /** The client's bookings, newest first (their page splits them into next and past). */
    bookingsOf(businessId: string, clientId: string, limit: number): Promise<ClientBookingRow[]> {
      return db
        .selectFrom('bookings')
        .select(['id', 'day', 'start_time', 'end_ms', 'service_name', 'status', 'total_cents'])
        .where('business_id', '=', businessId)
        .where('client_id', '=', clientId)
        .orderBy('start_ms', 'desc')
        .limit(limit)
        .execute() as Promise<ClientBookingRow[]>;
    },

    /** The client's plans, newest first. */
    plansOf(
      businessId: string,
      clientId: string,
    ): Promise<
      Pick<Selectable<PlansTable>, 'id' | 'service_name' | 'frequency' | 'status' | 'start_day' | 'price_cents'>[]
    > {
      return db
        .selectFrom('plans')
        .select(['id', 'service_name', 'frequency', 'status', 'start_day', 'price_cents'])
        .where('business_id', '=', businessId)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /**
     * The mails and texts to the client about their bookings (to the e-mail or phone the booking
     * named: the owner's own notices about them are not the client's), newest first.
     */
    messagesTo(businessId: string, clientId: string, limit: number): Promise<ClientMessageRow[]> {
      return db
        .selectFrom('mail_outbox as m')
        .innerJoin('bookings as b', 'b.id', 'm.booking_id')
        .select([
          'm.id',
          'm.channel',
          'm.kind',
          'm.to_address',
          'm.created_at',
          'm.sent_at',
          'm.failed_at',
          'm.last_error',
        ])
        .where('b.business_id', '=', businessId)
        .where('b.client_id', '=', clientId)
        .where((eb) =>
          eb.or([
            eb('m.to_address', '=', eb.ref('b.customer_email')),
            eb('m.to_address', '=', eb.ref('b.phone_number')),
          ]),
        )
        .orderBy('m.created_at', 'desc')
        .limit(limit)
        .execute() as Promise<ClientMessageRow[]>;
    },

    /**
     * Pairs of the business's clients that may be one person: the same phone (under two e-mails,
     * which the matching rule keeps apart), or the same name at the same street. At most `limit`.
     */
    async duplicates(businessId: string, limit: number): Promise<DuplicatePair[]> {
      const byPhone = await db
        .selectFrom('clients as a')
        .innerJoin('clients as b', (j) =>
          j.onRef('b.business_id', '=', 'a.business_id').onRef('b.phone', '=', 'a.phone').onRef('b.id', '>', 'a.id'),
        )
        .select(['a.id as a', 'b.id as b'])
        .where('a.business_id', '=', businessId)
        .where('a.phone', '<>', '')
        .where('a.anonymised_at', 'is', null)
        .where('b.anonymised_at', 'is', null)
        .orderBy('a.id')
        .limit(limit)
        .execute();
      const byPlace = await db
        .selectFrom('client_addresses as pa')
        .innerJoin('client_addresses as pb', (j) =>
          j
            .onRef('pb.business_id', '=', 'pa.business_id')
            .onRef('pb.address_key', '=', 'pa.address_key')
            .onRef('pb.client_id', '>', 'pa.client_id'),
        )
        .innerJoin('clients as a', 'a.id', 'pa.client_id')
        .innerJoin('clients as b', 'b.id', 'pb.client_id')
        .select(['a.id as a', 'b.id as b'])
        .distinct()
        .where('pa.business_id', '=', businessId)
        .where(sql<boolean>`lower(a.first_name) = lower(b.first_name) and lower(a.last_name) = lower(b.last_name)`)
        .where('a.anonymised_at', 'is', null)
        .where('b.anonymised_at', 'is', null)
        .orderBy('a.id')
        .limit(limit)
        .execute();
      const pairs: DuplicatePair[] = byPhone.map((r) => ({ ...r, reason: 'same_phone' as const }));
      for (const r of byPlace)
        if (!pairs.some((p) => p.a === r.a && p.b === r.b)) pairs.push({ ...r, reason: 'same_name_and_street' });
      return pairs.slice(0, limit);
    },

    /**
     * Moves everything of client `from` into client `into` and deletes `from` (the caller holds
     * the business's lock): bookings and plans; places (one already there keeps its place, with
     * both notes); things (one with the same answers is not doubled); notes appended; tags
     * united; consent given by either; a blank e-mail, phone or last name filled; a saved card.
     */
    async merge(trx: Tx, from: ClientRow, into: ClientRow, now: number): Promise<void> {
      await trx.updateTable('bookings').set({ client_id: into.id }).where('client_id', '=', from.id).execute();
      await trx.updateTable('plans').set({ client_id: into.id }).where('client_id', '=', from.id).execute();
      await trx.updateTable('owner_quotes').set({ client_id: into.id }).where('client_id', '=', from.id).execute();
      // A card on file (docs/decisions/046) moves with its client unless the one kept has its own.
      const intoCard = await trx
        .selectFrom('saved_cards')
        .select('client_id')
        .where('client_id', '=', into.id)
        .executeTakeFirst();
      if (!intoCard)
        await trx.updateTable('saved_cards').set({ client_id: into.id }).where('client_id', '=', from.id).execute();
      const intoPlaces = await addressesOf(trx, into.id);
      for (const p of await addressesOf(trx, from.id)) {
        const there = intoPlaces.find((q) => q.address_key === p.address_key);
        if (!there) {
          await trx.updateTable('client_addresses').set({ client_id: into.id }).where('id', '=', p.id).execute();
          continue;
        }
        const notes = joinNotes(there.notes, p.notes);
        await trx
          .updateTable('client_addresses')
          .set({ notes, last_used_at: Math.max(there.last_used_at, p.last_used_at) })
          .where('id', '=', there.id)
          .execute();
      }
      const intoThings = await trx
        .selectFrom('client_things')
        .select('answers_key')
        .where('client_id', '=', into.id)
        .execute();
      const keys = new Set(intoThings.map((t) => t.answers_key).filter((k) => k !== ''));
      let moveThings = trx.updateTable('client_things').set({ client_id: into.id }).where('client_id', '=', from.id);
      if (keys.size > 0)
        moveThings = moveThings.where((eb) =>
          eb.or([eb('answers_key', '=', ''), eb('answers_key', 'not in', [...keys])]),
        );
      await moveThings.execute();
      const tags = [...new Set([...(JSON.parse(into.tags) as string[]), ...(JSON.parse(from.tags) as string[])])];
      const email = into.email === '' ? from.email : into.email;
      await trx
        .updateTable('clients')
        .set({
          email,
          email_key: emailKey(email),
          phone: into.phone === '' ? from.phone : into.phone,
          last_name: into.last_name === '' ? from.last_name : into.last_name,
          notes: joinNotes(joinNotes(into.notes, from.notes), otherContact(from, into, email)),
          tags: JSON.stringify(tags),
          texts_consent: into.texts_consent === 1 || from.texts_consent === 1 ? 1 : 0,
          marketing_consent: into.marketing_consent === 1 || from.marketing_consent === 1 ? 1 : 0,
          created_at: Math.min(into.created_at, from.created_at),
          updated_at: now,
        })
        .where('id', '=', into.id)
        .execute();
      // Its places and things left are the doubles of the target's: they go with it (cascade).
      await trx.deleteFrom('client_things').where('client_id', '=', from.id).execute();
      await trx.deleteFrom('client_addresses').where('client_id', '=', from.id).execute();
      await trx.deleteFrom('clients').where('id', '=', from.id).execute();
      await refreshSearchText(trx, into.id);
    },

    /**
     * Erases the business's clients known by this e-mail (a deletion request, docs/decisions/012):
     * the records, their places, things and notes; their bookings and plans no longer name them.
     */
    async eraseByEmail(trx: Tx, businessId: string, email: string): Promise<number> {
      const key = emailKey(email);
      if (key === '') return 0;
      const ids = (
        await trx
          .selectFrom('clients')
          .select('id')
          .where('business_id', '=', businessId)
          .where('email_key', '=', key)
          .execute()
      ).map((r) => r.id);
      return deleteClients(trx, ids);
    },

    /**
     * The retention pass (docs/decisions/012): clients of businesses keeping details `months`
     * months whose record was last changed before `before` and whom no booking or plan names any
     * longer (an anonymised one names nobody). Up to `limit` ids.
     */
    async expiredIds(months: number, before: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('clients as c')
        .innerJoin('businesses', 'businesses.id', 'c.business_id')
        .select('c.id')
        .where('businesses.retention_months', '=', months)
        .where('c.updated_at', '<', before)
        .where((eb) =>
          eb.and([
            eb.not(eb.exists(eb.selectFrom('bookings as b').select('b.id').whereRef('b.client_id', '=', 'c.id'))),
            eb.not(eb.exists(eb.selectFrom('plans as p').select('p.id').whereRef('p.client_id', '=', 'c.id'))),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Deletes these clients with their places and things; bookings and plans stop naming them. */
    delete: (trx: Tx, ids: readonly string[]) => deleteClients(trx, ids),

    /**
     * The business's client a contact is: the one with its e-mail; else the one with its phone,
     * where one of the two has no e-mail (two different e-mails are two people, whom the owner
     * may merge).
     */
    async findByContact(
      trx: Kysely<Database> | Tx,
      businessId: string,
      contact: { email: string; phone: string },
    ): Promise<ClientRow | undefined> {
      const candidates = candidatesOf(trx, businessId, contact);
      if (!candidates) return undefined;
      return matchingClient(await candidates.selectAll().orderBy('created_at').orderBy('id').execute(), contact);
    },

    /**
     * The contact's client, found or made, with the contact's address among its places; inside
     * the caller's transaction (a booking's lock), so a person's two bookings never make two
     * clients. Blanks the client has (a phone, an e-mail) are filled from the contact; what the
     * owner wrote is never overwritten. Returns the client's id.
     */
    async linkContact(
      trx: Tx,
      businessId: string,
      contact: ClientContact,
      source: ClientSource,
      now: number,
    ): Promise<string> {
      const linked = await this.linkContactSent(trx, businessId, contact, source, now);
      await linked.writes;
      return linked.id;
    },

    /**
     * linkContact for a booking under its lock: one read (the candidates and their places, sent
     * together), then its writes sent and not awaited, so on PostgreSQL's pipelined writer they
     * go out with the booking's own writes (db/transaction.ts AfterWrites). Awaited in turn, the
     * find, the places and the two updates were four round trips under the business's lock, and
     * the writers' connections spent most of a spread burst waiting on them (docs/decisions/040).
     * The caller awaits `writes` (or hands them to AfterWrites) before the booking counts.
     */
    async linkContactSent(
      trx: Tx,
      businessId: string,
      contact: ClientContact,
      source: ClientSource,
      now: number,
    ): Promise<{ id: string; writes: Promise<unknown> }> {
      const candidates = candidatesOf(trx, businessId, contact);
      const [rows, candidatePlaces] = candidates
        ? await Promise.all([
            candidates.selectAll().orderBy('created_at').orderBy('id').execute(),
            trx
              .selectFrom('client_addresses')
              .selectAll()
              .where('client_id', 'in', candidates.select('id'))
              .orderBy('last_used_at', 'desc')
              .execute(),
          ])
        : [[], []];
      const found = matchingClient(rows, contact);
      const address = contact.address?.trim() ?? '';
      // Sent in this order, on one connection: a place's row after the client's it refers to.
      const writes: Promise<unknown>[] = [];
      if (!found) {
        const id = randomUUID();
        writes.push(
          insertRow(trx, 'clients', {
            id,
            business_id: businessId,
            first_name: contact.firstName,
            last_name: contact.lastName,
            email: contact.email.trim(),
            email_key: emailKey(contact.email),
            phone: contact.phone,
            notes: '',
            tags: '[]',
            texts_consent: contact.textConsent ? 1 : 0,
            marketing_consent: 0,
            source,
            search_text: clientSearchText({ ...contact, addresses: address === '' ? [] : [address] }),
            created_at: now,
            updated_at: now,
            anonymised_at: null,
          }),
        );
        if (address !== '')
          writes.push(
            insertRow(trx, 'client_addresses', {
              id: randomUUID(),
              client_id: id,
              business_id: businessId,
              address,
              address_key: addressKey(address),
              lat: contact.lat,
              lng: contact.lng,
              notes: '',
              created_at: now,
              last_used_at: now,
            }),
          );
        return { id, writes: observed(writes) };
      }
      const places = candidatePlaces.filter((p) => p.client_id === found.id);
      const key = address === '' ? '' : addressKey(address);
      const place = key === '' ? undefined : places.find((p) => p.address_key === key);
      if (place)
        writes.push(
          trx.updateTable('client_addresses').set({ last_used_at: now }).where('id', '=', place.id).execute(),
        );
      else if (address !== '')
        writes.push(
          insertRow(trx, 'client_addresses', {
            id: randomUUID(),
            client_id: found.id,
            business_id: businessId,
            address,
            address_key: key,
            lat: contact.lat,
            lng: contact.lng,
            notes: '',
            created_at: now,
            last_used_at: now,
          }),
        );
      const email = found.email === '' ? contact.email.trim() : found.email;
      const phone = found.phone === '' ? contact.phone : found.phone;
      const addresses = [...places.map((p) => p.address), ...(place || address === '' ? [] : [address])];
      writes.push(
        trx
          .updateTable('clients')
          .set({
            email,
            email_key: emailKey(email),
            phone,
            texts_consent: found.texts_consent === 1 || contact.textConsent ? 1 : 0,
            search_text: clientSearchText({
              firstName: found.first_name,
              lastName: found.last_name,
              email,
              phone,
              addresses,
            }),
            updated_at: now,
          })
          .where('id', '=', found.id)
          .execute(),
      );
      return { id: found.id, writes: observed(writes) };
    },

    /**
     * The business's clients whose name, e-mail, phone or street holds `q` (all when empty),
     * in `sort`'s order: last visit (newest first), next visit (soonest first), money spent
     * (most first) or name; those with no such visit or spend after the others, A to Z.
     */
    async search(
      businessId: string,
      options: { q: string; sort: ClientSort; limit: number; now: number },
    ): Promise<ClientSummaryRow[]> {
      // The page's ids first, each sort reading one index in its own order and stopping at the
      // page (docs/decisions/037, bench/clients-search.ts), then the totals of those ids alone.
      // Summing every client's bookings per keystroke took 80-200 ms at 20,000 clients. Where
      // the page is a query, its totals are read in the same statement (pageWithTotals): on
      // PostgreSQL each round trip is a wait for two processes to be scheduled, and those waits,
      // not the queries, were the slow answers ("Search speed" in the decision).
      const term = searchTerm(options.q);
      // The term's own % and _ match themselves (ESCAPE: SQLite has no default escape character).
      const like =
        term === ''
          ? undefined
          : sql<boolean>`c.search_text like ${`%${term.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;
      const matching = () => {
        const m = db
          .selectFrom('clients as c')
          .select('c.id')
          .where('c.business_id', '=', businessId)
          .where('c.anonymised_at', 'is', null);
        return like ? m.where(like) : m;
      };
      // One read of the matching clients tells a rare word from a common one (FEW_MATCHING).
      let few: string[] | undefined;
      if (like) {
        const rows = await matching()
          .limit(FEW_MATCHING + 1)
          .execute();
        if (rows.length <= FEW_MATCHING) few = rows.map((r) => r.id);
        if (few?.length === 0) return [];
      }
      const among = () =>
        few
          ? db
              .selectFrom('clients as c')
              .select('c.id')
              .where('c.business_id', '=', businessId)
              .where('c.id', 'in', few)
          : matching();
      const byName = { keys: ['c.last_name', 'c.first_name', 'c.id'] as const, desc: false };
      let shown: ClientSummaryRow[] = [];
      if (options.sort === 'next') {
        const ids = await nextVisitors(db, businessId, few ? { few } : { like }, options.limit, options.now);
        const rows = await this.summaries(businessId, ids, options.now);
        const at = new Map(ids.map((id, n) => [id, n]));
        shown = rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
      } else if (options.sort === 'recent') {
        // Kept by the database (migration 2026-12-08T1200_client_totals), in its own index.
        shown = await pageWithTotals(
          businessId,
          among().where('c.last_completed_ms', 'is not', null),
          { keys: ['c.last_completed_ms', 'c.id'], desc: true },
          options.limit,
          options.now,
        );
      } else if (options.sort === 'spent') {
        shown = await pageWithTotals(
          businessId,
          among().where('c.completed_cents', '>', 0),
          { keys: ['c.completed_cents', 'c.id'], desc: true },
          options.limit,
          options.now,
        );
      } else {
        shown = await pageWithTotals(businessId, among(), byName, options.limit, options.now);
      }
      // The rest (no such visit, or sorted by name), A to Z; none left when every rare match is shown.
      if (options.sort !== 'name' && shown.length < options.limit && shown.length !== few?.length) {
        let m = among();
        if (shown.length > 0)
          m = m.where(
            'c.id',
            'not in',
            shown.map((r) => r.id),
          );
        shown.push(...(await pageWithTotals(businessId, m, byName, options.limit - shown.length, options.now)));
      }
      return shown;
    },

    /** These clients of the business as the list shows them (their totals), in no order. */
    async summaries(businessId: string, ids: readonly string[], now: number): Promise<ClientSummaryRow[]> {
      if (ids.length === 0) return [];
      return summaryRows(businessId, ids, now).execute().then(numbered);
    },

    /** One client of the business, with its totals and places; undefined when it is not theirs. */
    async get(
      businessId: string,
      clientId: string,
      now: number,
    ): Promise<{ client: ClientSummaryRow; addresses: ClientAddressRow[] } | undefined> {
      const [row] = await this.summaries(businessId, [clientId], now);
      if (!row) return undefined;
      return {
        client: row,
        addresses: await addressesOf(db, clientId),
      };
    },
  };
}
