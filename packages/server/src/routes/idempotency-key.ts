/**
 * The Idempotency-Key of a call that must not happen twice (a booking, a client import): the header
 * read and checked, the body's hash, and the stored first answer sent again to a retry
 * (repositories/idempotency.ts keeps it 24 hours, written in the call's own transaction).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { StoredAnswer } from '../repositories/idempotency.ts';

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;

/** What one key stands for, in the sentences: "booking" / "books twice". */
export interface KeyWords {
  per: string;
  twice: string;
}
/** The words of a booking's key: the customer's (routes/customer/book.ts) and the owner's (routes/dashboard/owner-booking.ts). */
export const BOOKING_KEY: KeyWords = { per: 'booking', twice: 'books twice' };

/** Same data, same hash, whatever the order of the keys. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('base64url');
}

export function idempotencyKey(req: FastifyRequest, words: KeyWords): string {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined || raw === '')
    throw new AppError(
      'IDEMPOTENCY_KEY_INVALID',
      `Send an Idempotency-Key header (a new random id, such as a UUID, per ${words.per}) so a retried request never ${words.twice}.`,
    );
  if (typeof raw !== 'string' || !KEY_FORMAT.test(raw))
    throw new AppError(
      'IDEMPOTENCY_KEY_INVALID',
      'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . : characters, such as a UUID.',
    );
  return raw;
}

/** Sends the stored first answer for this key, or refuses a key reused with another body. */
export function replay(reply: FastifyReply, stored: StoredAnswer, hash: string, words: KeyWords) {
  if (stored.requestHash !== hash)
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was already used for a different ${words.per} request. Send a new key for a new ${words.per}.`,
    );
  return reply.status(stored.statusCode).header('idempotent-replayed', 'true').send(stored.body);
}
