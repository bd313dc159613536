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

/**
 * Reads CSV someone else wrote (the client import, packages/server/src/domain/client-import.ts), a
 * few rows at a time so a caller can yield between steps: RFC 4180 quoting ("" inside quotes),
 * commas and line breaks inside quoted fields, CRLF, LF or CR line ends, a leading UTF-8 BOM, and
 * the `;` or tab separators spreadsheets export in some countries (whichever the first line has
 * most of, outside quotes). A quote inside an unquoted field, and text after a closing quote, are
 * kept as they are, as spreadsheets keep them.
 */
export class CsvReader {
  private pos = 0;
  readonly separator: string;
  private readonly text: string;
  private readonly stop: RegExp;
  /** Records read so far (blank lines included: a spreadsheet numbers them too). */
  records = 0;
  /** Set when a quote opened on record `unclosedAt` (1-based) is never closed. */
  unclosedAt: number | null = null;

  constructor(text: string) {
    this.text = text.startsWith('\uFEFF') ? text.slice(1) : text;
    this.separator = guessSeparator(this.text);
    this.stop = new RegExp(`[${this.separator === '\t' ? '\\t' : this.separator}\\r\\n"]`, 'g');
  }

  get done(): boolean {
    return this.pos >= this.text.length || this.unclosedAt !== null;
  }

  /** Every record left, blank ones left out (a file's last line break, a spreadsheet's empty rows). */
  rows(): string[][] {
    const out: string[][] = [];
    for (let r = this.next(); r !== null; r = this.next()) if (r.some((field) => field !== '')) out.push(r);
    return out;
  }

  /** The next record's fields, or null at the end (or at an unclosed quote). */
  next(): string[] | null {
    if (this.done) return null;
    const { text } = this;
    const fields: string[] = [];
    let field = '';
    let quotedOnce = false;
    this.records += 1;
    for (;;) {
      this.stop.lastIndex = this.pos;
      const hit = this.stop.exec(text);
      const at = hit ? hit.index : text.length;
      field += text.slice(this.pos, at);
      if (!hit) {
        this.pos = text.length;
        fields.push(field);
        return fields;
      }
      const ch = hit[0];
      // A quote opens a quoted field only where the field begins; elsewhere it is itself, as in spreadsheets.
      if (ch === '"' && (field !== '' || quotedOnce)) {
        field += '"';
        this.pos = at + 1;
        continue;
      }
      if (ch === '"') {
        quotedOnce = true;
        // Quoted: up to the next quote not doubled.
        let from = at + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) {
            this.unclosedAt = this.records;
            return null;
          }
          field += text.slice(from, close);
          if (text[close + 1] === '"') {
            field += '"';
            from = close + 2;
            continue;
          }
          this.pos = close + 1;
          break;
        }
        continue;
      }
      fields.push(field);
      field = '';
      quotedOnce = false;
      if (ch === this.separator) {
        this.pos = at + 1;
        continue;
      }
      this.pos = ch === '\r' && text[at + 1] === '\n' ? at + 2 : at + 1;
      return fields;
    }
  }
}

/** The separator of the first line: `,` unless `;` or a tab outnumbers it outside quotes. */
function guessSeparator(text: string): string {
  let quoted = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]! += 1;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > counts[',']! ? best[0] : ',';
}
