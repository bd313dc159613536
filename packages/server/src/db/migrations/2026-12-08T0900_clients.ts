/**
 * Clients (issue 42; docs/decisions/037): one record per person per business, which bookings,
 * plans and everything later hang on.
 * - clients: the person (names, e-mail and its key, E.164 phone), the owner's private notes and
 *   tags, consent (texts, marketing), where they came from, and search_text, the one text search
 *   as you type reads (shared/src/client-match.ts);
 * - client_addresses: their places, each with its own notes (a gate code);
 * - bookings.client_id and plans.client_id;
 * - every earlier booking and plan is given a client, built from them by the matching rule of
 *   shared/src/client-match.ts as it was when this ran (e-mail key, else phone), source 'earlier'.
 *   Anonymised rows name nobody and get none.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

const BATCH = 500;

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
function addressKey(address: string): string {
  return fold(address)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
function searchText(c: { first: string; last: string; email: string; phone: string; addresses: string[] }): string {
  const digits = c.phone.replace(/\D/g, '');
  return [
    fold(`${c.first} ${c.last}`),
    c.email.trim().toLowerCase(),
    digits,
    c.phone.startsWith('+1') ? digits.slice(1) : '',
    ...c.addresses.map(fold),
  ]
    .filter((p) => p !== '')
    .join(' | ');
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('texts_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('anonymised_at', 'bigint')
    .execute();
  await db.schema.createIndex('clients_business_email').on('clients').columns(['business_id', 'email_key']).execute();
  await db.schema.createIndex('clients_business_phone').on('clients').columns(['business_id', 'phone']).execute();
  await db.schema
    .createIndex('clients_business_name')
    .on('clients')
    .columns(['business_id', 'last_name', 'first_name'])
    .execute();
  await db.schema
    .createTable('client_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_addresses_client').on('client_addresses').columns(['client_id']).execute();
  await db.schema.alterTable('bookings').addColumn('client_id', 'text').execute();
  await db.schema.alterTable('plans').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('bookings_business_client')
    .on('bookings')
    .columns(['business_id', 'client_id', 'start_ms'])
    .execute();
  await buildFromEarlierBookings(db);
}

interface Built {
  id: string;
  business_id: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  textsConsent: boolean;
  createdAt: number;
  addresses: Map<string, { address: string; lat: number | null; lng: number | null; at: number }>;
  bookings: string[];
  plans: string[];
}

/** Clients from the named bookings and plans, oldest first, so each keeps its first contact's name. */
async function buildFromEarlierBookings(db: Kysely<any>): Promise<void> {
  const byKey = new Map<string, Built>();
  for (const table of ['bookings', 'plans'] as const) {
    const rows = await db
      .selectFrom(table)
      .select([
        'id',
        'business_id',
        'first_name',
        'last_name',
        'customer_email',
        'phone_number',
        'customer_address',
        'customer_lat',
        'customer_lng',
        'text_consent',
        'created_at',
      ])
      .where('anonymised_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const email = String(r.customer_email ?? '').trim();
      const phone = String(r.phone_number ?? '');
      const key =
        email !== '' ? `${r.business_id}|e|${email.toLowerCase()}` : phone !== '' ? `${r.business_id}|p|${phone}` : '';
      if (key === '') continue;
      // By e-mail; else by phone, where one of the two has no e-mail (two e-mails: two people).
      const phoneKey = phone !== '' ? `${r.business_id}|p|${phone}` : '';
      let client = byKey.get(key);
      if (!client && phoneKey !== '') {
        const byPhone = byKey.get(phoneKey);
        if (byPhone && (email === '' || byPhone.email === '')) client = byPhone;
      }
      if (client && client.email === '' && email !== '') client.email = email;
      if (!client) {
        client = {
          id: randomUUID(),
          business_id: r.business_id,
          first: r.first_name,
          last: r.last_name,
          email,
          phone,
          textsConsent: false,
          createdAt: Number(r.created_at),
          addresses: new Map(),
          bookings: [],
          plans: [],
        };
      }
      byKey.set(key, client);
      if (phoneKey !== '' && !byKey.has(phoneKey)) byKey.set(phoneKey, client);
      if (client.phone === '' && phone !== '') client.phone = phone;
      if (Number(r.text_consent) === 1) client.textsConsent = true;
      const address = String(r.customer_address ?? '').trim();
      if (address !== '') {
        const akey = addressKey(address);
        const at = Number(r.created_at);
        const known = client.addresses.get(akey);
        if (known) known.at = at;
        else client.addresses.set(akey, { address, lat: r.customer_lat, lng: r.customer_lng, at });
      }
      client[table].push(r.id);
    }
  }
  const clients = [...new Set(byKey.values())];
  const now = Date.now();
  for (let i = 0; i < clients.length; i += BATCH) {
    const batch = clients.slice(i, i + BATCH);
    await db
      .insertInto('clients')
      .values(
        batch.map((c) => ({
          id: c.id,
          business_id: c.business_id,
          first_name: c.first,
          last_name: c.last,
          email: c.email,
          email_key: c.email.toLowerCase(),
          phone: c.phone,
          notes: '',
          tags: '[]',
          texts_consent: c.textsConsent ? 1 : 0,
          marketing_consent: 0,
          source: 'earlier',
          search_text: searchText({
            first: c.first,
            last: c.last,
            email: c.email,
            phone: c.phone,
            addresses: [...c.addresses.values()].map((a) => a.address),
          }),
          created_at: c.createdAt,
          updated_at: now,
          anonymised_at: null,
        })),
      )
      .execute();
    const addresses = batch.flatMap((c) =>
      [...c.addresses.entries()].map(([key, a]) => ({
        id: randomUUID(),
        client_id: c.id,
        business_id: c.business_id,
        address: a.address,
        address_key: key,
        lat: a.lat,
        lng: a.lng,
        notes: '',
        created_at: c.createdAt,
        last_used_at: a.at,
      })),
    );
    for (let j = 0; j < addresses.length; j += BATCH)
      await db
        .insertInto('client_addresses')
        .values(addresses.slice(j, j + BATCH))
        .execute();
    for (const c of batch)
      for (const table of ['bookings', 'plans'] as const)
        for (let j = 0; j < c[table].length; j += BATCH)
          await db
            .updateTable(table)
            .set({ client_id: c.id })
            .where('id', 'in', c[table].slice(j, j + BATCH))
            .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_business_client').ifExists().execute();
  await db.schema.alterTable('plans').dropColumn('client_id').execute();
  await db.schema.alterTable('bookings').dropColumn('client_id').execute();
  await db.schema.dropTable('client_addresses').ifExists().execute();
  await db.schema.dropTable('clients').ifExists().execute();
}
