/** POST /api/auth/signup and /api/auth/login (SPEC.md section 7, DESIGN.md section 9). */
import { randomUUID } from 'node:crypto';
import { LoginRequest, SignupRequest } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { signSession } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { HttpError } from '../plugins/errors.ts';
import { rateLimit } from '../plugins/rate-limits.ts';

const EMAIL_TAKEN = 'An account with this email already exists. Log in instead, or use another email.';
const BAD_CREDENTIALS = 'Incorrect email or password.';

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post(
    '/api/auth/signup',
    { schema: { body: SignupRequest }, config: { rateLimit: rateLimit(ctx, 'signup') } },
    async (req, reply) => {
      const body = req.body as SignupRequest;
      if (await ctx.repos.users.findByEmail(body.email)) throw new HttpError(409, EMAIL_TAKEN);
      const passwordHash = await hashPassword(body.password);
      const now = ctx.now();
      const userId = randomUUID();
      try {
        await inTransaction(ctx.store, async (trx) => {
          await trx
            .insertInto('users')
            .values({
              id: userId,
              email: body.email,
              password_hash: passwordHash,
              phone_number: body.phoneNumber,
              created_at: now,
            })
            .execute();
          await trx
            .insertInto('businesses')
            .values({
              id: randomUUID(),
              owner_id: userId,
              time_zone: ctx.config.defaultTimeZone,
              created_at: now,
              updated_at: now,
            })
            .execute();
        });
      } catch (err) {
        // Two sign-ups racing for one e-mail: the unique index decides.
        if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
        throw err;
      }
      const token = await signSession(ctx.config.jwtSecret, { userId, email: body.email, tokenVersion: 0 }, now);
      return reply.status(201).send({ token });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { body: LoginRequest }, config: { rateLimit: rateLimit(ctx, 'login') } },
    async (req) => {
      const body = req.body as LoginRequest;
      const user = await ctx.repos.users.findByEmail(body.email);
      const ok = user
        ? await verifyPassword(user.password_hash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!user || !ok) throw new HttpError(401, BAD_CREDENTIALS);
      const token = await signSession(
        ctx.config.jwtSecret,
        {
          userId: user.id,
          email: user.email,
          tokenVersion: user.token_version,
        },
        ctx.now(),
      );
      return { token };
    },
  );
}
