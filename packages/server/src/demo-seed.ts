/**
 * The demo business behind /demo (docs/architecture.md#running-it-scaling-out), so a newcomer can try the
 * widget on a fresh install. Idempotent and cheap: one indexed lookup when the
 * demo owner exists, a handful of inserts the first time. Runs at start-up unless
 * DEMO_SEED=off.
 *
 * The demo owner cannot log in with a password: a known default password would be
 * a way into every deployment that forgot to turn the seed off. To look at its
 * dashboard, ask for a password reset for demo@slotwise.local; the link lands in
 * the outbox (DATA_DIR/outbox) or the configured SMTP server.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from './context.ts';
import { isUniqueViolation } from './db/errors.ts';
import { inTransaction } from './db/transaction.ts';
import { ensureSlug } from './domain/booking-page.ts';
import { saveQuestions, toQuestionConfig } from './repositories/pricing.ts';
import { insertServices } from './repositories/services.ts';

export const DEMO_EMAIL = 'demo@slotwise.local';
export const DEMO_BUSINESS_NAME = 'Demo Detailing';

/** Not an argon2 hash, so no password ever matches it (verification fails closed). */
const NO_PASSWORD = '!demo-account:log-in-through-password-reset';

const SERVICES = [
  { name: 'Exterior Wash', duration: 60, priceCents: 4900 },
  { name: 'Interior Detail', duration: 120, priceCents: 12900 },
  { name: 'Full Detail', duration: 180, priceCents: 21900 },
] as const;

const QUESTION = {
  question: 'Vehicle size',
  type: 'dropdown',
  options: [
    { text: 'Sedan', value: 0 },
    { text: 'SUV', value: 20, extraMinutes: 30 },
    { text: 'Truck', value: 35, extraMinutes: 30 },
  ],
} as const;

const OPEN_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Returns the demo business's id, or null when the seed is off and was never run. */
export async function findDemoBusinessId(ctx: AppContext): Promise<string | null> {
  const owner = await ctx.repos.users.findByEmail(DEMO_EMAIL);
  if (!owner) return null;
  const business = await ctx.repos.businesses.findByOwner(owner.id);
  return business?.id ?? null;
}

/** Creates the demo owner and business once; later calls (and racing instances) just find it. */
export async function seedDemo(ctx: AppContext): Promise<string> {
  const existing = await findDemoBusinessId(ctx);
  if (existing) return existing;

  const now = ctx.now();
  const userId = randomUUID();
  const businessId = randomUUID();
  try {
    await inTransaction(ctx.store, async (trx) => {
      const { users, businesses, availability } = ctx.repos;
      await users.insert(
        { id: userId, email: DEMO_EMAIL, password_hash: NO_PASSWORD, phone_number: '+13105550100', created_at: now },
        trx,
      );
      await businesses.insert(
        {
          id: businessId,
          owner_id: userId,
          name: DEMO_BUSINESS_NAME,
          niche: 'car-detailing',
          // As onboarding stores it: the chosen suggestion, the street line as typed.
          address: '100 N Crescent Dr, Beverly Hills, CA 90210, USA',
          lat: 34.0901,
          lng: -118.4065,
          time_zone: 'America/Los_Angeles',
          price_per_mile_cents: 150,
          // Onboarding's trade templates must never add their services on top of these.
          template_niche: 'car-detailing',
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      await saveQuestions(
        trx,
        businessId,
        [toQuestionConfig({ ...QUESTION, options: [...QUESTION.options] }, randomUUID)],
        now,
      );
      await insertServices(
        trx,
        businessId,
        SERVICES.map((s) => ({ name: s.name, durationMin: s.duration, priceCents: s.priceCents })),
        randomUUID,
        now,
      );
      await availability.save(
        trx,
        businessId,
        [...OPEN_DAYS, 'Sunday' as const].map((day) =>
          day === 'Sunday' ? { day, startTime: null, endTime: null } : { day, startTime: '08:00', endTime: '18:00' },
        ),
      );
      // A showcase, not anyone's first day: its overview opens without the first-day checklist.
      await ctx.repos.checklist.mark(businessId, 'dismissed_at', now, trx);
    });
  } catch (err) {
    // Another instance seeded at the same moment: its rows won, use them.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findDemoBusinessId(ctx);
    if (!winner) throw err;
    return winner;
  }
  // Its booking page, /book/demo-detailing, as onboarding gives every business one.
  await ensureSlug(ctx, businessId, DEMO_BUSINESS_NAME);
  return businessId;
}
