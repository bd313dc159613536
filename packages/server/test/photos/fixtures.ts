/**
 * Photos for the tests (docs/decisions/053): a small good one, and hostile files made here from
 * their formats' own rules (PNG chunks with their CRCs, a JPEG's comment segment, a ZIP's local
 * header), so nothing binary is committed and each file says what it is.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small photo, as a crew's phone sends one. */
export const PHOTO_JPEG = await sharp({
  create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 110 } },
})
  .jpeg()
  .toBuffer();

/** A photo with a camera's EXIF: its maker, a comment and the place it was taken (GPS). */
export const PHOTO_WITH_GPS = await sharp({
  create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 80, b: 30 } },
})
  .withExif({
    IFD0: { Make: 'SecretCam', Model: 'Spy 3000', ImageDescription: 'at 12 Private Lane' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 1/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '118/1 29/1 0/1' },
  })
  .jpeg()
  .toBuffer();

/** A PNG photo with transparency. */
export const PHOTO_PNG = await sharp({
  create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
})
  .png()
  .toBuffer();

export const PHOTO_WEBP = await sharp({
  create: { width: 30, height: 40, channels: 3, background: { r: 10, g: 200, b: 10 } },
})
  .webp()
  .toBuffer();

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A JPEG that is also HTML: a script after its end, and one in a comment (COM) segment. */
export function jpegHtmlPolyglot(): Buffer {
  const comment = Buffer.from(HTML);
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), u16(comment.length + 2), comment]);
  // The comment right after SOI, the script after EOI.
  return Buffer.concat([PHOTO_JPEG.subarray(0, 2), com, PHOTO_JPEG.subarray(2), Buffer.from(HTML)]);
}

/** GIFAR-like: a JPEG with a ZIP (a Java archive) after it, which a ZIP reader opens from the end. */
export function jpegZipPolyglot(): Buffer {
  const name = Buffer.from('Evil.class');
  const data = Buffer.from('cafebabe not really');
  const local = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    u32le(crc32(data)),
    u32le(data.length),
    u32le(data.length),
    u16le(name.length),
    u16le(0),
    name,
    data,
  ]);
  const central = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    u32le(crc32(data)),
    u32le(data.length),
    u32le(data.length),
    u16le(name.length),
    Buffer.alloc(12),
    u32le(PHOTO_JPEG.length),
    name,
  ]);
  const end = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0]),
    u32le(central.length),
    u32le(PHOTO_JPEG.length + local.length),
    u16le(0),
  ]);
  return Buffer.concat([PHOTO_JPEG, local, central, end]);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** The first bytes of an iPhone's HEIC photo: `ftyp` with the `heic` brand. */
export const HEIC_HEAD = Buffer.concat([
  u32(24),
  Buffer.from('ftypheic'),
  u32(0),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

/** A JPEG cut off part-way, as a dropped connection leaves one. */
export async function truncatedJpeg(): Promise<Buffer> {
  const big = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
    .composite([{ input: Buffer.from(noiseSvg()), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();
  return big.subarray(0, Math.floor(big.length / 2));
}

/** A JPEG's header followed by garbage. */
export function corruptJpeg(): Buffer {
  const garbage = Buffer.alloc(4000);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 251;
  return Buffer.concat([PHOTO_JPEG.subarray(0, 20), garbage]);
}

/**
 * A decompression bomb: a valid PNG whose header says 100,000 x 100,000 pixels (10 gigapixels, 30 GB
 * decoded) in a few hundred bytes of zeros.
 */
export function pngBomb(side = 100_000): Buffer {
  const ihdr = Buffer.concat([u32(side), u32(side), Buffer.from([8, 2, 0, 0, 0])]);
  const idat = deflateSync(Buffer.alloc(64 * 1024), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

function noiseSvg(): string {
  let rects = '';
  for (let i = 0; i < 400; i++)
    rects += `<rect x="${(i * 37) % 800}" y="${(i * 53) % 600}" width="23" height="17" fill="#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${rects}</svg>`;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}
function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}
function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}
function u16le(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}
