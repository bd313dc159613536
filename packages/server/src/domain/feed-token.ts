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

/**
 * A crew member's own feed (docs/decisions/024): keyed on their login, not the crew, so removing
 * the login (or inviting someone else to the crew) ends the URL; `version` is the login's
 * feed_version, bumped to revoke it. The subject's prefix keeps these apart from business tokens.
 */
export function crewFeedTokenFor(secret: Uint8Array, crewMemberId: string, version: number): string {
  return feedTokenFor(secret, `crew-member:${crewMemberId}`, version);
}

export function crewFeedTokenMatches(secret: Uint8Array, crewMemberId: string, version: number, token: string) {
  return feedTokenMatches(secret, `crew-member:${crewMemberId}`, version, token);
}
