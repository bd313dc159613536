/**
 * Deposits with Stripe (issue 23), in Chromium against the real server and the Stripe stand-in
 * (packages/server/test/stripe/stand-in.ts, started by global-setup.ts: it speaks Stripe's API,
 * serves a Checkout page and signs webhooks as Stripe does):
 * - the owner adds a webhook endpoint in "Stripe" (its API, as the Stripe dashboard would) and
 *   connects the account in Settings, Payments, with a 25% deposit;
 * - a customer books on the business's booking page, follows the redirect to Checkout, pays,
 *   comes back to the booking page and reads "Deposit paid"; the owner's card says so too;
 * - screenshots in e2e/artifacts/deposits-*.png.
 */
import { todayIn } from '@slotwise/shared/time-zone';
import { api, expect, type Owner, openAs, openEveryDay, pickDay, screenshot, signupOwner, test } from './fixtures.ts';
import { E2E_STRIPE_KEY } from './global-setup.ts';

let owner: Owner;
let slug: string;

const laDay = (days: number) => todayIn('America/Los_Angeles', Date.now() + days * 86_400_000);

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Deposit Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
});

test('the owner connects Stripe; a customer pays the deposit on Checkout and the booking reads paid', async ({
  page,
}) => {
  // In Stripe: a webhook endpoint for this business's URL, whose signing secret the owner copies.
  const { webhookUrl } = await api<{ webhookUrl: string }>(
    'GET',
    '/api/business-dashboard/settings/payments',
    undefined,
    owner.token,
  );
  const endpoint = await fetch(`${process.env.E2E_STRIPE_URL}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: webhookUrl, 'enabled_events[0]': 'checkout.session.completed' }),
  }).then((r) => r.json() as Promise<{ secret: string }>);

  await openAs(page, owner, '/dashboard/settings');
  const payments = page.getByRole('region', { name: 'Payments' });
  await payments.getByLabel('Stripe secret key').fill(E2E_STRIPE_KEY);
  await payments.getByLabel('Webhook signing secret').fill(endpoint.secret);
  await payments.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(payments).toContainText('Van Shine Mobile LLC');
  await expect(payments).toContainText('Test mode');
  await expect(payments.getByLabel('Stripe secret key')).toHaveCount(0);
  await payments.getByRole('radio', { name: 'A percentage of the quote' }).check();
  await payments.getByLabel('Deposit percent (%)').fill('25');
  await payments.getByRole('button', { name: 'Save payment rules' }).click();
  await expect(payments.getByText('Payment rules saved.')).toBeVisible();
  await screenshot(page, 'deposits-settings');

  // The customer, on the booking page.
  await page.goto(`/book/${slug}`);
  const form = page.getByRole('region', { name: 'Deposit Detailing' });
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await expect(form.getByText(/Due now: \$[\d.]+ deposit, \$[\d.]+ on the day/)).toBeVisible();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(form, laDay(8));
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('First name').fill('Dee');
  await form.getByLabel('Last name').fill('Posit');
  await form.getByLabel('Email').fill('dee@example.com');
  await form.getByLabel('Phone number').fill('555 201 0003');
  await form.getByRole('button', { name: /^Book and pay \$[\d.]+ deposit$/ }).click();

  // Stripe's Checkout page (the stand-in's), then back to the booking page.
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByText('Van Shine Mobile LLC')).toBeVisible();
  await screenshot(page, 'deposits-checkout');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(new RegExp(`/book/${slug}\\?booking=.+&payment=paid`));
  await expect(page.getByRole('status')).toContainText(/Deposit paid: \$[\d.]+/);
  await expect(page.getByRole('status')).toContainText('waiting for Deposit Detailing to approve it');
  await screenshot(page, 'deposits-returned');

  // The owner's card.
  await openAs(page, owner, '/dashboard/bookings');
  await expect(page.getByText(/Deposit paid \$[\d.]+/).first()).toBeVisible();
  await screenshot(page, 'deposits-owner-card');
});
