/**
 * The Insights page (issue 29, docs/decisions/029) in Chromium, at 1280 px and on phones: reached
 * from the top bar, or on a phone from the Account menu (it is not a sixth tab); the period in the
 * address and counted in the business's days; the map's ZIP codes as text; a table and a CSV.
 * The four insights calls answer fixed figures here (page.route): what the server counts is the
 * server's tests' to check, this is the page's journey.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays } from '@slotwise/shared/slots';
import { todayIn } from '@slotwise/shared/time-zone';
import { expect, type Owner, openAs, screenshot, signupOwner, test } from './fixtures.ts';

let owner: Owner;
test.beforeAll(async () => {
  // Austin: the business is on Central time, the browser on Eastern (playwright.config.ts).
  owner = await signupOwner({
    businessName: 'Insight Detailing',
    streetLine: '1100 Congress Ave',
    addressSearch: '78701',
  });
});

const zip = (
  code: string,
  place: string,
  lat: number,
  lng: number,
  miles: number,
  outsideArea: number,
  quoted = 0,
  booked = 0,
) => ({
  zip: code,
  place,
  lat,
  lng,
  miles,
  outsideArea,
  outsideAreaValue: outsideArea * 180,
  quoted,
  booked,
  notBooked: quoted - booked,
  notBookedValue: (quoted - booked) * 170,
});

/** Answers the four insights calls for whatever period the page asks, and notes the periods asked. */
async function answerInsights(page: Page): Promise<{ from: string; to: string }[]> {
  const asked: { from: string; to: string }[] = [];
  await page.route('**/api/business-dashboard/insights/**', async (route) => {
    const url = new URL(route.request().url());
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    asked.push({ from, to });
    const period = { from, to };
    if (url.pathname.endsWith('/funnel'))
      return route.fulfill({
        json: {
          ...period,
          totals: { opened: 120, quoted: 70, slot: 30, booked: 18 },
          sources: [{ kind: 'page', site: '', label: 'Booking page', opened: 120, quoted: 70, slot: 30, booked: 18 }],
          days: [{ day: to, opened: 120, quoted: 70, slot: 30, booked: 18 }],
        },
      });
    if (url.pathname.endsWith('/work')) {
      const today = to;
      const sunday = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
      return route.fulfill({
        json: {
          ...period,
          weeks: Array.from({ length: 17 }, (_, i) => ({
            weekStart: addDays(sunday, 7 * (i - 12)),
            bookedCount: 4,
            booked: 600,
            completedCount: i < 12 ? 4 : 0,
            completed: i < 12 ? 600 : 0,
            cancelledCount: 0,
            cancelled: 0,
          })),
          // From today to the chart's last Saturday: this week's 4 and the next 4 weeks' 16.
          ahead: { from: today, to: addDays(sunday, 7 * 4 + 6), bookedCount: 20, booked: 3000 },
          services: [
            { serviceId: '5b8f0c64-1d0e-4c4b-9a53-0d1f8e6f2a01', name: 'Full Detail', bookings: 12, revenue: 2160 },
          ],
          averageQuote: 175,
          quotes: 70,
          heat: [{ weekday: 6, hour: 9, bookings: 6 }],
        },
      });
    }
    if (url.pathname.endsWith('/drive')) {
      const group = {
        key: '78704',
        name: '78704',
        place: 'Austin, TX',
        jobs: 6,
        earnings: 900,
        hours: 9.5,
        driveMinutes: 70,
        miles: 35,
        perHour: 94.74,
      };
      return route.fulfill({
        json: {
          ...period,
          vehicleCostPerMile: 0.7,
          pricePerMile: 0,
          speedMph: 30,
          total: { ...group, key: '', name: 'All jobs', place: '' },
          zips: [group],
          services: [{ ...group, key: '5b8f0c64-1d0e-4c4b-9a53-0d1f8e6f2a01', name: 'Full Detail', place: '' }],
          located: 6,
          minJobs: 8,
          advice: null,
          noAdvice: 'few-jobs',
        },
      });
    }
    return route.fulfill({
      json: {
        ...period,
        home: { lat: 30.2672, lng: -97.7431 },
        serviceAreaMiles: 15,
        zips: [
          zip('78613', 'Cedar Park, TX', 30.505, -97.8203, 17.1, 9),
          zip('78704', 'Austin, TX', 30.2428, -97.7658, 2.2, 0, 25, 18),
          zip('78640', 'Kyle, TX', 29.989, -97.877, 21, 6),
        ],
        wider: { miles: 5, requests: 9, value: 1620 },
        full: [{ weekday: 6, part: 'morning', count: 12 }],
      },
    });
  });
  return asked;
}

/** How far the page scrolls sideways: 0 when nothing sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('from the top bar: the last 30 days in the business zone, another period in the address, the map, a table and a CSV', async ({
  page,
}) => {
  const asked = await answerInsights(page);
  await openAs(page, owner, '/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/dashboard\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  const today = todayIn('America/Chicago');
  await expect(page.getByText('42% dropped off')).toBeVisible(); // 70 of 120 got a quote
  await expect(
    page.getByText(/^Booked ahead from today to [A-Z][a-z]{2} \d{1,2}: \$3,000\.00 from 20 bookings\.$/),
  ).toBeVisible();
  expect(asked).toContainEqual({ from: addDays(today, -29), to: today });

  // The map's ZIP codes are text in it, and beside it.
  const map = page.getByRole('img', { name: /^Map of 3 ZIP codes with missed requests/ });
  for (const code of ['78613', '78704', '78640']) await expect(map.getByText(code, { exact: true })).toBeVisible();
  await expect(
    page.getByText('A 5 miles wider area would have reached 9 more requests worth $1,620.00.'),
  ).toBeVisible();
  await expect(page.getByText('12 customers wanted Saturday morning; you were full.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Saturday 9 AM: 6 bookings' })).toBeVisible();
  await screenshot(page, 'insights-1280');

  const steps = page.getByRole('region', { name: 'Steps' });
  await steps.getByRole('button', { name: 'Show table' }).click();
  await expect(steps.getByRole('table', { name: /^Booking funnel, / })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    steps.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`insights-funnel-${addDays(today, -29)}-to-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toBe(
    '\uFEFFStep,Visits,Dropped off from the step before (%)\r\nOpened the booking form,120,\r\nGot a quote,70,42\r\nChose a time,30,57\r\nBooked,18,40\r\n',
  );

  await page.getByRole('radio', { name: 'Last 90 days' }).check();
  await expect(page).toHaveURL(/\/dashboard\/insights\?period=90d$/);
  await expect.poll(() => asked.at(-1)).toEqual({ from: addDays(today, -89), to: today });
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
});

for (const width of [320, 375]) {
  test(`at ${width} px Insights opens from the Account menu, and nothing scrolls sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await answerInsights(page);
    await openAs(page, owner, '/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveCount(5);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/insights$/);
    await expect(page.getByText('78613', { exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sideways(page), `/dashboard/insights scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    if (width === 375) await screenshot(page, 'insights-375');
  });
}
