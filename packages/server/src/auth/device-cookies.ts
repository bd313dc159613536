/**
 * Device cookies (docs/decisions/030, after OWASP's "Slow Down Online Guessing Attacks with
 * Device Cookies"): every successful log-in hands the browser a signed cookie naming the account
 * it logged in to. A later log-in to that account from that browser is throttled on the cookie's
 * own count of wrong passwords (auth/login-backoff.ts), never by the per-account count strangers
 * fill from everywhere else, so nobody can keep an owner out of the dashboard on a device they have
 * used before by guessing at their e-mail.
 *
 * The cookie is an HS256 JWT under a key derived from the server's JWT secret (so it can never pass
 * as a session token, nor a session token as it): the account's kind and id, its token version (a
 * new password, which bumps it, ends every device cookie as it ends every session), a random nonce
 * (the key its failures are counted under) and an expiry. It is HttpOnly, SameSite=Strict, Secure
 * over https, and sent only to /api/auth, where log-in lives; it grants no access, only a count
 * of its own. One cookie per account (its name hashes the account), so a tablet an owner and a crew
 * member share keeps both.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';

/** Half a year: a phone that logs in twice a year stays trusted; each log-in renews it. */
const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
const COOKIE_PATH = '/api/auth';
const TYPE = 'slotwise-device';

export interface DeviceAccount {
  kind: 'owner' | 'crew';
  id: string;
  /** The account's token version: bumped by every new password. */
  tv: number;
}

const derived = new WeakMap<Uint8Array, Uint8Array>();
/** Its own key, derived from the JWT secret: a device cookie and a session token cannot stand in for each other. */
function deviceKey(secret: Uint8Array): Uint8Array {
  let key = derived.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('slotwise device cookie v1').digest());
    derived.set(secret, key);
  }
  return key;
}

/** The cookie's name for one account: a hash, so the name says nothing about whose it is. */
function deviceCookieName(account: Pick<DeviceAccount, 'kind' | 'id'>): string {
  return `slotwise_device_${createHash('sha256').update(`${account.kind}:${account.id}`).digest('base64url').slice(0, 16)}`;
}

/** A Set-Cookie value carrying a new device cookie (a fresh nonce) for `account`. */
async function deviceCookie(secret: Uint8Array, account: DeviceAccount, now: number, secure: boolean): Promise<string> {
  const iat = Math.floor(now / 1000);
  const jwt = await new SignJWT({ k: account.kind, tv: account.tv })
    .setProtectedHeader({ alg: 'HS256', typ: TYPE })
    .setSubject(account.id)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEVICE_TTL_SECONDS)
    .sign(deviceKey(secret));
  return [
    `${deviceCookieName(account)}=${jwt}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${DEVICE_TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Secure whenever browsers reach the server over https: the request came by https (X-Forwarded-Proto
 * counts behind a trusted proxy, TRUST_PROXY), or the public address is https (behind a proxy that
 * is not trusted, the request itself looks like http).
 */
const secureCookies = (publicUrl: string, protocol: string): boolean =>
  protocol === 'https' || publicUrl.startsWith('https:');

/** Hands the browser a new device cookie for `account`, on a log-in or a new password that succeeded. */
export async function giveDeviceCookie(
  reply: FastifyReply,
  config: { jwtSecret: Uint8Array; publicUrl: string },
  account: DeviceAccount,
  now: number,
): Promise<void> {
  const secure = secureCookies(config.publicUrl, reply.request.protocol);
  reply.header('set-cookie', await deviceCookie(config.jwtSecret, account, now, secure));
}

/** The values of the cookies called `name` in a Cookie header (a browser may send several). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

/**
 * The nonce of the request's valid device cookie for `account`, or null: a cookie that is forged,
 * expired, another account's, or from before the account's last new password counts as none.
 */
export async function deviceNonce(
  secret: Uint8Array,
  cookieHeader: string | undefined,
  account: DeviceAccount,
  now: number,
): Promise<string | null> {
  for (const value of cookieValues(cookieHeader, deviceCookieName(account))) {
    try {
      const { payload } = await jwtVerify(value, deviceKey(secret), {
        algorithms: ['HS256'],
        typ: TYPE,
        requiredClaims: ['sub', 'jti', 'exp'],
        currentDate: new Date(now),
      });
      if (payload.sub === account.id && payload.k === account.kind && payload.tv === account.tv && payload.jti)
        return payload.jti;
    } catch {
      // Forged, expired or malformed: no cookie.
    }
  }
  return null;
}
