/**
 * Text messages and review requests (issue 26, docs/decisions/027), in Chromium against the real
 * server and the Twilio stand-in (packages/server/test/twilio/stand-in.ts, started by
 * global-setup.ts: it records every text and signs replies as Twilio does):
 * - the owner connects their Twilio account in Settings > Notifications and asks for review
 *   requests right after a job, with their review link;
 * - a customer ticks "Text me updates about this booking" and books on the booking page: Twilio
 *   gets the "received" text, then the "approved" one when the owner approves;
 * - the customer replies STOP: the reminder mail still comes, no reminder text;
 * - the owner marks the job completed: exactly one review request goes (a mail: the texts are
 *   stopped), and the rating page offers the owner's review link after a tap, whatever the stars;
 * - screenshots in e2e/artifacts/texts-*.png at 1280 and 375 px.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import {
  api,
  baseURL,
  dataDir,
  expect,
  linkTo,
  morningZone,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';
import { E2E_TWILIO } from './global-setup.ts';
import { readOutbox } from './mail.ts';

test.describe.configure({ mode: 'serial' });

const CUSTOMER = { first: 'Tess', email: 'tess.texts@example.com', phone: '+15552010004' };
const REVIEW_URL = 'https://g.page/r/text-me-detailing/review';

let owner: Owner;
let slug: string;
let zone: string;
let bookingId: string;

interface Text {
  to: string;
  body: string;
}
const texts = async (): Promise<Text[]> =>
  (await (await fetch(`${process.env.E2E_TWILIO_URL}/_stand-in/messages`)).json()) as Text[];
const textsToCustomer = async () => (await texts()).filter((t) => t.to === CUSTOMER.phone);

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Text Me Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  // About 06:00 there now: today's 10:00 is a few hours ahead, tomorrow's more than a day.
  zone = morningZone();
  await api('PUT', '/api/business-dashboard/settings/time-zone', { timeZone: zone }, owner.token);
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
});

async function toDetails(page: Page) {
  await page.goto(`/book/${slug}`);
  const form = page.getByRole('region', { name: 'Text Me Detailing' });
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel('What size is your vehicle?').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(form, todayIn(zone, Date.now() + 86_400_000));
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('First name').fill(CUSTOMER.first);
  await form.getByLabel('Last name').fill('Texter');
  await form.getByLabel('Email').fill(CUSTOMER.email);
  await form.getByLabel('Phone number').fill('555 201 0004');
  return form;
}

test('the owner connects Twilio and sets review requests in Settings > Notifications', async ({ page }) => {
  await openAs(page, owner, '/dashboard/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications' });
  await section.getByLabel('Account SID').fill(E2E_TWILIO.accountSid);
  await section.getByLabel('Auth token').fill(E2E_TWILIO.authToken);
  await section.getByLabel('Texts come from').fill('(512) 555-0100');
  await section.getByRole('button', { name: 'Connect Twilio' }).click();
  await expect(section.getByText('Texting from (512) 555-0100')).toBeVisible();
  await expect(section.getByLabel('Auth token')).toHaveCount(0);
  await section.getByLabel('Ask for a review').selectOption('Right away');
  await section.getByLabel('Your review link').fill(REVIEW_URL);
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Notification settings saved.')).toBeVisible();
  // Each message's exact words and length.
  await expect(section.getByText(/^Text Me Detailing: confirmed: /)).toBeVisible();
  // Tall windows, so the section is shot whole without the sticky bars over it.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await section.screenshot({ path: await screenshot(page, 'texts-settings-1280') });
  await page.setViewportSize({ width: 375, height: 3400 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await section.screenshot({ path: await screenshot(page, 'texts-settings-375') });
});

test('a customer who ticks the box gets the received and approved texts', async ({ page }) => {
  const form = await toDetails(page);
  const consent = form.getByRole('checkbox', { name: /Text me updates about this booking/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await form.getByRole('checkbox').scrollIntoViewIfNeeded();
  await screenshot(page, 'texts-widget-consent-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await form.getByRole('checkbox').scrollIntoViewIfNeeded();
  await screenshot(page, 'texts-widget-consent-375', { fullPage: false });
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(form.getByText('A confirmation e-mail is on its way.')).toBeVisible();

  await expect
    .poll(async () => (await textsToCustomer()).map((t) => t.body))
    .toEqual([expect.stringMatching(/^Text Me Detailing: request received: .* Reply STOP to opt out\.$/)]);
  const { bookings } = await api<{ bookings: { _id: string; customerEmail: string }[] }>(
    'GET',
    '/api/business-dashboard/bookings',
    undefined,
    owner.token,
  );
  bookingId = bookings.find((b) => b.customerEmail === CUSTOMER.email)!._id;
  await api('PUT', `/api/business-dashboard/booking/approve/${bookingId}`, undefined, owner.token);
  await expect
    .poll(async () => (await textsToCustomer()).map((t) => t.body))
    .toEqual([expect.stringContaining('request received'), expect.stringMatching(/^Text Me Detailing: confirmed: /)]);
});

test('the customer replies STOP: the reminder mail comes, no reminder text', async () => {
  const stop = await fetch(`${process.env.E2E_TWILIO_URL}/_stand-in/inbound`, {
    method: 'POST',
    body: JSON.stringify({
      webhookUrl: `${baseURL()}/api/webhooks/twilio`,
      accountSid: E2E_TWILIO.accountSid,
      from: CUSTOMER.phone,
      to: E2E_TWILIO.number,
      body: 'STOP',
    }),
  }).then((r) => r.json() as Promise<{ status: number; text: string }>);
  expect(stop).toEqual({ status: 200, text: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' });

  // The owner moves the job to today, within a day: the reminder pass picks it up (every minute; every second on
  // the e2e server, global-setup.ts E2E_CLOCKS).
  await api(
    'PUT',
    '/api/business-dashboard/booking/reschedule',
    { bookingId, newTime: { day: todayIn(zone), startTime: '10:00' }, requestor: 'business' },
    owner.token,
  );
  await newestMail({ to: CUSTOMER.email, subject: /^Reminder: /, timeoutMs: 30_000 });
  const bodies = (await textsToCustomer()).map((t) => t.body);
  expect(bodies).toHaveLength(2);
  expect(bodies.join('\n')).not.toMatch(/reminder|moved/);
});

test('a completed job sends one review request; the rating page offers the review link', async ({ page }) => {
  await openAs(page, owner, '/dashboard/bookings');
  // The business's only booking, approved.
  await page.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText(/Marked completed/)).toBeVisible();

  const mail = await newestMail({ to: CUSTOMER.email, subject: 'How did your', timeoutMs: 30_000 });
  const link = linkTo(mail, '/review/');
  await page.route('https://g.page/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google review</title><h1>Review</h1>' }),
  );
  await page.goto(link.pathname);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^How did your .+ go, ${CUSTOMER.first}\\?$`) }),
  ).toBeVisible();
  await screenshot(page, 'texts-review-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'texts-review-375');
  await page.getByRole('button', { name: '5 stars' }).click();
  // The same answer to every rating (no review gating): the public link and an optional private note.
  await expect(page.getByRole('heading', { name: 'A private note to the owner (optional)' })).toBeVisible();
  await page.getByRole('link', { name: 'Leave a review' }).click();
  await expect(page).toHaveURL(REVIEW_URL);

  // One request for the booking; no text (the customer replied STOP).
  const requests = readOutbox(join(dataDir(), 'outbox')).filter(
    (m) => m.to.includes(CUSTOMER.email) && m.subject.startsWith('How did your'),
  );
  expect(requests).toHaveLength(1);
  expect((await textsToCustomer()).map((t) => t.body).join('\n')).not.toContain('How did we do');
});
