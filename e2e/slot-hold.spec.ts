/**
 * A time held while the customer finishes (docs/decisions/035), in Chromium against the real
 * server, on the hosted booking page at 375 px and 1280 px:
 * - customer A chooses 10:00 AM and is told it is held; customer B (a second browser context)
 *   chose it from a list loaded before, and is refused in place, the list refreshed, 10:00 AM taken;
 * - the hold lapses (the e2e server's holds last 15 s, SLOT_HOLD_SECONDS in global-setup.ts;
 *   the test waits on the slots answer, never on a timer), B is offered 10:00 AM again and books it;
 *   A's Confirm then meets the booking and goes back to the times, as any taken slot does;
 * - Back from the details lets the time go at once: the other customer is offered it.
 * - screenshots in e2e/artifacts/slot-hold-*.png.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import {
  api,
  expect,
  formToTimes,
  laDay,
  type Owner,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

// Each size waits out a hold (15 s): the two wait at once on two workers (beforeAll then seeds an owner per worker).
test.describe.configure({ mode: 'parallel' });

const BUSINESS = 'Hold Fast Detailing';
const HELD = 'Someone is booking this time. Pick another, or try again in a few minutes.';

let owner: Owner;
let slug: string;
let serviceId: string;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: BUSINESS });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
  const business = await api<{ services: { _id: string }[] }>('GET', `/api/customer/business/${owner.businessId}`);
  serviceId = business.services[0]!._id;
});

/** Whether the server offers 10:00 on `day` for the first service (what a customer's list would show). */
async function tenIsFree(day: string): Promise<boolean> {
  const { slots } = await api<{ slots: { time: string; available: boolean }[] }>(
    'GET',
    `/api/customer/get-available-slots?businessId=${owner.businessId}&date=${day}&serviceId=${serviceId}`,
  );
  return slots.some((s) => s.time === '10:00' && s.available);
}

/** A customer on the booking page, walked to the times of `day` (the first service, the first size). */
async function toTimes(page: Page, width: number, day: string): Promise<Locator> {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  await page.goto(`/book/${slug}`);
  await page.getByRole('link', { name: 'Book online' }).click();
  const form = page.getByRole('region', { name: BUSINESS });
  await formToTimes(page, form, day);
  await expect(ten(form)).toBeVisible();
  return form;
}

const ten = (form: Locator) => form.getByRole('button', { name: '10:00 AM', exact: true });

async function chooseTen(form: Locator): Promise<void> {
  await ten(form).click();
  await form.getByRole('button', { name: 'Continue' }).click();
}

async function fillDetails(form: Locator, first: string): Promise<void> {
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill('Customer');
  await form.getByLabel('Email').fill(`${first.toLowerCase()}@example.com`);
  await form.getByLabel('Phone number').fill('555 201 0002');
}

/** A second customer: a browser context of its own (its own storage, its own widget state). */
async function secondCustomer(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

// Before the two sizes: Playwright splits a parallel file's tests with a beforeAll into one run of consecutive
// tests per worker, so each size's wait for the hold to lapse falls on another worker.
test('Back from the details lets the time go at once (1280 px)', async ({ page, browser }) => {
  const day = laDay(6);
  const b = await secondCustomer(browser);
  try {
    const formA = await toTimes(page, 1280, day);
    await chooseTen(formA);
    await expect(formA.getByText("We're holding 10:00 AM for you for 1 minute.")).toBeVisible();
    expect(await tenIsFree(day)).toBe(false);
    await formA.getByRole('button', { name: 'Back' }).click();
    await expect(formA.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
    // Released, not lapsed: offered again well inside the hold's 15 s.
    await expect.poll(() => tenIsFree(day), { timeout: 5_000 }).toBe(true);
    const formB = await toTimes(b.page, 1280, day);
    await chooseTen(formB);
    await expect(formB.getByText("We're holding 10:00 AM for you for 1 minute.")).toBeVisible();
    await screenshot(b.page, 'slot-hold-after-back-1280');
  } finally {
    await b.close();
  }
});

for (const [width, days] of [
  [375, 3],
  [1280, 4],
] as const) {
  test(`a held time is refused to a second customer until it lapses, then offered again (${width} px)`, async ({
    page,
    browser,
  }) => {
    const day = laDay(days);
    const b = await secondCustomer(browser);
    try {
      // B's list is loaded first, while 10:00 AM is free.
      const formB = await toTimes(b.page, width, day);
      const formA = await toTimes(page, width, day);
      await chooseTen(formA);
      await expect(formA.getByRole('heading', { name: 'Your details' })).toBeVisible();
      await expect(formA.getByText("We're holding 10:00 AM for you for 1 minute.")).toBeVisible();
      await screenshot(page, `slot-hold-held-${width}`);

      // B chooses the time shown free a moment ago: refused in place, the list refreshed.
      await chooseTen(formB);
      await expect(formB.getByRole('alert')).toHaveText(HELD);
      await expect(formB.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
      await expect(ten(formB)).toHaveAttribute('aria-disabled', 'true');
      await screenshot(b.page, `slot-hold-refused-${width}`);

      // The hold lapses (15 s on this server): wait for the server to offer the time again.
      await expect.poll(() => tenIsFree(day), { timeout: 45_000, intervals: [1_000] }).toBe(true);
      // B looks at the day again: offered, held for B now, and booked.
      await pickDay(formB, laDay(days + 1));
      await pickDay(formB, day);
      await expect(ten(formB)).not.toHaveAttribute('aria-disabled', 'true');
      await chooseTen(formB);
      await expect(formB.getByText("We're holding 10:00 AM for you for 1 minute.")).toBeVisible();
      await fillDetails(formB, 'Bea');
      await formB.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(formB.getByRole('heading', { name: 'Booking received' })).toBeVisible();

      // A's hold lapsed before Confirm and the time is gone: back to the times, as any taken slot.
      await fillDetails(formA, 'Ann');
      await formA.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(formA.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
      await expect(formA.getByRole('alert')).toHaveText('That time was just booked. Please pick another slot.');
      await expect(ten(formA)).toHaveAttribute('aria-disabled', 'true');
      await screenshot(page, `slot-hold-lapsed-taken-${width}`);
    } finally {
      await b.close();
    }
  });
}
