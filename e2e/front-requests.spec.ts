/**
 * The owner's front door (docs/product.md#overview, #confirming-bookings), on a 375 px phone and
 * a 1280 px screen:
 * - customers' requests for next week show on My Dashboard, the Bookings tab carries their count,
 *   and one approved in place leaves the list and takes the count down;
 * - an owner switches Settings to confirming automatically, and a customer booking on the booking
 *   page is booked at once ("You're booked"), the booking approved on the owner's Bookings page.
 * Screenshots: e2e/artifacts/front-requests-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import {
  api,
  bookFirstService,
  expect,
  formToTimes,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

/** A customer's request of the first service at 10:00 (fixtures.ts bookFirstService). */
const request = (owner: Owner, day: string, firstName: string) =>
  bookFirstService(owner, {
    date: day,
    time: '10:00',
    firstName,
    customerEmail: `${firstName.toLowerCase()}-${crypto.randomUUID()}@example.com`,
    phoneNumber: '+1 5551234567',
  });

/** Books the first service at 10:00 `days` ahead inside the booking page's form, up to Confirm booking. */
async function bookInside(page: Page, form: Locator, first: string, days: number) {
  await formToTimes(page, form, laDay(days));
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill('Customer');
  await form.getByLabel('Email').fill(`${first.toLowerCase()}@example.com`);
  await form.getByLabel('Phone number').fill('555 201 0002');
}

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a request for next week waits on My Dashboard, badged on Bookings, and is approved in place', async ({
      page,
    }) => {
      const owner = await signupOwner({ businessName: `Front Door ${width}` });
      await openEveryDay(owner.token, '08:00', '18:00');
      await request(owner, laDay(7), 'Dana');
      await request(owner, laDay(9), 'Sam');

      await openAs(page, owner, '/dashboard');
      const waiting = page.locator('section', { has: page.getByRole('heading', { name: /Waiting for your answer/ }) });
      await expect(waiting.getByRole('article')).toHaveCount(2);
      // Soonest first.
      await expect(waiting.getByRole('article').first()).toHaveAccessibleName(/for Dana Customer$/);
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(nav.getByRole('link', { name: 'Bookings 2 waiting' })).toBeVisible();
      await expect(page.locator('.stat-card', { hasText: 'Pending Approvals' })).toContainText('2');
      await screenshot(page, `front-requests-waiting-${width}`, { fullPage: width > 400 });

      await waiting.getByRole('article').first().getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Booking approved. Dana has been e-mailed.')).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Bookings 1 waiting' })).toBeVisible();
      await expect(waiting.getByRole('article')).toHaveCount(1);
      await expect(page.locator('.stat-card', { hasText: 'Pending Approvals' })).toContainText('1');
      await screenshot(page, `front-requests-approved-${width}`, { fullPage: width > 400 });
    });

    test('an owner confirms automatically, and a customer books straight to approved', async ({ page }) => {
      const owner = await signupOwner({ businessName: `Auto Shine ${width}` });
      await openEveryDay(owner.token, '08:00', '18:00');
      const { slug } = await api<{ slug: string }>(
        'GET',
        '/api/business-dashboard/booking-page',
        undefined,
        owner.token,
      );

      await openAs(page, owner, '/dashboard/settings#confirming-bookings');
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'Confirming bookings' }) });
      await section.getByRole('radio', { name: /Confirm automatically/ }).check();
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(section.getByText('Saved. New bookings are confirmed automatically.')).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `front-requests-settings-${width}`, { fullPage: false });

      await page.goto(`/book/${slug}`);
      await page.getByRole('link', { name: 'Book online' }).click();
      const form = page.getByRole('region', { name: `Auto Shine ${width}` });
      await bookInside(page, form, 'Rita', 8);
      await expect(form.getByText("You're booked as soon as you confirm: no waiting for an answer.")).toBeVisible();
      await form.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(form.getByRole('heading', { name: "You're booked" })).toBeVisible();
      await expect(form.getByText(`Your booking with Auto Shine ${width} is confirmed.`)).toBeVisible();
      await screenshot(page, `front-requests-booked-${width}`, { fullPage: false });

      await openAs(page, owner, '/dashboard/bookings');
      const card = page.getByRole('article', { name: /for Rita Customer$/ });
      await expect(card.getByText('Approved', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expect(
        page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Bookings' }),
      ).toBeVisible();
      await screenshot(page, `front-requests-bookings-${width}`, { fullPage: width > 400 });
    });
  });
}
