/**
 * Accounts that last: forgotten-password links, password and phone changes.
 * Changing or resetting a password bumps users.token_version, which the owner
 * guard compares with the token's `tv` claim: every older session stops working.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ChangePasswordRequest,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordRequest,
  PhoneUpdateRequest,
  ResetPasswordRequest,
  TokenQuery,
} from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { signSession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import { queueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { ownerGuard } from '../plugins/auth.ts';
import { HttpError } from '../plugins/errors.ts';
import { hit, rateLimit } from '../plugins/rate-limits.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;
const PER_ADDRESS = { max: 3, windowMs: 60 * 60 * 1000 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const LINK_INVALID = 'This reset link is not valid. Request a new one below.';
const LINK_USED = 'This reset link has already been used. Request a new one below.';
const LINK_EXPIRED = 'This reset link has expired (links last 1 hour). Request a new one below.';

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** The reset row behind a token, or the reason it cannot be used. */
  async function usableReset(token: string, from: Tx = ctx.db) {
    const row = await from
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) throw new HttpError(404, LINK_INVALID);
    if (row.used_at !== null) throw new HttpError(410, LINK_USED);
    if (row.expires_at <= ctx.now()) throw new HttpError(410, LINK_EXPIRED);
    return row;
  }

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordRequest }, config: { rateLimit: rateLimit(ctx, 'passwordReset') } },
    async (req) => {
      const { email } = req.body as ForgotPasswordRequest;
      // Per address as well as per IP, counted whether or not the account exists, so a 429 reveals nothing.
      if (ctx.config.rateLimits) {
        const h = await hit(ctx.db, `forgot|${sha256(email)}`, PER_ADDRESS.windowMs, ctx.now());
        if (h.count > PER_ADDRESS.max) {
          const seconds = Math.max(1, Math.ceil((h.resetAt - ctx.now()) / 1000));
          throw new HttpError(429, 'Too many reset requests for this address. Please wait and try again.', {
            'retry-after': String(seconds),
          });
        }
      }
      const user = await ctx.repos.users.findByEmail(email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        const now = ctx.now();
        await inTransaction(ctx.store, async (trx) => {
          await trx
            .insertInto('password_resets')
            .values({
              token_hash: sha256(token),
              user_id: user.id,
              expires_at: now + RESET_TTL_MS,
              used_at: null,
              created_at: now,
            })
            .execute();
          const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
          await queueMail(trx, passwordResetMail(user.email, link), now);
        });
        ctx.mail.kick();
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.get(
    '/api/auth/reset-password',
    { schema: { querystring: TokenQuery }, config: { rateLimit: rateLimit(ctx, 'passwordReset') } },
    async (req) => {
      const row = await usableReset((req.query as { token: string }).token);
      const user = await ctx.repos.users.findById(row.user_id);
      if (!user) throw new HttpError(404, LINK_INVALID);
      return { valid: true as const, email: user.email };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordRequest }, config: { rateLimit: rateLimit(ctx, 'passwordReset') } },
    async (req) => {
      const body = req.body as ResetPasswordRequest;
      const passwordHash = await hashPassword(body.password);
      const now = ctx.now();
      const user = await inTransaction(ctx.store, async (trx) => {
        const row = await usableReset(body.token, trx);
        // The conditional update makes the link single-use even if two requests race.
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw new HttpError(410, LINK_USED);
        return trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
          .where('id', '=', row.user_id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      const token = await signSession(
        ctx.config.jwtSecret,
        { userId: user.id, email: user.email, tokenVersion: user.token_version },
        now,
      );
      return { token };
    },
  );

  await app.register(async (owner) => {
    owner.addHook('onRequest', ownerGuard(ctx));

    owner.get('/api/business-dashboard/account', async (req) => {
      const user = await ctx.repos.users.findById(req.owner.userId);
      if (!user) throw new HttpError(404, 'Account not found.');
      return { email: user.email, phoneNumber: user.phone_number };
    });

    owner.put('/api/business-dashboard/account/password', { schema: { body: ChangePasswordRequest } }, async (req) => {
      const body = req.body as ChangePasswordRequest;
      const user = await ctx.repos.users.findById(req.owner.userId);
      if (!user || !(await verifyPassword(user.password_hash, body.currentPassword)))
        throw new HttpError(400, 'Your current password is not correct.');
      const passwordHash = await hashPassword(body.newPassword);
      const updated = await ctx.db
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // A fresh token for this session; every other session is logged out.
      const token = await signSession(
        ctx.config.jwtSecret,
        { userId: updated.id, email: updated.email, tokenVersion: updated.token_version },
        ctx.now(),
      );
      return { token };
    });

    owner.put('/api/business-dashboard/account/phone', { schema: { body: PhoneUpdateRequest } }, async (req) => {
      const { phoneNumber } = req.body as { phoneNumber: string };
      const updated = await ctx.db
        .updateTable('users')
        .set({ phone_number: phoneNumber })
        .where('id', '=', req.owner.userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { email: updated.email, phoneNumber: updated.phone_number };
    });
  });
}
