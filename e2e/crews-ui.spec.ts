/**
 * The owner's crews (issue 25) in Chromium: Settings > Crews lists them and adds one through
 * its dialog; with two or more crews the calendar's day view has a column per crew, a drop on
 * another crew's column asks the server to give the job to that crew, and today's agenda names
 * each job's crew. At 1280 px and on a 375 px phone; screenshots go to e2e/artifacts/crews-*.png.
 *
 * Today's jobs are written straight into the server's SQLite file with their crews (as
 * owner-day-phone.spec.ts writes its own), in a zone where it is about 06:00 now: booking through
 * the API would leave the crew to the server's assignment, which this suite is not about.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Crew, CrewsResponse } from '@slotwise/shared/api';
import { localToUtcMs, todayIn } from '@slotwise/shared/time-zone';
import { insertBookings } from '../scripts/insert-bookings.ts';
import { api, dataDir, expect, morningZone, type Owner, openAs, openEveryDay, signupOwner, test } from './fixtures.ts';
import { artifactsDir } from './paths.ts';

test.describe.configure({ mode: 'serial' });

let owner: Owner;
let main: Crew;
let truck: Crew;
const B = '/api/business-dashboard';

/** Scrolls the calendar's time grid to start at `hour`, where the day's jobs are. */
async function showFrom(page: Page, hour: number): Promise<void> {
  await page.locator('.rbc-time-content').evaluate((el, h) => {
    el.scrollTop = (el.scrollHeight * h) / 24;
  }, hour);
}

/** A picture of one part of the page, e2e/artifacts/crews-<name>.png. */
async function shoot(target: Page | Locator, name: string): Promise<void> {
  const path = join(artifactsDir, `crews-${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: false });
  else await target.screenshot({ path });
}

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Two Trucks Detailing' });
  const timeZone = morningZone();
  await api('PUT', `${B}/settings/time-zone`, { timeZone }, owner.token);
  await openEveryDay(owner.token, '06:00', '22:00');
  const wash = await api<{ _id: string }>(
    'POST',
    `${B}/service/add`,
    { serviceName: 'Quick Wash', duration: 60, price: 60 },
    owner.token,
  );
  await api('POST', `${B}/service/add`, { serviceName: 'Ceramic Coat', duration: 60, price: 380 }, owner.token);
  const { crews } = await api<CrewsResponse>('GET', `${B}/crews`, undefined, owner.token);
  main = crews[0]!;
  const [start] = await api<{ description: string }[]>(
    'GET',
    `/api/business/places?input=${encodeURIComponent('500 E 5th St, 78701')}`,
  );
  truck = await api<Crew>(
    'POST',
    `${B}/crews`,
    {
      name: 'Truck 2',
      color: '#7e22ce',
      hours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
        day,
        startTime: '07:00',
        endTime: '18:00',
      })),
      startAddress: start?.description ?? null,
      serviceIds: [wash._id],
    },
    owner.token,
  );
  await api('POST', `${B}/crews`, { name: 'Old van', color: '#c2410c', active: false }, owner.token);

  const day = todayIn(timeZone);
  const now = Date.now();
  const job = (firstName: string, service: string, hour: number, crewId: string | null) => {
    const startTime = `${String(hour).padStart(2, '0')}:00`;
    const startMs = localToUtcMs(day, startTime, timeZone);
    return {
      id: randomUUID(),
      business_id: owner.businessId,
      service_id: null,
      service_name: service,
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
      status: 'approved',
      day,
      start_time: startTime,
      end_time: `${String(hour + 1).padStart(2, '0')}:00`,
      start_ms: startMs,
      end_ms: startMs + 3_600_000,
      created_at: now,
      updated_at: now,
      crew_id: crewId,
    };
  };
  await insertBookings(dataDir(), [
    job('Dana', 'Full Detail', 10, main._id),
    job('Sam', 'Wash', 10, truck._id),
    // Written before crews: drawn with the first crew.
    job('Lee', 'Full Detail', 13, null),
    job('Kim', 'Wash', 15, truck._id),
  ]);
});

test.describe('at 1280 px', () => {
  test('Settings > Crews lists the crews and adds one through its dialog', async ({ page }) => {
    await openAs(page, owner, '/dashboard/settings#crews');
    const section = page.locator('section#crews');
    const list = section.getByRole('list', { name: 'Your crews' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const truckRow = list.getByRole('listitem').filter({ hasText: 'Truck 2' });
    await expect(truckRow).toContainText('Quick Wash');
    await expect(truckRow).toContainText('Own hours');
    await expect(truckRow).toContainText('500 E 5th St');
    await expect(list.getByRole('listitem').filter({ hasText: 'Old van' })).toContainText('Paused');
    await section.scrollIntoViewIfNeeded();
    await shoot(section, 'settings-1280');

    await section.getByRole('button', { name: 'Add crew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a crew' });
    await dialog.getByLabel('Name').fill('Van 3');
    await dialog.getByRole('radio', { name: 'Own hours' }).check();
    await expect(dialog.getByLabel('Monday start time')).toHaveValue('06:00');
    await dialog.getByRole('radio', { name: 'Only some services' }).check();
    await dialog.getByRole('checkbox', { name: 'Ceramic Coat' }).check();
    await shoot(page, 'settings-add-1280');
    await dialog.getByRole('button', { name: 'Add crew' }).click();
    await expect(page.getByText('Crew "Van 3" added.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem').filter({ hasText: 'Van 3' })).toContainText('Ceramic Coat');
  });

  test('the day view has a column per crew; a drop on another column asks to give the job to that crew', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await openAs(page, owner, '/dashboard/calendar?view=day');
    const headers = page.locator('.rbc-time-header .cal-crew-header');
    await expect(headers).toHaveText(['Main crew', 'Truck 2', 'Van 3']);
    const columns = page.locator('.rbc-time-content > .rbc-day-slot');
    await expect(columns.nth(0).locator('.rbc-event', { hasText: 'Dana Customer' })).toBeVisible();
    await expect(columns.nth(0).locator('.rbc-event', { hasText: 'Lee Customer' })).toBeVisible();
    await showFrom(page, 9);
    await expect(columns.nth(1).locator('.rbc-event', { hasText: 'Sam Customer' })).toBeVisible();
    await shoot(page, 'day-1280');

    // Dana's job, dragged from the first column to the second at the same time.
    const dana = columns.nth(0).locator('.rbc-event', { hasText: 'Dana Customer' });
    const from = await dana.boundingBox();
    const target = await columns.nth(2).boundingBox();
    if (!from || !target) throw new Error('The day view is not laid out.');
    const request = page.waitForRequest((r) => r.url().endsWith('/booking/reschedule') && r.method() === 'PUT');
    await page.mouse.move(from.x + from.width / 2, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 12, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, from.y + 10, { steps: 12 });
    await page.mouse.up();
    const body = (await request).postDataJSON() as { crewId?: string; newTime: { startTime: string } };
    expect(body.crewId).toBeTruthy();
    expect(body.crewId).not.toBe(main._id);
    expect(body.newTime.startTime).toBe('10:00');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await showFrom(page, 9);
    await expect(page.locator('.rbc-event.cal-event--crew').first()).toBeVisible();
    await shoot(page, 'week-1280');
    await page.getByRole('group', { name: 'Show crews' }).getByRole('button', { name: 'Truck 2' }).click();
    await expect(page.locator('.rbc-event', { hasText: 'Lee Customer' })).toHaveCount(0);
    await expect(page.locator('.rbc-event', { hasText: 'Sam Customer' })).toBeVisible();
    await shoot(page, 'week-truck-1280');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("today's agenda names each job's crew, and the day view has a column per crew", async ({ page }) => {
    await openAs(page, owner, '/dashboard');
    const sam = page.getByRole('article', { name: 'Wash for Sam Customer' });
    await expect(sam.locator('.crew-chip')).toHaveText('Crew: Truck 2');
    await expect(page.getByRole('article', { name: 'Full Detail for Lee Customer' }).locator('.crew-chip')).toHaveText(
      'Crew: Main crew',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await shoot(page, 'agenda-375');

    await page.goto('/dashboard/calendar?view=day');
    const headers = page.locator('.rbc-time-header .cal-crew-header');
    await expect(headers).toHaveCount(3);
    // Every crew's column on the screen, none scrolled off to the side.
    const last = await headers.nth(2).boundingBox();
    expect((last?.x ?? 999) + (last?.width ?? 0)).toBeLessThanOrEqual(375);
    await showFrom(page, 9);
    await shoot(page, 'day-375');

    await page.goto('/dashboard/settings#crews');
    const section = page.locator('section#crews');
    await expect(section.getByRole('list', { name: 'Your crews' }).getByRole('listitem')).toHaveCount(4);
    await shoot(section, 'settings-375');
    await section.getByRole('listitem').filter({ hasText: 'Truck 2' }).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Truck 2' })).toBeVisible();
    await shoot(page, 'settings-edit-375');
  });
});
