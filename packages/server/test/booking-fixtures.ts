/**
 * Fixtures for the booking-engine suites: an onboarded detailer in Beverly Hills
 * (America/Los_Angeles, default hours Monday-Friday 10:00-19:00) with known
 * services, question and price per mile, a clock the test moves, and a booking helper.
 */
import { randomUUID } from 'node:crypto';
import type { BookRequest, QuoteQuestionInput } from '@slotwise/shared/api';
import type { LightMyRequestResponse } from 'fastify';
import { inTransaction } from '../src/db/transaction.ts';
import { manageTokenFor } from '../src/domain/manage-token.ts';
import { saveQuestions, toQuestionConfig } from '../src/repositories/pricing.ts';
import { createTestApp, onboardedOwner, type StorageKind, type TestApp } from './helpers.ts';

export const LA = 'America/Los_Angeles';
/** Tuesday 2026-12-01 04:00 in Los Angeles. */
export const START_CLOCK = Date.parse('2026-12-01T12:00:00Z');
/** A Wednesday, open 10:00-19:00. */
export const DAY = '2026-12-02';
export const SATURDAY = '2026-12-05';
export const CUSTOMER_ADDRESS = '5 Ocean Ave, Santa Monica, CA 90401, USA';

/** Replaces a business's quote questions, as the owner's settings call does (docs/decisions/026). */
export async function setQuestions(t: TestApp, businessId: string, questions: QuoteQuestionInput[]): Promise<void> {
  const configs = questions.map((q) => toQuestionConfig(q, randomUUID));
  await inTransaction(t.ctx.store, (trx) => saveQuestions(trx, businessId, configs, t.ctx.now()));
}

export interface Clock {
  now: number;
}

export async function engineApp(
  kind: StorageKind,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestApp & { clock: Clock }> {
  const clock: Clock = { now: START_CLOCK };
  const t = await createTestApp(kind, { now: () => clock.now, ...options });
  return Object.assign(t, { clock });
}

export type Shop = Awaited<ReturnType<typeof detailer>>;

/**
 * Two server instances on one fresh PostgreSQL database, on one clock (the first's),
 * with a detailer onboarded through the first.
 */
export async function twoPgInstances() {
  const first = await engineApp('postgres');
  const second = await createTestApp('postgres', { databaseUrl: first.databaseUrl, now: () => first.clock.now });
  const shop = await detailer(first);
  return {
    first,
    second,
    shop,
    async close() {
      await second.close();
      await first.close();
    },
  };
}

/** An onboarded owner with a 60-minute and a 30-minute service, a dropdown question, $1.50 per mile. */
export async function detailer(t: TestApp, email?: string) {
  const owner = await onboardedOwner(t.app, email);
  const { services, pricing } = t.ctx.repos;
  const now = t.ctx.now();
  const full = await services.insert(
    owner.businessId,
    randomUUID(),
    { serviceName: 'Full Detail', duration: 60, price: 120 },
    now,
  );
  const quick = await services.insert(
    owner.businessId,
    randomUUID(),
    { serviceName: 'Quick Wash', duration: 30, price: 25.5 },
    now,
  );
  await setQuestions(t, owner.businessId, [
    {
      question: 'Vehicle size',
      type: 'dropdown',
      options: [
        { text: 'Sedan', value: 0 },
        { text: 'SUV', value: 25 },
      ],
    },
  ]);
  await pricing.saveDistancePricing(owner.businessId, { on: true, pricePerMileCents: 150 }, now);
  return { ...owner, fullId: full.id, quickId: quick.id };
}

export function bookBody(shop: Shop, over: Partial<BookRequest> = {}): BookRequest {
  return {
    businessId: shop.businessId,
    serviceId: shop.fullId,
    answer: { option: 'SUV' },
    address: CUSTOMER_ADDRESS,
    date: DAY,
    time: '10:00',
    firstName: 'Ada',
    lastName: 'Lovelace',
    customerEmail: 'ada@example.com',
    phoneNumber: '+1 5551234567',
    ...over,
  };
}

export function book(t: TestApp, body: unknown, key: string | null = randomUUID()): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/customer/book',
    payload: body as object,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

/** Books and returns the booking id and its manage token (read from the queued customer mail). */
export async function bookAndToken(t: TestApp, body: unknown): Promise<{ bookingId: string; token: string }> {
  const res = await book(t, body);
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  const bookingId = res.json().bookingId as string;
  const mail = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('text_body', 'like', '%/customer/cancel?token=%')
    .orderBy('created_at', 'desc')
    .execute();
  const links = mail.map((m) => /\/customer\/cancel\?token=([A-Za-z0-9_-]+)/.exec(m.text_body)?.[1]);
  const token = manageTokenFor(t.config.jwtSecret, bookingId);
  if (!links.includes(token)) throw new Error('the customer mail does not carry the booking manage token');
  return { bookingId, token };
}

/**
 * A crew member's session as a person gets one: the owner invites the e-mail to the crew, the
 * invitation mail's link is accepted with a password; answers the crew member's bearer headers.
 */
export async function crewMemberAuth(
  t: TestApp,
  shop: Shop,
  crewId: string,
  email: string,
  password = 'crew member password 1',
): Promise<{ authorization: string }> {
  const invited = await t.app.inject({
    method: 'POST',
    url: `/api/business-dashboard/crews/${crewId}/member`,
    headers: shop.auth,
    payload: { email },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const mail = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const link = /\/crew\/join\?token=([A-Za-z0-9_%-]+)/.exec(mail.text_body);
  if (!link?.[1]) throw new Error('the invitation mail carries no link');
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/auth/crew-invitation',
    payload: { token: decodeURIComponent(link[1]), password },
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
  return { authorization: `Bearer ${accepted.json().token as string}` };
}

export async function slots(t: TestApp, query: Record<string, string>) {
  return t.app.inject({ url: `/api/customer/get-available-slots?${new URLSearchParams(query)}` });
}

export async function availableTimes(t: TestApp, query: Record<string, string>): Promise<string[]> {
  const res = await slots(t, query);
  if (res.statusCode !== 200) throw new Error(`slots failed: ${res.statusCode} ${res.body}`);
  return (res.json().slots as { time: string; available: boolean }[]).filter((s) => s.available).map((s) => s.time);
}
