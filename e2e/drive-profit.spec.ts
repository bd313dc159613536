/**
 * Profit after the drive (issue 45 item 3; docs/decisions/057) in Chromium against the real server:
 * a detailer in Austin sets its vehicle cost per mile in Settings, eight past jobs are written
 * straight into its database (the API books no past times), and Insights names each ZIP code's
 * earnings per working hour after the drive and the advice, both equal to the hand computation below.
 * Screenshots at 1280 and 375 px in e2e/artifacts/drive-profit-*.png; axe on the section.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { addDays } from '@slotwise/shared/slots';
import { localToUtcMs, todayIn } from '@slotwise/shared/time-zone';
import { insertBookings } from '../scripts/insert-bookings.ts';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { api, dataDir, expect, type Owner, openAs, openEveryDay, screenshot, signupOwner, test } from './fixtures.ts';
import { artifactsDir } from './paths.ts';

test.describe.configure({ mode: 'serial' });

const B = '/api/business-dashboard';
const ZONE = 'America/Chicago';
let owner: Owner;
/** The first job (A: 12 Oak St, completed) and its day. */
let firstJob = { id: '', day: '' };

/** A picture of one part of the page, e2e/artifacts/drive-profit-<name>.png. */
async function shoot(target: Locator, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await target.screenshot({ path: join(artifactsDir, `drive-profit-${name}.png`) });
}

/**
 * The jobs, each an hour, due north of the business at whole miles (69.093 miles a degree of
 * latitude). 30 mph: a mile is 2 minutes. Vehicle cost $0.50 a mile. One crew, starting at the business.
 *
 *   job  day  time   miles  paid  leg (from)            drive   cost    earned   working
 *   A    d1   09:00   2     $100  2 mi (business)       4 min   $1.00   $99.00   64 min   78701
 *   B    d1   11:00   4     $100  2 mi (A)              4 min   $1.00   $99.00   64 min   78701
 *   C    d2   09:00   4     $100  4 mi (business)       8 min   $2.00   $98.00   68 min   78701
 *   D    d3   09:00   2     $100  2 mi (business)       4 min   $1.00   $99.00   64 min   78701
 *   E    d3   12:00  20     $100  18 mi (D)            36 min   $9.00   $91.00   96 min   78620
 *   F    d4   10:00  20     $100  20 mi (business)     40 min  $10.00   $90.00  100 min   78620
 *   G    d5   10:00  24     $100  24 mi (business)     48 min  $12.00   $88.00  108 min   78620
 *   H    d5   12:00  20     $100  4 mi (G)              8 min   $2.00   $98.00   68 min   (no ZIP)
 *
 * ZIP 78701: $395.00 over 260 min = 39,500 x 60 / 260 = 9,115.38 cents: $91.15/h.
 * ZIP 78620: $269.00 over 304 min = 26,900 x 60 / 304 = 5,309.21 cents: $53.09/h.
 * Unknown:   $98.00 over 68 min = 9,800 x 60 / 68 = 8,647.06 cents: $86.47/h.
 * Advice: whole miles 2, 4, 20, 24; only beyond 4 mi leaves 3 or more jobs each side. Inside (A-D)
 * $91.15/h; far (E-H) $367.00 over 372 min = 5,919.35: $59.19/h, under 80% of inside. Target halfway:
 * (5,919 + 9,115) / 2 = 7,517: $75.17/h. The far jobs lack 7,517 x 372 / 60 - 36,700 = 9,905.4 cents
 * over 84 miles from the business: 117.92, up to 118 cents, on top of the $1.00 charged now: $2.18.
 * An area of 24 mi keeps all four ($59.19/h), one of 20 mi E, F, H ($279.00 / 264 min = $63.41/h):
 * neither reaches $75.17, so an area of 4 mi would leave them out.
 */
const JOBS = [
  { day: 1, time: '09:00', miles: 2, address: '12 Oak St, Austin, TX 78701' },
  { day: 1, time: '11:00', miles: 4, address: '40 Oak St, Austin, TX 78701' },
  { day: 2, time: '09:00', miles: 4, address: '41 Pine St, Austin, TX 78701' },
  { day: 3, time: '09:00', miles: 2, address: '14 Oak St, Austin, TX 78701' },
  { day: 3, time: '12:00', miles: 20, address: '5 Elm St, Dripping Springs, TX 78620' },
  { day: 4, time: '10:00', miles: 20, address: '7 Elm St, Dripping Springs, TX 78620' },
  { day: 5, time: '10:00', miles: 24, address: '9 Elm St, Dripping Springs, TX 78620' },
  { day: 5, time: '12:00', miles: 20, address: 'Ranch Road, north of town' },
];
const ADVICE =
  'Jobs beyond 4 mi earn $59/h against $91/h inside: a per-mile price of $2.18 would lift them to $75/h; an area of 4 mi would leave them out.';

test.beforeAll(async () => {
  owner = await signupOwner({
    businessName: 'Drive Detailing',
    streetLine: '1100 Congress Ave',
    addressSearch: '78701',
  });
  await api(
    'PUT',
    `${B}/settings/operations`,
    { travel: { enabled: true, speedMph: 30, bufferMinutes: 0 }, maxDistanceMiles: null, changeCutoffHours: 0 },
    owner.token,
  );
  await openEveryDay(owner.token, '07:00', '19:00');
  await api('PUT', `${B}/settings/update-distance-pricing`, { chargeForDistance: true, pricePerMile: 1 }, owner.token);
  const crewId = (await api<{ crews: { _id: string }[] }>('GET', `${B}/crews`, undefined, owner.token)).crews[0]!._id;
  const today = todayIn(ZONE);
  const { home } = await api<{ home: { lat: number; lng: number } }>(
    'GET',
    `${B}/insights/missed?from=${today}&to=${today}`,
    undefined,
    owner.token,
  );
  const now = Date.now();
  await insertBookings(
    dataDir(),
    JOBS.map((j, i) => {
      const day = addDays(today, j.day - 12);
      const startMs = localToUtcMs(day, j.time, ZONE);
      const end = `${String(Number(j.time.slice(0, 2)) + 1).padStart(2, '0')}:00`;
      const id = randomUUID();
      if (i === 0) firstJob = { id, day };
      return {
        id,
        business_id: owner.businessId,
        service_id: null,
        service_name: 'Full Detail',
        duration_min: 60,
        first_name: `Job${i}`,
        last_name: 'Customer',
        customer_email: `job${i}-${randomUUID()}@example.com`,
        phone_number: '+15125550123',
        car_body_type: null,
        customer_address: j.address,
        customer_lat: home.lat + j.miles / 69.093,
        customer_lng: home.lng,
        miles: j.miles,
        total_cents: 10_000,
        quote_lines: '[]',
        status: i % 2 ? 'approved' : 'completed',
        day,
        start_time: j.time,
        end_time: end,
        start_ms: startMs,
        end_ms: startMs + 3_600_000,
        created_at: now,
        updated_at: now,
        crew_id: crewId,
      };
    }),
  );
});

test('the owner sets the vehicle cost, and Insights names each ZIP code per hour after the drive and the advice', async ({
  page,
}) => {
  await openAs(page, owner, '/dashboard/settings/operations');
  const cost = page.getByLabel('Vehicle cost per mile ($)');
  await cost.fill('0.50');
  await page.getByRole('button', { name: 'Save Operations' }).click();
  await expect(page.getByRole('status')).toContainText('Operations settings updated successfully!');

  await page.goto('/dashboard/insights');
  const section = page.getByRole('region', { name: 'Profit after the drive' });
  await expect(section.getByText(ADVICE)).toBeVisible();
  await expect(section.getByText(/^All 8 jobs: \$72\.34 an hour after the drive\./)).toBeVisible();
  await expect(section.getByText(/After a vehicle cost of \$0\.50 a mile/)).toBeVisible();
  const byZip = section.getByRole('region', { name: 'Per hour by ZIP code' });
  const row = (label: string) => byZip.getByRole('listitem').filter({ hasText: label });
  await expect(row('78701')).toContainText('$91.15/h');
  await expect(row('78701')).toContainText('4 jobs, $395.00 after costs over 4.3 h, 20 min driving');
  await expect(row('78620')).toContainText('$53.09/h');
  await expect(row('Unknown')).toContainText('$86.47/h');
  await expectNoSeriousA11yViolations(page, 'Insights with profit after the drive, 1280 px');
  await section.scrollIntoViewIfNeeded();
  await shoot(section, '1280');
});

test('on a phone the section reads in one column', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await openAs(page, owner, '/dashboard/insights');
  const section = page.getByRole('region', { name: 'Profit after the drive' });
  await expect(section.getByText(ADVICE)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await section.scrollIntoViewIfNeeded();
  await shoot(section, '375');
  await phone.close();
});

/**
 * The door-hanger (issue 45 item 4; docs/decisions/058): from job A's booking sheet in the calendar,
 * a card naming Oak St and the job's weekday, never the customer, with the QR code of the booking page
 * on the next such weekday; that link opens the booking page's form on that day.
 */
test("a job's door-hanger names the street and the weekday, and its code opens the booking page on the next such day", async ({
  page,
}) => {
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${firstJob.day}`);
  await page.getByText('Job0 Customer').first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Door-hanger' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/door-hanger/${firstJob.id}$`));
  const weekday = new Date(`${firstJob.day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  let next = addDays(firstJob.day, 7);
  while (next <= todayIn(ZONE)) next = addDays(next, 7);
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Drive Detailing');
  await expect(card).toContainText(
    `Your neighbour on Oak St booked us on ${weekday}: book the same day, we're already nearby.`,
  );
  await expect(card).not.toContainText('Job0');
  const qr = card.getByRole('img', { name: /^QR code: the booking page on / });
  await expect(qr).toHaveAttribute('src', new RegExp(`/qr\\.svg\\?day=${next}$`));
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, 'Door-hanger, 1280 px');
  await screenshot(page, 'drive-profit-hanger-1280');
  // As printed: a letter page at 96 px an inch, the print stylesheet on.
  await page.setViewportSize({ width: 816, height: 1056 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(artifactsDir, 'drive-profit-hanger-print.png'), fullPage: true });
  await page.pdf({ path: join(artifactsDir, 'drive-profit-hanger.pdf'), format: 'Letter', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The card prints the link the code holds, for a neighbour without a camera; the card on a phone.
  const link = (await card.locator('.door-hanger-url').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`/book/[a-z0-9-]+\\?day=${next}&via=qr$`));
  const small = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const phone = await small.newPage();
  await openAs(phone, owner, `/dashboard/door-hanger/${firstJob.id}`);
  await expect(phone.getByRole('article').first()).toContainText('Oak St');
  await screenshot(phone, 'drive-profit-hanger-375');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );

  // A neighbour follows the code: the booking page's form, once a service and an address are given,
  // opens its dates on that day.
  await phone.goto(link);
  const form = phone.getByRole('region', { name: 'Drive Detailing' });
  await expect(form.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('heading', { name: 'A few questions' })).toBeVisible();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await phone.keyboard.type('20 Oak St, 78701');
  await form.getByRole('option').first().click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await expect(form.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
  await expect(form.locator(`[data-day="${next}"]`)).toHaveAttribute('aria-pressed', 'true');
  await screenshot(phone, 'drive-profit-hanger-booking-375', { fullPage: false });
  await small.close();
});
