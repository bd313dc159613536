/**
 * The client import and export (issue 42; docs/product.md#bringing-your-clients): a preview writes
 * nothing and names each bad row; the import writes the new clients in one go, skips the clients the
 * business has and the repeats within the file, once per Idempotency-Key; the export answers every
 * client as CSV a spreadsheet cannot run as formulas; nobody reads another owner's clients.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const d = '/api/business-dashboard';

describe.each(storages())('client import on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
    // A client the shop has already, from a booking.
    const res = await book(
      t,
      bookBody(shop, { customerEmail: 'known@example.com', firstName: 'Kim', lastName: 'Known' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const CSV = [
    'Full Name;E-mail;Mobile;Street;City;State;Zip;Notes',
    'Ann Lee;ann@example.com;(512) 555-0100;1 Main St;Austin;TX;78701;"Gate code 42; dog"',
    'Kim Known;KNOWN@example.com;;;;;;',
    'Bo Diaz;;512 555 0101;;;;;=HYPERLINK("http://evil")',
    'Bo D.;;(512) 555-0101;;;;;',
    'Cy Moe;cy@example.com;12;;;;;',
    ';;;;;;;',
    ';nameless@example.com;;;;;;',
  ].join('\r\n');

  const post = (path: string, s: Shop, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${d}${path}`, headers: { ...s.auth, ...headers }, payload: body as object });
  const names = async (s: Shop) => {
    const res = await t.app.inject({ url: `${d}/clients?sort=name&limit=200`, headers: s.auth });
    return (res.json().clients as { firstName: string; lastName: string }[]).map((c) => `${c.firstName} ${c.lastName}`);
  };

  it('previews a file without writing: the guessed mapping, each row, the bad ones named', async () => {
    const res = await post('/clients/import/preview', shop, { csv: CSV });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.header[0]).toBe('Full Name');
    expect(preview.mapping).toMatchObject({
      name: 0,
      email: 1,
      phone: 2,
      address: 3,
      city: 4,
      state: 5,
      zip: 6,
      notes: 7,
    });
    expect(preview.counts).toEqual({ rows: 6, ok: 2, existing: 1, repeated: 1, errors: 2 });
    expect(preview.sample[0]).toEqual({
      row: 2,
      outcome: 'ok',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+15125550100',
      address: '1 Main St, Austin, TX 78701',
      reason: '',
    });
    expect(preview.problems.map((p: { reason: string }) => p.reason)).toEqual([
      'Row 3: already one of your clients, Kim Known (same e-mail); skipped.',
      'Row 5: the same client as row 4 (same phone); skipped.',
      "Row 6: the phone '12' is not a phone number (write it with its area code, or + and the country code).",
      'Row 8: needs a name.',
    ]);
    expect(await names(shop)).toEqual(['Kim Known']);
  });

  it('previews with a mapping chosen by the owner, and refuses one the file cannot fill', async () => {
    const mapping = {
      name: 0,
      firstName: null,
      lastName: null,
      email: 1,
      phone: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      notes: null,
    };
    const res = await post('/clients/import/preview', shop, { csv: CSV, mapping });
    expect(res.statusCode, res.body).toBe(200);
    // Without the phone column, the rows known by phone alone have nothing to know them by.
    expect(res.json().counts).toEqual({ rows: 6, ok: 2, existing: 1, repeated: 0, errors: 3 });
    const bad = await post('/clients/import/preview', shop, { csv: CSV, mapping: { ...mapping, notes: 40 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('IMPORT_MAPPING_INVALID');
  });

  it('refuses a file that is not a client list with a code and a sentence', async () => {
    const refused = async (csv: string) => (await post('/clients/import/preview', shop, { csv })).json().code;
    expect(await refused('')).toBe('IMPORT_EMPTY');
    expect(await refused('Ann Lee,ann@example.com\n')).toBe('IMPORT_NO_HEADER');
    expect(await refused('Name,Notes\nAnn,"open\n')).toBe('IMPORT_NOT_CSV');
    const big = await post('/clients/import/preview', shop, { csv: `Name\n${'x'.repeat(2 * 1024 * 1024 + 10)}` });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('IMPORT_FILE_TOO_LARGE');
  });

  it('imports the new clients with their address and notes, once per Idempotency-Key', async () => {
    const key = randomUUID();
    const res = await post('/clients/import', shop, { csv: CSV }, { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, counts: { ok: 2, existing: 1, repeated: 1, errors: 2 } });
    expect(res.json().problems).toHaveLength(4);
    expect(await names(shop)).toEqual(['Bo Diaz', 'Kim Known', 'Ann Lee']);
    const list = await t.app.inject({ url: `${d}/clients?q=ann`, headers: shop.auth });
    const ann = list.json().clients[0];
    const detail = (await t.app.inject({ url: `${d}/clients/${ann._id}`, headers: shop.auth })).json();
    expect(detail).toMatchObject({
      phone: '+15125550100',
      address: '1 Main St, Austin, TX 78701',
      notes: 'Gate code 42; dog',
      source: 'import',
    });

    const again = await post('/clients/import', shop, { csv: CSV }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    const reused = await post(
      '/clients/import',
      shop,
      { csv: `${CSV}\r\nNew One;new@example.com;;;;;;` },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same file under a new key: every row is a client already.
    const second = await post('/clients/import', shop, { csv: CSV }, { 'idempotency-key': randomUUID() });
    expect(second.json()).toMatchObject({ imported: 0, counts: { ok: 0, existing: 4, repeated: 0, errors: 2 } });
    expect(await names(shop)).toHaveLength(3);
    // Another owner's clients are untouched, and the same key is theirs to use.
    expect(await names(other)).toEqual([]);
    const theirs = await post('/clients/import', other, { csv: CSV }, { 'idempotency-key': key });
    expect(theirs.json()).toMatchObject({ imported: 3 });
  });

  it('refuses an import without an Idempotency-Key, writing nothing', async () => {
    const before = await names(shop);
    const res = await post('/clients/import', shop, { csv: 'Name,Email\nZed,zed@example.com\n' });
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await names(shop)).toEqual(before);
  });

  it('imports a file of 500 clients in batches', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `Batch ${i},batch${i}@example.com,`);
    const res = await post(
      '/clients/import',
      other,
      { csv: `Name,Email,Phone\n${rows.join('\n')}\n` },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.json()).toMatchObject({ imported: 500, problems: [] });
  });

  it('exports every client as CSV, formulas defused', async () => {
    const res = await t.app.inject({ url: `${d}/clients/export`, headers: shop.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,Email,Phone,Addresses,Notes,Tags,Texts Consent,Marketing Consent,Source,Created,Last Visit,Spent (USD),Client ID',
    );
    const bo = lines.find((l) => l.startsWith('Bo,Diaz'));
    expect(bo).toMatch(/^Bo,Diaz,,\+15125550101,,"'=HYPERLINK\(""http:\/\/evil""\)",,no,no,import,/);
    expect(lines.find((l) => l.startsWith('Ann,Lee'))).toContain('1 Main St, Austin, TX 78701');
    expect(lines.filter((l) => l !== '')).toHaveLength(4);
  });
});
