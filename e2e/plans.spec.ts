/**
 * Recurring plans (issue 24), in Chromium against the real server:
 * - a customer books a weekly plan with its discount on a pool business's booking page,
 *   seeing its first four dates before booking and its visits after;
 * - the owner approves the plan from Bookings, Plans, sees its visits on the calendar with a
 *   repeat mark, and moves the third "this and following" one hour later;
 * - the customer skips the second visit from the link the plan's mail gives it;
 * - the owner's calendar and the customer's mails then agree on every visit.
 * That the materialiser run at once on two instances books each visit once is proved on
 * PostgreSQL by packages/server/test/routes/plans.test.ts.
 * Screenshots in e2e/artifacts/plans-*.png.
 */
import type { Page } from '@playwright/test';
import { longDate, shortDate } from '@slotwise/shared/time-zone';
import {
  api,
  expect,
  laDay,
  type Mail,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

let owner: Owner;
let slug: string;
const CUSTOMER = 'paula.pool@example.com';
/** The plan's first four visits: every seventh day from three days ahead. */
const VISITS = [3, 10, 17, 24].map(laDay);

interface OwnerBooking {
  _id: string;
  firstName: string;
  status: string;
  bookingTime: { day: string; startTime: string };
  plan?: { planId: string; label: string };
}

async function planVisits(): Promise<OwnerBooking[]> {
  const { bookings } = await api<{ bookings: OwnerBooking[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${VISITS[0]}&to=${laDay(60)}`,
    undefined,
    owner.token,
  );
  return bookings.filter((b) => b.plan && b.firstName === 'Paula');
}

/** The plan mail's own line for a visit, and its links ("- Wed, Dec 9, 2026 at 10:00 AM\n  Reschedule: ...\n  Skip or cancel: ..."). */
function visitLinks(mail: Mail, day: string): { reschedule: string; cancel: string } {
  const at = mail.text.indexOf(`- ${shortDate(day)} at`);
  expect(at, `the mail lists ${day}`).toBeGreaterThan(-1);
  const block = mail.text.slice(at).split('\n').slice(0, 3).join('\n');
  return {
    reschedule: /Reschedule: (\S+)/.exec(block)![1]!,
    cancel: /Skip or cancel: (\S+)/.exec(block)![1]!,
  };
}

test.beforeAll(async () => {
  // A pool business: its template offers the cleaning visit weekly at 10% off.
  owner = await signupOwner({ businessName: 'Blue Lagoon Pools', niche: 'pool-cleaning' });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
});

async function bookWeekly(page: Page) {
  await page.goto(`/book/${slug}`);
  const form = page.getByRole('region', { name: 'Blue Lagoon Pools' });
  await form.getByRole('radio', { name: /Pool Cleaning Visit/ }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await expect(form.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();

  const often = form.getByRole('group', { name: 'How often?' });
  await expect(often.getByRole('radio', { name: /Just once/ })).toBeChecked();
  const weekly = often.locator('label').filter({ hasText: 'Weekly' });
  await expect(weekly).toContainText('10% off');
  const perVisit = /\$[\d,.]+ per visit/.exec((await weekly.textContent()) ?? '')![0];
  await weekly.getByRole('radio').check();
  await screenshot(page, 'plans-1-how-often');

  await form.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(form, VISITS[0]!);
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(form.getByRole('status')).toContainText(/^Weekly at 10:00 AM: .+ are free\.$/);
  await form.getByLabel('First name').fill('Paula');
  await form.getByLabel('Last name').fill('Pool');
  await form.getByLabel('Email').fill(CUSTOMER);
  await form.getByLabel('Phone number').fill('555 201 0024');
  await screenshot(page, 'plans-2-dates');
  await form.getByRole('button', { name: 'Book weekly plan' }).click();
  await expect(form.getByText(`Weekly plan booked: ${perVisit.replace(' per visit', '')} per visit`)).toBeVisible();
  await screenshot(page, 'plans-3-booked');
}

test('a customer books a weekly plan with its discount, seeing its dates before and its visits after', async ({
  page,
}) => {
  await bookWeekly(page);
  const mail = await newestMail({ to: CUSTOMER, subject: 'Booking request received: Your weekly Pool Cleaning Visit' });
  expect(mail.text).toContain('Plan: Weekly, $');
  for (const day of VISITS) visitLinks(mail, day);
  const visits = await planVisits();
  expect(visits.slice(0, 4).map((v) => [v.bookingTime.day, v.bookingTime.startTime, v.status])).toEqual(
    VISITS.map((d) => [d, '10:00', 'pending']),
  );
});

test('the owner approves the plan, sees its visits with a repeat mark, and moves the third "this and following"', async ({
  page,
}) => {
  await openAs(page, owner, '/dashboard/bookings');
  await page.getByRole('tab', { name: 'Plans' }).click();
  const card = page.locator('article, li, .card').filter({ hasText: 'Paula Pool' }).first();
  await expect(card).toContainText('Weekly');
  await expect(card).toContainText('Active');
  await screenshot(page, 'plans-4-plans-view');
  await card.getByRole('button', { name: 'Approve plan' }).click();
  await expect(card.getByRole('button', { name: 'Approve plan' })).toHaveCount(0);
  const confirmed = await newestMail({ to: CUSTOMER, subject: 'Plan confirmed: Your weekly Pool Cleaning Visit' });
  for (const day of VISITS) visitLinks(confirmed, day);
  expect((await planVisits()).every((v) => v.status === 'approved')).toBe(true);

  // The month of the second visit shows at least four visits, each marked as repeating.
  await openAs(page, owner, `/dashboard/calendar?view=month&date=${VISITS[1]}`);
  const marks = page.locator('.rbc-calendar [role="img"][aria-label="Repeats: Weekly"]');
  await expect(marks.first()).toBeVisible();
  await expect.poll(() => marks.count()).toBeGreaterThanOrEqual(4);
  await screenshot(page, 'plans-5-calendar-month');

  // The third visit, one hour later, "this and following".
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${VISITS[2]}`);
  await page.locator('.rbc-calendar .rbc-event', { hasText: 'Paula' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Move to' });
  await dialog.getByLabel('Start Time').selectOption('11:00');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  const scope = page.getByRole('dialog', { name: 'Move a repeating visit' });
  await expect(scope).toBeVisible();
  await screenshot(page, 'plans-6-move-scope');
  await scope.getByRole('button', { name: 'This and following visits' }).click();
  await expect(scope).toBeHidden();
  await expect
    .poll(async () => (await planVisits()).map((v) => [v.bookingTime.day, v.bookingTime.startTime]).slice(0, 4))
    .toEqual([
      [VISITS[0], '10:00'],
      [VISITS[1], '10:00'],
      [VISITS[2], '11:00'],
      [VISITS[3], '11:00'],
    ]);
  // Every later visit moved with it.
  expect((await planVisits()).slice(2).every((v) => v.bookingTime.startTime === '11:00')).toBe(true);
});

test('the customer skips the second visit from its own link in the plan mail', async ({ page }) => {
  const mail = await newestMail({ to: CUSTOMER, subject: 'Plan confirmed: Your weekly Pool Cleaning Visit' });
  await page.goto(visitLinks(mail, VISITS[1]!).cancel);
  await expect(page.getByText('This visit is part of your weekly Pool Cleaning Visit')).toBeVisible();
  await screenshot(page, 'plans-7-skip-choices');
  await page.getByRole('button', { name: 'Skip this visit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Skip this visit?' });
  await expect(confirm).toContainText(`the visit after it is on ${shortDate(VISITS[2]!)}`);
  await confirm.getByRole('button', { name: 'Yes, skip this visit' }).click();
  await expect(
    page.getByText(`This visit is skipped. The visit after it is on ${shortDate(VISITS[2]!)}.`),
  ).toBeVisible();
  await screenshot(page, 'plans-8-skipped');
  await expect.poll(async () => (await planVisits())[1]?.status).toBe('skipped');
});

test("the owner's calendar and the customer's mails agree on every visit", async () => {
  const visits = await planVisits();
  expect(visits.slice(0, 4).map((v) => [v.bookingTime.day, v.bookingTime.startTime, v.status])).toEqual([
    [VISITS[0], '10:00', 'approved'],
    [VISITS[1], '10:00', 'skipped'],
    [VISITS[2], '11:00', 'approved'],
    [VISITS[3], '11:00', 'approved'],
  ]);
  await newestMail({ to: CUSTOMER, subject: 'Visit skipped: Your weekly Pool Cleaning Visit' });
  // Each moved visit's mail goes once the undo window has passed (15 s, then the dispatcher's poll; on the e2e
  // server 9 s, then a poll every half second: global-setup.ts E2E_CLOCKS).
  for (const day of [VISITS[2]!, VISITS[3]!]) {
    const moved = await newestMail({
      to: CUSTOMER,
      subject: 'Booking moved: Your weekly Pool Cleaning Visit',
      text: `When: ${longDate(day)}, 11:00 AM`,
      timeoutMs: 40_000,
    });
    expect(moved.calendar).toContain('METHOD:REQUEST');
  }
});

test('on a phone, the owner offers a service every 2 weeks at $5 off and finds the plan in Plans', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, owner, '/dashboard/services');
  const item = page.getByRole('listitem').filter({ hasText: 'Pool Cleaning Visit' });
  await expect(item).toContainText('Weekly −10%');
  await item.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit Pool Cleaning Visit' });
  const every2 = form.getByRole('group', { name: 'Every 2 weeks' });
  await every2.getByRole('checkbox').check();
  await every2.getByLabel('Discount').selectOption({ label: 'Amount off' });
  await every2.getByLabel('Amount off ($)').fill('5');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'plans-9-service-offers-375');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(item).toContainText('Every 2 weeks −$5');
  const { services } = await api<{ services: { serviceName: string; plans?: unknown[] }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  expect(services.find((s) => s.serviceName === 'Pool Cleaning Visit')?.plans).toEqual([
    { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
    { frequency: 'every_2_weeks', discount: { kind: 'amount', amount: 5 } },
  ]);

  await openAs(page, owner, '/dashboard/bookings?view=plans');
  await expect(page.getByText('Paula Pool', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'plans-10-plans-view-375', { fullPage: false });
});
