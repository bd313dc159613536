/**
 * A plan seen, kept in the calendar, and moved on the customer's own clock ("The owner's front
 * door", items 7 and 10), in Chromium against the real server:
 * - on a 375 px phone the quote step's "How often?" and its first plan sit above the step's button,
 *   in view without scrolling (and at 1280 px), with a distance line and three plans in the quote;
 * - the plan's .ics download repeats (RRULE from the first visit in the business's zone, with its
 *   VTIMEZONE), and ical.js expands it to the plan's visits; the Google Calendar link carries it too;
 * - the reschedule page of a visit shows a month of free days and, with the browser in another
 *   zone than the business's, each time as the customer's beside the business's.
 * The street suggestions' ranking (item 7) is proved by the server's tests
 * (packages/server/test/geocoder/providers.test.ts, test/routes/onboarding.test.ts).
 * Screenshots in e2e/artifacts/plans-reschedule-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { shortDate } from '@slotwise/shared/time-zone';
import ICAL from 'ical.js';
import {
  api,
  baseURL,
  expect,
  laDay,
  newestMail,
  type Owner,
  openEveryDay,
  ownerWebsite,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const BUSINESS = 'Clearwater Pools';
const CUSTOMER = 'rita.repeat@example.com';
/** The plan's first visits: every seventh day from three days ahead, at 10:00 in Los Angeles. */
const VISITS = [3, 10, 17, 24].map(laDay);

let owner: Owner;
let host: Awaited<ReturnType<typeof ownerWebsite>>;

test.beforeAll(async () => {
  // A pool business: its template offers the cleaning visit weekly at 10% off.
  owner = await signupOwner({ businessName: BUSINESS, niche: 'pool-cleaning' });
  await openEveryDay(owner.token, '08:00', '18:00');
  // A quote as long as a real one: a distance line and its note, and three plans to choose from.
  await api(
    'PUT',
    '/api/business-dashboard/settings/update-distance-pricing',
    { chargeForDistance: true, pricePerMile: 1.5 },
    owner.token,
  );
  const { services } = await api<{ services: ({ _id: string } & Record<string, unknown>)[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  const { _id, ...pool } = services.find((s) => s.serviceName === 'Pool Cleaning Visit')!;
  await api(
    'PUT',
    `/api/business-dashboard/service/edit/${_id}`,
    {
      ...pool,
      plans: [
        { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
        { frequency: 'every_2_weeks', discount: { kind: 'percent', percent: 5 } },
        { frequency: 'every_4_weeks', discount: null },
      ],
    },
    owner.token,
  );
  host = await ownerWebsite(
    () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${BUSINESS}</title><link rel="icon" href="data:,"></head>
<body><h1>${BUSINESS}</h1>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script></body></html>`,
  );
});

test.afterAll(() => host.close());

/** From the owner's site to the quote step of the pop-up. */
async function toQuote(page: Page): Promise<Locator> {
  await page.goto(host.origin);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: BUSINESS });
  await dialog.getByRole('radio', { name: /Pool Cleaning Visit/ }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox').first().selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox', { name: 'Street address' }).pressSequentially('7 Rodeo Dr, Beverly Hills');
  await dialog.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await dialog.getByRole('button', { name: 'Get my quote' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  return dialog;
}

/**
 * "How often?" and the first plan it offers are in view above the step's button, with nothing
 * scrolled: the customer sees the offer (the rest of the list may scroll under the button).
 */
async function expectOftenAboveButton(page: Page, dialog: Locator) {
  const often = dialog.getByRole('group', { name: 'How often?' });
  const offer = often.locator('label').filter({ hasText: 'Weekly' });
  await expect(offer).toContainText('10% off');
  const button = dialog.getByRole('button', { name: 'Choose a time' });
  const [legend, plan, b] = [
    await often.locator('legend').boundingBox(),
    await offer.boundingBox(),
    await button.boundingBox(),
  ];
  expect(legend && plan && b, 'all on screen').toBeTruthy();
  const viewport = page.viewportSize()!;
  expect(legend!.y).toBeGreaterThanOrEqual(0);
  expect(plan!.y + plan!.height, 'the first plan ends above the button').toBeLessThanOrEqual(b!.y);
  expect(b!.y + b!.height, 'the button is on screen').toBeLessThanOrEqual(viewport.height);
  // Nothing was scrolled to get there: the dialog's body is at its top.
  expect(await dialog.locator('.sw-body').evaluate((el) => el.scrollTop)).toBe(0);
}

test('at 1280 px, "How often?" is above the quote step\'s button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dialog = await toQuote(page);
  await expectOftenAboveButton(page, dialog);
  await screenshot(page, 'plans-reschedule-1-how-often-1280', { fullPage: false });
});

test('on a 375 px phone, "How often?" is in view above the button; the plan\'s .ics and Google link repeat', async ({
  page,
}) => {
  // An iPhone SE's page under Safari's bars: 375 by about 560.
  await page.setViewportSize({ width: 375, height: 560 });
  const dialog = await toQuote(page);
  await expectOftenAboveButton(page, dialog);
  await screenshot(page, 'plans-reschedule-2-how-often-375', { fullPage: false });

  await dialog
    .getByRole('group', { name: 'How often?' })
    .getByRole('radio', { name: /Weekly/ })
    .check();
  await dialog.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(dialog, VISITS[0]!);
  await dialog.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('First name').fill('Rita');
  await dialog.getByLabel('Last name').fill('Repeat');
  await dialog.getByLabel('Email').fill(CUSTOMER);
  await dialog.getByLabel('Phone number').fill('555 201 0040');
  await dialog.getByRole('button', { name: 'Book weekly plan' }).click();
  await expect(dialog.getByText(/Weekly plan booked/)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download .ics' }).click();
  const text = readFileSync((await (await downloading).path()) ?? '', 'utf8');
  expect(text).toMatch(/\r\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=[A-Z]{2}\r\n/);
  expect(text).toContain(`DTSTART;TZID=America/Los_Angeles:${VISITS[0]!.replace(/-/g, '')}T100000\r\n`);
  // ical.js, with the file's own VTIMEZONE, expands it to the plan's visits at 10:00 in Los Angeles.
  const cal = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.register(cal.getFirstSubcomponent('vtimezone')!);
  const it = new ICAL.Event(cal.getFirstSubcomponent('vevent')!).iterator();
  const days = VISITS.map(() => {
    const t = it.next()!;
    return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')} ${t.hour}:${t.minute}`;
  });
  expect(days).toEqual(VISITS.map((d) => `${d} 10:0`));
  ICAL.TimezoneService.remove('America/Los_Angeles');

  const google = new URL((await dialog.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')) ?? '');
  expect(google.searchParams.get('recur')).toMatch(/^RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=[A-Z]{2}$/);
  expect(google.searchParams.get('ctz')).toBe('America/Los_Angeles');
  await screenshot(page, 'plans-reschedule-3-booked-375', { fullPage: false });
});

/** The first visit's own reschedule link, from the plan's mail. */
async function firstVisitLink(): Promise<string> {
  const mail = await newestMail({ to: CUSTOMER, subject: 'Booking request received' });
  const at = mail.text.indexOf(`- ${shortDate(VISITS[0]!)} at`);
  expect(at, 'the mail lists the first visit').toBeGreaterThan(-1);
  return /Reschedule: (\S+)/.exec(mail.text.slice(at))![1]!;
}

for (const width of [375, 1280]) {
  test(`at ${width} px in New York, the reschedule page shows a month of free days and each time as the customer's beside the business's`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      timezoneId: 'America/New_York',
      locale: 'en-US',
      viewport: { width, height: width < 500 ? 812 : 900 },
    });
    const page = await context.newPage();
    await page.goto(await firstVisitLink());
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    // The visit's own day chosen; free days offered.
    await expect(grid.locator(`[data-day="${VISITS[0]}"]`)).toHaveAttribute('aria-pressed', 'true');
    // Marked free once the month's answer is in: waited for, not read once (the count raced it).
    await expect.poll(() => grid.locator('[data-status="free"]').count()).toBeGreaterThan(3);
    // Named by the business's time; the customer's own shown first (10:00 in Los Angeles is 1:00 PM in New York).
    const ten = page.getByRole('button', { name: '10:00 AM', exact: true });
    // What the customer sees: the business's time is only the button's name (visually hidden).
    await expect(ten.locator('[id^="yours-"]')).toHaveText('1:00 PM your time (10:00 AM at the business)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `plans-reschedule-4-month-${width}`);

    if (width === 1280) {
      // Moved to the next day at 11:00 (2:00 PM in New York).
      const next = laDay(4);
      await grid.locator(`[data-day="${next}"]`).click();
      await expect(page.getByText(/^Available times on /)).toContainText(shortDate(next).split(',')[0]!);
      await page.getByRole('button', { name: '11:00 AM', exact: true }).click();
      await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
      await expect(page.getByText('Your booking has been successfully rescheduled.')).toBeVisible();
      await screenshot(page, 'plans-reschedule-5-moved-1280');
    }
    await context.close();
  });
}

test("in the business's own zone, the reschedule page shows the business's times alone", async ({ browser }) => {
  const context = await browser.newContext({
    timezoneId: 'America/Los_Angeles',
    locale: 'en-US',
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  // The first visit was moved above; the second visit's link is in the same mail.
  const mail = await newestMail({ to: CUSTOMER, subject: 'Booking request received' });
  const at = mail.text.indexOf(`- ${shortDate(VISITS[1]!)} at`);
  await page.goto(/Reschedule: (\S+)/.exec(mail.text.slice(at))![1]!);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('button', { name: '10:00 AM', exact: true })).toHaveText('10:00 AM');
  await expect(page.getByText(/your time/)).toHaveCount(0);
  await screenshot(page, 'plans-reschedule-6-same-zone-375');
  await context.close();
});
