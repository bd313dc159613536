/**
 * The guards, run before every signed-in call (routes/register.ts adds one to each route by
 * the table's `auth`):
 * - the owner guard (`auth: 'owner'`): a valid, unexpired HS256 bearer token of an owner whose
 *   user still exists and whose token version is current. It hands the handler the owner's
 *   session with the business row it loaded, so an owner call reads its business once; every
 *   owner query is scoped by that business's id.
 * - the crew guard (`auth: 'crew'`, docs/decisions/024): the same checks for a crew member's
 *   token, whose login must still exist, be accepted and be current, and whose crew must still
 *   exist. It hands the handler the crew and its business; every crew query is scoped by both.
 * Each refuses the other's tokens (a crew token carries `k: 'crew'`), with the same codes as
 * any other token that is not good here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SessionKind, verifySession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { CrewMemberRow } from '../repositories/crew-members.ts';
import type { CrewRow } from '../repositories/crews.ts';

export interface OwnerSession {
  userId: string;
  email: string;
  business: Business;
}

export interface CrewSession {
  member: CrewMemberRow;
  crew: CrewRow;
  business: Business;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the owner guard on owner calls; null on every other call. */
    owner: OwnerSession | null;
    /** Set by the crew guard on crew calls; null on every other call. */
    crew: CrewSession | null;
  }
}

const SESSION_EXPIRED = 'Your session has expired or is not valid. Please log in again.';
const NOT_FOR_CREW =
  "This is a crew member's login: it opens your crew's jobs (/crew) only. The owner logs in with their own account.";
const NOT_FOR_OWNER =
  "This call is for crew members: log in with the e-mail your crew invitation came to. The owner's login does not open it.";

/** The claims of the request's bearer token, of the kind this guard takes. */
async function claimsOf(ctx: AppContext, req: FastifyRequest, kind: SessionKind) {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1])
    throw new AppError('LOGIN_REQUIRED', 'Log in first: this call needs an Authorization: Bearer token.');
  const claims = await verifySession(ctx.config.jwtSecret, match[1]);
  if (!claims) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
  if (claims.kind !== kind) throw new AppError('SESSION_EXPIRED', kind === 'owner' ? NOT_FOR_CREW : NOT_FOR_OWNER);
  return claims;
}

export function ownerGuard(ctx: AppContext) {
  return async function requireOwner(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const claims = await claimsOf(ctx, req, 'owner');
    // Both read at once: on PostgreSQL one wait for the database instead of two on every owner
    // call (docs/decisions/037, "Search speed"); the business is only used once the user checks out.
    const [user, business] = await Promise.all([
      ctx.repos.users.findById(claims.userId),
      ctx.repos.businesses.findByOwner(claims.userId),
    ]);
    if (!user || user.token_version !== claims.tokenVersion) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    if (!business) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    req.owner = { userId: user.id, email: user.email, business };
  };
}

export function crewGuard(ctx: AppContext) {
  return async function requireCrew(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const claims = await claimsOf(ctx, req, 'crew');
    const member = await ctx.repos.crewMembers.findById(claims.userId);
    // Removed access deletes the row; a new password bumps the version.
    if (!member || member.password_hash === null || member.token_version !== claims.tokenVersion)
      throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    const [crew, business] = await Promise.all([
      ctx.repos.crews.find(member.business_id, member.crew_id),
      ctx.repos.businesses.findById(member.business_id),
    ]);
    if (!crew || !business) throw new AppError('SESSION_EXPIRED', SESSION_EXPIRED);
    req.crew = { member, crew, business };
  };
}
