/**
 * The owner's working day in Chromium (issue 3): an onboarded owner adds two services,
 * sets a dropdown question and a price per mile, copies the embed code, changes the
 * hours and the address, then approves one pending booking and declines another, and
 * sees the Bookings filters and the overview cards change. Screenshots of each page.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import { api, baseURL, expect, morningZone, type Owner, openAs, screenshot, signupOwner, test } from './fixtures.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function collectDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

async function statValue(page: Page, label: string) {
  return page.locator('.stat-card', { has: page.getByText(label, { exact: true }) }).locator('.stat-value');
}

test.describe.configure({ mode: 'serial' });

let owner: Owner;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Spotless Dash', niche: 'other', addressSearch: '90210' });
});

test('sets up services, the question, distance pricing, and copies the embed code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  const dialogs = collectDialogs(page);
  await openAs(page, owner, '/dashboard/services');

  const addForm = page.getByRole('form', { name: 'Add a service' });
  for (const s of [
    { name: 'Basic Wash', duration: '45', price: '40' },
    { name: 'Deluxe Detail', duration: '120', price: '150.50' },
  ]) {
    await addForm.getByLabel('Service Name').fill(s.name);
    await addForm.getByLabel('Duration (minutes)').fill(s.duration);
    await addForm.getByLabel('Price ($)').fill(s.price);
    await addForm.getByRole('button', { name: 'Add Service' }).click();
    await expect(page.getByRole('list', { name: 'Your services' })).toContainText(s.name);
  }

  const question = page.locator('section', { has: page.getByRole('heading', { name: 'Quote Questions' }) });
  // The trade template's questions go; one of the owner's own takes their place (docs/decisions/026).
  while ((await question.getByRole('button', { name: /^Remove question \d+$/ }).count()) > 0)
    await question
      .getByRole('button', { name: /^Remove question \d+$/ })
      .first()
      .click();
  await question.getByRole('button', { name: 'Add Question' }).click();
  await question.getByLabel('Question 1 text').fill('Vehicle size');
  await question.getByLabel('Question 1 option 1 text').fill('Sedan');
  await question.getByLabel('Question 1 option 1 value ($)').fill('0');
  await question.getByRole('button', { name: 'Add Option' }).click();
  await question.getByLabel('Question 1 option 2 text').fill('SUV');
  await question.getByLabel('Question 1 option 2 value ($)').fill('25');
  await question.getByRole('button', { name: 'Save Questions' }).click();
  await expect(page.getByText('Quote questions saved')).toBeVisible();

  await page.getByRole('switch', { name: 'Charge for distance' }).check();
  await page.getByLabel('Price per Mile ($)').fill('1.5');
  await page.getByRole('button', { name: 'Save Distance Pricing' }).click();
  await expect(page.getByText('Distance pricing updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Copy Script' }).click();
  await expect(page.getByText('Script copied to clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script>`);
  await screenshot(page, 'dashboard-services');
  // Saves and copies say so in messages on the page, never in a native dialog.
  expect(dialogs).toEqual([]);

  // What the owner set is what a customer is quoted.
  const services = await api<{ services: { serviceName: string; duration: number; price: number }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  expect(services.services.map((s) => [s.serviceName, s.duration, s.price])).toEqual([
    ['Basic Wash', 45, 40],
    ['Deluxe Detail', 120, 150.5],
  ]);
  expect(await api('GET', '/api/business-dashboard/settings/quote-questions', undefined, owner.token)).toMatchObject({
    questions: [
      {
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'Sedan', value: 0 },
          { text: 'SUV', value: 25 },
        ],
      },
    ],
  });
  expect(await api('GET', '/api/business-dashboard/settings/distance-pricing', undefined, owner.token)).toEqual({
    chargeForDistance: true,
    pricePerMile: 1.5,
    // Left as they were: no nearby discount (decision 055).
    nearbyShare: 'none',
    nearbyFloor: 0,
  });
});

test('changes the business hours and the address', async ({ page }) => {
  await openAs(page, owner, '/dashboard/settings/hours');
  const sunday = page.getByLabel('Sunday', { exact: true });
  await expect(sunday).not.toBeChecked();
  await sunday.click();
  await expect(page.getByText('Business hours updated for Sunday!')).toBeVisible();
  await page.getByLabel('Monday start time').selectOption('09:00');
  await page.getByLabel('Monday end time').selectOption('17:30');
  await page.getByRole('button', { name: 'Save Hours' }).click();
  await expect(page.getByText('Business hours updated successfully!')).toBeVisible();
  const hours = await api<{ day: string; startTime: string | null; endTime: string | null }[]>(
    'GET',
    '/api/business-dashboard/availability',
    undefined,
    owner.token,
  );
  expect(hours.find((h) => h.day === 'Monday')).toEqual({ day: 'Monday', startTime: '09:00', endTime: '17:30' });
  expect(hours.find((h) => h.day === 'Sunday')).toEqual({ day: 'Sunday', startTime: '10:00', endTime: '19:00' });

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Business Address' }).click();
  await page.getByRole('button', { name: 'Edit Address' }).click();
  await page.getByLabel('Street address').fill('350 5th Ave, 10001');
  await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').first().click();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Business address updated successfully!')).toBeVisible();
  const { address } = await api<{ address: string }>('GET', '/api/business-dashboard/address', undefined, owner.token);
  expect(address).toBe('350 5th Ave, New York, NY 10001, USA');
  // The messages go away by themselves after 3 seconds.
  await expect(page.getByText('Business address updated successfully!')).toBeHidden({ timeout: 6000 });
  await screenshot(page, 'dashboard-settings');
});

test('approves one pending booking, declines another, and the filters and overview follow', async ({ page }) => {
  // A zone where it is early morning, open all day, so today's 10:00 and 11:00 are bookable.
  const zone = morningZone();
  await api('PUT', '/api/business-dashboard/settings/time-zone', { timeZone: zone }, owner.token);
  await api(
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: DAYS.map((day) => ({ day, startTime: '00:00', endTime: '23:59' })) },
    owner.token,
  );
  const { services } = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  const wash = services.find((s) => s.serviceName === 'Basic Wash')!;
  const date = todayIn(zone);
  const totals: number[] = [];
  for (const [time, firstName, lastName] of [
    ['10:00', 'Ann', 'One'],
    ['11:00', 'Ben', 'Two'],
  ] as const) {
    const res = await fetch(`${baseURL()}/api/customer/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        businessId: owner.businessId,
        serviceId: wash._id,
        answer: { option: 'SUV' },
        address: '12, New York, NY 10001, USA',
        date,
        time,
        firstName,
        lastName,
        customerEmail: `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`,
        phoneNumber: '+1 5551234567',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    totals.push(((await res.json()) as { totalQuote: number }).totalQuote);
  }

  await openAs(page, owner, '/dashboard');
  await expect(await statValue(page, "Today's Bookings")).toHaveText('2');
  await expect(await statValue(page, 'Pending Approvals')).toHaveText('2');
  await screenshot(page, 'dashboard-overview-before');

  await page.getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { name: 'Bookings Management' })).toBeVisible();
  const ann = page.getByRole('article', { name: 'Basic Wash for Ann One' });
  const ben = page.getByRole('article', { name: 'Basic Wash for Ben Two' });
  await ann.getByRole('button', { name: 'Approve' }).click();
  await expect(ann.getByText(/approved/i)).toBeVisible();
  await expect(ann.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await ben.getByRole('button', { name: 'Decline' }).click();
  // A Decline is confirmed, with an optional reason for the customer's mail.
  await page
    .getByRole('dialog', { name: 'Decline this booking?' })
    .getByRole('button', { name: 'Decline booking' })
    .click();
  await expect(ben.getByText(/declined/i)).toBeVisible();
  await expect(page.getByText('Booking declined. Ben will be e-mailed in 10 seconds.')).toBeVisible();
  await expect(ben.getByRole('button', { name: 'Decline' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('button', { name: 'Approved', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(ann).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await screenshot(page, 'dashboard-bookings');

  await page.getByRole('link', { name: 'My Dashboard' }).click();
  await expect(await statValue(page, 'Pending Approvals')).toHaveText('0');
  await expect(await statValue(page, "Today's Bookings")).toHaveText('2');
  const revenue = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(totals[0]!);
  await expect(await statValue(page, "Today's Revenue")).toHaveText(revenue);
  await screenshot(page, 'dashboard-overview-after');
});
