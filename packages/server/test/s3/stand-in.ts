/**
 * A stand-in for the slice of Amazon S3's REST API Slotwise's photo store uses
 * (photos/s3-store.ts; https://docs.aws.amazon.com/AmazonS3/latest/API/), on loopback, so the
 * adapter runs on the official SDK with no network: PutObject, GetObject and DeleteObject,
 * path-style (`/{bucket}/{key}`), answering S3's XML errors (NoSuchKey, NoSuchBucket,
 * SignatureDoesNotMatch, InternalError). Every request must carry a valid AWS Signature Version 4
 * (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html), checked here from
 * the documented steps (canonical request, string to sign, the derived key) with the credentials
 * given, and the payload's hash against the body; a bad one is 403 SignatureDoesNotMatch. It can
 * be made to fail the next requests (500 InternalError). s3rver, the old stand-in, has had no
 * release since 2021 and checks no signature; this is a hundred lines.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3StandIn {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by key. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request: method, key, and whether its signature was valid. */
  requests: { method: string; key: string; signed: boolean }[];
  /** The next `n` requests answer 500 InternalError. */
  failNext(n: number): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** RFC 3986 encoding of each path segment or query part, as SigV4 asks ('/' kept in the path). */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 check of a request, from AWS's documented steps; answers what is wrong, or null. */
function signatureProblem(req: IncomingMessage, body: Buffer, secret: string, accessKeyId: string): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'no AWS4-HMAC-SHA256 Authorization header';
  const [, keyId, date, region, signedHeaders, signature] = m as unknown as string[];
  if (keyId !== accessKeyId) return 'unknown access key';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return 'x-amz-date does not match the credential scope';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'the payload hash is not the body';
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed';
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature!, 'hex')) ? null : 'the signature does not match';
}

export async function startS3StandIn(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'slotwise-photos';
  const accessKeyId = options.accessKeyId ?? 'AKIASTANDIN000000000';
  const secretAccessKey = options.secretAccessKey ?? 'stand-in-secret-key-0000000000000000000';
  const objects: S3StandIn['objects'] = new Map();
  const requests: S3StandIn['requests'] = [];
  let failing = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const [, first, ...rest] = path.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const problem = signatureProblem(req, body, secretAccessKey, accessKeyId);
      requests.push({ method: req.method ?? '', key, signed: problem === null });
      if (problem) return xmlError(res, 403, 'SignatureDoesNotMatch', problem);
      if (failing > 0) {
        failing--;
        return xmlError(res, 500, 'InternalError', 'We encountered an internal error. Please try again.');
      }
      if (first !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: req.headers['content-type'] });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': o.contentType ?? 'binary/octet-stream', 'content-length': o.body.length });
        return res.end(o.body);
      }
      if (req.method === 'DELETE') {
        // S3 answers 204 whether or not the key was there.
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region: options.region ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext(n) {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
