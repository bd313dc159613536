/** The calls of the client import and export (issue 42) (schemas: client-import.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const clientImportDashboardCalls = {
  previewClientImport: {
    method: 'POST',
    path: `${owner}/clients/import/preview`,
    auth: 'owner',
    body: 'ImportRequest',
    response: 'ImportPreview',
  },
  importClients: {
    method: 'POST',
    path: `${owner}/clients/import`,
    auth: 'owner',
    headers: ['idempotency-key'],
    body: 'ImportRequest',
    response: 'ImportResult',
  },
  exportClientsCsv: {
    method: 'GET',
    path: `${owner}/clients/export`,
    auth: 'owner',
    response: { mediaType: 'text/csv', description: 'RFC 4180 CSV with a header row, one client a line.' },
  },
} as const satisfies Record<string, RouteDef>;

export const clientImportSummaries: { dashboard: SummariesOf<typeof clientImportDashboardCalls> } = {
  dashboard: {
    previewClientImport:
      "A CSV of clients (at most 2 MB and 5,000 rows) read without writing anything: its header, the columns used for each field (guessed from the header unless sent), and each row's outcome: new, one of the business's clients already (by e-mail, else phone), a repeat of an earlier row, or refused with the reason. Refused: IMPORT_FILE_TOO_LARGE, IMPORT_TOO_MANY_ROWS, IMPORT_NOT_CSV, IMPORT_NO_HEADER, IMPORT_EMPTY, IMPORT_MAPPING_INVALID.",
    importClients:
      'Imports the new clients of a CSV (source import) with their address and notes, all in one transaction; duplicates and refused rows are skipped and listed. A retry with the same Idempotency-Key and body answers the first result.',
    exportClientsCsv:
      'Every client as CSV: name, e-mail, phone, places, notes, tags, consent, source, created, last visit, spent.',
  },
};
