/**
 * The client import and export (issue 42; docs/product.md#bringing-your-clients):
 * POST .../clients/import/preview reads a CSV and says what each row would become, writing nothing;
 * POST .../clients/import writes the new clients (source 'import') in one transaction under the
 * business's lock, skipping the clients it has already and refusing bad rows, once per
 * Idempotency-Key; GET .../clients/export answers every client as CSV.
 *
 * Both POSTs read their JSON in a scope of their own with a limit that fits a 2 MB file written as a
 * JSON string (plugins/body-limit.ts); every other call keeps the app's 64 KB.
 */
import { randomUUID } from 'node:crypto';
import { addressKey, clientSearchText, emailKey } from '@slotwise/shared/client-match';
import {
  IMPORT_MAX_BYTES,
  type ImportMapping,
  type ImportResult,
} from '@slotwise/shared/contract/client-import.schemas';
import { csvText } from '@slotwise/shared/csv';
import { toDollars } from '@slotwise/shared/money';
import { localDateTime, todayIn } from '@slotwise/shared/time-zone';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ClientAddressesTable, ClientsTable } from '../../db/schema.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { checkMapping, checkRows, guessMapping, readCsvFile, sortRows } from '../../domain/client-import.ts';
import { AppError } from '../../errors.ts';
import { readBodiesOf } from '../../plugins/body-limit.ts';
import { idempotencyKey, replay, requestHash } from '../idempotency-key.ts';
import type { Handlers } from '../register.ts';

/** A 2 MB file as a JSON string: quotes and line breaks are escaped, so up to twice as long, and the mapping. */
const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 64 * 1024;
const KEY_WORDS = { per: 'import', twice: 'imports the same clients twice' };
/** Rows of the preview shown as they would be imported. */
const SAMPLE = 10;

function importBodies(app: FastifyInstance): void {
  readBodiesOf(app, 'application/json', IMPORT_BODY_LIMIT, (_req, body, done) => {
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(
        new AppError(
          'INVALID_BODY',
          'The body is not valid JSON: send {"csv": "<the file\'s text>", "mapping": {...}}.',
        ),
        undefined,
      );
    }
  });
}

/** The file read, its mapping (sent, or guessed), and each row checked; nothing compared yet. */
async function readAndCheck(csv: string, sent: ImportMapping | undefined) {
  const file = await readCsvFile(csv);
  const mapping = sent ?? guessMapping(file.header);
  checkMapping(mapping, file.header);
  return { file, mapping, checked: await checkRows(file, mapping) };
}

const HEADER = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Addresses',
  'Notes',
  'Tags',
  'Texts Consent',
  'Marketing Consent',
  'Source',
  'Created',
  'Last Visit',
  'Spent (USD)',
  'Client ID',
];

export function clientImportHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'previewClientImport' | 'importClients' | 'exportClientsCsv'> {
  const { clientImport, idempotency, clients } = ctx.repos;
  return {
    previewClientImport: {
      scope: importBodies,
      handler: async (req) => {
        const business = req.owner.business;
        const { file, mapping, checked } = await readAndCheck(req.body.csv, req.body.mapping);
        const sorted = sortRows(checked, await clientImport.keysOf(ctx.db, business.id));
        return {
          header: file.header,
          mapping,
          counts: sorted.counts,
          sample: sorted.rows.slice(0, SAMPLE),
          problems: sorted.rows.filter((r) => r.outcome !== 'ok'),
        };
      },
    },

    importClients: {
      scope: importBodies,
      handler: async (req, reply) => {
        const business = req.owner.business;
        // Keys are one table for every call and business: this one's are its own.
        const key = `client-import:${business.id}:${idempotencyKey(req, KEY_WORDS)}`;
        const hash = requestHash(req.body);
        const earlier = await idempotency.find(key, ctx.now());
        if (earlier) return replay(reply, earlier, hash, KEY_WORDS);
        // Read and checked before the lock: the lock waits for nothing but the comparison and the writes.
        const { checked } = await readAndCheck(req.body.csv, req.body.mapping);
        let result: ImportResult;
        try {
          result = await withBusinessLock(ctx.store, business.id, async (trx) => {
            const now = ctx.now();
            const sorted = sortRows(checked, await clientImport.keysOf(trx, business.id));
            const rows: Insertable<ClientsTable>[] = [];
            const places: Insertable<ClientAddressesTable>[] = [];
            for (const r of sorted.fresh) {
              const id = randomUUID();
              rows.push({
                id,
                business_id: business.id,
                first_name: r.firstName,
                last_name: r.lastName,
                email: r.email,
                email_key: emailKey(r.email),
                phone: r.phone,
                notes: r.notes,
                tags: '[]',
                texts_consent: 0,
                marketing_consent: 0,
                source: 'import',
                search_text: clientSearchText({ ...r, addresses: r.address === '' ? [] : [r.address] }),
                created_at: now,
                updated_at: now,
                anonymised_at: null,
              });
              if (r.address !== '')
                places.push({
                  id: randomUUID(),
                  client_id: id,
                  business_id: business.id,
                  address: r.address,
                  address_key: addressKey(r.address),
                  lat: null,
                  lng: null,
                  notes: '',
                  created_at: now,
                  last_used_at: now,
                });
            }
            await clientImport.insert(trx, rows, places);
            const answer: ImportResult = {
              imported: rows.length,
              counts: sorted.counts,
              problems: sorted.rows.filter((r) => r.outcome !== 'ok'),
            };
            await idempotency.save(
              trx,
              { key, businessId: business.id, requestHash: hash, statusCode: 200, body: answer },
              now,
            );
            return answer;
          });
        } catch (err) {
          // The same key committed by a retry a moment earlier: its answer is this one's.
          if (isUniqueViolation(err)) {
            const stored = await idempotency.find(key, ctx.now());
            if (stored) return replay(reply, stored, hash, KEY_WORDS);
          }
          throw err;
        }
        return result;
      },
    },

    exportClientsCsv: async (req, reply) => {
      const business = req.owner.business;
      const zone = business.time_zone;
      const now = ctx.now();
      const [rows, places] = await Promise.all([
        clients.search(business.id, { q: '', sort: 'name', limit: Number.MAX_SAFE_INTEGER, now }),
        clientImport.placesOf(business.id),
      ]);
      const placesOf = new Map<string, string[]>();
      for (const p of places) placesOf.set(p.client_id, [...(placesOf.get(p.client_id) ?? []), p.address]);
      const body = csvText(
        HEADER,
        rows.map((c) => [
          c.first_name,
          c.last_name,
          c.email,
          c.phone,
          (placesOf.get(c.id) ?? []).join('; '),
          c.notes,
          (JSON.parse(c.tags) as string[]).join('; '),
          c.texts_consent === 1 ? 'yes' : 'no',
          c.marketing_consent === 1 ? 'yes' : 'no',
          c.source,
          localDateTime(Number(c.created_at), zone),
          c.last_visit,
          toDollars(c.spent_cents),
          c.id,
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="clients-${todayIn(zone, now)}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  };
}
