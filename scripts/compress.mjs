/**
 * Writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) copies beside every
 * compressible file under a built front end's folder, for routes/static.ts
 * (@fastify/static's preCompressed) to serve by Accept-Encoding. A copy that would not
 * be smaller than its file is not written (the server then sends the file itself).
 * Called by build.mjs after each app's build; `node scripts/compress.mjs <dir>` alone.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.ics',
  '.map',
  '.webmanifest',
]);

/** Compresses every compressible file under dir; returns how many copies were written. */
export function compressDir(dir) {
  let written = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      written += compressDir(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry).toLowerCase())) continue;
    const raw = readFileSync(path);
    const copies = {
      '.br': brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      '.gz': gzipSync(raw, { level: 9 }),
    };
    for (const [ext, bytes] of Object.entries(copies)) {
      if (bytes.length < raw.length) {
        writeFileSync(path + ext, bytes);
        written++;
      } else if (existsSync(path + ext)) rmSync(path + ext);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const dir of process.argv.slice(2)) console.log(`${dir}: ${compressDir(dir)} compressed copies`);
}
