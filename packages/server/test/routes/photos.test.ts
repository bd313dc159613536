/**
 * Photos (issue 44 item 6; docs/decisions/053): the crew adds before and after photos to its own
 * jobs and the owner sees them (and adds and deletes); a service asks the customer for photos,
 * sent before the booking and claimed by it, required ones refused without; each photo read only
 * by the owner, the job's crew and the booking's manage link; re-encoded without metadata; gone
 * from the store with erasure, and when unclaimed after an hour.
 */
import { randomUUID } from 'node:crypto';
import { JOB_PHOTOS_MAX } from '@slotwise/shared/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.ts';
import { flushRemovals, sweepPhotos } from '../../src/domain/photos.ts';
import {
  book,
  bookAndToken,
  bookBody,
  crewMemberAuth,
  DAY,
  detailer,
  engineApp,
  type Shop,
} from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';
import { PHOTO_JPEG, PHOTO_PNG, PHOTO_WEBP, PHOTO_WITH_GPS } from '../photos/fixtures.ts';

const d = '/api/business-dashboard';

describe.each(storages())('photos on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  let crewAuth = { authorization: '' };
  let otherCrewAuth = { authorization: '' };
  const jobs = { mine: '', truck: '', elsewhere: '' };

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object | Buffer) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: Buffer.isBuffer(payload) ? { ...headers, 'content-type': 'application/octet-stream' } : headers,
      ...(payload ? { payload } : {}),
    });
  const crew = (auth = crewAuth) => auth;
  const objects = () => t.ctx.db.selectFrom('photos').select(['id', 'storage_key']).execute();

  async function bookAt(time: string, s = shop) {
    const res = await book(
      t,
      bookBody(s, { time, date: DAY, serviceId: s.quickId, customerEmail: `${time.replace(':', '')}@example.com` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }
  const giveTo = (bookingId: string, crewId: string) =>
    t.ctx.db.updateTable('bookings').set({ crew_id: crewId }).where('id', '=', bookingId).execute();

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
    const mainCrew = (await call('GET', `${d}/crews`, shop.auth)).json().crews[0]._id;
    await call('PUT', `${d}/crews/${mainCrew}`, shop.auth, { name: 'Sam', color: '#0f766e' });
    const truck = (await call('POST', `${d}/crews`, shop.auth, { name: 'Truck 2', color: '#1d4ed8' })).json()._id;
    jobs.mine = await bookAt('10:00');
    jobs.truck = await bookAt('11:00');
    jobs.elsewhere = await bookAt('10:00', other);
    await giveTo(jobs.mine, mainCrew);
    await giveTo(jobs.truck, truck);
    crewAuth = await crewMemberAuth(t, shop, mainCrew, 'sam.photos@example.com');
    const theirCrew = (await call('GET', `${d}/crews`, other.auth)).json().crews[0]._id;
    await giveTo(jobs.elsewhere, theirCrew);
    otherCrewAuth = await crewMemberAuth(t, other, theirCrew, 'them.photos@example.com');
  });
  afterAll(() => t?.close());

  it('the crew adds a before and an after photo to its job; the owner sees both, with who added them', async () => {
    const before = await call('POST', `/api/crew/jobs/${jobs.mine}/photos?kind=before`, crew(), PHOTO_JPEG);
    expect(before.statusCode, before.body).toBe(201);
    const after = await call('POST', `/api/crew/jobs/${jobs.mine}/photos?kind=after`, crew(), PHOTO_PNG);
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json()).toMatchObject({
      max: JOB_PHOTOS_MAX,
      photos: [
        { kind: 'before', addedBy: 'Sam', width: 64, height: 48 },
        { kind: 'after', addedBy: 'Sam', width: 40, height: 30 },
      ],
    });
    const owners = await call('GET', `${d}/bookings/${jobs.mine}/photos`, shop.auth);
    expect(owners.statusCode).toBe(200);
    // The same photos; the crew's answer adds that its own login added them (it may delete them).
    expect(after.json().photos.map((p: { yours?: boolean }) => p.yours)).toEqual([true, true]);
    expect(owners.json().photos).toEqual(after.json().photos.map(({ yours, ...p }: { yours?: boolean }) => p));
    // The owner reads the file: a JPEG, with the headers that keep it a picture.
    const id = owners.json().photos[1]._id;
    const file = await call('GET', `${d}/photos/${id}`, shop.auth);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['content-disposition']).toBe(`inline; filename="photo-${id}.jpg"`);
    expect(file.headers['cache-control']).toMatch(/^private/);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    // The crew reads it too.
    expect((await call('GET', `/api/crew/photos/${id}`, crew())).statusCode).toBe(200);
  });

  it('keeps no metadata: the camera, the comment and the GPS position are gone', async () => {
    expect((await sharp(PHOTO_WITH_GPS).metadata()).exif).toBeDefined();
    const res = await call('POST', `${d}/bookings/${jobs.mine}/photos?kind=after`, shop.auth, PHOTO_WITH_GPS);
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json().photos.at(-1);
    expect(added.addedBy).toBe('Owner');
    const file = await call('GET', `${d}/photos/${added._id}`, shop.auth);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(file.rawPayload.includes('SecretCam')).toBe(false);
    expect(file.rawPayload.includes('Private Lane')).toBe(false);
  });

  it('takes WebP, shrinks a large photo to 2048 px on its long side', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    for (const [bytes, size] of [
      [PHOTO_WEBP, [30, 40]],
      [big, [2048, 683]],
    ] as const) {
      const res = await call('POST', `${d}/bookings/${jobs.truck}/photos?kind=before`, shop.auth, bytes);
      expect(res.statusCode, res.body).toBe(201);
      expect([res.json().photos.at(-1).width, res.json().photos.at(-1).height]).toEqual(size);
    }
  });

  it("the crew deletes only the photos it added: the owner's stays, until the owner deletes it", async () => {
    const added = await call('POST', `${d}/bookings/${jobs.mine}/photos?kind=after`, shop.auth, PHOTO_JPEG);
    expect(added.statusCode, added.body).toBe(201);
    const owners = added.json().photos.at(-1);
    expect(owners).toMatchObject({ addedBy: 'Owner' });
    expect(owners).not.toHaveProperty('yours');
    // To the crew: its own photos are its to delete, the owner's is not.
    const seen: { _id: string; addedBy: string; yours: boolean }[] = (
      await call('GET', `/api/crew/jobs/${jobs.mine}/photos`, crew())
    ).json().photos;
    expect(seen.find((p) => p._id === owners._id)?.yours).toBe(false);
    expect(seen.filter((p) => p.addedBy === 'Sam').every((p) => p.yours)).toBe(true);
    const refused = await call('DELETE', `/api/crew/jobs/${jobs.mine}/photos/${owners._id}`, crew());
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PHOTO_NOT_YOURS']);
    expect(refused.json().error).toBe(
      'The owner added this photo, and a crew deletes only its own. Ask the owner if it should go.',
    );
    expect((await call('GET', `${d}/photos/${owners._id}`, shop.auth)).statusCode).toBe(200);
    const gone = await call('DELETE', `${d}/bookings/${jobs.mine}/photos/${owners._id}`, shop.auth);
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it("another crew's job, another business's job or photo: not found, nothing added", async () => {
    const mine = (await call('GET', `${d}/bookings/${jobs.mine}/photos`, shop.auth)).json().photos[0]._id;
    const count = (await objects()).length;
    for (const [method, url, token, code] of [
      ['POST', `/api/crew/jobs/${jobs.truck}/photos?kind=before`, crewAuth, 'JOB_NOT_FOUND'],
      ['POST', `/api/crew/jobs/${jobs.mine}/photos?kind=before`, otherCrewAuth, 'JOB_NOT_FOUND'],
      ['GET', `/api/crew/jobs/${jobs.mine}/photos`, otherCrewAuth, 'JOB_NOT_FOUND'],
      ['GET', `/api/crew/photos/${mine}`, otherCrewAuth, 'PHOTO_NOT_FOUND'],
      ['DELETE', `/api/crew/jobs/${jobs.mine}/photos/${mine}`, otherCrewAuth, 'JOB_NOT_FOUND'],
    ] as const) {
      const res = await call(method, url, crew(token), method === 'POST' ? PHOTO_JPEG : undefined);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([404, code]);
    }
    // The truck's photos are not Sam's to read.
    const truckPhoto = (await call('GET', `${d}/bookings/${jobs.truck}/photos`, shop.auth)).json().photos[0]._id;
    expect((await call('GET', `/api/crew/photos/${truckPhoto}`, crew())).json().code).toBe('PHOTO_NOT_FOUND');
    // Another owner: A's photo by id, A's booking.
    expect((await call('GET', `${d}/photos/${mine}`, other.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `${d}/bookings/${jobs.mine}/photos/${mine}`, other.auth)).statusCode).toBe(404);
    expect((await call('POST', `${d}/bookings/${jobs.mine}/photos`, other.auth, PHOTO_JPEG)).statusCode).toBe(404);
    expect((await objects()).length).toBe(count);
  });

  it('stops at the most photos a job holds, and deleting one makes room; the object goes with the row', async () => {
    let last = await call('GET', `/api/crew/jobs/${jobs.mine}/photos`, crew());
    for (let n = last.json().photos.length; n < JOB_PHOTOS_MAX; n++) {
      last = await call('POST', `/api/crew/jobs/${jobs.mine}/photos?kind=after`, crew(), PHOTO_JPEG);
      expect(last.statusCode, last.body).toBe(201);
    }
    const full = await call('POST', `/api/crew/jobs/${jobs.mine}/photos?kind=after`, crew(), PHOTO_JPEG);
    expect([full.statusCode, full.json().code]).toEqual([409, 'PHOTOS_FULL']);
    expect(full.json().error).toContain('Delete one');
    // The refused upload's object is not left in the store.
    const keys = (await objects()).map((o) => o.storage_key);
    expect(await t.ctx.db.selectFrom('photo_removals').selectAll().execute()).toEqual([]);
    const victim = last.json().photos[0];
    const key = keys.find((k) => k.includes(victim._id))!;
    expect(await t.ctx.photoStore.get(key)).not.toBeNull();
    const gone = await call('DELETE', `/api/crew/jobs/${jobs.mine}/photos/${victim._id}`, crew());
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().photos).toHaveLength(JOB_PHOTOS_MAX - 1);
    expect(await t.ctx.photoStore.get(key)).toBeNull();
    expect((await call('GET', `${d}/photos/${victim._id}`, shop.auth)).json().code).toBe('PHOTO_NOT_FOUND');
  });

  it('a service asks for a photo: the widget reads the ask, a required photo blocks booking without one', async () => {
    const set = await call('PUT', `${d}/services/${shop.fullId}/photo-request`, shop.auth, {
      ask: 'required',
      prompt: '  A photo of the seats  ',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ask: 'required', prompt: 'A photo of the seats' });
    expect(
      (await call('PUT', `${d}/services/${shop.fullId}/photo-request`, other.auth, { ask: 'off' })).statusCode,
    ).toBe(404);
    const catalogue = await call('GET', `/api/customer/business/${shop.businessId}`);
    const service = catalogue.json().services.find((s: { _id: string }) => s._id === shop.fullId);
    expect(service.photoRequest).toEqual({ ask: 'required', prompt: 'A photo of the seats' });
    const refused = await book(t, bookBody(shop, { time: '14:00', date: DAY }));
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'PHOTO_REQUIRED']);
    expect(refused.json().error).toBe('Full Detail needs a photo with the request: add one under Photos, then book.');
  });

  it('the customer sends a photo before booking; the booking claims it; the owner and that customer see it', async () => {
    const up = await call('POST', `/api/customer/photos/${shop.businessId}`, {}, PHOTO_JPEG);
    expect(up.statusCode, up.body).toBe(201);
    const { photoToken } = up.json();
    expect(photoToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another business cannot claim it.
    const elsewhere = await book(t, bookBody(other, { time: '15:00', date: DAY, photoTokens: [photoToken] }));
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([422, 'PHOTO_TOKEN_INVALID']);
    const booked = await bookAndToken(t, bookBody(shop, { time: '14:00', date: DAY, photoTokens: [photoToken] }));
    const owners = await call('GET', `${d}/bookings/${booked.bookingId}/photos`, shop.auth);
    expect(owners.json().photos).toMatchObject([{ kind: 'request', addedBy: 'Customer' }]);
    const id = owners.json().photos[0]._id;
    // The same token again: claimed already.
    const twice = await book(t, bookBody(shop, { time: '16:00', date: DAY, photoTokens: [photoToken] }));
    expect(twice.json().code).toBe('PHOTO_TOKEN_INVALID');
    // The customer's manage link reads it; another booking's link does not.
    const list = await call('GET', `/api/customer/manage/photos?token=${booked.token}`);
    expect(list.json().photos.map((p: { _id: string }) => p._id)).toEqual([id]);
    const file = await call('GET', `/api/customer/manage/photos/${id}?token=${booked.token}`);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const someoneElse = await bookAndToken(t, bookBody(shop, { time: '17:00', date: DAY, serviceId: shop.quickId }));
    const theirs = await call('GET', `/api/customer/manage/photos/${id}?token=${someoneElse.token}`);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'PHOTO_NOT_FOUND']);
    // The crew of the job may not delete the customer's photo; the owner may.
    await giveTo(
      booked.bookingId,
      (await t.ctx.db.selectFrom('bookings').select('crew_id').where('id', '=', jobs.mine).executeTakeFirstOrThrow())
        .crew_id!,
    );
    const kept = await call('DELETE', `/api/crew/jobs/${booked.bookingId}/photos/${id}`, crew());
    expect([kept.statusCode, kept.json().code]).toEqual([409, 'PHOTO_KEPT_FOR_OWNER']);
    expect((await call('GET', `${d}/photos/${id}`, shop.auth)).statusCode).toBe(200);
    const forged = await call('GET', `/api/customer/manage/photos/${id}?token=${'x'.repeat(43)}`);
    expect([forged.statusCode, forged.json().code]).toEqual([404, 'LINK_INVALID']);
  });

  it('sweeps a photo no booking claimed within the hour, row and object', async () => {
    const up = await call('POST', `/api/customer/photos/${shop.businessId}`, {}, PHOTO_JPEG);
    const row = await t.ctx.db
      .selectFrom('photos')
      .selectAll()
      .where('booking_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await t.ctx.photoStore.get(row.storage_key)).not.toBeNull();
    await sweepPhotos(t.ctx);
    expect(await t.ctx.photoStore.get(row.storage_key)).not.toBeNull();
    t.clock.now += 61 * 60 * 1000;
    await sweepPhotos(t.ctx);
    expect(await t.ctx.db.selectFrom('photos').where('id', '=', row.id).selectAll().execute()).toEqual([]);
    expect(await t.ctx.photoStore.get(row.storage_key)).toBeNull();
    const late = await book(
      t,
      bookBody(shop, { time: '12:00', date: '2026-12-09', photoTokens: [up.json().photoToken] }),
    );
    expect(late.json().code).toBe('PHOTO_TOKEN_INVALID');
  });

  it("erasing a customer's data deletes their bookings' photos, rows and objects", async () => {
    const up = await call('POST', `/api/customer/photos/${other.businessId}`, {}, PHOTO_JPEG);
    const email = `erase-${randomUUID().slice(0, 6)}@example.com`;
    const res = await book(
      t,
      bookBody(other, { time: '13:00', date: '2026-12-09', customerEmail: email, photoTokens: [up.json().photoToken] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json().bookingId as string;
    const rows = await t.ctx.db.selectFrom('photos').selectAll().where('booking_id', '=', bookingId).execute();
    expect(rows).toHaveLength(1);
    // Declined, so erasure is allowed (a booking still to come is refused).
    await t.ctx.db.updateTable('bookings').set({ status: 'declined' }).where('id', '=', bookingId).execute();
    const erased = await call('POST', `${d}/customer-data/erase`, other.auth, { email });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.ctx.db.selectFrom('photos').selectAll().where('booking_id', '=', bookingId).execute()).toEqual([]);
    expect(await t.ctx.photoStore.get(rows[0]!.storage_key)).toBeNull();
    expect(await t.ctx.db.selectFrom('photo_removals').selectAll().execute()).toEqual([]);
  });

  it("a business's deletion takes every one of its photos, rows first, then objects", async () => {
    const keys = (
      await t.ctx.db.selectFrom('photos').select('storage_key').where('business_id', '=', shop.businessId).execute()
    ).map((r) => r.storage_key);
    expect(keys.length).toBeGreaterThan(0);
    const others = await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('business_id', '<>', shop.businessId)
      .execute();
    const removed = await inTransaction(t.ctx.store, (trx) =>
      t.ctx.repos.photos.removeOfBusiness(trx, shop.businessId, t.ctx.now()),
    );
    expect(removed).toBe(keys.length);
    expect(
      await t.ctx.db.selectFrom('photos').select('id').where('business_id', '=', shop.businessId).execute(),
    ).toEqual([]);
    expect(await flushRemovals(t.ctx)).toBe(keys.length);
    for (const key of keys) expect(await t.ctx.photoStore.get(key)).toBeNull();
    // Another business's photos stay.
    expect(
      await t.ctx.db.selectFrom('photos').select('id').where('business_id', '<>', shop.businessId).execute(),
    ).toEqual(others);
  });
});
