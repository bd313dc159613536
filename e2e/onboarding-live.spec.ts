/**
 * Onboarding ends on the owner's page (docs/product.md#onboarding): a new owner signs up and
 * onboards through the UI on a phone and lands on "Your booking page is live", with the link to
 * copy (and Share where the browser has a share sheet), the QR code and, second, the embed code;
 * then on to My Dashboard, whose first-day checklist names the link and the embed code apart.
 * One sign-up (they are rate-limited per address), looked at 375 and 1280 px wide.
 * Screenshots: e2e/artifacts/onboarding-live-*.
 */
import type { Page } from '@playwright/test';
import { baseURL, expect, screenshot, test, uniqueEmail } from './fixtures.ts';

/** How far the page scrolls sideways: 0 when nothing sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a new owner onboards through the UI and lands on their live booking page', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/signup');
  await page.getByLabel('Email Address').fill(uniqueEmail('live'));
  await page.getByPlaceholder('Min. 8 characters').fill('correct horse battery');
  await page.getByLabel('Phone Number').fill('5551234567');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/onboarding\/step1$/);
  await page.getByLabel('Business Name').fill('Live Wire Detailing');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/step2$/);
  await page.getByRole('radio', { name: 'Car Detailing' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/step3$/);
  await page.getByRole('combobox', { name: 'Street address' }).pressSequentially('12 N Crescent Dr, 90210');
  await page.getByRole('option', { name: '12 N Crescent Dr, Beverly Hills, CA 90210, USA' }).click();
  // The QR code's answer, watched from before the page that shows it.
  const qrAnswer = page.waitForResponse((res) => /\/qr\.(svg|png)(\?|$)/.test(new URL(res.url()).pathname));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/onboarding\/live$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking page is live' })).toBeVisible();
  await expect(page).toHaveTitle('Your Booking Page Is Live - Slotwise');
  const link = page.getByRole('textbox', { name: 'Booking page link' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL()}/book/live-wire-detailing$`));
  const url = await link.inputValue();

  // The QR code: the server's own, answered as an image the browser could decode.
  const qr = await qrAnswer;
  expect(qr.status()).toBe(200);
  expect(qr.headers()['content-type']).toMatch(/^image\/(svg\+xml|png)/);
  const image = page.getByRole('img', { name: `QR code of ${url}` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const png = await page.request.get(
    (await page.getByRole('link', { name: 'Download QR code' }).getAttribute('href')) ?? '',
  );
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect([...(await png.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

  // Share is the phone's share sheet: offered exactly where the browser has one.
  const canShare = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(canShare ? 1 : 0);

  // The embed code, second: the one script tag with this business's id.
  const embed = page.getByRole('textbox', { name: 'Have a website? Paste this into it' });
  await expect(embed).toHaveValue(
    new RegExp(`^<script src="${baseURL()}/widget\\.js" data-business-id="[0-9a-f-]{36}" async></script>$`),
  );
  expect(await sideways(page), 'the live page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
  await screenshot(page, 'onboarding-live-375');

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await screenshot(page, 'onboarding-live-copied-375', { fullPage: false });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking page is live' })).toBeVisible();
  await screenshot(page, 'onboarding-live-1280');

  await page.getByRole('link', { name: 'Go to My Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const checklist = page.getByRole('region', { name: 'Your first day' });
  // The link was copied on the live page: its item is done, the embed code's is not.
  await expect(checklist.getByText('1 of 5 done')).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Share your booking link' })).toContainText('Done:');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Copy your embed code' })).toContainText('To do:');
  await screenshot(page, 'onboarding-live-dashboard-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(checklist.getByRole('link', { name: 'Copy your embed code' })).toBeVisible();
  await screenshot(page, 'onboarding-live-dashboard-375');
});
