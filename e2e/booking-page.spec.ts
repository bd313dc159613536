/**
 * The hosted booking page and the inline embed (issue 22, items 5 and 6), in Chromium against
 * the real server:
 * - a customer of an owner with no website books on /book/{slug} on a 375 x 812 phone,
 *   inside the page (no pop-up, no launcher), and the owner sees the booking;
 * - a changed address: the old link redirects to the page under the new one;
 * - an inline embed (data-mode="inline") books on a host page of another origin, inside the
 *   element the tag names;
 * - the owner finds the link, its QR code and its downloads on the Services page;
 * - screenshots in e2e/artifacts/booking-page-*.png.
 * The booking steps are walked by one function (bookInside), the one place to follow the steps.
 */
import type { Locator, Page } from '@playwright/test';
import {
  api,
  baseURL,
  expect,
  formToTimes,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  ownerWebsite,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

let owner: Owner;
let slug: string;
let host: Awaited<ReturnType<typeof ownerWebsite>>;
let hostOrigin: string;

function hostPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corner Garage</title><link rel="icon" href="data:,"></head>
<body>
<h1>Corner Garage</h1>
<p>Book your wash below.</p>
<div id="book-here"></div>
<p id="after">Thanks for visiting.</p>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" data-mode="inline" data-target="book-here" async></script>
</body>
</html>`;
}

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Van Shine Mobile' });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
  host = await ownerWebsite(hostPage);
  hostOrigin = host.origin;
});

test.afterAll(() => host.close());

/** Books the first service, Sedan, at 10:00 `days` ahead, inside `form` (the inline booking form). */
async function bookInside(page: Page, form: Locator, customer: { first: string; email: string }, days: number) {
  await formToTimes(page, form, laDay(days));
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await form.getByLabel('First name').fill(customer.first);
  await form.getByLabel('Last name').fill('Customer');
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Phone number').fill('555 201 0002');
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(form.getByRole('heading', { name: 'Booking received' })).toBeVisible();
}

async function ownerSees(first: string): Promise<void> {
  const { bookings } = await api<{ bookings: { firstName: string; status: string }[] }>(
    'GET',
    '/api/business-dashboard/bookings',
    undefined,
    owner.token,
  );
  expect(bookings.filter((b) => b.firstName === first).map((b) => b.status)).toEqual(['pending']);
}

test('a customer with no owner website books on /book/{slug} on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/book/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Van Shine Mobile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Services' })).toContainText('from $59.00');
  await expect(page.getByRole('region', { name: 'Hours' })).toContainText('8:00 AM – 6:00 PM');
  // Nothing overflows sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'booking-page-375', { fullPage: true });

  await page.getByRole('link', { name: 'Book online' }).click();
  const form = page.getByRole('region', { name: 'Van Shine Mobile' });
  await expect(form).toBeInViewport();
  // Inline: no launcher, no pop-up.
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await bookInside(page, form, { first: 'Paige', email: 'paige@example.com' }, 9);
  await screenshot(page, 'booking-page-375-booked');
  await expect(form.getByRole('button', { name: 'Book again' })).toBeVisible();
  await ownerSees('Paige');
});

test('an old booking page address redirects to the current one', async ({ page }) => {
  const renamed = `${slug}-van`;
  await api('PUT', '/api/business-dashboard/booking-page', { slug: renamed }, owner.token);
  await page.goto(`/book/${slug}`);
  expect(new URL(page.url()).pathname).toBe(`/book/${renamed}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Van Shine Mobile' })).toBeVisible();
  await page.goto('/book/nobody-has-this');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking page not found' })).toBeVisible();
});

test('an inline embed books on a host page of another origin', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${hostOrigin}/`);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL()).origin);
  const form = page.locator('#book-here').getByRole('region', { name: 'Van Shine Mobile' });
  await expect(form).toBeVisible();
  // Nothing took the focus while the page loaded, and there is no pop-up.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  await bookInside(page, form, { first: 'Ines', email: 'ines@example.com' }, 10);
  await screenshot(page, 'booking-page-inline-booked');
  await ownerSees('Ines');
});

test('the owner finds the link and downloads its QR code on the Services page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, owner, '/dashboard/services');
  const section = page.getByRole('region', { name: 'Booking Page' });
  const link = section.getByRole('textbox', { name: 'Booking page link' });
  await expect(link).toHaveValue(new RegExp(`/book/${slug}-van$`));
  const qr = section.getByRole('img', { name: /QR code of/ });
  await expect(qr).toBeVisible();
  // Visible once laid out (its width and height are set), drawn once the SVG has loaded: wait for that.
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download QR (PNG)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slug}-van-booking-qr.png`);
  await screenshot(page, 'booking-page-services');
});
