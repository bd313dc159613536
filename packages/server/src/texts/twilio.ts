/**
 * Twilio's Messages API, over its documented REST format (docs/decisions/027): form-encoded
 * POSTs to /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth (the Account
 * SID and auth token), JSON answers. Each business uses its own account. Tests point `apiBase`
 * at a stand-in on loopback (TWILIO_API_URL; test/twilio/stand-in.ts).
 *
 * Errors leave here as three kinds, none carrying the token: the credentials were refused, Twilio
 * refused this message for good (an invalid or unsubscribed number: sending again changes
 * nothing), or Twilio could not be used just now (429, 5xx, the network, a time-out: try later).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  /** A number in E.164 ("From"), or a Messaging Service SID ("MG...", "MessagingServiceSid"). */
  sender: string;
}

export class TwilioCredentialsRefused extends Error {}
export class TwilioMessageRefused extends Error {}
export class TwilioUnavailable extends Error {
  constructor(
    message: string,
    /** From a 429's Retry-After, when Twilio said how long to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const API_VERSION = '2010-04-01';
const TWILIO_API = 'https://api.twilio.com';

const isMessagingServiceSid = (sender: string) => /^MG[0-9a-f]{32}$/i.test(sender);

interface TwilioError {
  code?: number;
  message?: string;
}

export interface TwilioClient {
  /** The account's name when the SID and token work and it is active, and the sender belongs to it. */
  check(credentials: TwilioCredentials): Promise<{ friendlyName: string }>;
  /** Sends one text; answers Twilio's message SID. */
  send(credentials: TwilioCredentials, to: string, body: string): Promise<string>;
  /**
   * The SID of a message with these words already sent to `to` since `sinceMs`, if any: an earlier
   * try whose answer was lost (a time-out, a dropped connection) may have gone through, and the
   * Messages API takes no idempotency key, so a retry looks before it sends again.
   */
  findSent(credentials: TwilioCredentials, to: string, body: string, sinceMs: number): Promise<string | undefined>;
}

export function twilioClient(apiBase: string = TWILIO_API, timeoutMs = 10_000): TwilioClient {
  const base = apiBase.replace(/\/+$/, '');
  async function call(
    credentials: TwilioCredentials,
    path: string,
    form?: URLSearchParams,
  ): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
    const auth = Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${base}/${API_VERSION}/Accounts/${encodeURIComponent(credentials.accountSid)}${path}`, {
        method: form ? 'POST' : 'GET',
        headers: {
          authorization: `Basic ${auth}`,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Never the request itself: its headers hold the token.
      throw new TwilioUnavailable(`Twilio could not be reached (${(err as Error).name}).`);
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
  }

  function failure(status: number, body: TwilioError, retryAfter: string | null): Error {
    const words = `Twilio answered ${status}${body.code ? ` (error ${body.code})` : ''}: ${body.message ?? 'no message'}`;
    if (status === 401 || status === 403) return new TwilioCredentialsRefused(words);
    if (status === 429 || status >= 500) {
      const seconds = Number(retryAfter);
      return new TwilioUnavailable(words, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined);
    }
    return new TwilioMessageRefused(words);
  }

  return {
    async check(credentials) {
      const account = await call(credentials, '.json');
      if (account.status === 404) throw new TwilioCredentialsRefused('Twilio knows no account with this SID.');
      if (account.status !== 200) throw failure(account.status, account.body, account.retryAfter);
      if (account.body.status !== 'active')
        throw new TwilioCredentialsRefused(`The Twilio account is ${String(account.body.status)}, not active.`);
      if (!isMessagingServiceSid(credentials.sender)) {
        const owned = await call(
          credentials,
          `/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(credentials.sender)}`,
        );
        if (owned.status !== 200) throw failure(owned.status, owned.body, owned.retryAfter);
        const numbers = owned.body.incoming_phone_numbers;
        if (!Array.isArray(numbers) || numbers.length === 0)
          throw new TwilioMessageRefused(
            `The number ${credentials.sender} is not one of this Twilio account's numbers.`,
          );
      }
      return { friendlyName: String(account.body.friendly_name ?? credentials.accountSid) };
    },
    async findSent(credentials, to, body, sinceMs) {
      const query = new URLSearchParams({ To: to, PageSize: '100' });
      // Twilio's filter "DateSent>=" (a day, UTC): the parameter's name is "DateSent>".
      query.set('DateSent>', new Date(sinceMs).toISOString().slice(0, 10));
      const answer = await call(credentials, `/Messages.json?${query}`);
      if (answer.status !== 200) throw failure(answer.status, answer.body, answer.retryAfter);
      const messages = Array.isArray(answer.body.messages) ? (answer.body.messages as Record<string, unknown>[]) : [];
      const same = messages.find(
        (m) =>
          m.body === body &&
          m.to === to &&
          (m.from === credentials.sender || m.messaging_service_sid === credentials.sender),
      );
      return same ? String(same.sid) : undefined;
    },
    async send(credentials, to, body) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (isMessagingServiceSid(credentials.sender)) form.set('MessagingServiceSid', credentials.sender);
      else form.set('From', credentials.sender);
      const answer = await call(credentials, '/Messages.json', form);
      if (answer.status !== 201 && answer.status !== 200) throw failure(answer.status, answer.body, answer.retryAfter);
      return String(answer.body.sid);
    },
  };
}

/**
 * X-Twilio-Signature (Twilio's "Webhooks security"): base64 of HMAC-SHA1, keyed by the auth token,
 * of the full URL Twilio called followed by each POST parameter's name and value, sorted by name.
 */
function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function signatureMatches(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string,
): boolean {
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
