/**
 * The owner enters a booking (issue 42, item 3; docs/product.md#bookings-you-enter), on a 375 px
 * phone and a 1280 px screen: a customer phones, the owner drags across an empty hour of the
 * calendar, picks New booking, enters the new client, answers, address and a changed price with its
 * reason, and saves; the booking is approved at once, and the widget's slots no longer offer that
 * time. Then the overview's "+ New booking" opens the same page, and its form is walked by keyboard.
 * Screenshots: e2e/artifacts/owner-booking-*.png.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  baseURL,
  expect,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

const B = '/api/business-dashboard';

interface Slot {
  time: string;
  available: boolean;
}

/** The times the widget and the booking page offer for the first service that day. */
async function offered(owner: Owner, serviceId: string, day: string): Promise<string[]> {
  const res = await fetch(
    `${baseURL()}/api/customer/get-available-slots?${new URLSearchParams({ businessId: owner.businessId, date: day, serviceId })}`,
  );
  expect(res.status).toBe(200);
  const { slots } = (await res.json()) as { slots: Slot[] };
  return slots.filter((s) => s.available).map((s) => s.time);
}

/** The 30-minute row of the day view's (only) column at HH:MM. */
function row(page: Page, hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return page
    .locator('.rbc-time-content > .rbc-day-slot')
    .first()
    .locator('.rbc-time-slot')
    .nth(h * 2 + m / 30);
}

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the owner books a phone-in customer from an empty calendar slot, and the widget no longer offers it', async ({
      page,
    }) => {
      const owner = await signupOwner({ businessName: `Phone Desk ${width}` });
      await openEveryDay(owner.token, '08:00', '18:00');
      const { services } = await api<{ services: { _id: string; serviceName: string }[] }>(
        'GET',
        `${B}/services`,
        undefined,
        owner.token,
      );
      const service = services[0]!;
      const day = laDay(2);
      expect(await offered(owner, service._id, day)).toContain('10:00');

      // 1. The calendar's day, 10:00 to 11:00 dragged across.
      await openAs(page, owner, `/dashboard/calendar?view=day&date=${day}`);
      await expect(page.locator('.cal-frame')).toHaveAttribute('aria-busy', 'false');
      const from = row(page, '10:00');
      await from.scrollIntoViewIfNeeded();
      const a = await from.boundingBox();
      const b = await row(page, '10:30').boundingBox();
      if (!a || !b) throw new Error('Cannot see the 10:00 rows.');
      await page.mouse.move(a.x + 30, a.y + 5);
      await page.mouse.down();
      await page.mouse.move(b.x + 30, b.y + 20, { steps: 10 });
      await page.mouse.up();
      const choice = page.getByRole('dialog', { name: 'This time' });
      await expect(choice.getByRole('button', { name: 'Block time' })).toBeVisible();
      await screenshot(page, `owner-booking-choice-${width}`, { fullPage: false });
      await choice.getByRole('link', { name: 'New booking' }).click();

      // 2. The form, prefilled with the day and the start.
      await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/dashboard/bookings/new\\?date=${day}&time=10:00$`));
      await expect(page.getByLabel('Day', { exact: true })).toHaveValue(day);
      await expect(page.getByLabel('Start time')).toHaveValue('10:00');
      await page.getByRole('button', { name: 'New client' }).click();
      await page.getByLabel('First name').fill('Pat');
      await page.getByLabel('Last name').fill('Caller');
      await page.getByLabel('Phone', { exact: true }).fill('+1 512 555 0199');
      await expect(page.getByLabel('Service')).toHaveValue(service._id);
      // The detailing template's first question (the vehicle's size) answered with its first option.
      await page.getByLabel('What size is your vehicle?').selectOption({ index: 1 });
      const street = page.getByRole('combobox', { name: 'Address of the job' });
      await street.click();
      await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
      await page.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
      const lines = page.getByRole('list', { name: 'Price lines' });
      await expect(lines.getByText('Total')).toBeVisible();
      await expect(page.getByText(/outside your hours/)).toHaveCount(0);
      // The owner's price, with its reason.
      await page.getByRole('button', { name: 'Change price' }).click();
      await page.getByLabel('New total ($)').fill('99');
      await page.getByLabel('Reason').fill('Regular customer');
      await expect(page.getByRole('checkbox', { name: /E-mail the customer/ })).toBeDisabled();
      await screenshot(page, `owner-booking-form-${width}`);
      await page.getByRole('button', { name: 'Save booking' }).click();
      await expect(page.getByText(/^Booked: Pat Caller/)).toBeVisible();
      await expect(page.getByText('Nothing was sent to the customer.')).toBeVisible();
      await screenshot(page, `owner-booking-booked-${width}`, { fullPage: false });

      // 3. Approved at once, at the owner's price; its hour gone from the widget's times.
      const { bookings } = await api<{ bookings: { firstName: string; status: string; totalQuote: number }[] }>(
        'GET',
        `${B}/bookings?from=${day}&to=${day}`,
        undefined,
        owner.token,
      );
      expect(bookings).toEqual([expect.objectContaining({ firstName: 'Pat', status: 'approved', totalQuote: 99 })]);
      const after = await offered(owner, service._id, day);
      expect(after).not.toContain('10:00');
      expect(after).not.toContain('10:30');

      // 4. On the calendar where it was dragged.
      await page.getByRole('link', { name: 'Open the calendar' }).click();
      await page.goto(`/dashboard/calendar?view=day&date=${day}`);
      await expect(page.locator('.rbc-calendar .rbc-event', { hasText: 'Pat' })).toBeVisible();
    });

    test('"+ New booking" on My Dashboard opens the form, walked by keyboard alone, axe clean', async ({ page }) => {
      const owner = await signupOwner({ businessName: `Front Desk ${width}` });
      await openEveryDay(owner.token, '08:00', '18:00');
      await openAs(page, owner, '/dashboard');
      await expect(page.getByRole('link', { name: '+ New booking' })).toBeVisible();
      await screenshot(page, `owner-booking-overview-${width}`, { fullPage: false });
      await page.getByRole('link', { name: '+ New booking' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible();
      await expect(page.getByLabel('Find a client')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `New booking, ${width}`);
      // Keyboard alone: from the client search, Tab reaches "New client", Enter opens its fields.
      await page.getByLabel('Find a client').focus();
      await page.keyboard.type('Jo Keys');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'New client' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('First name')).toBeFocused();
      await expect(page.getByLabel('First name')).toHaveValue('Jo');
      await expect(page.getByLabel('Last name')).toHaveValue('Keys');
      await screenshot(page, `owner-booking-keyboard-${width}`);
    });
  });
}
