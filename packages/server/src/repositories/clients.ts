/**
 * Clients (docs/decisions/037): one record per person per business, matched by the rule of
 * shared/src/client-match.ts. Every booking a customer or the owner makes is linked to its client
 * in the booking's own transaction (linkContact), so the record never misses one.
 */

import { randomUUID } from 'node:crypto';
import { addressKey, clientSearchText, emailKey, searchTerm } from '@slotwise/shared/client-match';
import { type Kysely, type Selectable, sql } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { ClientAddressesTable, ClientSource, ClientsTable, Database } from '../db/schema.ts';
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

/** A client as the list shows it: the record and its bookings' totals. */
export interface ClientSummaryRow extends ClientRow {
  last_visit: string | null;
  next_visit: string | null;
  spent_cents: number;
  booking_count: number;
  /** The address used last, or null. */
  address: string | null;
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
              .when(eb.and([eb('status', 'in', ['pending', 'approved', 'awaiting_payment']), eb('end_ms', '>', now)]))
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

  async function addressesOf(from: Kysely<Database> | Tx, clientId: string): Promise<ClientAddressRow[]> {
    return from
      .selectFrom('client_addresses')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('last_used_at', 'desc')
      .execute();
  }

  return {
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
      const key = emailKey(contact.email);
      if (key === '' && contact.phone === '') return undefined;
      const rows = await trx
        .selectFrom('clients')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('anonymised_at', 'is', null)
        .where((eb) => {
          const by = [];
          if (key !== '') by.push(eb('email_key', '=', key));
          if (contact.phone !== '') by.push(eb('phone', '=', contact.phone));
          return eb.or(by);
        })
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return (
        (key !== '' ? rows.find((r) => r.email_key === key) : undefined) ??
        rows.find((r) => r.phone === contact.phone && (key === '' || r.email_key === ''))
      );
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
      const found = await this.findByContact(trx, businessId, contact);
      const address = contact.address?.trim() ?? '';
      if (!found) {
        const id = randomUUID();
        await insertRow(trx, 'clients', {
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
        });
        if (address !== '')
          await insertRow(trx, 'client_addresses', {
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
          });
        return id;
      }
      const places = await addressesOf(trx, found.id);
      const key = address === '' ? '' : addressKey(address);
      const place = key === '' ? undefined : places.find((p) => p.address_key === key);
      if (place)
        await trx.updateTable('client_addresses').set({ last_used_at: now }).where('id', '=', place.id).execute();
      else if (address !== '')
        await insertRow(trx, 'client_addresses', {
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
        });
      const email = found.email === '' ? contact.email.trim() : found.email;
      const phone = found.phone === '' ? contact.phone : found.phone;
      const addresses = [...places.map((p) => p.address), ...(place || address === '' ? [] : [address])];
      await trx
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
        .execute();
      return found.id;
    },

    /**
     * The business's clients whose name, e-mail, phone or street holds `q` (all when empty),
     * in `sort`'s order: last visit (newest first), next visit (soonest first), money spent
     * (most first) or name.
     */
    async search(
      businessId: string,
      options: { q: string; sort: ClientSort; limit: number; now: number },
    ): Promise<ClientSummaryRow[]> {
      const term = searchTerm(options.q);
      let query = db
        .selectFrom('clients as c')
        .leftJoin(totals(db, businessId, options.now).as('t'), 't.client_id', 'c.id')
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
      // The term's own % and _ match themselves (ESCAPE: SQLite has no default escape character).
      const pattern = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
      if (term !== '') query = query.where(sql<boolean>`c.search_text like ${pattern} escape '\\'`);
      query =
        options.sort === 'recent'
          ? query.orderBy(sql`coalesce(t.last_visit, '')`, 'desc')
          : options.sort === 'next'
            ? query.orderBy(sql`coalesce(t.next_visit, '9999-12-31')`, 'asc')
            : options.sort === 'spent'
              ? query.orderBy(sql`coalesce(t.spent_cents, 0)`, 'desc')
              : query;
      const rows = await query
        .orderBy('c.last_name')
        .orderBy('c.first_name')
        .orderBy('c.id')
        .limit(options.limit)
        .execute();
      return rows.map((r) => ({ ...r, spent_cents: Number(r.spent_cents), booking_count: Number(r.booking_count) }));
    },

    /** One client of the business, with its totals and places; undefined when it is not theirs. */
    async get(
      businessId: string,
      clientId: string,
      now: number,
    ): Promise<{ client: ClientSummaryRow; addresses: ClientAddressRow[] } | undefined> {
      const row = await db
        .selectFrom('clients as c')
        .leftJoin(totals(db, businessId, now).where('client_id', '=', clientId).as('t'), 't.client_id', 'c.id')
        .selectAll('c')
        .select((eb) => [
          't.last_visit',
          't.next_visit',
          eb.fn.coalesce('t.spent_cents', sql<number>`0`).as('spent_cents'),
          eb.fn.coalesce('t.booking_count', sql<number>`0`).as('booking_count'),
          lastAddress.as('address'),
        ])
        .where('c.business_id', '=', businessId)
        .where('c.id', '=', clientId)
        .where('c.anonymised_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        client: { ...row, spent_cents: Number(row.spent_cents), booking_count: Number(row.booking_count) },
        addresses: await addressesOf(db, clientId),
      };
    },
  };
}
