/**
 * The owner guard for /api/business-dashboard/* and /api/onboarding/*: a valid,
 * unexpired HS256 bearer token whose user still exists and whose token version
 * is current. Every owner query is scoped by request.owner.businessId.
 * Register it as an onRequest hook so it runs before body validation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifySession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from './errors.ts';

export interface Owner {
  userId: string;
  email: string;
  businessId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner;
  }
}

const UNAUTHORIZED = 'Your session has expired or is not valid. Please log in again.';

export function ownerGuard(ctx: AppContext) {
  return async function requireOwner(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new HttpError(401, 'Log in first: this call needs an Authorization: Bearer token.');
    const claims = await verifySession(ctx.config.jwtSecret, match[1]);
    if (!claims) throw new HttpError(401, UNAUTHORIZED);
    const user = await ctx.repos.users.findById(claims.userId);
    if (!user || user.token_version !== claims.tokenVersion) throw new HttpError(401, UNAUTHORIZED);
    const business = await ctx.repos.businesses.findByOwner(user.id);
    if (!business) throw new HttpError(401, UNAUTHORIZED);
    req.owner = { userId: user.id, email: user.email, businessId: business.id };
  };
}
