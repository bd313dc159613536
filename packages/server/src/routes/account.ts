/**
 * Accounts that last (docs/product.md#account): forgotten-password links, password
 * and phone changes. Changing or resetting a password bumps users.token_version, which
 * the owner guard compares with the token's `tv` claim: every older session stops working.
 */
import { createHash, randomBytes } from 'node:crypto';
import { FORGOT_PASSWORD_ANSWER } from '@slotwise/shared/domain';
import { giveDeviceCookie } from '../auth/device-cookies.ts';
import { loginSucceeded } from '../auth/login-backoff.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { signSession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { hit } from '../repositories/rate-limits.ts';
import type { Handlers } from './register.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
/** At most one reset mail per account in this time, however often (and by whomever) one is asked for. */
const MAIL_GAP_MS = 5 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const LINK_INVALID = 'This reset link is not valid. Request a new one below.';
const LINK_USED = 'This reset link has already been used. Request a new one below.';
const LINK_EXPIRED = 'This reset link has expired (links last 1 hour). Request a new one below.';

export function accountHandlers(ctx: AppContext): {
  auth: Handlers<'auth', 'forgotPassword' | 'resetStatus' | 'resetPassword'>;
  account: Handlers<'account', 'get' | 'changePassword' | 'changePhone'>;
} {
  const { users } = ctx.repos;

  /** The reset row behind a token, or the reason it cannot be used. */
  async function usableReset(token: string, from?: Tx) {
    const row = await users.findReset(sha256(token), from);
    if (!row) throw new AppError('RESET_LINK_INVALID', LINK_INVALID);
    if (row.used_at !== null) throw new AppError('RESET_LINK_USED', LINK_USED);
    if (row.expires_at <= ctx.now()) throw new AppError('RESET_LINK_EXPIRED', LINK_EXPIRED);
    return row;
  }

  const session = (user: { id: string; email: string; token_version: number }, now: number) =>
    signSession(ctx.config.jwtSecret, { userId: user.id, email: user.email, tokenVersion: user.token_version }, now);

  const auth: Handlers<'auth', 'forgotPassword' | 'resetStatus' | 'resetPassword'> = {
    forgotPassword: async (req) => {
      const { email } = req.body;
      // Requests are limited per IP (the route's limit), never per e-mail: that would let anyone lock
      // an owner out of resetting. Mails are capped per e-mail instead, silently: the answer is the
      // same whether or not a mail went out, so it reveals nothing and refuses nobody.
      const mailed = await hit(ctx.db, `reset-mail|${sha256(email)}`, MAIL_GAP_MS, ctx.now());
      const user = await users.findByEmail(email);
      if (user && mailed.count === 1) {
        const token = randomBytes(32).toString('base64url');
        const now = ctx.now();
        await inTransaction(ctx.store, async (trx) => {
          await users.insertReset(trx, {
            token_hash: sha256(token),
            user_id: user.id,
            expires_at: now + RESET_TTL_MS,
            used_at: null,
            created_at: now,
          });
          const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
          await queueMail(trx, passwordResetMail(user.email, link), now);
        });
        ctx.mail.kick();
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    resetStatus: async (req) => {
      const row = await usableReset(req.query.token);
      const user = await users.findById(row.user_id);
      if (!user) throw new AppError('RESET_LINK_INVALID', LINK_INVALID);
      return { valid: true as const, email: user.email };
    },

    resetPassword: async (req, reply) => {
      const body = req.body;
      const passwordHash = await hashPassword(body.password);
      const now = ctx.now();
      const user = await inTransaction(ctx.store, async (trx) => {
        const row = await usableReset(body.token, trx);
        if (!(await users.useReset(trx, row.token_hash, now))) throw new AppError('RESET_LINK_USED', LINK_USED);
        await users.endResets(trx, row.user_id, now);
        return users.setPassword(row.user_id, passwordHash, trx);
      });
      // The reset is the way past the login backoff: the wrong passwords before it no longer count.
      await loginSucceeded(ctx.db, user.email);
      // The new password ended every device cookie (it bumped token_version): this browser, which
      // proved the mailbox, gets the first new one (docs/decisions/030).
      const device = { kind: 'owner' as const, id: user.id, tv: user.token_version };
      await giveDeviceCookie(reply, ctx.config, device, now);
      return { token: await session(user, now) };
    },
  };

  const account: Handlers<'account', 'get' | 'changePassword' | 'changePhone'> = {
    get: async (req) => {
      const user = await users.findById(req.owner.userId);
      if (!user) throw new AppError('ACCOUNT_NOT_FOUND', 'Account not found.');
      return { email: user.email, phoneNumber: user.phone_number };
    },

    changePassword: async (req, reply) => {
      const body = req.body;
      const user = await users.findById(req.owner.userId);
      if (!user || !(await verifyPassword(user.password_hash, body.currentPassword)))
        throw new AppError('WRONG_PASSWORD', 'Your current password is not correct.');
      const passwordHash = await hashPassword(body.newPassword);
      // A changed password also ends every reset link still in a mailbox.
      const updated = await inTransaction(ctx.store, async (trx) => {
        await users.endResets(trx, user.id, ctx.now());
        return users.setPassword(user.id, passwordHash, trx);
      });
      // A fresh token for this session; every other session is logged out. The new password ended every
      // device cookie too (docs/decisions/030): this browser, which knew the old one, gets a new one.
      const device = { kind: 'owner' as const, id: updated.id, tv: updated.token_version };
      await giveDeviceCookie(reply, ctx.config, device, ctx.now());
      return { token: await session(updated, ctx.now()) };
    },

    changePhone: async (req) => {
      const updated = await users.setPhone(req.owner.userId, req.body.phoneNumber);
      return { email: updated.email, phoneNumber: updated.phone_number };
    },
  };
  return { auth, account };
}
