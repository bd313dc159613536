/**
 * A stand-in push service (a browser vendor's, such as FCM or Mozilla's autopush) on loopback,
 * speaking the Web Push protocol as its RFCs define it, written apart from the `web-push` library on
 * purpose, so the server's pushes are checked against the documents and not against themselves:
 * - RFC 8030: a POST to the subscription's endpoint with TTL (required), Urgency and Topic; 201 on
 *   success; 404/410 for a subscription that is gone;
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature is
 *   verified against k, its aud must be the endpoint's origin, its exp in the future and at most 24
 *   hours away, its sub a mailto: or https: address;
 * - RFC 8291 with RFC 8188 (aes128gcm): the body is decrypted with the subscription's private key
 *   and auth secret, which the stand-in made as a browser does (an ECDH P-256 key pair and 16 random
 *   bytes), and recorded as the JSON it must be.
 * HTTPS only, as push services are (and as `web-push` insists): a certificate for 127.0.0.1 made at
 * start with openssl; in-process tests trust it through `agent`, another process through
 * NODE_EXTRA_CA_CERTS=`caFile`. Another process (the e2e journeys) drives it over HTTPS outside the
 * push paths: POST /_stand-in/subscriptions makes a subscription (endpoint and keys, as
 * PushSubscription.toJSON() gives them), GET /_stand-in/pushes lists what arrived, decrypted.
 */

import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface ReceivedPush {
  subscription: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key the push was signed with (k). */
  vapidKey: string;
}

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushStandIn {
  url: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS in another process. */
  caFile: string;
  /** An HTTPS agent trusting the stand-in (buildApp's pushAgent). */
  agent: Agent;
  /** A new subscription, as a browser would make one (its private key kept here to decrypt). */
  subscribe(): StandInSubscription;
  /** Pushes accepted, in order. */
  received: ReceivedPush[];
  /** Pushes refused by a check (signature, audience, expiry, encryption), with the reason. */
  rejected: { subscription: string; reason: string }[];
  /** The next `n` pushes are answered `status` (500: the service is down; 410: unsubscribed; 429: slow down). */
  answerNext(status: number, n?: number): void;
  /** The next push gets no answer at all (a push service that hangs); answered when the stand-in closes. */
  stallNext(): void;
  /** Every later push to this subscription is answered 410 Gone (the browser unsubscribed). */
  unsubscribe(endpoint: string): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 section 3.4 / RFC 8188 section 2: the one record of an aes128gcm body, decrypted. */
function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid must be the sender's 65-byte public key, was ${idlen} bytes`);
  if (record.length > rs) throw new Error('more than one record: a push payload is one');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's padding: a 0x02 delimiter, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('the last record must end with the 0x02 padding delimiter');
  return plain.subarray(0, end);
}

/** RFC 8292: checks the vapid Authorization header for a push to `origin`; answers k, or throws why not. */
function checkVapid(header: string | undefined, origin: string, nowSeconds: number): string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=..., k=...": ${header ?? '(none)'}`);
  const [, jwt = '', k = ''] = m;
  const [h = '', p = '', s = ''] = jwt.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg must be ES256, was ${head.alg}`);
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k must be an uncompressed P-256 public key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('the JWT signature does not verify against k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`aud must be ${origin}, was ${claims.aud}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600)
    throw new Error(`exp must be in the next 24 hours, was ${claims.exp} at ${nowSeconds}`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub must be mailto: or https:, was ${claims.sub}`);
  return k;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '2',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(caFile);
  const subscriptions = new Map<string, { priv: Buffer; pub: Buffer; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const rejected: { subscription: string; reason: string }[] = [];
  const answers: number[] = [];
  let stall = 0;
  const stalled: ServerResponse[] = [];
  let url = '';

  const subscribe = (): StandInSubscription => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomBytes(12).toString('hex');
    const auth = randomBytes(16);
    subscriptions.set(id, { priv: ecdh.getPrivateKey(), pub: ecdh.getPublicKey(), auth, gone: false });
    return { endpoint: `${url}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
  };

  const reply = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const server = createServer({ key: readFileSync(keyFile), cert }, async (req, res) => {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', url).pathname;
    if (req.method === 'POST' && path === '/_stand-in/subscriptions') return reply(res, 201, subscribe());
    if (req.method === 'GET' && path === '/_stand-in/pushes') return reply(res, 200, { received, rejected });
    const m = /^\/push\/([0-9a-f]+)$/.exec(path);
    const sub = m?.[1] ? subscriptions.get(m[1]) : undefined;
    if (req.method !== 'POST' || !m?.[1] || !sub) return reply(res, 404);
    const id = m[1];
    if (stall > 0) {
      stall -= 1;
      stalled.push(res);
      return;
    }
    const forced = answers.shift();
    if (forced !== undefined) return reply(res, forced);
    if (sub.gone) return reply(res, 410);
    try {
      const ttl = req.headers.ttl;
      if (ttl === undefined || !/^\d+$/.test(String(ttl))) throw new Error('TTL header missing');
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding must be aes128gcm');
      const topic = (req.headers.topic as string | undefined) ?? null;
      if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
        throw new Error('Topic must be 1-32 URL-safe characters');
      const k = checkVapid(req.headers.authorization, new URL(url).origin, Math.floor(Date.now() / 1000));
      const plain = decryptAes128gcm(body, sub.priv, sub.pub, sub.auth);
      if (plain.length > 4096 - 103) throw new Error('payload over the 4 KB a push service takes');
      received.push({
        subscription: id,
        payload: JSON.parse(plain.toString('utf8')),
        ttl: Number(ttl),
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic,
        vapidKey: k,
      });
      return reply(res, 201);
    } catch (err) {
      rejected.push({ subscription: id, reason: (err as Error).message });
      return reply(res, 400, { reason: (err as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    url,
    caFile,
    agent,
    subscribe,
    received,
    rejected,
    answerNext(status, n = 1) {
      for (let i = 0; i < n; i++) answers.push(status);
    },
    stallNext() {
      stall += 1;
    },
    unsubscribe(endpoint) {
      const id = endpoint.split('/').pop() ?? '';
      const sub = subscriptions.get(id);
      if (sub) sub.gone = true;
    },
    async close() {
      agent.destroy();
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
