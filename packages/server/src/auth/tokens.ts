/**
 * Session tokens: HS256 JWTs with a 7-day expiry, algorithm pinned (docs/architecture.md#security).
 * An owner's token carries the user; a crew member's carries the crew member and `k: 'crew'`
 * (docs/decisions/024), so each guard can refuse the other's tokens before any lookup.
 */
import { jwtVerify, SignJWT } from 'jose';

const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export type SessionKind = 'owner' | 'crew';

export interface SessionClaims {
  /** The owner's user id, or the crew member's id. */
  userId: string;
  email: string;
  tokenVersion: number;
  /** Absent: an owner's. */
  kind?: SessionKind;
}

export async function signSession(secret: Uint8Array, claims: SessionClaims, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ email: claims.email, tv: claims.tokenVersion, ...(claims.kind === 'crew' ? { k: 'crew' } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** Returns the claims, or null for anything expired, forged, malformed or not HS256. */
export async function verifySession(
  secret: Uint8Array,
  token: string,
): Promise<(SessionClaims & { kind: SessionKind }) | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return {
      userId: payload.sub,
      email: payload.email,
      tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0,
      kind: payload.k === 'crew' ? 'crew' : 'owner',
    };
  } catch {
    return null;
  }
}
