/**
 * JSON answers under /api/ of COMPRESS_MIN_BYTES or more are sent brotli or gzip by the
 * request's Accept-Encoding (br preferred, q=0 honoured), with Vary: Accept-Encoding.
 * Smaller ones go as they are: under a kilobyte, compressing saves less than it costs.
 * The built front ends are compressed at build time instead (routes/static.ts).
 *
 * Not the slots answer (about 1.6 KB, 110 B as brotli), though: the busiest route, and
 * measured (bench/booking-engine.ts, asked with Accept-Encoding: br, gzip, alternate
 * runs) it ran at 49-53% of the bare route compressed, even with each kept answer's
 * brotli copy kept beside it, against 65-68% sent as it is; its budget floor is 55%.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { routes } from '@slotwise/shared/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';

const COMPRESS_MIN_BYTES = 1024;
type Encoding = 'br' | 'gzip';

/** The encoding to answer with: br, else gzip, whichever the header accepts (q > 0). */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, weight);
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

const compress = (encoding: Encoding, body: string | Buffer): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          // Quality 5: nearly gzip -9's speed, smaller than it.
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: 6 });

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary)))
    reply.header('vary', `${vary}, Accept-Encoding`);
}

const SLOTS = routes.customer.slots.path;

export function useJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (payload.length < COMPRESS_MIN_BYTES || !req.url.startsWith('/api/')) return payload;
    if (req.routeOptions.url === SLOTS) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    addVary(reply);
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(encoding, payload);
  });
}
