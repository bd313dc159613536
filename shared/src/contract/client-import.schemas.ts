/**
 * The contract of the client import and export (issue 42; docs/decisions/037, "Bringing your clients"
 * in docs/product.md): a CSV from another tool, its columns mapped to a client's fields, previewed row
 * by row, then imported (calls: client-import.calls.ts).
 */

import { z } from 'zod';

/** The most a file may hold (docs/product.md#bringing-your-clients); the server says so with a code. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** The fields a column may fill; the address is its parts joined ("1 Main St, Austin, TX 78701"). */
export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const Column = z
  .number({ error: 'A column is its number in the header, counted from 0.' })
  .int('A column is a whole number.')
  .min(0, 'A column is counted from 0.')
  .max(999, 'A column is at most 999.')
  .nullable();

/** Which column (by its place in the header, from 0) fills each field; null: none. */
export const ImportMapping = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((f) => [f, Column.default(null)])) as {
    [F in ImportField]: z.ZodDefault<typeof Column>;
  },
);
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportRequest = z.object({
  /** The file's text (UTF-8). At most 2 MB and 5,000 rows below its header. */
  csv: z
    .string({ error: 'Send the file as csv, its text.' })
    .max(IMPORT_MAX_BYTES * 2, 'The file is larger than 2 MB.'),
  /** The columns to use; absent on a first preview: the server guesses them from the header. */
  mapping: ImportMapping.optional(),
});
export type ImportRequest = z.input<typeof ImportRequest>;

export const IMPORT_OUTCOMES = ['ok', 'existing', 'repeated', 'error'] as const;

/** One row of the file as it would be imported. */
export const ImportRow = z.object({
  /** As a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** ok: a new client; existing: one of your clients already (skipped); repeated: an earlier row of the file (skipped); error: see reason. */
  outcome: z.enum(IMPORT_OUTCOMES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164 when it reads as a phone number, else as written. */
  phone: z.string(),
  address: z.string(),
  /** Why it is skipped or refused, a sentence naming the row ("Row 14: the phone '12' is not a phone number."); '' when ok. */
  reason: z.string(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportCounts = z.object({
  /** Rows below the header that hold anything. */
  rows: z.number().int(),
  ok: z.number().int(),
  existing: z.number().int(),
  repeated: z.number().int(),
  errors: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportPreview = z.object({
  /** The header's column names (a blank one is named by its letter, "Column C"). */
  header: z.array(z.string()),
  /** The mapping used: the one sent, or the guess from the header. */
  mapping: ImportMapping,
  counts: ImportCounts,
  /** The first rows as they would be imported (up to 10). */
  sample: z.array(ImportRow),
  /** Every row skipped or refused, in file order. */
  problems: z.array(ImportRow),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  /** Clients made. */
  imported: z.number().int(),
  counts: ImportCounts,
  /** Every row skipped or refused, in file order: nothing of them was written. */
  problems: z.array(ImportRow),
});
export type ImportResult = z.infer<typeof ImportResult>;
