/**
 * A request that makes a booking carries an Idempotency-Key (docs/architecture.md#the-booking-path):
 * a key seen before replays its first answer, a key reused with another body is refused. One
 * implementation for the customer's booking (routes/customer/book.ts) and the owner's
 * (routes/dashboard/owner-booking.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { StoredAnswer } from '../repositories/idempotency.ts';

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;
const KEY_REUSED =
  'This Idempotency-Key was already used for a different booking request. Send a new key for a new booking.';

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

/** The request's Idempotency-Key, or the refusal of a missing or malformed one. */
export function idempotencyKey(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined || raw === '')
    throw new AppError(
      'IDEMPOTENCY_KEY_INVALID',
      'Send an Idempotency-Key header (a new random id, such as a UUID, per booking) so a retried request never books twice.',
    );
  if (typeof raw !== 'string' || !KEY_FORMAT.test(raw))
    throw new AppError(
      'IDEMPOTENCY_KEY_INVALID',
      'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . : characters, such as a UUID.',
    );
  return raw;
}

/** Sends the stored first answer for this key, or refuses a key reused with another body. */
export function replay(reply: FastifyReply, stored: StoredAnswer, hash: string) {
  if (stored.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  return reply.status(stored.statusCode).header('idempotent-replayed', 'true').send(stored.body);
}
