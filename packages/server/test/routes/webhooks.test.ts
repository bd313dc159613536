/**
 * Stripe's webhook refusals (routes/webhooks.ts, issue 39): a signature timestamped outside
 * the tolerance either way. (The events it acts on: routes/payments.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';
import { type StripeStandIn, signPayload, startStripeStandIn } from '../stripe/stand-in.ts';

const SECRET_KEY = `sk_test_${'51Slotwise'}${randomUUID().replace(/-/g, '')}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;

describe.each(storages())("Stripe's webhook on %s", (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let businessId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stripe.addAccount({ secretKey: SECRET_KEY, id: 'acct_1Shiny', name: 'Shiny Cars LLC' });
    t = await createTestApp(kind, {
      env: { ENCRYPTION_KEY: 'a test encryption key that is long enough', STRIPE_API_URL: stripe.url },
    });
    const owner = await onboardedOwner(t.app);
    businessId = owner.businessId;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/payments/stripe',
      headers: owner.auth,
      payload: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  describe("the signature's timestamp", () => {
    const event = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'customer.created', data: {} });
    const deliver = (offsetSeconds: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/stripe/${businessId}`,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + offsetSeconds),
        },
        payload: event,
      });

    it.each([
      ['10 minutes in the future', 600],
      ['10 minutes old', -600],
    ])('refuses one signed %s, though the signature matches', async (_, offset) => {
      const res = await deliver(offset);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    });

    it.each([
      ['a minute ahead of our clock', 60],
      ['a minute old', -60],
      ['now', 0],
    ])('accepts one signed %s (clocks drift a little)', async (_, offset) => {
      const res = await deliver(offset);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    });
  });
});
