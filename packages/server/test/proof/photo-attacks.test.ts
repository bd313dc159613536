/**
 * Hostile photos (issue 44 item 6; docs/decisions/053), sent to the customer's upload (no login:
 * the easiest door) and to a crew's: polyglots come out as plain JPEGs carrying nothing else; SVG,
 * HTML and anything else is refused whatever its name or Content-Type; HEIC gets words saying
 * what to do; truncated and corrupt images and a decompression bomb are refused without decoding
 * them whole; an oversize body is refused (413 PHOTO_TOO_LARGE) before it is read. A refusal
 * leaves no row, no queued removal and no file. Reading another business's, crew's or customer's
 * photo is walked in test/routes/photos.test.ts and the authorization matrix (world.ts).
 * Storage plays no part in what a file is: SQLite only.
 */
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PHOTO_MAX_BYTES } from '@slotwise/shared/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import type { TestApp } from '../helpers.ts';
import {
  corruptJpeg,
  HEIC_HEAD,
  jpegHtmlPolyglot,
  jpegZipPolyglot,
  PHOTO_JPEG,
  pngBomb,
  SVG,
  truncatedJpeg,
} from '../photos/fixtures.ts';

const MB = 1024 * 1024;

describe('hostile photos', () => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let port: number;
  const upload = (body: Buffer | string, contentType = 'image/jpeg', name = 'photo.jpg') =>
    t.app.inject({
      method: 'POST',
      url: `/api/customer/photos/${shop.businessId}`,
      // A file name as a browser's form would give one: the server never reads it.
      headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${name}"` },
      payload: body,
    });
  const files = (): string[] => {
    try {
      return readdirSync(join(t.config.dataDir, 'photos'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.jpg') || f.endsWith('.partial'));
    } catch {
      return [];
    }
  };
  const state = async () => ({
    rows: (await t.ctx.db.selectFrom('photos').select('id').execute()).length,
    queued: (await t.ctx.db.selectFrom('photo_removals').select('storage_key').execute()).length,
    files: files().length,
  });
  /** Claims an upload's photo with a booking's read of it: the bytes the owner would be served. */
  async function served(token: string): Promise<{ bytes: Buffer; headers: Record<string, unknown> }> {
    const row = await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('claim_hash', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Claimed as a booking would, so the owner's call may read it.
    const booking = await t.ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .executeTakeFirst();
    const bookingId = booking?.id ?? (await bookOne());
    await t.ctx.db
      .updateTable('photos')
      .set({ booking_id: bookingId, claim_hash: null })
      .where('id', '=', row.id)
      .execute();
    const res = await t.app.inject({ url: `/api/business-dashboard/photos/${row.id}`, headers: shop.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { bytes: res.rawPayload, headers: res.headers };
  }
  async function bookOne(): Promise<string> {
    const { book, bookBody, DAY } = await import('../booking-fixtures.ts');
    const res = await book(t, bookBody(shop, { date: DAY, time: '10:00' }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId;
  }

  beforeAll(async () => {
    t = await engineApp('sqlite');
    shop = await detailer(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  it.each([
    [
      'a JPEG that is also HTML (a script in a comment segment and after its end)',
      jpegHtmlPolyglot(),
      ['<script', 'alert(', '<html'],
    ],
    [
      'a JPEG with a ZIP (a Java archive) after it, GIFAR-like',
      jpegZipPolyglot(),
      ['PK\u0003\u0004', 'PK\u0005\u0006', 'Evil.class', 'cafebabe'],
    ],
  ])('takes %s as a picture only: re-encoded, nothing of the rest survives', async (_name, file, marks) => {
    for (const m of marks) expect(file.includes(m), `the fixture carries ${m}`).toBe(true);
    const res = await upload(file, 'text/html', 'page.html');
    expect(res.statusCode, res.body).toBe(201);
    const { bytes, headers } = await served(res.json().photoToken);
    for (const m of marks) expect(bytes.includes(m), `${m} survived`).toBe(false);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(headers['content-type']).toBe('image/jpeg');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(String(headers['content-disposition'])).toMatch(/^inline; filename="photo-[0-9a-f-]{36}\.jpg"$/);
  });

  it.each([
    ['SVG named photo.jpg, sent as image/jpeg', SVG, 'image/jpeg'],
    ['SVG sent as image/svg+xml', SVG, 'image/svg+xml'],
    ['HTML sent as image/png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
    ['JSON sent as application/json', Buffer.from('{"image":"iVBORw0KGgo="}'), 'application/json'],
    ['a GIF (not taken)', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'), 'image/gif'],
    ['nothing at all', Buffer.alloc(0), 'image/jpeg'],
  ])('refuses %s: PHOTO_NOT_AN_IMAGE, nothing kept', async (_name, file, type) => {
    const before = await state();
    const res = await upload(file, type);
    expect([res.statusCode, res.json().code]).toEqual([415, 'PHOTO_NOT_AN_IMAGE']);
    expect(res.json().error).toMatch(/JPEG, PNG or WebP/);
    expect(await state()).toEqual(before);
  });

  it('refuses a HEIC photo in words that say what to do', async () => {
    const before = await state();
    const res = await upload(HEIC_HEAD, 'image/heic', 'IMG_0001.HEIC');
    expect([res.statusCode, res.json().code]).toEqual([415, 'PHOTO_HEIC']);
    expect(res.json().error).toContain('Most Compatible');
    expect(await state()).toEqual(before);
  });

  it.each([
    ['a truncated JPEG', async () => truncatedJpeg(), /damaged or only partly sent/],
    ['a JPEG header over garbage', async () => corruptJpeg(), /damaged or only partly sent/],
    [
      'a decompression bomb (a PNG of 100,000 x 100,000 pixels in a few hundred bytes)',
      async () => pngBomb(),
      /over 50 megapixels/,
    ],
  ])('refuses %s: PHOTO_UNREADABLE, nothing kept', async (_name, make, words) => {
    const file = await make();
    const before = await state();
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const res = await upload(file);
    expect([res.statusCode, res.json().code], res.body).toEqual([422, 'PHOTO_UNREADABLE']);
    expect(res.json().error).toMatch(words);
    // The bomb was refused from its header: nothing near its 30 GB was ever allocated.
    expect((process.memoryUsage().rss - rss) / MB).toBeLessThan(200);
    expect(await state()).toEqual(before);
  });

  it('refuses a body over the limit: 413 PHOTO_TOO_LARGE with words', async () => {
    const before = await state();
    const res = await upload(Buffer.concat([PHOTO_JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]));
    expect([res.statusCode, res.json().code]).toEqual([413, 'PHOTO_TOO_LARGE']);
    expect(res.json().error).toMatch(/larger than 8 MB/);
    expect(await state()).toEqual(before);
  });

  it('answers 413 to a Content-Length over the limit before any of the body is sent', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('latin1');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      // Only the head: a server that waited for the 500 MB would never answer.
      socket.write(
        `POST /api/customer/photos/${shop.businessId} HTTP/1.1\r\nHost: localhost\r\nContent-Type: image/jpeg\r\nContent-Length: ${500 * MB}\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"code":"PHOTO_TOO_LARGE"');
  });

  it('answers the same to a crew member and to the owner (one reader for every upload)', async () => {
    const bookingId = await bookOne().catch(async () => {
      const row = await t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('business_id', '=', shop.businessId)
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const url = `/api/business-dashboard/bookings/${bookingId}/photos?kind=before`;
    for (const [file, code] of [
      [SVG, 'PHOTO_NOT_AN_IMAGE'],
      [HEIC_HEAD, 'PHOTO_HEIC'],
      [pngBomb(), 'PHOTO_UNREADABLE'],
      [Buffer.alloc(PHOTO_MAX_BYTES + 1), 'PHOTO_TOO_LARGE'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...shop.auth, 'content-type': 'image/jpeg' },
        payload: file,
      });
      expect(res.json().code).toBe(code);
    }
  });
});
