/**
 * The owner's front door on a phone (issue "The owner's front door", items 8 and 9): Settings
 * is a list of its sections, each one tap away at an address of its own, with the list beside
 * the section on a desktop; the calendar's day view opens where the day is (now, or the first
 * job when that is later) with its header in the top third of the screen. Screenshots go to
 * e2e/artifacts/settings-phone-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { localToUtcMs, todayIn } from '@slotwise/shared/time-zone';
import { HOLD_MS } from '../dashboard/src/features/calendar/touch-drag.ts';
import { insertBookings } from '../scripts/insert-bookings.ts';
import { api, dataDir, expect, type Owner, openAs, screenshot, signupOwner, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
const SCREEN = { fullPage: false };

/** A fixed-offset zone where the wall clock reads `hour`:MM now, so times of "today" are known ahead. */
function zoneAt(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

let owner: Owner;
let serviceId: string;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Front Door Detailing' });
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  await api(
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: days.map((day) => ({ day, startTime: '06:00', endTime: '22:00' })) },
    owner.token,
  );
  serviceId = (
    await api<{ _id: string }>(
      'POST',
      '/api/business-dashboard/service/add',
      { serviceName: 'Mobile Detail', duration: 60, price: 120 },
      owner.token,
    )
  )._id;
});

/** A pending booking today at `hour`:00 in `timeZone`, written straight into the database. */
async function bookToday(timeZone: string, hour: number, firstName: string): Promise<void> {
  const day = todayIn(timeZone);
  const start = `${String(hour).padStart(2, '0')}:00`;
  const startMs = localToUtcMs(day, start, timeZone);
  const now = Date.now();
  await insertBookings(dataDir(), [
    {
      id: randomUUID(),
      business_id: owner.businessId,
      service_id: serviceId,
      service_name: 'Mobile Detail',
      duration_min: 60,
      first_name: firstName,
      last_name: 'Customer',
      customer_email: `${firstName.toLowerCase()}-${randomUUID()}@example.com`,
      phone_number: '+15125550123',
      car_body_type: null,
      customer_address: '500 E 5th St, Austin, TX 78701',
      customer_lat: null,
      customer_lng: null,
      miles: null,
      total_cents: 12_000,
      quote_lines: '[]',
      status: 'pending',
      day,
      start_time: start,
      end_time: `${String(hour + 1).padStart(2, '0')}:00`,
      start_ms: startMs,
      end_ms: startMs + 3_600_000,
      created_at: now,
      updated_at: now,
    },
  ]);
}

const settingsList = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

test.describe('Settings on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('is a list of sections; Business Hours is one tap away, at an address that survives a reload, and Back returns to the list', async ({
    page,
  }) => {
    await openAs(page, owner, '/dashboard/settings');
    const list = settingsList(page);
    await expect(list.getByRole('list', { name: 'Business' })).toBeVisible();
    for (const group of ['Bookings', 'Messages', 'Account and data'])
      await expect(list.getByRole('list', { name: group })).toBeAttached();
    // The list, not the 12,000 px page of every section: no section's form is here.
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
    await screenshot(page, 'settings-phone-list', SCREEN);

    await list.getByRole('link', { name: 'Business Hours' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/settings\/hours$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Business Hours' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Hours' })).toBeAttached();
    await expect(page.getByRole('switch', { name: 'Monday' })).toBeChecked();
    // The section alone under the page's heading: the list of sections is gone.
    await expect(list.getByRole('list', { name: 'Business' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await screenshot(page, 'settings-phone-hours', SCREEN);

    // Shareable: the address alone opens the section.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Business Hours' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Monday' })).toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(list.getByRole('link', { name: 'Business Hours' })).toBeVisible();

    // The way back on the page itself, for an owner who came from a link.
    await page.goto('/dashboard/settings/notifications');
    await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
    await page.getByRole('link', { name: 'All settings' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(list.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('an old link to a section (#calendars, as mails already sent carry) opens its page', async ({ page }) => {
    await openAs(page, owner, '/dashboard/settings#calendars');
    await expect(page).toHaveURL(/\/dashboard\/settings\/calendars$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Connected Calendars' })).toBeVisible();
  });
});

test.describe('Settings on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('keeps the list beside the section and switches sections from it', async ({ page }) => {
    await openAs(page, owner, '/dashboard/settings');
    await expect(page).toHaveURL(/\/dashboard\/settings\/address$/);
    const list = settingsList(page);
    await expect(list).toBeVisible();
    await expect(list.getByRole('link', { name: 'Business Address' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Business Address' })).toBeVisible();

    await list.getByRole('link', { name: 'Business Hours' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/hours$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Business Hours' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Business Hours' })).toHaveAttribute('aria-current', 'page');
    // Beside it, not above it.
    const side = await list.boundingBox();
    const section = await page.getByRole('heading', { level: 2, name: 'Business Hours' }).boundingBox();
    expect(side && section && side.x + side.width <= section.x).toBe(true);
    await expect(page.getByRole('link', { name: 'All settings' })).toBeHidden();
    await screenshot(page, 'settings-desktop-hours', SCREEN);

    await list.getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/notifications$/);
    await expect(page.getByRole('heading', { level: 3, name: 'Not delivered' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Business Hours' })).toHaveCount(0);
    await screenshot(page, 'settings-desktop-notifications', SCREEN);
  });
});

/** The part of `target` inside the calendar's scrolling grid, as the owner sees it (0: none). */
async function shownInGrid(page: Page, target: Locator): Promise<boolean> {
  const grid = await page.locator('.rbc-time-content').boundingBox();
  const box = await target.boundingBox();
  if (!grid || !box) return false;
  return box.y >= grid.y - 1 && box.y + Math.min(box.height, 20) <= grid.y + grid.height + 1;
}

test.describe("The calendar's day view on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('opens at the first job of the day when it is later than now, the header in the top third', async ({ page }) => {
    // About 06:00 here now; the day's only job at 15:00, nine hours on.
    const timeZone = zoneAt(6);
    await api('PUT', '/api/business-dashboard/settings/time-zone', { timeZone }, owner.token);
    await bookToday(timeZone, 15, 'Lee');
    await openAs(page, owner, '/dashboard/calendar');
    await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveClass(/rbc-active/);
    await expect(page.locator('.cal-frame')).toHaveAttribute('aria-busy', 'false');
    const lee = page.locator('.rbc-calendar .rbc-event', { hasText: 'Lee Customer' });
    await expect.poll(() => shownInGrid(page, lee)).toBe(true);
    await screenshot(page, 'settings-phone-calendar-first-job', SCREEN);

    // Everything above the time grid: page title, Block Time, the toolbar with the date and the view switch.
    const header = await page.locator('.rbc-time-view').boundingBox();
    expect(header?.y).toBeLessThanOrEqual(PHONE.height / 3);
  });

  test('moves a booking by touch: press and hold lifts it, then it follows the finger', async ({ page }) => {
    // About 06:00 here again: Lee at 15:00 is the day's first job, in view.
    const timeZone = zoneAt(6);
    await api('PUT', '/api/business-dashboard/settings/time-zone', { timeZone }, owner.token);
    await openAs(page, owner, '/dashboard/calendar');
    await expect(page.locator('.cal-frame')).toHaveAttribute('aria-busy', 'false');
    // The booking itself, not the copy that follows the finger once the drag begins.
    const lee = page.locator('.rbc-calendar .rbc-event:not(.rbc-addons-dnd-drag-preview)', { hasText: 'Lee Customer' });
    await expect.poll(() => shownInGrid(page, lee)).toBe(true);
    // The hint speaks of the finger, not of a mouse's drag.
    await expect(page.getByText('Press and hold a booking, then drag it to move it')).toBeVisible();
    await expect(page.getByText('Drag a booking to move it')).toBeHidden();

    const from = await lee.boundingBox();
    const row = page.locator('.rbc-time-content > .rbc-day-slot').first().locator('.rbc-time-slot');
    const to = await row.nth(16 * 2).boundingBox(); // 16:00
    if (!from || !to) throw new Error('Cannot see Lee or the 16:00 row.');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const x = from.x + 30;
    await touch('touchStart', x, from.y + 6);
    await expect(lee).toHaveClass(/rbc-addons-dnd-dragged-event/);
    // The finger holds still for the long press. That mark comes at once, before the press is felt:
    // the press is the calendar's own timer, set as the touch began (the dispatch above returns once
    // the page has handled it), so a timer set in the page after it, and due later, runs after it,
    // however busy the machine. Moving sooner would be a scroll, as it is for a person.
    await page.evaluate((ms) => new Promise((done) => setTimeout(done, ms)), HOLD_MS + 50);
    const scrolled = await page.locator('.rbc-time-content').evaluate((el) => el.scrollTop);
    for (let i = 1; i <= 8; i++) await touch('touchMove', x, from.y + 6 + ((to.y - from.y) * i) / 8);
    await touch('touchEnd', x, to.y + 6);
    await expect(page.locator('.toast', { hasText: /Booking moved to .* at 4:00 PM\./ })).toBeVisible();
    // The hours stayed put under the finger.
    expect(await page.locator('.rbc-time-content').evaluate((el) => el.scrollTop)).toBe(scrolled);
    await screenshot(page, 'settings-phone-calendar-touch-moved', SCREEN);
  });
  test('opens at the current time when the day’s jobs began earlier', async ({ page }) => {
    // About 14:00 here now, a job done at 09:00 (and the 15:00 one above, now late tonight).
    const timeZone = zoneAt(14);
    await api('PUT', '/api/business-dashboard/settings/time-zone', { timeZone }, owner.token);
    await bookToday(timeZone, 9, 'Sam');
    await openAs(page, owner, '/dashboard/calendar');
    await expect(page.locator('.cal-frame')).toHaveAttribute('aria-busy', 'false');
    const now = page.locator('.rbc-current-time-indicator');
    await expect.poll(() => shownInGrid(page, now)).toBe(true);
    await screenshot(page, 'settings-phone-calendar-now', SCREEN);
  });
});
