/**
 * A stand-in for the slice of Twilio's REST API (https://www.twilio.com/docs/messaging/api/message-resource)
 * Slotwise uses, on loopback, so the adapter (texts/twilio.ts) and the e2e journey run with no
 * network: GET /2010-04-01/Accounts/{Sid}.json, GET .../IncomingPhoneNumbers.json?PhoneNumber=,
 * and POST .../Messages.json, form-encoded with HTTP basic auth, answering Twilio's JSON and its
 * error shape ({code, message, more_info, status}). It records every message, can be made to fail
 * (500), be slow, or answer 429 with Retry-After, and delivers inbound texts to a webhook signed
 * exactly as Twilio signs them (X-Twilio-Signature: HMAC-SHA1 of the URL and sorted parameters).
 * Another process (the e2e journeys) reads and drives it over HTTP, outside Twilio's paths:
 * GET /_stand-in/messages, POST /_stand-in/inbound {webhookUrl, accountSid, from, to, body}.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StandInTwilioAccount {
  accountSid: string;
  authToken: string;
  friendlyName?: string;
  /** Numbers the account owns, in E.164. */
  numbers: string[];
  status?: 'active' | 'suspended' | 'closed';
}

interface RecordedText {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TwilioStandIn {
  url: string;
  addAccount(a: StandInTwilioAccount): void;
  /** Accepted messages, in order. */
  messages: RecordedText[];
  /** Every request's method, path and Authorization header (tests check it never shows up in a log). */
  requests: { method: string; path: string }[];
  /** The next `n` message POSTs answer 500 (Twilio down). */
  failNext(n: number): void;
  /** The next `n` message POSTs answer 429 with Retry-After: `seconds`. */
  throttleNext(n: number, seconds?: number): void;
  /** The next `n` message POSTs are accepted (recorded) but their answer is lost: the connection drops. */
  dropAnswerNext(n: number): void;
  /** Each message POST waits this long before answering. */
  delayMs: number;
  /** Message POSTs wait, unanswered, until the returned function is called (a provider that hangs). */
  holdAnswers(): () => void;
  /** An inbound text from `from` to `to`, POSTed to `webhookUrl` signed with the account's token; resolves with the answer. */
  inbound(
    webhookUrl: string,
    accountSid: string,
    from: string,
    to: string,
    body: string,
  ): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/** X-Twilio-Signature, as Twilio's docs define it (written here apart from the adapter's on purpose). */
export function signTwilio(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const key of Object.keys(params).sort()) data += key + params[key];
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accounts = new Map<string, StandInTwilioAccount>();
  const messages: RecordedText[] = [];
  const requests: { method: string; path: string }[] = [];
  let failing = 0;
  let dropping = 0;
  let gate: Promise<void> = Promise.resolve();
  let throttling = 0;
  let retryAfter = 1;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/_stand-in/messages') return send(res, 200, messages);
    if (url.pathname === '/_stand-in/inbound' && req.method === 'POST') {
      const a = JSON.parse(await readBody(req)) as Record<string, string>;
      return send(res, 200, await stand.inbound(a.webhookUrl!, a.accountSid!, a.from!, a.to!, a.body!));
    }
    requests.push({ method: req.method ?? '', path: url.pathname });
    const m = /^\/2010-04-01\/Accounts\/([^/.]+)(\.json|\/Messages\.json|\/IncomingPhoneNumbers\.json)$/.exec(
      url.pathname,
    );
    if (!m) return send(res, 404, error(404, 20404, 'The requested resource was not found'));
    const account = accounts.get(m[1]!);
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [user, pass] = auth ? Buffer.from(auth, 'base64').toString().split(':') : [];
    if (!account || user !== account.accountSid || pass !== account.authToken)
      return send(res, 401, error(401, 20003, 'Authentication Error - invalid username'));
    if (m[2] === '.json' && req.method === 'GET')
      return send(res, 200, {
        sid: account.accountSid,
        friendly_name: account.friendlyName ?? 'My first Twilio account',
        status: account.status ?? 'active',
        type: 'Full',
      });
    if (m[2] === '/IncomingPhoneNumbers.json' && req.method === 'GET') {
      const wanted = url.searchParams.get('PhoneNumber');
      const owned = account.numbers.filter((n) => !wanted || n === wanted);
      return send(res, 200, {
        incoming_phone_numbers: owned.map((n) => ({
          sid: sid('PN'),
          phone_number: n,
          account_sid: account.accountSid,
        })),
      });
    }
    if (m[2] === '/Messages.json' && req.method === 'GET') {
      const to = url.searchParams.get('To');
      const listed = messages.filter((x) => x.accountSid === account.accountSid && (!to || x.to === to));
      return send(res, 200, {
        messages: listed.map((x) => ({
          sid: x.sid,
          to: x.to,
          from: x.from,
          messaging_service_sid: x.messagingServiceSid,
          body: x.body,
          status: 'delivered',
        })),
        page: 0,
        page_size: 100,
      });
    }
    if (m[2] === '/Messages.json' && req.method === 'POST') {
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? ''))
        return send(res, 400, error(400, 20001, 'Content-Type must be application/x-www-form-urlencoded'));
      const form = new URLSearchParams(await readBody(req));
      if (stand.delayMs > 0) await new Promise((r) => setTimeout(r, stand.delayMs));
      await gate;
      if (failing > 0) {
        failing--;
        return send(res, 500, error(500, 20500, 'Internal Server Error'));
      }
      if (throttling > 0) {
        throttling--;
        return send(res, 429, error(429, 20429, 'Too Many Requests'), { 'retry-after': String(retryAfter) });
      }
      const to = form.get('To');
      const body = form.get('Body');
      const from = form.get('From');
      const service = form.get('MessagingServiceSid');
      if (!to || !/^\+[1-9]\d{6,14}$/.test(to))
        return send(res, 400, error(400, 21211, `The 'To' number ${to ?? ''} is not a valid phone number.`));
      if (!body) return send(res, 400, error(400, 21602, 'Message body is required.'));
      if (!from && !service)
        return send(res, 400, error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required."));
      if (from && !account.numbers.includes(from))
        return send(
          res,
          400,
          error(400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number.`),
        );
      const message: RecordedText = {
        sid: sid('SM'),
        accountSid: account.accountSid,
        to,
        from,
        messagingServiceSid: service,
        body,
      };
      messages.push(message);
      if (dropping > 0) {
        dropping--;
        req.socket.destroy();
        return;
      }
      return send(res, 201, {
        sid: message.sid,
        account_sid: account.accountSid,
        to,
        from,
        messaging_service_sid: service,
        body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
      });
    }
    return send(res, 405, error(405, 20004, 'Method not allowed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stand: TwilioStandIn = {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    delayMs: 0,
    addAccount(a) {
      accounts.set(a.accountSid, a);
    },
    failNext(n) {
      failing = n;
    },
    holdAnswers() {
      let release = () => {};
      gate = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
    dropAnswerNext(n) {
      dropping = n;
    },
    throttleNext(n, seconds = 1) {
      throttling = n;
      retryAfter = seconds;
    },
    async inbound(webhookUrl, accountSid, from, to, body) {
      const account = accounts.get(accountSid);
      if (!account) throw new Error(`no stand-in account ${accountSid}`);
      const params: Record<string, string> = {
        ToCountry: 'US',
        SmsMessageSid: sid('SM'),
        NumMedia: '0',
        SmsSid: sid('SM'),
        SmsStatus: 'received',
        Body: body,
        To: to,
        NumSegments: '1',
        MessageSid: sid('SM'),
        AccountSid: accountSid,
        From: from,
        ApiVersion: '2010-04-01',
      };
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signTwilio(account.authToken, webhookUrl, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      return { status: res.status, text: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stand;
}
