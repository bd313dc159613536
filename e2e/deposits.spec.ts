/**
 * Deposits with Stripe (issue 23), in Chromium against the real server and the Stripe stand-in
 * (packages/server/test/stripe/stand-in.ts, started by global-setup.ts: it speaks Stripe's API,
 * serves a Checkout page and signs webhooks as Stripe does):
 * - the owner adds a webhook endpoint in "Stripe" (its API, as the Stripe dashboard would) and
 *   connects the account in Settings, Payments, with a 25% deposit; a customer books on the
 *   business's booking page on a phone, follows the redirect to Checkout, pays, comes back to
 *   the booking page reading "Deposit paid"; the owner's card says so too;
 * - a customer who leaves Checkout sees their time held; when Stripe ends the session the hold
 *   is released, and the same time can be booked again;
 * - the first customer cancels from their mail inside the refund window: the page says what
 *   comes back before they confirm, and Stripe refunds exactly the deposit once, even when the
 *   cancel is sent again;
 * - screenshots in e2e/artifacts/deposits-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import {
  api,
  baseURL,
  expect,
  laDay,
  linkTo,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';
import { E2E_STRIPE_KEY } from './global-setup.ts';

test.describe.configure({ mode: 'serial' });

let owner: Owner;
let slug: string;
/** The first customer's deposit as the quote said it ("$14.75"). */
let deposit = '';
/** Dee's booking: the refunds of the shared stand-in account are told apart by their booking_id. */
let deeBooking = '';

/** Stripe's API as the owner's account calls it. */
function stripeApi(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
  return fetch(`${process.env.E2E_STRIPE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  }).then((r) => r.json() as Promise<Record<string, unknown>>);
}

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Deposit Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
});

/** Walks the booking form on the booking page up to "Book and pay", and presses it; answers the deposit shown. */
async function bookAndGoToPay(page: Page, customer: { first: string; email: string }, days: number) {
  await page.goto(`/book/${slug}`);
  const form: Locator = page.getByRole('region', { name: 'Deposit Detailing' });
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  const due = form.getByText(/Due now: \$[\d.]+ deposit, \$[\d.]+ on the day/);
  await expect(due).toBeVisible();
  const amount = /Due now: (\$[\d.]+)/.exec((await due.textContent()) ?? '')![1]!;
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(form, laDay(days));
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('First name').fill(customer.first);
  await form.getByLabel('Last name').fill('Posit');
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Phone number').fill('555 201 0003');
  await form.getByRole('button', { name: `Book and pay ${amount} deposit` }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  return amount;
}

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
  const endpoint = await stripeApi('POST', '/v1/webhook_endpoints', {
    url: webhookUrl,
    'enabled_events[0]': 'checkout.session.completed',
    'enabled_events[1]': 'checkout.session.expired',
  });

  await openAs(page, owner, '/dashboard/settings/payments');
  const payments = page.getByRole('region', { name: 'Payments' });
  await payments.getByLabel('Stripe secret key').fill(E2E_STRIPE_KEY);
  await payments.getByLabel('Webhook signing secret').fill(String(endpoint.secret));
  await payments.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(payments).toContainText('Van Shine Mobile LLC');
  await expect(payments).toContainText('Test mode');
  await expect(payments.getByLabel('Stripe secret key')).toHaveCount(0);
  await payments.getByRole('radio', { name: 'A percentage of the quote' }).check();
  await payments.getByLabel('Deposit percent (%)').fill('25');
  await payments.getByRole('button', { name: 'Save payment rules' }).click();
  await expect(payments.getByText('Payment rules saved.')).toBeVisible();
  await screenshot(page, 'deposits-settings');

  // The customer, on the booking page, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  deposit = await bookAndGoToPay(page, { first: 'Dee', email: 'dee@example.com' }, 8);
  await expect(page.getByText('Van Shine Mobile LLC')).toBeVisible();
  await screenshot(page, 'deposits-checkout-375');
  await page.getByRole('button', { name: `Pay ${deposit}` }).click();
  await page.waitForURL(new RegExp(`/book/${slug}\\?booking=.+&payment=paid`));
  deeBooking = new URL(page.url()).searchParams.get('booking') ?? '';
  await expect(page.getByRole('status')).toContainText(`Deposit paid: ${deposit}`);
  await expect(page.getByRole('status')).toContainText('waiting for Deposit Detailing to approve it');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'deposits-returned-375');

  // The owner's card.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, owner, '/dashboard/bookings');
  await expect(page.getByText(`Deposit paid ${deposit}`)).toBeVisible();
  await screenshot(page, 'deposits-owner-card');
});

test('a hold not paid is released when Stripe ends the session, and the time can be booked again', async ({ page }) => {
  await bookAndGoToPay(page, { first: 'Eve', email: 'eve@example.com' }, 9);
  const session = new URL(page.url()).pathname.split('/pay/')[1]!;
  // The customer leaves Checkout: the booking page says the time is held, with a way back to pay.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(/payment=cancelled/);
  await expect(page.getByRole('status')).toContainText('Your deposit is not paid yet');
  await expect(page.getByRole('status').getByRole('link', { name: /^Pay \$[\d.]+ deposit$/ })).toBeVisible();
  await screenshot(page, 'deposits-left-checkout');

  // Stripe ends the session (as it does when it lapses): its checkout.session.expired releases the hold.
  expect((await stripeApi('POST', `/v1/checkout/sessions/${session}/expire`)).status).toBe('expired');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('status')).toContainText('This time was released', { timeout: 1000 });
  }).toPass();

  // The same time is free again: another customer books and pays it.
  const amount = await bookAndGoToPay(page, { first: 'Finn', email: 'finn@example.com' }, 9);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('status')).toContainText(`Deposit paid: ${amount}`);
});

test('a cancellation inside the refund window refunds exactly the deposit, once, even when sent again', async ({
  page,
}) => {
  const mail = await newestMail({ to: 'dee@example.com', subject: 'Booking request received' });
  expect(mail.text).toContain(`Paid: ${deposit} (deposit, by card)`);
  const link = linkTo(mail, '/customer/cancel');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`You paid a ${deposit} deposit.`)).toHaveText(
    `You paid a ${deposit} deposit. Cancelling now refunds ${deposit} to your card.`,
  );
  await screenshot(page, 'deposits-cancel');
  await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(page.getByText(`A refund of ${deposit} is on its way to your card`)).toBeVisible();

  // The same cancel sent again: refused, and nothing more refunded.
  const again = await fetch(`${baseURL()}/api/customer/confirm-cancel${link.search}`, { method: 'DELETE' });
  expect(again.status).toBe(410);
  const cents = Math.round(Number(deposit.slice(1)) * 100);
  // The stand-in's account is shared by every journey running meanwhile: Dee's refunds only.
  const deesRefunds = async () => {
    const { data } = (await stripeApi('GET', '/v1/refunds')) as {
      data: { amount: number; metadata?: { booking_id?: string } }[];
    };
    return data.filter((r) => r.metadata?.booking_id === deeBooking).map((r) => r.amount);
  };
  await expect(async () => expect(await deesRefunds()).toEqual([cents])).toPass();
  await page.waitForTimeout(1500);
  expect(await deesRefunds()).toEqual([cents]);
});
