/**
 * The owner guard, run before every owner call (routes/register.ts adds it to each
 * route the table marks `auth: 'owner'`): a valid, unexpired HS256 bearer token whose
 * user still exists and whose token version is current. It hands the handler the
 * owner's session with the business row it loaded, so an owner call reads its
 * business once; every owner query is scoped by that business's id.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifySession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';

export interface OwnerSession {
  userId: string;
  email: string;
  business: Business;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the owner guard on owner calls; null on every other call. */
    owner: OwnerSession | null;
  }
}

const SESSION_EXPIRED = 'Your session has expired or is not valid. Please log in again.';

export function ownerGuard(ctx: AppContext) {
  return async function requireOwner(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1])
      throw new AppError('LOGIN_REQUIRED', 'Log in first: this call needs an Authorization: Bearer token.');
    const claims = await verifySession(ctx.config.jwtSecret, match[1]);
    if (!claims) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    const user = await ctx.repos.users.findById(claims.userId);
    if (!user || user.token_version !== claims.tokenVersion) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    const business = await ctx.repos.businesses.findByOwner(user.id);
    if (!business) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    req.owner = { userId: user.id, email: user.email, business };
  };
}
