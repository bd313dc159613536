/**
 * Crews (issue 25), the whole journey in Chromium against the real server:
 * - the owner adds a second crew with hours of its own in Settings, Crews;
 * - two customers book the same time on the booking page, and each job goes to another crew;
 * - the owner drags a third job to the second crew's column in the calendar's day view;
 * - the owner invites the second crew's member, who sets a password and sees only the
 *   second crew's jobs, without prices, on /crew (at 375 px).
 * The 200-customer race for 20 slots x 3 crews is proved over real HTTP on SQLite and on two
 * PostgreSQL instances by packages/server/test/proof/concurrency.test.ts.
 * Screenshots in e2e/artifacts/crews-journey-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import type { Booking, CrewsResponse } from '@slotwise/shared/api';
import {
  api,
  baseURL,
  expect,
  laDay,
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
const DAY = laDay(2);
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MEMBER = `truck-driver-${Date.now()}@example.com`;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Twin Vans Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
});

async function crews(): Promise<CrewsResponse['crews']> {
  return (await api<CrewsResponse>('GET', '/api/business-dashboard/crews', undefined, owner.token)).crews;
}

async function bookings(): Promise<Booking[]> {
  const answer = await api<{ bookings: Booking[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${DAY}&to=${DAY}`,
    undefined,
    owner.token,
  );
  return answer.bookings;
}

/** Books the first service at 10:00 on DAY through the hosted booking page. */
async function bookAtTen(page: Page, first: string) {
  await page.goto(`/book/${slug}`);
  const form: Locator = page.getByRole('region', { name: 'Twin Vans Detailing' });
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(form, DAY);
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill('Customer');
  await form.getByLabel('Email').fill(`${first.toLowerCase()}-${Date.now()}@example.com`);
  await form.getByLabel('Phone number').fill('555 201 0002');
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(form.getByRole('heading', { name: 'Booking received' })).toBeVisible();
}

test('the owner adds a second crew with hours of its own', async ({ page }) => {
  await openAs(page, owner, '/dashboard/settings#crews');
  const section = page.locator('section#crews');
  await expect(section).toContainText('Add a crew when more than one job can happen at a time');
  await section.getByRole('button', { name: 'Add crew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a crew' });
  await dialog.getByLabel('Name').fill('Van 2');
  await dialog.getByRole('radio', { name: 'Own hours' }).check();
  for (const day of WEEKDAYS) await dialog.getByLabel(`${day} end time`).selectOption('15:00');
  await screenshot(page, 'crews-journey-1-add');
  await dialog.getByRole('button', { name: 'Add crew' }).click();
  await expect(page.getByText('Crew "Van 2" added.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Your crews' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Van 2' })).toContainText('Own hours');
  const van = (await crews()).find((c) => c.name === 'Van 2')!;
  expect(van.hours?.find((h) => h.day === 'Monday')).toEqual({ day: 'Monday', startTime: '08:00', endTime: '15:00' });
});

test('two customers book the same time and each job goes to another crew', async ({ browser }) => {
  const [first, second] = await Promise.all([browser.newPage(), browser.newPage()]);
  await bookAtTen(first, 'Ada');
  // The second customer still sees 10:00: the second crew is free then.
  await bookAtTen(second, 'Grace');
  await screenshot(second, 'crews-journey-2-second-booked');
  await Promise.all([first.close(), second.close()]);
  const jobs = await bookings();
  expect(jobs.map((b) => b.bookingTime.startTime)).toEqual(['10:00', '10:00']);
  expect(new Set(jobs.map((b) => b.crewId)).size).toBe(2);
});

test('the owner drags a job to the other crew in day view', async ({ page }) => {
  // A third job at 12:00: both crews have one job that day, so it goes to the first crew.
  const services = await api<{ services: { _id: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId: services.services[0]!._id,
      answer: { option: 'Sedan / Coupe' },
      address: '7 Rodeo Dr, Beverly Hills, CA, USA',
      date: DAY,
      time: '12:00',
      firstName: 'Linus',
      lastName: 'Customer',
      customerEmail: `linus-${Date.now()}@example.com`,
      phoneNumber: '+1 5552010003',
    }),
  });
  expect(res.status, await res.text()).toBe(201);
  const [main, van] = await crews();
  expect((await bookings()).find((b) => b.firstName === 'Linus')?.crewId).toBe(main!._id);

  await page.setViewportSize({ width: 1280, height: 1000 });
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${DAY}`);
  await expect(page.locator('.rbc-time-header .cal-crew-header')).toHaveText(['Main crew', 'Van 2']);
  await page.locator('.rbc-time-content').evaluate((el) => {
    el.scrollTop = (el.scrollHeight * 9) / 24;
  });
  const columns = page.locator('.rbc-time-content > .rbc-day-slot');
  const linus = columns.nth(0).locator('.rbc-event', { hasText: 'Linus Customer' });
  await expect(linus).toBeVisible();
  await screenshot(page, 'crews-journey-3-day-before');
  const from = await linus.boundingBox();
  const target = await columns.nth(1).boundingBox();
  if (!from || !target) throw new Error('The day view is not laid out.');
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 12, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, from.y + 10, { steps: 12 });
  await page.mouse.up();
  await expect(columns.nth(1).locator('.rbc-event', { hasText: 'Linus Customer' })).toBeVisible();
  await expect.poll(async () => (await bookings()).find((b) => b.firstName === 'Linus')?.crewId).toBe(van!._id);
  const moved = (await bookings()).find((b) => b.firstName === 'Linus')!;
  expect(moved.bookingTime.startTime).toBe('12:00');
  await screenshot(page, 'crews-journey-4-day-after');
});

test('the crew member signs in and sees only their own jobs, without prices', async ({ page, browser }) => {
  await openAs(page, owner, '/dashboard/settings#crews');
  const row = page.locator('section#crews').getByRole('listitem').filter({ hasText: 'Van 2' });
  await row.getByRole('button', { name: 'Invite a login' }).click();
  await row.getByLabel('E-mail').fill(MEMBER);
  await row.getByRole('button', { name: 'Invite by e-mail' }).click();
  await expect(row).toContainText(`Invited`);
  const mail = await newestMail({ to: MEMBER });
  const link = /(https?:\/\/\S+\/crew\/join\?token=\S+)/.exec(mail.text)![1]!;

  const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  await phone.goto(link);
  await phone.getByLabel('Choose a Password').fill('van two password');
  await phone.getByLabel('Confirm Password').fill('van two password');
  await phone.getByRole('button', { name: 'Save Password and See My Jobs' }).click();
  await expect(phone).toHaveURL(/\/crew$/);
  await expect(phone.getByRole('article', { name: /for Linus Customer/ })).toBeVisible();
  const vanId = (await crews())[1]!._id;
  const own = (await bookings()).filter((b) => b.crewId === vanId).map((b) => b.firstName);
  const others = (await bookings()).filter((b) => !own.includes(b.firstName)).map((b) => b.firstName);
  for (const name of own)
    await expect(phone.getByRole('article', { name: new RegExp(`for ${name} Customer`) })).toBeVisible();
  for (const name of others) await expect(phone.getByText(`${name} Customer`)).toHaveCount(0);
  await expect(phone.getByText(/\$\d/)).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await screenshot(phone, 'crews-journey-5-crew-home');
  // The owner's pages are not theirs.
  await phone.goto('/dashboard');
  await expect(phone).toHaveURL(/\/crew$/);
  await phone.close();
});
