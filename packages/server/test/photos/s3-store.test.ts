/**
 * The S3 photo store (photos/s3-store.ts; docs/decisions/053) on the official AWS SDK against a
 * stand-in on loopback that checks every request's SigV4 signature (test/s3/stand-in.ts): objects
 * go in, come out and are deleted; a wrong secret is refused; and the app configured by
 * PHOTOS_S3_* keeps its photos there, deleting the row first and the object after, and asking again
 * at the next sweep when the store failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPhotos } from '../../src/domain/photos.ts';
import { s3Store } from '../../src/photos/s3-store.ts';
import { book, bookBody, DAY, detailer, engineApp } from '../booking-fixtures.ts';
import { type S3StandIn, startS3StandIn } from '../s3/stand-in.ts';
import { PHOTO_JPEG } from './fixtures.ts';

describe('the S3 photo store', () => {
  let s3: S3StandIn;
  const config = (secretAccessKey = s3.secretAccessKey) => ({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey },
  });

  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3?.close());

  it('puts, gets and deletes an object, every request signed', async () => {
    const store = s3Store(config());
    const key = `${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
    await store.put(key, PHOTO_JPEG);
    expect(s3.objects.get(key)).toEqual({ body: PHOTO_JPEG, contentType: 'image/jpeg' });
    expect(await store.get(key)).toEqual(PHOTO_JPEG);
    await store.remove(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    // Deleting again succeeds, as S3's does.
    await store.remove(key);
    expect(s3.requests.length).toBeGreaterThanOrEqual(5);
    expect(s3.requests.every((r) => r.signed)).toBe(true);
  });

  it('is refused with a wrong secret: the stand-in checks the signature', async () => {
    const store = s3Store(config('not-the-secret-key-00000000000000000000'));
    await expect(store.put(`${crypto.randomUUID()}/x.jpg`, PHOTO_JPEG)).rejects.toThrow(/signature does not match/);
    expect(s3.requests.at(-1)?.signed).toBe(false);
  });

  it('keeps the app’s photos there; a failed delete is asked again by the sweep', async () => {
    const t = await engineApp('sqlite', {
      env: {
        PHOTOS_S3_BUCKET: s3.bucket,
        PHOTOS_S3_ENDPOINT: s3.url,
        PHOTOS_S3_REGION: s3.region,
        PHOTOS_S3_FORCE_PATH_STYLE: 'on',
        PHOTOS_S3_ACCESS_KEY_ID: s3.accessKeyId,
        PHOTOS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    try {
      const shop = await detailer(t);
      const booked = await book(t, bookBody(shop, { date: DAY, time: '10:00' }));
      const id = booked.json().bookingId;
      const url = `/api/business-dashboard/bookings/${id}/photos`;
      const added = await t.app.inject({
        method: 'POST',
        url: `${url}?kind=before`,
        headers: { ...shop.auth, 'content-type': 'image/jpeg' },
        payload: PHOTO_JPEG,
      });
      expect(added.statusCode, added.body).toBe(201);
      const photoId = added.json().photos[0]._id;
      const key = `${shop.businessId}/${photoId}.jpg`;
      expect(s3.objects.has(key)).toBe(true);
      const file = await t.app.inject({ url: `/api/business-dashboard/photos/${photoId}`, headers: shop.auth });
      expect(file.rawPayload).toEqual(s3.objects.get(key)!.body);
      // The store fails (the SDK's three attempts): the row goes, the key stays queued.
      s3.failNext(3);
      const gone = await t.app.inject({ method: 'DELETE', url: `${url}/${photoId}`, headers: shop.auth });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json().photos).toEqual([]);
      expect(s3.objects.has(key)).toBe(true);
      expect(await t.ctx.db.selectFrom('photo_removals').select('storage_key').execute()).toEqual([
        { storage_key: key },
      ]);
      expect(await sweepPhotos(t.ctx)).toBe(1);

      expect(s3.objects.has(key)).toBe(false);
      expect(await t.ctx.db.selectFrom('photo_removals').selectAll().execute()).toEqual([]);
      // The store down while a photo is sent: 503 in words, no row, and nothing queued once it is back.
      s3.failNext(3);
      const refused = await t.app.inject({
        method: 'POST',
        url: `${url}?kind=after`,
        headers: { ...shop.auth, 'content-type': 'image/jpeg' },
        payload: PHOTO_JPEG,
      });
      expect([refused.statusCode, refused.json().code]).toEqual([503, 'PHOTO_STORE_UNAVAILABLE']);
      expect(refused.json().error).toMatch(/Try again in a minute/);
      expect(await t.ctx.db.selectFrom('photos').selectAll().execute()).toEqual([]);
      expect(await t.ctx.db.selectFrom('photo_removals').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
