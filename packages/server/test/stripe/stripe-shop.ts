/**
 * A detailer whose business is wired to the Stripe stand-in, for the suites of paying: the stand-in
 * on the app's clock (which the suites move), an account under `secretKey`, its webhook to the
 * listening app, and, with `connect`, the owner's keys saved through Settings as an owner does.
 */
import { type Clock, detailer, engineApp, type Shop, START_CLOCK } from '../booking-fixtures.ts';
import type { StorageKind, TestApp } from '../helpers.ts';
import { type StripeStandIn, startStripeStandIn } from './stand-in.ts';

const ENCRYPTION_KEY = 'a test encryption key that is long enough';

export interface StripeShop {
  t: TestApp & { clock: Clock };
  shop: Shop;
  stripe: StripeStandIn;
  /** Stops the app, then the stand-in. */
  close(): Promise<void>;
}

export async function stripeShop(
  kind: StorageKind,
  keys: { secretKey: string; webhookSecret: string; accountId: string; connect?: boolean },
): Promise<StripeShop> {
  let t: (TestApp & { clock: Clock }) | undefined;
  const stripe = await startStripeStandIn({ now: () => t?.clock.now ?? START_CLOCK });
  stripe.addAccount({ secretKey: keys.secretKey, id: keys.accountId, name: 'Shiny Cars LLC' });
  t = await engineApp(kind, { env: { ENCRYPTION_KEY, STRIPE_API_URL: stripe.url } });
  const shop = await detailer(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhook(keys.secretKey, `${address}/api/webhooks/stripe/${shop.businessId}`, keys.webhookSecret);
  if (keys.connect) {
    const connected = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/payments/stripe',
      headers: shop.auth,
      payload: { secretKey: keys.secretKey, webhookSecret: keys.webhookSecret },
    });
    if (connected.statusCode !== 200)
      throw new Error(`connecting Stripe failed: ${connected.statusCode} ${connected.body}`);
  }
  const app = t;
  return {
    t: app,
    shop,
    stripe,
    async close() {
      await app.close();
      await stripe.close();
    },
  };
}
