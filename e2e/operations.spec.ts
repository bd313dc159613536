/**
 * Issue 8 in Chromium, through the widget on /demo: a mobile detailer in Beverly
 * Hills (90210) with two jobs in distant places (Santa Monica 10:00, Oxnard 16:00)
 * turns on "I travel to my customers", and a customer in Beverly Hills sees the
 * free times between the jobs shrink to those the owner can drive to and from;
 * with a 25-mile service area, an address in Ontario (45.3 miles) is refused on
 * the address step, before any time is offered.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { api, baseURL, expect, type Owner, openAs, pickDay, screenshot, signupOwner, test } from './fixtures.ts';

const SERVICE = 'Exterior Wash & Wax';
const OUTSIDE = 'We only serve addresses within 25 miles; this one is 45.3 miles away.';

/** A Wednesday at least five days ahead in Los Angeles (open 10:00-19:00 by default). */
function nextWednesday(): string {
  const d = new Date(Date.now() + 5 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DAY = nextWednesday();
const OTHER_DAY = new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function place(search: string): Promise<string> {
  const [first] = await api<{ description: string }[]>('GET', `/api/business/places?input=${search}`);
  if (!first) throw new Error(`no suggestion for ${search}`);
  return first.description;
}

async function operations(owner: Owner, over: Record<string, unknown>) {
  await api(
    'PUT',
    '/api/business-dashboard/settings/operations',
    {
      travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
      ...over,
    },
    owner.token,
  );
}

/** A job booked as a customer would, through the public API. */
async function bookJob(owner: Owner, serviceId: string, time: string, address: string, firstName: string) {
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId,
      answer: { option: 'Sedan / Coupe' },
      address,
      date: DAY,
      time,
      firstName,
      lastName: 'Customer',
      customerEmail: `${firstName.toLowerCase()}@example.com`,
      phoneNumber: '+1 5551230000',
    }),
  });
  if (res.status !== 201) throw new Error(`booking ${time} failed: ${res.status} ${await res.text()}`);
}

async function openWidget(page: Page, owner: Owner): Promise<Locator> {
  await page.goto(`/demo?businessId=${owner.businessId}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(SERVICE) }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('What size is your vehicle?').selectOption('Sedan / Coupe');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your address' })).toBeVisible();
  return dialog;
}

async function enterAddress(dialog: Locator, zip: string, description: string) {
  await dialog.getByRole('combobox', { name: 'Street address' }).fill(`1 Main St, ${zip}`);
  // The street line typed is kept before the place found for the ZIP code.
  await dialog.getByRole('option', { name: `1 Main St, ${description}` }).click();
  await dialog.getByRole('button', { name: 'Get my quote' }).click();
}

/** A slot button's "1:30 PM" as the HH:MM the API speaks ("13:30"), so times compare in order. */
function hhmm(shown: string): string {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(shown);
  if (!m) throw new Error(`Not a 12-hour time: ${shown}`);
  const h = (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

/** The times a slot grid offers as free, HH:MM. */
async function freeTimes(dialog: Locator): Promise<string[]> {
  const grid = dialog.getByRole('group', { name: 'Available times' });
  await expect(grid.getByRole('button').first()).toBeVisible();
  const times: string[] = [];
  for (const button of await grid.getByRole('button').all()) {
    // The name is the business's time; the text may add the customer's own, aria-hidden (docs/widget.md).
    if (await button.isEnabled())
      times.push(
        hhmm(
          await button.evaluate((b) =>
            [...b.childNodes]
              .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
              .map((n) => n.textContent)
              .join('')
              .trim(),
          ),
        ),
      );
  }
  return times;
}

async function showDay(dialog: Locator, day: string) {
  await pickDay(dialog, day);
  await expect(dialog.getByRole('group', { name: 'Available times' }).getByRole('button').first()).toBeVisible();
}

let owner: Owner;
let serviceId: string;
let beverlyHills: string;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Roaming Shine', addressSearch: '90210' });
  const { services } = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  const wash = services.find((s) => s.serviceName === SERVICE);
  if (!wash) throw new Error(`the car-detailing template has no "${SERVICE}"`);
  serviceId = wash._id;
  beverlyHills = await place('90210');
  // Two jobs far apart, booked while travel is still off.
  await bookJob(owner, serviceId, '10:00', `5 Ocean Ave, ${await place('90401')}`, 'Santa');
  await bookJob(owner, serviceId, '16:00', `9 Harbor Blvd, ${await place('93030')}`, 'Oxnard');
});

test('a travelling detailer: the free times between two distant jobs shrink to the drivable ones', async ({ page }) => {
  await operations(owner, {});
  const dialog = await openWidget(page, owner);
  await enterAddress(dialog, '90210', beverlyHills);
  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Choose a time' }).click();
  await showDay(dialog, DAY);
  const between = (times: string[]) => times.filter((t) => t >= '11:00' && t < '16:00');
  expect(between(await freeTimes(dialog))).toEqual([
    '11:00',
    '11:30',
    '12:00',
    '12:30',
    '13:00',
    '13:30',
    '14:00',
    '14:30',
    '15:00',
  ]);

  // The owner turns on "I travel to my customers" at 30 mph; the customer looks at the day again.
  await operations(owner, { travel: { enabled: true, speedMph: 30, bufferMinutes: 0 } });
  await showDay(dialog, OTHER_DAY);
  await showDay(dialog, DAY);
  // 14 minutes from Santa Monica, 90 minutes on to Oxnard.
  await expect(dialog.getByRole('button', { name: '11:00 AM', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: '2:00 PM', exact: true })).toBeDisabled();
  expect(between(await freeTimes(dialog))).toEqual(['11:30', '12:00', '12:30', '13:00', '13:30']);
  // After Oxnard there is no hour left once the drive back is counted.
  expect((await freeTimes(dialog)).filter((t) => t >= '16:00')).toEqual([]);
  await screenshot(page, 'operations-travel-slots');

  // The customer books one of the drivable times.
  await dialog.getByRole('button', { name: '12:00 PM', exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('First name').fill('Bev');
  await dialog.getByLabel('Last name').fill('Hills');
  await dialog.getByLabel('Email').fill('bev@example.com');
  await dialog.getByLabel('Phone number').fill('310 555 0199');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog.getByRole('heading', { name: 'Booking received' })).toBeVisible();
});

test("the owner's calendar draws the drives between the day's jobs as travel blocks", async ({ page }) => {
  await operations(owner, { travel: { enabled: true, speedMph: 30, bufferMinutes: 0 } });
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${DAY}`);
  await expect(page.getByText(/Oxnard Customer/)).toBeVisible();
  const drives = page.locator('.rbc-background-event');
  // From the business address to Santa Monica, on to Beverly Hills (booked above), then to Oxnard.
  await expect(drives).toHaveCount(3);
  await expect(drives.filter({ hasText: 'Travel · 14 min' })).toHaveCount(2);
  await expect(drives.filter({ hasText: 'Travel · 90 min' })).toContainText('1:00 PM – 2:30 PM');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Travel');
  await screenshot(page, 'operations-travel-blocks');
});

test('an address outside the service area is refused on the address step', async ({ page }) => {
  await operations(owner, { maxDistanceMiles: 25 });
  const dialog = await openWidget(page, owner);
  const ontario = await place('91761');
  await enterAddress(dialog, '91761', ontario);
  await expect(dialog.getByRole('alert')).toHaveText(OUTSIDE);
  await expect(dialog.getByRole('heading', { name: 'Your address' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Pick a date and time' })).toHaveCount(0);
  await screenshot(page, 'operations-service-area');

  // A nearby address passes the same step.
  await dialog.getByRole('combobox', { name: 'Street address' }).fill('2 Elm Dr, 90210');
  await dialog.getByRole('option', { name: `2 Elm Dr, ${beverlyHills}` }).click();
  await dialog.getByRole('button', { name: 'Get my quote' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
});
