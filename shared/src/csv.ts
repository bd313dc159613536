/**
 * CSV cells and lines, in one place: the bookings export (packages/server/src/routes/dashboard/export.ts)
 * and the insights' downloads (dashboard/src/features/insights) write them alike.
 */

/** RFC 4180 quoting, and a leading ' on cells a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Phone numbers like "+1 555..." are plain data, not formulas.
  const phone = /^\+[\d\s().-]+$/.test(text);
  if (typeof value === 'string' && !phone && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header line and one line per row, CRLF between them as RFC 4180 has it. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
