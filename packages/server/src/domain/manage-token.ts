/**
 * The customer's manage token for one booking (docs/architecture.md#the-booking-path): 32 bytes,
 * base64url, derived as HMAC-SHA256(key, bookingId) with a key derived from the
 * server secret. Only its sha256 is stored (manage_tokens.token_hash), so a copy
 * of the database alone cannot act on any booking; deriving it (rather than
 * storing it) lets every later mail (approved, moved, reminder) carry the same
 * working links without keeping the token anywhere.
 */
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { type ManageLinks, manageLinks } from '../mail/templates.ts';

const keys = new WeakMap<Uint8Array, Map<string, Buffer>>();
function derivedKey(secret: Uint8Array, purpose: string): Buffer {
  let byPurpose = keys.get(secret);
  if (!byPurpose) {
    byPurpose = new Map();
    keys.set(secret, byPurpose);
  }
  let key = byPurpose.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'slotwise', purpose, 32));
    byPurpose.set(purpose, key);
  }
  return key;
}

/** A link's token for one row, under a key of its own per purpose (a manage link, a quote link, a pay link). */
export function linkTokenFor(
  secret: Uint8Array,
  purpose: 'manage-token-v1' | 'owner-quote-token-v1' | 'invoice-pay-token-v1',
  id: string,
) {
  return createHmac('sha256', derivedKey(secret, purpose)).update(id).digest('base64url');
}

export function manageTokenFor(secret: Uint8Array, bookingId: string): string {
  return linkTokenFor(secret, 'manage-token-v1', bookingId);
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The reschedule and cancel links of a booking, for its mails and its texts (here, apart from
 * both, so domain/booking-mail.ts, which decides a change's messages, and domain/booking-texts.ts,
 * which writes their text parts, each import it and neither imports the other's caller).
 */
export function linksFor(ctx: AppContext, bookingId: string, businessId: string, token?: string): ManageLinks {
  return manageLinks(ctx.config.publicUrl, token ?? manageTokenFor(ctx.config.jwtSecret, bookingId), businessId);
}
