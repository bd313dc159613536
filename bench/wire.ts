/**
 * Bytes as a browser receives them from the running server: a GET with
 * `Accept-Encoding: br, gzip` (what browsers send; the server answers the build's
 * brotli copy, routes/static.ts), counting the body on the wire, and the file's
 * size as it is once decoded.
 */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface OnTheWire {
  /** Body bytes as sent (compressed when the server compressed them). */
  wire: number;
  /** Body bytes decoded. */
  raw: number;
  /** The answer's Content-Encoding, or 'identity'. */
  encoding: string;
}

export function onTheWire(url: string, acceptEncoding = 'br, gzip'): Promise<OnTheWire> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${url} answered ${res.statusCode}`));
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ wire: body.length, raw: decoded.length, encoding });
      });
    }).on('error', reject);
  });
}

/** The sums of onTheWire over several URLs. */
export async function sumOnTheWire(
  urls: Iterable<string>,
  acceptEncoding?: string,
): Promise<{ wire: number; raw: number }> {
  let wire = 0;
  let raw = 0;
  for (const url of urls) {
    const r = await onTheWire(url, acceptEncoding);
    wire += r.wire;
    raw += r.raw;
  }
  return { wire, raw };
}
