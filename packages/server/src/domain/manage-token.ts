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

const keys = new WeakMap<Uint8Array, Buffer>();
function manageKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'slotwise', 'manage-token-v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function manageTokenFor(secret: Uint8Array, bookingId: string): string {
  return createHmac('sha256', manageKey(secret)).update(bookingId).digest('base64url');
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
