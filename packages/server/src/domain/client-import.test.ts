import { IMPORT_MAX_ROWS } from '@slotwise/shared/contract/client-import.schemas';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { checkMapping, checkRow, checkRows, guessMapping, readCsvFile, sortRows, splitName } from './client-import.ts';

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).code, message: (err as AppError).message };
}

const many = (n: number) =>
  `Name,Email,Phone\n${Array.from({ length: n }, (_, i) => `Client ${i},c${i}@example.com,512555${String(i).padStart(4, '0')}`).join('\n')}\n`;

describe('readCsvFile', () => {
  it('numbers rows as a spreadsheet does, skipping blank lines and a blank line before the header', async () => {
    const file = await readCsvFile('\n"Name","Email"\r\nAnn,ann@example.com\r\n\r\n"Lee, Bo","bo@example.com"\r\n');
    expect(file.header).toEqual(['Name', 'Email']);
    expect(file.rows).toEqual([
      { row: 3, cells: ['Ann', 'ann@example.com'] },
      { row: 5, cells: ['Lee, Bo', 'bo@example.com'] },
    ]);
  });

  it('names a blank header cell by its column letter', async () => {
    expect((await readCsvFile('Name,,Email\nAnn,x,a@example.com\n')).header).toEqual(['Name', 'Column B', 'Email']);
  });

  it('refuses, with a code and a sentence to act on: too big, too many rows, not CSV, no header, empty', async () => {
    expect((await refusal(readCsvFile(`Name\n${'x'.repeat(2 * 1024 * 1024)}\n`))).code).toBe('IMPORT_FILE_TOO_LARGE');
    const tooMany = await refusal(readCsvFile(many(IMPORT_MAX_ROWS + 1)));
    expect(tooMany).toEqual({
      code: 'IMPORT_TOO_MANY_ROWS',
      message:
        'The file has more than 5,000 clients, the most one import takes: split it into smaller files and import each.',
    });
    expect((await readCsvFile(many(IMPORT_MAX_ROWS))).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect((await refusal(readCsvFile('PK\u0003\u0004\u0000\u0000binary'))).code).toBe('IMPORT_NOT_CSV');
    expect(await refusal(readCsvFile('Name,Notes\nAnn,"never closed\nBob,x\n'))).toEqual({
      code: 'IMPORT_NOT_CSV',
      message:
        'Row 2 opens a quote (") that is never closed, so the rest of the file cannot be read: close it, or remove it, and try again.',
    });
    expect((await refusal(readCsvFile('Ann Lee,ann@example.com\nBo,bo@example.com\n'))).code).toBe('IMPORT_NO_HEADER');
    expect((await refusal(readCsvFile('Ann Lee,(512) 555-0100\n'))).code).toBe('IMPORT_NO_HEADER');
    expect((await refusal(readCsvFile(''))).code).toBe('IMPORT_EMPTY');
    expect((await refusal(readCsvFile('\uFEFF\r\n\r\n'))).code).toBe('IMPORT_EMPTY');
    expect((await refusal(readCsvFile('Name,Email\r\n,\r\n'))).message).toMatch(/header row but no clients/);
  });

  it('lets the event loop run while it reads a big file', async () => {
    const big = many(IMPORT_MAX_ROWS);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const reading = readCsvFile(big).then((file) => checkRows(file, guessMapping(file.header)));
    // A timer set now fires before the reading ends: the reading yields between its steps.
    const fired = new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), 0));
    const first = await Promise.race([fired, reading.then(() => 'read' as const)]);
    await reading;
    clearInterval(timer);
    expect(first).toBe('timer');
    expect(ticks).toBeGreaterThan(1);
  });
});

describe('guessMapping', () => {
  it('finds the fields by the names other tools give their columns', () => {
    expect(guessMapping(['Full Name', 'E-mail', 'Mobile', 'Street', 'City', 'State', 'Zip', 'Notes'])).toEqual({
      name: 0,
      firstName: null,
      lastName: null,
      email: 1,
      phone: 2,
      address: 3,
      city: 4,
      state: 5,
      zip: 6,
      notes: 7,
    });
    const split = guessMapping([
      'First name',
      'Last name',
      'Name',
      'Email Address',
      'Phone',
      'Mobile Phone',
      'Address',
    ]);
    expect(split).toMatchObject({ firstName: 0, lastName: 1, name: null, email: 3, phone: 5, address: 6 });
    expect(guessMapping(['Customer', 'Phone Number'])).toMatchObject({ name: 0, phone: 1, email: null });
  });

  it('refuses a mapping with no name, no contact, or a column the file lacks', () => {
    const header = ['Name', 'Email'];
    expect(() => checkMapping(guessMapping(header), header)).not.toThrow();
    expect(() => checkMapping({ ...guessMapping(header), name: null }, header)).toThrow(/name/);
    expect(() => checkMapping({ ...guessMapping(header), email: null }, header)).toThrow(/e-mail or the phone/);
    expect(() => checkMapping({ ...guessMapping(header), phone: 7 }, header)).toThrow(/not in the file/);
  });
});

describe('checkRow', () => {
  const mapping = guessMapping(['Name', 'Email', 'Phone', 'Street', 'City', 'State', 'Zip', 'Notes']);
  const row = (cells: string[]) => checkRow(14, cells, mapping);

  it('joins the address, reads the phone as E.164 and splits the name', () => {
    expect(
      row(['Lee, Ann', ' ann@example.com ', '(512) 555-0100', '1 Main St', 'Austin', 'TX', '78701', 'Gate\r\n42']),
    ).toEqual({
      row: 14,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+15125550100',
      address: '1 Main St, Austin, TX 78701',
      notes: 'Gate\n42',
      error: null,
    });
    expect(splitName('Mary Ann Smith')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('says what is wrong with a row, naming it', () => {
    expect(row(['Ann', '', '12']).error).toBe(
      "Row 14: the phone '12' is not a phone number (write it with its area code, or + and the country code).",
    );
    expect(row(['', '', '']).error).toBe('Row 14: needs a name and an e-mail or phone.');
    expect(row(['', 'a@example.com', '']).error).toBe('Row 14: needs a name.');
    expect(row(['Ann', '', '']).error).toBe('Row 14: needs an e-mail or a phone number, to know the client by.');
    expect(row(['Ann', 'ann@', '']).error).toBe("Row 14: the e-mail 'ann@' is not an e-mail address.");
    expect(row(['<b>Ann</b>', 'a@example.com', '']).error).toMatch(/character a name cannot have/);
  });
});

describe('sortRows', () => {
  const mapping = guessMapping(['Name', 'Email', 'Phone']);
  const rows = [
    ['Ann Lee', 'ANN@example.com', ''],
    ['Bo Diaz', '', '512 555 0101'],
    ['Bo D.', '', '(512) 555-0101'],
    ['Cy Moe', 'cy@example.com', '512 555 0102'],
    ['Dee Ray', 'dee@example.com', '512 555 0102'],
    ['Eve', 'nope', ''],
  ].map((cells, i) => checkRow(i + 2, cells, mapping));
  const existing = [{ id: 'c1', first_name: 'Ann', last_name: 'Lee', email_key: 'ann@example.com', phone: '' }];

  it('tells new clients from existing ones, repeats and refused rows', () => {
    const sorted = sortRows(rows, existing);
    expect(sorted.counts).toEqual({ rows: 6, ok: 3, existing: 1, repeated: 1, errors: 1 });
    expect(sorted.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'existing'],
      [3, 'ok'],
      [4, 'repeated'],
      [5, 'ok'],
      // Two different e-mails are two people, whatever their phone (docs/decisions/037).
      [6, 'ok'],
      [7, 'error'],
    ]);
    expect(sorted.rows[0]!.reason).toBe('Row 2: already one of your clients, Ann Lee (same e-mail); skipped.');
    expect(sorted.rows[2]!.reason).toBe('Row 4: the same client as row 3 (same phone); skipped.');
    expect(sorted.fresh.map((r) => r.row)).toEqual([3, 5, 6]);
  });
});
