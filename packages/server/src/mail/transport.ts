/**
 * Where mail goes: SMTP (nodemailer over SMTP_URL) or, with no SMTP_URL, an .eml
 * file per message in {DATA_DIR}/outbox/ so a newcomer can open the links.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An iCalendar invitation (shared/src/ics.ts) sent as text/calendar beside the text and HTML. */
  calendar?: string | undefined;
}

/**
 * Nodemailer's fields for a mail. An invitation goes as `icalEvent`: a text/calendar
 * alternative with the method parameter iTIP needs (RFC 6047), plus the same file attached,
 * which Gmail, Apple Mail and Outlook read as an invitation to add, update or remove.
 */
function fields(mail: OutgoingMail) {
  const { calendar, ...rest } = mail;
  if (!calendar) return rest;
  const method = /^METHOD:(\w+)/m.exec(calendar)?.[1] ?? 'PUBLISH';
  return { ...rest, icalEvent: { method, filename: 'invite.ics', content: calendar } };
}

export interface MailTransport {
  /** Resolves with where it went (an SMTP message id or a file path); rejects on failure. */
  send(mail: OutgoingMail): Promise<string>;
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { from });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...fields(mail) });
      return String(info.messageId);
    },
  };
}

export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...fields(mail) });
      const safeTo = mail.to.replace(/[^a-z0-9@.-]+/gi, '_');
      const file = join(dir, `${Date.now()}-${process.pid}-${++seq}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      return file;
    },
  };
}
