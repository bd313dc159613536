/** Session tokens: HS256 JWTs with a 7-day expiry, algorithm pinned (docs/architecture.md#security). */
import { jwtVerify, SignJWT } from 'jose';

const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  email: string;
  tokenVersion: number;
}

export async function signSession(secret: Uint8Array, claims: SessionClaims, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ email: claims.email, tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** Returns the claims, or null for anything expired, forged, malformed or not HS256. */
export async function verifySession(secret: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email, tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0 };
  } catch {
    return null;
  }
}
