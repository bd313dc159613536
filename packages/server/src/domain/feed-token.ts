/**
 * The calendar feed URL's secret: derived from the server secret, the business
 * and a version the owner bumps to revoke it, so nothing secret is stored.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const keys = new WeakMap<Uint8Array, Buffer>();
function feedKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'slotwise', 'calendar-feed-v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function feedTokenFor(secret: Uint8Array, businessId: string, version: number): string {
  return createHmac('sha256', feedKey(secret)).update(`${businessId}:${version}`).digest('base64url');
}

export function feedTokenMatches(secret: Uint8Array, businessId: string, version: number, token: string): boolean {
  const expected = Buffer.from(feedTokenFor(secret, businessId, version));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
