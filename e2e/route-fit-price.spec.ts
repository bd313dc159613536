/**
 * Price by route fit (issue 45, item 1; docs/decisions/055): the owner charges $2 a mile and, in
 * Settings, gives customers all of a nearby slot's saving. A job is booked on a Santa Monica street;
 * a neighbour on that street sees the times after it cheaper ("we're nearby, $X less") than the
 * same times on another day, books one, and the booking stored is the price shown.
 */
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  baseURL,
  bookAsCustomer,
  expect,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  ownerWebsite,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

let owner: Owner;
let host: Awaited<ReturnType<typeof ownerWebsite>>;
let serviceId: string;
/** The booked job's day, and a day with nothing booked. */
const DAY = laDay(3);
const OTHER_DAY = laDay(4);

test.describe.configure({ mode: 'serial' });
// The customers are local: the times alone, in the widget's grid of times.
test.use({ timezoneId: 'America/Los_Angeles' });

/** The first suggestion for a typed address, as the widget offers it. */
async function suggestion(typed: string): Promise<string> {
  const found = await api<{ description: string }[]>('GET', `/api/business/places?input=${encodeURIComponent(typed)}`);
  if (!found[0]) throw new Error(`no suggestion for ${typed}`);
  return found[0].description;
}

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Route Fit Detailing' });
  await openEveryDay(owner.token, '08:00', '20:00');
  const business = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    `/api/customer/business/${owner.businessId}`,
  );
  serviceId = business.services[0]!._id;
  host = await ownerWebsite(
    () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Route Fit Detailing</title><link rel="icon" href="data:,"></head>
<body><h1>Route Fit Detailing</h1>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script></body></html>`,
  );
});

test.afterAll(() => host.close());

test('the owner shares all of a nearby saving, in Settings with the price per mile', async ({ page }) => {
  await openAs(page, owner, '/dashboard/services');
  const section = page.getByRole('region', { name: 'Distance Pricing' });
  await section.getByRole('switch', { name: 'Charge for distance' }).check();
  await section.getByLabel('Price per Mile ($)').fill('2');
  await section.getByLabel('Nearby discount: share of the saving to the customer').selectOption('all');
  await section.getByLabel('Lowest travel charge ($)').fill('1');
  await section.getByRole('button', { name: 'Save Distance Pricing' }).click();
  await expect(page.getByText('Distance pricing updated successfully')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'route-fit-settings-1280', { fullPage: false });
  await expectNoSeriousA11yViolations(page, 'Services, nearby discount, 1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await section.getByLabel('Nearby discount: share of the saving to the customer').scrollIntoViewIfNeeded();
  await screenshot(page, 'route-fit-settings-375', { fullPage: false });
  const saved = await api('GET', '/api/business-dashboard/settings/distance-pricing', undefined, owner.token);
  expect(saved).toEqual({ chargeForDistance: true, pricePerMile: 2, nearbyShare: 'all', nearbyFloor: 1 });
});

test('a neighbour sees the times after a job on their street cheaper, books one, and pays what was shown', async ({
  page,
}) => {
  // The first customer on the street, booked at 10:00 (through the API, as the widget sends it).
  const booked = await suggestion('5 Ocean Ave, Santa Monica');
  await bookAsCustomer(owner, serviceId, { address: booked, date: DAY, time: '10:00' });

  await page.goto(host.origin);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Route Fit Detailing' });
  await dialog.getByRole('radio').first().click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'A few questions' })).toBeVisible();
  await dialog.getByRole('combobox').first().selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Next' }).click();
  const box = dialog.getByRole('combobox', { name: 'Street address' });
  await box.pressSequentially('9 Ocean Ave, Santa Monica');
  await dialog.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Get my quote' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  const total = (await dialog.locator('tfoot td').textContent()) ?? '';
  const quoteTotal = Number(total.replace(/[$,]/g, ''));
  const distanceLine = dialog.getByRole('row', { name: /Distance/ });
  const travel = Number(((await distanceLine.locator('td').textContent()) ?? '').replace(/[$,]/g, ''));
  expect(travel).toBeGreaterThan(5);
  await dialog.getByRole('button', { name: 'Choose a time' }).click();
  await expect(dialog.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();

  // Another day, nothing booked: every time costs the quote.
  await pickDay(dialog, OTHER_DAY);
  await expect(dialog.locator('.sw-slot:not([aria-disabled="true"])').first()).toBeVisible();
  await expect(dialog.locator('.sw-near')).toHaveCount(0);

  // The job's day: the times after the job on the street cost the quote less the drive, down to the $1 floor.
  await pickDay(dialog, DAY);
  const near = dialog.locator('.sw-slot:has(.sw-near)').first();
  await expect(near).toBeVisible();
  const saving = Math.round((travel - 1) * 100) / 100;
  await expect(near.locator('.sw-near')).toHaveText(`we're nearby, $${saving.toFixed(2)} less`);
  // The list in view: the nearby time among the others.
  await dialog.locator('.sw-label').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'route-fit-slots-1280', { fullPage: false });
  await expectNoSeriousA11yViolations(page, 'Widget, times with a nearby saving, 1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await dialog.locator('.sw-label').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'route-fit-slots-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await near.click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your details' })).toBeVisible();
  const shown = Math.round((quoteTotal - saving) * 100) / 100;
  await expect(dialog.locator('.sw-summary')).toContainText(`$${shown.toFixed(2)} (we're nearby)`);
  await dialog.getByLabel('First name').fill('Nia');
  await dialog.getByLabel('Last name').fill('Neighbour');
  await dialog.getByLabel('Email').fill('nia.neighbour@example.com');
  await dialog.getByLabel('Phone number').fill('310 555 0142');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog.getByRole('heading', { name: /Booking received|You're booked/ })).toBeVisible();

  // The booking stored is the price shown, its travel line saying why.
  const { bookings } = await api<{ bookings: { firstName: string; totalQuote: number }[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${DAY}&to=${DAY}`,
    undefined,
    owner.token,
  );
  expect(bookings.find((b) => b.firstName === 'Nia')?.totalQuote).toBe(shown);
  expect(shown).toBeLessThan(quoteTotal);
});
