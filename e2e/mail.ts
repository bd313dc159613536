/**
 * Reads the .eml files the server writes to DATA_DIR/outbox/ when SMTP_URL is unset,
 * with just enough MIME (multipart, quoted-printable, base64, encoded-word headers)
 * for the messages nodemailer writes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  file: string;
  /** When the file was written (ms since epoch). */
  writtenAt: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The text/calendar part (an iCalendar invitation), '' when the mail carries none. */
  calendar: string;
  /** Every http(s) link in the text and HTML parts, HTML entities decoded, first seen first. */
  links: string[];
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Continuation lines start with white space (RFC 5322 folding).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** "=?UTF-8?Q?Your_booking?= =?UTF-8?B?...?=" -> text (RFC 2047). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function collectParts(raw: string, out: { text: string[]; html: string[]; calendar: string[] }): void {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = body.split(`--${boundary}`);
    // pieces[0] is the preamble; the last piece starts with "--" (the closing delimiter).
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collectParts(piece.replace(/^\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) out.html.push(decoded);
  else if (/^text\/plain/i.test(type)) out.text.push(decoded);
  else if (/^text\/calendar/i.test(type)) out.calendar.push(decoded);
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function extractLinks(text: string, html = ''): string[] {
  const found = [
    ...(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []),
    ...[...html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1] ?? '')),
  ].filter((l) => /^https?:\/\//.test(l));
  return [...new Set(found)];
}

function parseEml(file: string, writtenAt: number): Mail {
  const raw = readFileSync(file, 'utf8');
  const { headers } = splitHead(raw);
  const parts = { text: [] as string[], html: [] as string[], calendar: [] as string[] };
  collectParts(raw, parts);
  const text = parts.text.join('\n');
  const html = parts.html.join('\n');
  return {
    file,
    writtenAt,
    from: decodeHeader(headers.get('from') ?? ''),
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
    html,
    calendar: parts.calendar.join('\n'),
    links: extractLinks(text, html),
  };
}

/**
 * Mails already parsed, by path, with the size and time of the file they were parsed from. A mail
 * file is written once, but not atomically: one read while the server was still writing it is
 * parsed again once its size or time has moved on. newestMail() polls the whole outbox five times a
 * second, and by the end of a run it holds hundreds of mails: parsing each of them every time took
 * a good part of a core from the browser and the server.
 */
const parsed = new Map<string, { size: number; mtimeMs: number; mail: Mail }>();

function readEml(file: string): Mail {
  const { size, mtimeMs } = statSync(file);
  const known = parsed.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.mail;
  const mail = parseEml(file, mtimeMs);
  parsed.set(file, { size, mtimeMs, mail });
  return mail;
}

/** Every mail in the outbox, oldest first. */
export function readOutbox(outboxDir: string): Mail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((n) => ({ mail: readEml(join(outboxDir, n)), order: writeOrder(n) }))
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.mail.file.localeCompare(b.mail.file))
    .map((m) => m.mail);
}

/** The file transport names files "{ms}-{pid}-{seq}-{to}.eml": sort by time, then by sequence. */
function writeOrder(name: string): [number, number] {
  const m = /^(\d+)-\d+-(\d+)-/.exec(name);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}
