/**
 * Photos' rules (issue 44 item 6; docs/decisions/053): a job's before and after photos, the
 * customer's photos with a request, and the store kept in step with the rows.
 * - An upload is made safe first (photos/image.ts), then its object is written under a random
 *   key queued for deletion a little later (so a crash between the write and the row leaves
 *   nothing behind for long), then the row is added under the business's lock, counted against
 *   the limit, and the key taken off the queue.
 * - A deletion (one photo, an erasure, retention, an unclaimed photo lapsed, a business gone)
 *   deletes rows and queues their keys in one transaction; the objects go after commit
 *   (`flushRemovals`), or at the next sweep if the store failed. A row never names a missing
 *   object; an object never outlives its row past a sweep.
 * - A customer's photo sent before the booking exists answers a token (32 random bytes; only its
 *   hash is kept) bound to the business; the booking claims it within CLAIM_MS, else it is swept.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Photo, PhotoKind, Photos, RequestPhotoUploaded } from '@slotwise/shared/api';
import { JOB_PHOTOS_MAX, QUOTE_PHOTOS_MAX } from '@slotwise/shared/api';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import { inTransaction, withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { safePhoto } from '../photos/image.ts';
import { photoKey } from '../photos/store.ts';
import type { PhotoRow } from '../repositories/photos.ts';

/** How long a customer's photo waits for its booking: the whole booking form, with room to spare. */
export const CLAIM_MS = 60 * 60 * 1000;
/** How long an upload under way may take between its object's write and its row; then the sweep may delete it. */
const UPLOAD_GRACE_MS = 15 * 60 * 1000;
/**
 * The most unclaimed customer photos a business holds at once (an hour's worth of a busy day):
 * a stranger sending photos without booking fills this, not the disk.
 */
const UNCLAIMED_MAX = 300;
/** The store is asked to delete at most this many objects per pass. */
const REMOVAL_BATCH = 100;

export const OWNER_NAME = 'Owner';
const CUSTOMER_NAME = 'Customer';

const iso = (ms: number) => new Date(ms).toISOString();

/** A photo as answered; to a crew (`crewMemberId` given) it says whether that login added it. */
export function photoOf(row: PhotoRow, crewMemberId?: string): Photo {
  return {
    _id: row.id,
    kind: row.kind,
    addedBy: row.added_by,
    addedAt: iso(row.created_at),
    width: row.width,
    height: row.height,
    ...(crewMemberId === undefined ? {} : { yours: row.added_by_member_id === crewMemberId }),
  };
}

/** A job's photos, to its owner, or to the crew login `crewMemberId` (photoOf). */
export async function photosOfBooking(
  ctx: AppContext,
  businessId: string,
  bookingId: string,
  crewMemberId?: string,
): Promise<Photos> {
  const rows = await ctx.repos.photos.ofBooking(businessId, bookingId);
  return { photos: rows.map((row) => photoOf(row, crewMemberId)), max: JOB_PHOTOS_MAX };
}

const hashPhotoToken = (token: string) => createHash('sha256').update(token).digest('base64url');

interface Adding {
  businessId: string;
  /** null: a customer's photo before its booking exists. */
  bookingId: string | null;
  kind: PhotoKind;
  addedBy: string;
  memberId: string | null;
  claimHash: string | null;
}

/** Makes the photo safe, writes its object, then its row (refused over the limit: PHOTOS_FULL). */
async function addPhoto(ctx: AppContext, input: Buffer, adding: Adding): Promise<PhotoRow> {
  const safe = await safePhoto(input);
  const id = randomUUID();
  const key = photoKey(adding.businessId, id);
  await ctx.repos.photos.expect(key, ctx.now() + UPLOAD_GRACE_MS);
  try {
    await storeCall(() => ctx.photoStore.put(key, safe.bytes), 'saved');
  } catch (err) {
    // Whatever the store kept of it goes now (or at the sweep, if the store is still down).
    await inTransaction(ctx.store, (trx) => ctx.repos.photos.remove(trx, { storage_key: key }, ctx.now()));
    await flushRemovals(ctx);
    throw err;
  }
  const row: PhotoRow = {
    id,
    business_id: adding.businessId,
    booking_id: adding.bookingId,
    claim_hash: adding.claimHash,
    kind: adding.kind,
    added_by: adding.addedBy,
    added_by_member_id: adding.memberId,
    storage_key: key,
    bytes: safe.bytes.length,
    width: safe.width,
    height: safe.height,
    created_at: ctx.now(),
  };
  const max = adding.bookingId === null ? UNCLAIMED_MAX : JOB_PHOTOS_MAX;
  const added = await withBusinessLock(ctx.store, adding.businessId, async (trx) => {
    const { n, latest } = await ctx.repos.photos.count(trx, adding.businessId, adding.bookingId);
    if (n >= max) return false;
    // A job's photos read in the order they were added, even two in one millisecond.
    if (adding.bookingId !== null) row.created_at = Math.max(row.created_at, latest + 1);
    await ctx.repos.photos.insert(trx, row);
    return true;
  });
  if (!added) {
    // Its object goes now: the key is queued already, made due at once.
    await inTransaction(ctx.store, (trx) => ctx.repos.photos.remove(trx, row, ctx.now()));
    await flushRemovals(ctx);
    throw adding.bookingId === null
      ? new AppError(
          'PHOTOS_FULL',
          'This business has too many photos waiting for their bookings just now. Try again in an hour, or book without the photo and send it to the business.',
        )
      : new AppError('PHOTOS_FULL', `This job has ${max} photos, the most it may hold. Delete one to add another.`);
  }
  return row;
}

/** A before or after photo on a job, by its crew (memberId) or the owner (null). */
export async function addJobPhoto(
  ctx: AppContext,
  booking: { id: string; business_id: string },
  kind: 'before' | 'after',
  input: Buffer,
  who: { memberId: string | null; name: string },
): Promise<Photos> {
  await addPhoto(ctx, input, {
    businessId: booking.business_id,
    bookingId: booking.id,
    kind,
    addedBy: who.name,
    memberId: who.memberId,
    claimHash: null,
  });
  return photosOfBooking(ctx, booking.business_id, booking.id, who.memberId ?? undefined);
}

/** A customer's photo before the booking exists: a token the booking claims within CLAIM_MS. */
export async function addRequestPhoto(
  ctx: AppContext,
  businessId: string,
  input: Buffer,
): Promise<RequestPhotoUploaded> {
  const token = randomBytes(32).toString('base64url');
  const row = await addPhoto(ctx, input, {
    businessId,
    bookingId: null,
    kind: 'request',
    addedBy: CUSTOMER_NAME,
    memberId: null,
    claimHash: hashPhotoToken(token),
  });
  return { photoToken: token, expiresAt: iso(row.created_at + CLAIM_MS), width: row.width, height: row.height };
}

/** Deletes one photo: its row now, its object after commit. */
export async function deletePhoto(ctx: AppContext, photo: PhotoRow): Promise<void> {
  await inTransaction(ctx.store, (trx) => ctx.repos.photos.remove(trx, photo, ctx.now()));
  await flushRemovals(ctx);
}

/**
 * Asks the store to delete the objects whose rows are gone (due now); a key leaves the queue only
 * once its object is gone, so a store that failed is asked again at the next pass. Never throws:
 * the rows are already deleted, and the sweep finishes the work.
 */
export async function flushRemovals(ctx: AppContext): Promise<number> {
  let done = 0;
  try {
    for (;;) {
      const keys = await ctx.repos.photos.dueRemovals(ctx.now(), REMOVAL_BATCH);
      const gone: string[] = [];
      for (const key of keys) {
        try {
          await ctx.photoStore.remove(key);
          gone.push(key);
        } catch {
          // Left queued: the next sweep asks again.
        }
      }
      await ctx.repos.photos.removed(gone);
      done += gone.length;
      if (keys.length < REMOVAL_BATCH || gone.length < keys.length) return done;
    }
  } catch {
    return done;
  }
}

/** The sweep: unclaimed photos past CLAIM_MS go, then every object due for deletion. */
export async function sweepPhotos(ctx: AppContext): Promise<number> {
  const before = ctx.now() - CLAIM_MS;
  for (;;) {
    const keys = await ctx.repos.photos.lapsedKeys(before, REMOVAL_BATCH);
    if (keys.length === 0) break;
    await inTransaction(ctx.store, (trx) => ctx.repos.photos.removeLapsed(trx, keys, before, ctx.now()));
    if (keys.length < REMOVAL_BATCH) break;
  }
  return flushRemovals(ctx);
}

/**
 * Before a booking: the photos its tokens name that it can claim (this business's, unclaimed, not
 * lapsed), refused when a token names none (PHOTO_TOKEN_INVALID) or the service requires a photo
 * and none is attached (PHOTO_REQUIRED). Answers the tokens' hashes for `claimPhotos`.
 */
export async function checkRequestPhotos(
  ctx: AppContext,
  businessId: string,
  service: Pick<ServicesTable, 'photo_ask' | 'name'>,
  tokens: readonly string[] | undefined,
): Promise<string[]> {
  const hashes = (tokens ?? []).map(hashPhotoToken);
  if (hashes.length > QUOTE_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', `At most ${QUOTE_PHOTOS_MAX} photos may go with a request.`);
  const found = await ctx.repos.photos.claimable(businessId, hashes, ctx.now() - CLAIM_MS);
  if (found < hashes.length)
    throw new AppError(
      'PHOTO_TOKEN_INVALID',
      'A photo you attached was not found: it may have been sent over an hour ago. Remove it, attach it again and book.',
    );
  if (service.photo_ask === 'required' && hashes.length === 0)
    throw new AppError(
      'PHOTO_REQUIRED',
      `${service.name} needs a photo with the request: add one under Photos, then book.`,
    );
  return hashes;
}

/** The headers every photo is served with: an image and nothing else, to whoever asked only. */
export function sendPhoto(reply: FastifyReply, photo: PhotoRow, bytes: Buffer): FastifyReply {
  return reply
    .code(200)
    .type('image/jpeg')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="photo-${photo.id}.jpg"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header('cross-origin-resource-policy', 'same-site')
    .send(bytes);
}

/** A photo's bytes; a row whose object the store lost reads as not found (and is logged by the caller). */
export async function photoBytes(ctx: AppContext, photo: PhotoRow): Promise<Buffer> {
  const bytes = await storeCall(() => ctx.photoStore.get(photo.storage_key), 'read');
  if (!bytes) throw photoNotFound(photo.id);
  return bytes;
}

/** A store that failed (a full disk, S3 down) is a 503 in words, never a 500; nothing was kept. */
async function storeCall<T>(call: () => Promise<T>, what: 'saved' | 'read'): Promise<T> {
  try {
    return await call();
  } catch {
    throw new AppError(
      'PHOTO_STORE_UNAVAILABLE',
      `The photo could not be ${what} just now: the photo store did not answer. Try again in a minute.`,
    );
  }
}

export function photoNotFound(photoId: string): AppError {
  return new AppError(
    'PHOTO_NOT_FOUND',
    `Photo ${photoId} was not found here. It may have been deleted: reload the photos.`,
  );
}
