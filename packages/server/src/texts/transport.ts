/**
 * Where texts go (docs/decisions/027): each business's own Twilio account (twilio.ts), or, in
 * development, a .txt file per text in {DATA_DIR}/outbox/ beside the mails' .eml files. Either
 * way a number that replied STOP to the business is never texted (checked again at sending: a
 * STOP may arrive after the text was queued).
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type TwilioClient, type TwilioCredentials, TwilioCredentialsRefused, TwilioMessageRefused } from './twilio.ts';

interface OutgoingText {
  businessId: string;
  to: string;
  body: string;
  /** A retry: when the text was first queued, so an earlier try that went through is found, not sent twice. */
  retryOf?: number;
}

export interface TextTransport {
  /** Resolves with where it went (Twilio's message SID or a file path); rejects on failure. */
  send(text: OutgoingText): Promise<string>;
}

/** A text that can never go (no account, the number opted out, Twilio refused it): given up, not retried. */
class TextNotSendable extends Error {}

/** Whether a failure is for good (the outbox marks the text failed) rather than for now (it retries). */
export function givesUp(err: unknown): boolean {
  return (
    err instanceof TextNotSendable || err instanceof TwilioMessageRefused || err instanceof TwilioCredentialsRefused
  );
}

export function twilioTransport(
  client: TwilioClient,
  credentialsOf: (businessId: string) => Promise<TwilioCredentials | undefined>,
): TextTransport {
  return {
    async send(text) {
      const credentials = await credentialsOf(text.businessId);
      if (!credentials) throw new TextNotSendable('the business has no Twilio account connected');
      if (text.retryOf !== undefined) {
        const sent = await client.findSent(credentials, text.to, text.body, text.retryOf);
        if (sent) return sent;
      }
      return client.send(credentials, text.to, text.body);
    },
  };
}

export function logTextTransport(dir: string): TextTransport {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  return {
    async send(text) {
      const file = join(dir, `${Date.now()}-${process.pid}-${++seq}-${text.to.replace(/[^0-9+]/g, '_')}.txt`);
      await writeFile(file, `To: ${text.to}\n\n${text.body}\n`);
      return file;
    },
  };
}

export function refusingOptOuts(
  transport: TextTransport,
  isOptedOut: (businessId: string, to: string) => Promise<boolean>,
): TextTransport {
  return {
    async send(text) {
      if (await isOptedOut(text.businessId, text.to)) throw new TextNotSendable('the number replied STOP');
      return transport.send(text);
    },
  };
}
