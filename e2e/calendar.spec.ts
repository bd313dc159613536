/**
 * Issue 4's calendar in Chromium against the real server: drag a booking to a free slot
 * (it stays there after a reload), drag it onto another booking (it snaps back and an
 * alert gives the server's reason), select a range and block it as Lunch Break, and
 * switch to the month view; and the calendar's chunk starts loading as the owner points at
 * the top bar's Calendar link. The browser runs in New York, the business in Los Angeles,
 * so every time checked here also checks the time-zone handling.
 */
import type { Page } from '@playwright/test';
import { todayIn, zoneLabel } from '@slotwise/shared/time-zone';
import { api, baseURL, expect, firstAnswers, type Owner, openAs, screenshot, signupOwner, test } from './fixtures.ts';

interface Booked {
  bookingId: string;
}
interface Blocked {
  title: string;
  reason: string;
  startTime: string;
  endTime: string;
}
interface BookingJson {
  _id: string;
  bookingTime: { day: string; startTime: string; endTime: string };
}

/** "2026-12-07" plus n days. */
function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday after today, as the business's calendar reads it. */
function nextMonday(timeZone: string): string {
  const today = todayIn(timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return plusDays(today, 7 - weekday);
}

/** The 30-minute row of a day column (0 = Monday) at HH:MM. */
function slot(page: Page, column: number, hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return page
    .locator('.rbc-time-content > .rbc-day-slot')
    .nth(column)
    .locator('.rbc-time-slot')
    .nth(h * 2 + m / 30);
}

/** Waits until the hours and the range's events are in (the grid scrolls to opening when the hours arrive). */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('.cal-frame')).toHaveAttribute('aria-busy', 'false');
}

function calendarEvent(page: Page, title: string) {
  return page.locator('.rbc-calendar .rbc-event', { hasText: title });
}

/** Drags an event by its top edge so that its start lands on the row at HH:MM. */
async function drag(page: Page, title: string, column: number, hhmm: string): Promise<void> {
  const target = slot(page, column, hhmm);
  await target.scrollIntoViewIfNeeded();
  const from = await calendarEvent(page, title).boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error(`Cannot see "${title}" or the ${hhmm} row to drag between them.`);
  await page.mouse.move(from.x + 20, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + 25, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + 20, to.y + 6, { steps: 15 });
  await page.mouse.up();
}

test.describe.configure({ mode: 'serial' });

let owner: Owner;
let timeZone: string;
let monday: string;
let first: string;
let second: string;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Calendar Detailing' });
  ({ timeZone } = await api<{ timeZone: string }>('GET', '/api/onboarding/profile', undefined, owner.token));
  const service = await api<{ _id: string }>(
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Full Detail', duration: 60, price: 150 },
    owner.token,
  );
  const answers = await firstAnswers(owner);
  monday = nextMonday(timeZone);
  const book = async (day: string, time: string, firstName: string) =>
    (
      await fetch(`${baseURL()}/api/customer/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          businessId: owner.businessId,
          serviceId: service._id,
          answers,
          address: owner.address,
          date: day,
          time,
          firstName,
          lastName: 'Customer',
          customerEmail: `${firstName.toLowerCase()}@example.com`,
          phoneNumber: '+1 5551234567',
        }),
      }).then(async (res) => {
        if (!res.ok) throw new Error(`Booking ${day} ${time} answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as Booked;
      })
    ).bookingId;
  first = await book(monday, '10:00', 'Dana');
  second = await book(plusDays(monday, 1), '11:00', 'Sam');
});

test('the top bar loads the calendar as the owner points at its link, before the click', async ({ page }) => {
  await openAs(page, owner, '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav).toBeVisible();
  const chunk = page.waitForRequest((req) => /\/assets\/calendar-page-[\w-]+\.js$/.test(req.url()));
  await nav.getByRole('link', { name: 'Calendar' }).hover();
  await chunk;
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await loaded(page);
});

test('an owner drags bookings, blocks a lunch break and switches to the month view', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await openAs(page, owner, `/dashboard/calendar?date=${monday}`);
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByText(`Times in ${zoneLabel(timeZone)}.`)).toBeVisible();
  const dana = calendarEvent(page, 'Full Detail · Dana Customer');
  await loaded(page);
  await expect(dana).toContainText('10:00 AM – 11:00 AM');
  await expect(page.getByRole('button', { name: 'Week' })).toHaveClass(/rbc-active/);
  await expect(page.locator('.rbc-time-header .rbc-header').first()).toContainText('Mon');
  await screenshot(page, 'calendar-01-week');

  // 1. To a free slot: Wednesday 14:00.
  await drag(page, 'Full Detail · Dana Customer', 2, '14:00');
  await expect(dana).toContainText('2:00 PM – 3:00 PM');
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await page.reload();
  await loaded(page);
  await expect(dana).toContainText('2:00 PM – 3:00 PM');
  await expect(page.locator('.rbc-time-content > .rbc-day-slot').nth(2).locator('.rbc-event')).toContainText(
    'Dana Customer',
  );
  const { bookings } = await api<{ bookings: BookingJson[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${monday}&to=${plusDays(monday, 6)}`,
    undefined,
    owner.token,
  );
  expect(bookings.find((b) => b._id === first)?.bookingTime).toEqual({
    day: plusDays(monday, 2),
    startTime: '14:00',
    endTime: '15:00',
  });
  await screenshot(page, 'calendar-02-moved');

  // 2. Onto Sam's booking, Tuesday 11:00: refused, back where it was, with the server's reason.
  await loaded(page);
  await drag(page, 'Full Detail · Dana Customer', 1, '11:00');
  // The reason comes as a message at the foot of the screen (components/toaster.tsx), not a blocking alert.
  await expect(page.getByText(/That time overlaps/)).toBeVisible();
  await expect(dana).toContainText('2:00 PM – 3:00 PM');
  await expect(page.locator('.rbc-time-content > .rbc-day-slot').nth(2).locator('.rbc-event')).toContainText(
    'Dana Customer',
  );
  const after = await api<{ bookings: BookingJson[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${monday}&to=${plusDays(monday, 6)}`,
    undefined,
    owner.token,
  );
  expect(after.bookings.find((b) => b._id === first)?.bookingTime.startTime).toBe('14:00');
  expect(after.bookings.find((b) => b._id === second)?.bookingTime.startTime).toBe('11:00');

  // 3. Select Thursday 13:00-14:00 and block it as Lunch Break.
  const from = slot(page, 3, '13:00');
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await slot(page, 3, '13:30').boundingBox();
  if (!a || !b) throw new Error('Cannot see the Thursday 13:00 rows.');
  await page.mouse.move(a.x + 30, a.y + 5);
  await page.mouse.down();
  await page.mouse.move(b.x + 30, b.y + 20, { steps: 10 });
  await page.mouse.up();
  // The free time is for a booking or a blocked time (the owner's own booking: e2e/owner-booking.spec.ts).
  const choice = page.getByRole('dialog', { name: 'This time' });
  await expect(choice.getByRole('link', { name: 'New booking' })).toBeVisible();
  await choice.getByRole('button', { name: 'Block time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Time Slot' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Start Time')).toHaveValue('13:00');
  await expect(dialog.getByLabel('End Time')).toHaveValue('14:00');
  await dialog.getByLabel('Reason').selectOption({ label: 'Lunch Break' });
  await screenshot(page, 'calendar-03-block-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const lunch = calendarEvent(page, 'Lunch Break');
  await expect(lunch).toContainText('1:00 PM – 2:00 PM');
  const blocked = await api<Blocked[]>(
    'GET',
    `/api/business-dashboard/blocked-times?from=${monday}&to=${plusDays(monday, 6)}`,
    undefined,
    owner.token,
  );
  expect(blocked).toHaveLength(1);
  expect(blocked[0]).toMatchObject({ reason: 'lunch', title: 'Blocked Time' });
  // 13:00 on the wall in the business's zone, whatever the browser's (New York here).
  const wall = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  expect(wall.format(new Date(blocked[0]!.startTime))).toBe('13:00');
  expect(wall.format(new Date(blocked[0]!.endTime))).toBe('14:00');
  await screenshot(page, 'calendar-04-blocked');

  // 4. The month view.
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(page.locator('.rbc-month-view')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Month' })).toHaveClass(/rbc-active/);
  await expect(page.locator('.rbc-month-header .rbc-header').first()).toHaveText('Mon');
  await expect(page).toHaveURL(/view=month/);
  await expect(page.locator('.rbc-month-view')).toContainText('Dana Customer');
  await expect(page.locator('.rbc-month-view')).toContainText('Lunch Break');
  await screenshot(page, 'calendar-05-month');
  // A refusal is a message on the page, never a native dialog.
  expect(dialogs).toEqual([]);
});
