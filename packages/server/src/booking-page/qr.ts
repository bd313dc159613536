/**
 * The booking page's QR code for flyers and the van, as SVG and as a 1024 px PNG. Encoded by
 * `lean-qr` (no dependencies; issue 40 replaced `qrcode`, whose CLI pulled in yargs 15), drawn
 * as SVG by lean-qr, and as a PNG here: one bit a pixel, black or white, deflated by node:zlib.
 * (Rendering the SVG with @resvg/resvg-js took about 110 ms a code on a loaded VM and made
 * 39 KB; this takes about 25 ms there and makes about 1.3 KB.)
 */
import { crc32, deflateSync } from 'node:zlib';
import { QR_PARAM, QR_VALUE } from '@slotwise/shared/insights';
import { type Bitmap2D, correction, generate } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';

/** Error correction at least M (15% of the code can be lost), two modules of quiet zone, 1024 px. */
const CORRECTION = correction.M;
const QUIET_MODULES = 2;
const PX = 1024;

/**
 * What a code holds: the page's address with ?via=qr, so the widget counts a visit from a code
 * as `qr` (docs/decisions/029). Codes printed before it count as `page`, and still work.
 */
export function qrAddress(pageUrl: string, day?: string): string {
  const url = new URL(pageUrl);
  // A door-hanger's code opens the page on a day (docs/decisions/058); the widget reads ?day=.
  if (day) url.searchParams.set('day', day);
  url.searchParams.set(QR_PARAM, QR_VALUE);
  return url.href;
}

function encode(pageUrl: string, day?: string): Bitmap2D {
  return generate(qrAddress(pageUrl, day), { minCorrectionLevel: CORRECTION });
}

/**
 * The code of the booking page at `pageUrl` (the page's own address: ?via=qr is added here):
 * black modules on white, edges kept sharp at any size (`crispEdges`; lean-qr writes
 * `crispedges`, which browsers take, CSS keywords ignoring case, but not every SVG renderer:
 * resvg drew grey edges with it).
 */
export function qrSvg(pageUrl: string, day?: string): string {
  return svgOf(encode(pageUrl, day));
}

/** Any link as the same kind of code (a crew's pay code at the door: routes/crew.ts), as it is. */
export function linkQrSvg(url: string): string {
  return svgOf(generate(url, { minCorrectionLevel: CORRECTION }));
}

function svgOf(code: Bitmap2D): string {
  return toSvgSource(code, {
    on: '#000000',
    off: '#ffffff',
    pad: QUIET_MODULES,
    width: PX,
    height: PX,
  }).replace('shape-rendering="crispedges"', 'shape-rendering="crispEdges"');
}

/** The same code as a 1024 x 1024 PNG: each pixel the module under it, nearest, so black and white only. */
export function qrPng(pageUrl: string): Buffer {
  const code = encode(pageUrl);
  const modules = code.size + 2 * QUIET_MODULES;
  const rowBytes = PX / 8;
  // A module per pixel column, once: x -> the module it falls in (out-of-bounds modules read white).
  const column = Array.from({ length: PX }, (_, x) => Math.floor((x * modules) / PX) - QUIET_MODULES);
  const raw = Buffer.alloc((rowBytes + 1) * PX); // each row: filter byte 0 (none), then 1 bit a pixel
  for (let y = 0; y < PX; y++) {
    const my = Math.floor((y * modules) / PX) - QUIET_MODULES;
    const row = y * (rowBytes + 1) + 1;
    for (let x = 0; x < PX; x++) {
      // Greyscale 1 bit: 1 is white. A set module is black.
      if (!code.get(column[x]!, my)) raw[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(PX, 0);
  header.writeUInt32BE(PX, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
