/** Unsigned JWT-shaped tokens for tests: the dashboard only decodes, the server verifies. */
const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An owner's token; `k: 'crew'` makes a crew member's (docs/decisions/024). */
export function makeToken(claims: { exp?: number; email?: string; sub?: string; k?: 'crew' } = {}): string {
  const payload = {
    sub: claims.sub ?? 'a3c4f0b2-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
    email: claims.email ?? 'owner@example.com',
    exp: claims.exp ?? Math.floor(Date.now() / 1000) + 3600,
    ...(claims.k ? { k: claims.k } : {}),
  };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;
}

export function storeToken(token: string = makeToken()): string {
  localStorage.setItem('token', token);
  return token;
}
