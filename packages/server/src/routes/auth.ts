/**
 * Sign-up and log-in (docs/product.md#sign-up-and-log-in). Log-in serves owners and crew members
 * alike (docs/decisions/024): an e-mail has at most one login of either kind, so the e-mail finds
 * the account, one password check decides, and the answer says whose login it is.
 */
import { randomUUID } from 'node:crypto';
import { deviceNonce, giveDeviceCookie } from '../auth/device-cookies.ts';
import { beginLogin, loginSucceeded } from '../auth/login-backoff.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { signSession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Handlers } from './register.ts';

const EMAIL_TAKEN = 'An account with this email already exists. Log in instead, or use another email.';
const BAD_CREDENTIALS = 'Incorrect email or password.';

export function authHandlers(ctx: AppContext): Handlers<'auth', 'signup' | 'login'> {
  const { users, businesses, crewMembers } = ctx.repos;
  return {
    signup: async (req) => {
      const body = req.body;
      // A crew member's login e-mail is taken too: log-in finds the account by e-mail alone.
      if ((await users.findByEmail(body.email)) || (await crewMembers.findByEmail(body.email)))
        throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
      const passwordHash = await hashPassword(body.password);
      const now = ctx.now();
      const userId = randomUUID();
      try {
        await inTransaction(ctx.store, async (trx) => {
          await users.insert(
            {
              id: userId,
              email: body.email,
              password_hash: passwordHash,
              phone_number: body.phoneNumber,
              created_at: now,
            },
            trx,
          );
          await businesses.insert(
            {
              id: randomUUID(),
              owner_id: userId,
              time_zone: ctx.config.defaultTimeZone,
              created_at: now,
              updated_at: now,
            },
            trx,
          );
        });
      } catch (err) {
        // Two sign-ups racing for one e-mail: the unique index decides.
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
        throw err;
      }
      return { token: await signSession(ctx.config.jwtSecret, { userId, email: body.email, tokenVersion: 0 }, now) };
    },

    login: async (req, reply) => {
      const body = req.body;
      const user = await users.findByEmail(body.email);
      // A crew member who has not accepted the invitation has no password yet: like an unknown e-mail.
      const member = user ? undefined : await crewMembers.findByEmail(body.email);
      const account = user
        ? { kind: 'owner' as const, id: user.id, email: user.email, hash: user.password_hash, tv: user.token_version }
        : member?.password_hash
          ? {
              kind: 'crew' as const,
              id: member.id,
              email: member.email,
              hash: member.password_hash,
              tv: member.token_version,
            }
          : undefined;
      // Per address (the route's limit) and per account: a browser holding this account's device cookie
      // on its own count, every other one on the e-mail's, unknown e-mails alike (auth/login-backoff.ts).
      const device =
        ctx.config.rateLimits && account
          ? await deviceNonce(ctx.config.jwtSecret, req.headers.cookie, account, ctx.now())
          : null;
      if (ctx.config.rateLimits)
        await beginLogin(ctx.db, device && account ? { device, kind: account.kind } : { email: body.email }, ctx.now());
      // One password check either way, so an unknown e-mail costs the time of a wrong password.
      const ok = account ? await verifyPassword(account.hash, body.password) : await verifyAgainstDummy(body.password);
      if (!account || !ok) throw new AppError('BAD_CREDENTIALS', BAD_CREDENTIALS);
      if (ctx.config.rateLimits) await loginSucceeded(ctx.db, body.email, device);
      await giveDeviceCookie(reply, ctx.config, account, ctx.now());
      const token = await signSession(
        ctx.config.jwtSecret,
        { userId: account.id, email: account.email, tokenVersion: account.tv, kind: account.kind },
        ctx.now(),
      );
      return { token, account: account.kind };
    },
  };
}
