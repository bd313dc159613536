/**
 * The overview's first-day checklist (docs/product.md#the-first-day-checklist) in Chromium against
 * the real server: a newly onboarded owner sees five things to do, each ticked by doing it where
 * its link leads (never by ticking a box), then one line saying all is set; dismissed, it stays
 * gone on another device. Screenshots at 1280 and 375 px: e2e/artifacts/first-day-*.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { api, baseURL, expect, laDay, openAs, screenshot, signupOwner, test } from './fixtures.ts';

/** How far the page scrolls sideways: 0 when nothing sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function backToOverview(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Dashboard' }).click();
  return page.getByRole('region', { name: 'Your first day' });
}

test('a new owner works through the first-day checklist and dismisses it for good', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  const owner = await signupOwner({ businessName: 'First Day Detailing' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, owner);
  let checklist = page.getByRole('region', { name: 'Your first day' });
  await expect(checklist.getByText('0 of 5 done')).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText("Today's Bookings")).toBeVisible();
  await screenshot(page, 'first-day-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(checklist.getByRole('button', { name: 'Dismiss checklist' })).toBeVisible();
  expect(await sideways(page), 'the overview scrolls sideways at 375 px').toBeLessThanOrEqual(0);
  await screenshot(page, 'first-day-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The embed code, where its link leads.
  await checklist.getByRole('link', { name: 'Copy your embed code' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services#embed-code$/);
  await page.getByRole('button', { name: 'Copy Script' }).click();
  await expect(page.getByText('Script copied to clipboard!')).toBeVisible();
  checklist = await backToOverview(page);
  await expect(checklist.getByText('1 of 5 done')).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Copy your embed code' })).toContainText('Done:');

  // The booking page's link, an item of its own: copied where its link leads.
  await checklist.getByRole('link', { name: 'Share your booking link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services#booking-page$/);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Booking link copied to clipboard!')).toBeVisible();
  checklist = await backToOverview(page);
  await expect(checklist.getByText('2 of 5 done')).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Share your booking link' })).toContainText('Done:');

  // The prices: one of the trade's starting services, edited.
  await checklist.getByRole('link', { name: 'Check your prices' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services#services-list$/);
  const services = page.getByRole('list', { name: 'Your services' });
  // It lands on the list itself, not on the sections above it that fill in as they load.
  await expect(page.getByRole('heading', { level: 2, name: 'Services', exact: true })).toBeInViewport();
  await expect(services.getByRole('button', { name: 'Edit' }).first()).toBeInViewport();
  await services.getByRole('button', { name: 'Edit' }).first().click();
  const edit = page.getByRole('form', { name: 'Edit Exterior Wash & Wax' });
  await edit.getByLabel('Price ($)').fill('65');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(services).toContainText('$65.00');

  // The hours, saved as they are.
  checklist = await backToOverview(page);
  await checklist.getByRole('link', { name: 'Set your hours' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/hours$/);
  await page.getByRole('button', { name: 'Save Hours' }).click();
  await expect(page.getByText('Business hours updated successfully!')).toBeVisible();
  checklist = await backToOverview(page);
  await expect(checklist.getByText('4 of 5 done')).toBeVisible();

  // The test booking: its link opens the preview page in a new tab; the booking is made as the widget makes it.
  const preview = checklist.getByRole('link', { name: /Make a test booking/ });
  await expect(preview).toHaveAttribute('href', `/demo?businessId=${owner.businessId}`);
  await expect(preview).toHaveAttribute('target', '_blank');
  const { services: list } = await api<{ services: { _id: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  // A weekday a week or more ahead, inside the default hours.
  let day = 7;
  while ([0, 6].includes(new Date(`${laDay(day)}T12:00:00Z`).getUTCDay())) day++;
  const booked = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId: list[0]?._id,
      answer: { option: 'Sedan / Coupe' },
      address: '5, Santa Monica, CA 90401, USA',
      date: laDay(day),
      time: '11:00',
      firstName: 'Tess',
      lastName: 'Booking',
      customerEmail: `first-day-${randomUUID().slice(0, 8)}@example.com`,
      phoneNumber: '+1 5551234567',
    }),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  // Coming back to the dashboard's tab from the preview's looks again.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const allSet = page.getByRole('heading', { name: "You're all set: customers can find you and book." });
  await expect(allSet).toBeVisible();
  await screenshot(page, 'first-day-all-set-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'first-day-all-set-375');

  await page.getByRole('button', { name: 'Dismiss checklist' }).click();
  await expect(allSet).toBeHidden();

  // Another device: the same owner, a fresh browser, no checklist.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await openAs(phone, owner);
  await expect(phone.getByText("Today's Bookings")).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Your first day' })).toHaveCount(0);
  await other.close();
});
