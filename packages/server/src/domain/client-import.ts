/**
 * The client import (issue 42; docs/product.md#bringing-your-clients, docs/decisions/037): someone
 * else's CSV read within limits and a little at a time, its columns mapped to a client's fields
 * (guessed from the header), each row checked and told apart from the business's clients and from
 * the rows above it by the one matching rule (shared/src/client-match.ts).
 *
 * The file is bounded (2 MB, 5,000 rows, 200 columns) and read in steps that yield to the event loop
 * (setImmediate) between them, so a big file never holds up other owners' requests. The calendar
 * sandbox (calendars/sandbox.ts) needs a worker because ical.js can loop for ever; reading CSV is
 * one linear pass, so steps suffice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { emailKey, matchingClient } from '@slotwise/shared/client-match';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportCounts,
  type ImportField,
  type ImportMapping,
  type ImportRow,
} from '@slotwise/shared/contract/client-import.schemas';
import { Email } from '@slotwise/shared/contract/fields.schemas';
import { CsvReader } from '@slotwise/shared/csv';
import { toE164 } from '@slotwise/shared/phone';
import { AppError } from '../errors.ts';
import type { ClientKeys } from '../repositories/client-import.ts';

const IMPORT_MAX_COLUMNS = 200;
/** Records read, or rows checked, between two yields to the event loop. */
const STEP = 250;

const LIMITS = { name: 80, email: 254, phone: 40, address: 300, notes: 2000 } as const;

export interface CsvFile {
  header: string[];
  /** Rows below the header that hold anything, with their number as a spreadsheet shows it (header: 1). */
  rows: { row: number; cells: string[] }[];
}

/** The letter a spreadsheet gives column `i` (0: A, 26: AA). */
function columnLetter(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const SAVE_AS_CSV = 'In your spreadsheet choose File > Download (or Save as) > CSV, and choose that file.';

/** A cell that reads as a contact, not a column name: an e-mail address or a phone number. */
function looksLikeData(cell: string): boolean {
  const t = cell.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) || /^[+(]?\d[\d\s().-]{6,}$/.test(t);
}

/**
 * The file's header and rows, within the limits, read STEP records at a time with a yield between
 * steps. Refuses (AppError) what cannot be a client list, saying what to do.
 */
export async function readCsvFile(csv: string): Promise<CsvFile> {
  if (Buffer.byteLength(csv, 'utf8') > IMPORT_MAX_BYTES)
    throw new AppError(
      'IMPORT_FILE_TOO_LARGE',
      'The file is larger than 2 MB, the most one import takes: split it into smaller files (5,000 clients each at most) and import each.',
    );
  // A spreadsheet's own format (.xlsx is a zip), a PDF or an image: bytes no text file has.
  if (csv.startsWith('PK') || csv.includes('\u0000') || (csv.match(/\uFFFD/g)?.length ?? 0) > 10)
    throw new AppError(
      'IMPORT_NOT_CSV',
      `This file is not CSV text: it looks like a spreadsheet or another binary file. ${SAVE_AS_CSV}`,
    );
  const reader = new CsvReader(csv);
  let header: string[] | null = null;
  const rows: CsvFile['rows'] = [];
  let read = 0;
  for (;;) {
    const fields = reader.next();
    if (fields === null) break;
    const blank = fields.every((f) => f.trim() === '');
    if (header === null) {
      if (blank) continue;
      if (fields.length > IMPORT_MAX_COLUMNS)
        throw new AppError(
          'IMPORT_NOT_CSV',
          `The first row has ${fields.length} columns; a client list has at most ${IMPORT_MAX_COLUMNS}. ${SAVE_AS_CSV}`,
        );
      const data = fields.find(looksLikeData);
      if (data !== undefined)
        throw new AppError(
          'IMPORT_NO_HEADER',
          `The first row holds a client ("${data.trim().slice(0, 60)}"), not column names: add a first row naming the columns, such as Name, Email, Phone, Address, Notes.`,
        );
      header = fields.map((f, i) => f.trim() || `Column ${columnLetter(i)}`);
      continue;
    }
    if (!blank) {
      if (rows.length === IMPORT_MAX_ROWS)
        throw new AppError(
          'IMPORT_TOO_MANY_ROWS',
          `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} clients, the most one import takes: split it into smaller files and import each.`,
        );
      rows.push({ row: reader.records, cells: fields });
    }
    read += 1;
    if (read % STEP === 0) await nextTurn();
  }
  if (reader.unclosedAt !== null)
    throw new AppError(
      'IMPORT_NOT_CSV',
      `Row ${reader.unclosedAt} opens a quote (") that is never closed, so the rest of the file cannot be read: close it, or remove it, and try again.`,
    );
  if (header === null) throw new AppError('IMPORT_EMPTY', 'The file is empty: choose the CSV that holds your clients.');
  if (rows.length === 0)
    throw new AppError(
      'IMPORT_EMPTY',
      'The file has its header row but no clients below it: choose the CSV that holds your clients.',
    );
  return { header, rows };
}

/** Header names (folded: case, spaces, punctuation) each field is guessed from, best first. */
const GUESSES: Record<ImportField, readonly string[]> = {
  name: ['name', 'fullname', 'clientname', 'customername', 'customer', 'client', 'contactname', 'displayname'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail', 'primaryemail', 'emails'],
  phone: [
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'primaryphone',
    'homephone',
    'workphone',
  ],
  address: [
    'address',
    'streetaddress',
    'street',
    'address1',
    'addressline1',
    'serviceaddress',
    'billingaddress',
    'propertyaddress',
  ],
  city: ['city', 'town', 'locality'],
  state: ['state', 'province', 'region', 'stateprovince'],
  zip: ['zip', 'zipcode', 'postcode', 'postalcode', 'postal'],
  notes: ['notes', 'note', 'comments', 'comment', 'clientnotes', 'customernotes', 'description'],
};

function fold(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The columns each field most likely is, by the header's names; a column fills one field at most. */
export function guessMapping(header: readonly string[]): ImportMapping {
  const folded = header.map(fold);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ImportMapping;
  // Specific names first, so "First name" is never taken for the whole name.
  const order: ImportField[] = [
    'firstName',
    'lastName',
    'email',
    'phone',
    'city',
    'state',
    'zip',
    'notes',
    'address',
    'name',
  ];
  for (const field of order)
    for (const guess of GUESSES[field]) {
      const i = folded.findIndex((h, at) => h === guess && !taken.has(at));
      if (i !== -1) {
        mapping[field] = i;
        taken.add(i);
        break;
      }
    }
  // First and last names say it all; a "Name" column beside them is often a company.
  if (mapping.firstName !== null && mapping.lastName !== null) mapping.name = null;
  return mapping;
}

/** Refuses a mapping that names a column the header lacks, or that cannot make a client. */
export function checkMapping(mapping: ImportMapping, header: readonly string[]): void {
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column !== null && column >= header.length)
      throw new AppError(
        'IMPORT_MAPPING_INVALID',
        `The column chosen for ${field} (number ${column}) is not in the file, which has ${header.length} columns: choose one of its columns.`,
      );
  }
  if (mapping.name === null && mapping.firstName === null && mapping.lastName === null)
    throw new AppError('IMPORT_MAPPING_INVALID', 'Choose the column that holds the name (or the first and last name).');
  if (mapping.email === null && mapping.phone === null)
    throw new AppError(
      'IMPORT_MAPPING_INVALID',
      'Choose the column that holds the e-mail or the phone number (or both).',
    );
}

/** A row as a client, checked: what would be written, or why not. */
export interface CheckedRow {
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 when valid; as written when not. */
  phone: string;
  address: string;
  notes: string;
  /** Why it cannot be imported (a sentence beginning "Row N:"); null when it can. */
  error: string | null;
}

/** Control and text-direction characters are dropped; one-line fields get their spaces collapsed. */
function clean(text: string, lines: boolean): string {
  const dropped = text.replace(
    lines
      ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g
      : /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g,
    lines ? '' : ' ',
  );
  return lines ? dropped.replace(/\r\n?/g, '\n').trim() : dropped.replace(/\s+/g, ' ').trim();
}

/** "Ann Lee" -> Ann / Lee; "Lee, Ann" -> Ann / Lee; "Cher" -> Cher / ''. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const comma = full.indexOf(',');
  if (comma !== -1) return { firstName: full.slice(comma + 1).trim(), lastName: full.slice(0, comma).trim() };
  const space = full.lastIndexOf(' ');
  return space === -1
    ? { firstName: full, lastName: '' }
    : { firstName: full.slice(0, space).trim(), lastName: full.slice(space + 1).trim() };
}

function quoted(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`;
}

/** One row through the mapping, checked as a booking's contact would be. */
export function checkRow(row: number, cells: readonly string[], mapping: ImportMapping): CheckedRow {
  const cell = (field: ImportField, lines = false) => {
    const column = mapping[field];
    return column === null ? '' : clean(cells[column] ?? '', lines);
  };
  let firstName = cell('firstName');
  let lastName = cell('lastName');
  if (firstName === '' && lastName === '') ({ firstName, lastName } = splitName(cell('name')));
  const email = cell('email');
  const written = cell('phone');
  const e164 = written === '' || written.length > LIMITS.phone ? null : toE164(written);
  const phone = e164 ?? written;
  const region = [cell('state'), cell('zip')].filter((p) => p !== '').join(' ');
  const address = [cell('address'), cell('city'), region].filter((p) => p !== '').join(', ');
  const notes = cell('notes', true);
  const at = `Row ${row}:`;
  const refuse = (error: string): CheckedRow => ({ row, firstName, lastName, email, phone, address, notes, error });
  const named = firstName !== '' || lastName !== '';
  if (!named && email === '' && written === '') return refuse(`${at} needs a name and an e-mail or phone.`);
  if (!named) return refuse(`${at} needs a name.`);
  if (email === '' && written === '') return refuse(`${at} needs an e-mail or a phone number, to know the client by.`);
  if (firstName.length > LIMITS.name || lastName.length > LIMITS.name)
    return refuse(`${at} the name is longer than ${LIMITS.name} characters.`);
  if (/[<>{}\\]/.test(firstName + lastName))
    return refuse(
      `${at} the name ${quoted(`${firstName} ${lastName}`.trim())} has a character a name cannot have (< > { } \\).`,
    );
  if (email !== '' && !Email.safeParse(email).success)
    return refuse(`${at} the e-mail ${quoted(email)} is not an e-mail address.`);
  if (written !== '' && e164 === null)
    return refuse(
      `${at} the phone ${quoted(written)} is not a phone number (write it with its area code, or + and the country code).`,
    );
  if (address.length > LIMITS.address) return refuse(`${at} the address is longer than ${LIMITS.address} characters.`);
  if (notes.length > LIMITS.notes) return refuse(`${at} the notes are longer than ${LIMITS.notes} characters.`);
  return { row, firstName, lastName, email, phone, address, notes, error: null };
}

/** Every row checked, STEP at a time with a yield between steps (phone numbers take parsing). */
export async function checkRows(file: CsvFile, mapping: ImportMapping): Promise<CheckedRow[]> {
  const out: CheckedRow[] = [];
  for (const [i, { row, cells }] of file.rows.entries()) {
    out.push(checkRow(row, cells, mapping));
    if ((i + 1) % STEP === 0) await nextTurn();
  }
  return out;
}

export interface Sorted {
  rows: ImportRow[];
  counts: ImportCounts;
  /** The rows to write as new clients. */
  fresh: CheckedRow[];
}

/**
 * Each checked row's outcome: refused, one of the business's clients already, the same person as a
 * row above it, or new; by the matching rule (e-mail, else phone) of shared/src/client-match.ts.
 */
export function sortRows(checked: readonly CheckedRow[], existing: readonly ClientKeys[]): Sorted {
  const byEmail = new Map<string, ClientKeys[]>();
  const byPhone = new Map<string, ClientKeys[]>();
  const push = (map: Map<string, ClientKeys[]>, key: string, c: ClientKeys) => {
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  };
  const candidates = (email: string, phone: string) => [
    ...(byEmail.get(emailKey(email)) ?? []),
    ...(phone === '' ? [] : (byPhone.get(phone) ?? [])),
  ];
  for (const c of existing) {
    if (c.email_key !== '') push(byEmail, c.email_key, c);
    if (c.phone !== '') push(byPhone, c.phone, c);
  }
  // The file's own rows, by their row number as id: a later row is a repeat of an earlier one.
  const fileByEmail = new Map<string, ClientKeys>();
  const fileByPhone = new Map<string, ClientKeys[]>();
  const rows: ImportRow[] = [];
  const fresh: CheckedRow[] = [];
  const counts: ImportCounts = { rows: checked.length, ok: 0, existing: 0, repeated: 0, errors: 0 };
  for (const r of checked) {
    const shown = {
      row: r.row,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      address: r.address,
    };
    if (r.error !== null) {
      counts.errors += 1;
      rows.push({ ...shown, outcome: 'error', reason: r.error });
      continue;
    }
    const contact = { email: r.email, phone: r.phone };
    const known = matchingClient(candidates(r.email, r.phone), contact);
    if (known) {
      counts.existing += 1;
      const name = `${known.first_name} ${known.last_name}`.trim();
      const by = emailKey(r.email) !== '' && known.email_key === emailKey(r.email) ? 'e-mail' : 'phone';
      rows.push({
        ...shown,
        outcome: 'existing',
        reason: `Row ${r.row}: already one of your clients, ${name} (same ${by}); skipped.`,
      });
      continue;
    }
    const above = matchingClient(
      [
        ...(fileByEmail.has(emailKey(r.email)) ? [fileByEmail.get(emailKey(r.email))!] : []),
        ...(fileByPhone.get(r.phone) ?? []),
      ],
      contact,
    );
    if (above) {
      counts.repeated += 1;
      const by = emailKey(r.email) !== '' && above.email_key === emailKey(r.email) ? 'e-mail' : 'phone';
      rows.push({
        ...shown,
        outcome: 'repeated',
        reason: `Row ${r.row}: the same client as row ${above.id} (same ${by}); skipped.`,
      });
      continue;
    }
    const keys: ClientKeys = {
      id: String(r.row),
      first_name: r.firstName,
      last_name: r.lastName,
      email_key: emailKey(r.email),
      phone: r.phone,
    };
    if (keys.email_key !== '' && !fileByEmail.has(keys.email_key)) fileByEmail.set(keys.email_key, keys);
    if (keys.phone !== '') push(fileByPhone, keys.phone, keys);
    counts.ok += 1;
    fresh.push(r);
    rows.push({ ...shown, outcome: 'ok', reason: '' });
  }
  return { rows, counts, fresh };
}
