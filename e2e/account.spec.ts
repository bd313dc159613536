/**
 * Issue 10's account journeys (and issue 8's owner settings) in Chromium against the
 * real server: forgot password -> the reset link from the outbox -> a new password ->
 * the dashboard; the old password and the old session stop working, the new password
 * logs in. Settings: operations saved, the calendar feed copied and revoked (the old
 * link stops answering), the phone changed, the password changed with other sessions
 * logged out and this one kept. Bookings seeded through the public API come back in
 * the CSV downloaded from the Bookings page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import {
  api,
  baseURL,
  expect,
  firstAnswers,
  linkTo,
  newestMail,
  type Owner,
  openAs,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';
import { artifactsDir } from './paths.ts';
import { recordFromRequest } from './secrets.ts';

interface Seeded {
  bookingId: string;
  firstName: string;
  lastName: string;
  customerEmail: string;
  date: string;
  time: string;
  totalQuote: number;
}

/** "2026-12-07" plus n days. */
function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday after today in the business's zone: a weekday with default hours, never in the past. */
function nextMonday(timeZone: string): string {
  const today = todayIn(timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return plusDays(today, 7 - weekday);
}

/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function loginToken(email: string, password: string): Promise<string> {
  return (await api<{ token: string }>('POST', '/api/auth/login', { email, password })).token;
}

/** A GET the way a calendar app makes it (no session); the feed token is recorded for the log scan. */
async function fetchFeed(url: string): Promise<Response> {
  recordFromRequest(url, {}, null);
  return fetch(url);
}

function section(page: Page, name: string): Locator {
  return page.locator('section.card', { has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

async function shoot(part: Locator, name: string): Promise<void> {
  await part.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

// The browser gets a client address of its own, so other suites' logins do not spend its rate-limit budget.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '198.19.10.10' } });
test.describe.configure({ mode: 'serial' });

let owner: Owner;
let timeZone: string;
const seeded: Seeded[] = [];

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Account Detailing' });
  ({ timeZone } = await api<{ timeZone: string }>('GET', '/api/onboarding/profile', undefined, owner.token));
  const service = await api<{ _id: string }>(
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Interior Clean', duration: 60, price: 95.5 },
    owner.token,
  );
  const answers = await firstAnswers(owner);
  const monday = nextMonday(timeZone);
  const customers = [
    { firstName: 'Ada', lastName: 'Quote, Jr.', date: monday, time: '10:00' },
    { firstName: 'Björn', lastName: 'Nilsson', date: monday, time: '13:30' },
    { firstName: 'Chen', lastName: 'Wei', date: plusDays(monday, 1), time: '11:00' },
  ];
  let n = 0;
  for (const c of customers) {
    const customerEmail = `${c.firstName.toLowerCase().replace('ö', 'o')}-${Date.now().toString(36)}@example.com`;
    const res = await fetch(`${baseURL()}/api/customer/book`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        'x-forwarded-for': `198.19.20.${++n}`,
      },
      body: JSON.stringify({
        businessId: owner.businessId,
        serviceId: service._id,
        answers,
        address: owner.address,
        date: c.date,
        time: c.time,
        firstName: c.firstName,
        lastName: c.lastName,
        customerEmail,
        phoneNumber: '+1 5559876543',
      }),
    });
    if (!res.ok) throw new Error(`Booking ${c.date} ${c.time} answered ${res.status}: ${await res.text()}`);
    const booked = (await res.json()) as { bookingId: string; totalQuote: number };
    seeded.push({ ...c, customerEmail, bookingId: booked.bookingId, totalQuote: booked.totalQuote });
  }
});

test('forgot password: the mailed link sets a new password; the old one and the old session stop working', async ({
  page,
}) => {
  const since = Date.now();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes as the link is clicked; the page follows once its chunk has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel('Email Address').fill(owner.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists for that address, we have sent a link to reset the password.'),
  ).toBeVisible();
  await screenshot(page, 'account-01-forgot-sent');

  const mail = await newestMail({ to: owner.email, subject: 'Reset your Slotwise password', since });
  const reset = linkTo(mail, '/reset-password');
  expect(reset.searchParams.get('token')).toBeTruthy();
  await page.goto(`${reset.pathname}${reset.search}`);
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
  const newPassword = `fresh start ${crypto.randomUUID().slice(0, 8)}`;
  // Typed differently first: refused in the page, nothing sent.
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await screenshot(page, 'account-02-reset-form');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();

  // The token from before the reset no longer opens anything.
  await expect(api('GET', '/api/onboarding/profile', undefined, owner.token)).rejects.toThrow(/answered 401/);

  // The link works once.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`${reset.pathname}${reset.search}`);
  await expect(page.getByText('This reset link has already been used. Request a new one below.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await page.goto('/login');

  const oldPassword = owner.password;
  await page.getByLabel('Email Address').fill(owner.email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Log In' }).click();
  // The server's own words for wrong credentials (issue 2).
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, 'account-03-old-password-refused');

  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  owner.password = newPassword;
  owner.token = await loginToken(owner.email, newPassword);
});

test('Settings: operations, calendar feed and account, each saved and shown', async ({ page, context, browser }) => {
  // The longest journey of the suite (three sections, two browsers, full-page shots 3600 px tall): 26-45 s on a
  // loaded 2-core machine, and it ran out of the default minute beside a second worker (E2E_WORKERS=2).
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.accept();
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  // Another browser, signed in before the password change below, to see it logged out.
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.19.10.11' } });
  const otherPage = await elsewhere.newPage();
  await openAs(otherPage, owner, `${baseURL()}/dashboard/bookings`);
  await expect(otherPage.getByRole('heading', { name: 'Bookings Management' })).toBeVisible();

  // Tall enough for the whole page: section screenshots then need no scrolling under the sticky top bar.
  await page.setViewportSize({ width: 1280, height: 3600 });
  await openAs(page, owner, '/dashboard/settings/operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // Each section is a page of its own, reached from the list beside it.
  const goTo = (name: string) =>
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name, exact: true }).click();

  // ---------- Operations ----------
  const ops = section(page, 'Operations');
  const travel = ops.getByRole('switch', { name: 'I travel to my customers' });
  await expect(travel).not.toBeChecked();
  await expect(ops.getByLabel('Average speed (mph)')).toHaveValue('30');
  await expect(ops.getByLabel('Average speed (mph)')).toBeDisabled();
  await expect(ops.getByLabel('Maximum distance (miles)')).toHaveValue('');
  await shoot(ops, 'account-10-operations-defaults');
  await travel.check();
  await ops.getByLabel('Average speed (mph)').fill('40');
  await ops.getByLabel('Buffer (minutes)').fill('15');
  await ops.getByLabel('Maximum distance (miles)').fill('25');
  await ops.getByLabel('Cut-off before a booking').selectOption({ label: '24 hours' });
  await ops.getByRole('button', { name: 'Save Operations' }).click();
  await expect(ops.getByRole('status')).toHaveText('Operations settings updated successfully!');
  await shoot(ops, 'account-11-operations-saved');
  expect(await api('GET', '/api/business-dashboard/settings/operations', undefined, owner.token)).toEqual({
    travel: { enabled: true, speedMph: 40, bufferMinutes: 15 },
    maxDistanceMiles: 25,
    changeCutoffHours: 24,
    horizonDays: 90,
    minNoticeHours: 2,
    // Not set here: no cost comes off Insights' profit after the drive (decision 057).
    vehicleCostPerMile: 0,
  });
  // The message goes by itself after 3 seconds.
  await expect(ops.getByRole('status')).toHaveCount(0, { timeout: 5_000 });

  // ---------- Calendar feed ----------
  await goTo('Calendar Feed');
  const feed = section(page, 'Calendar Feed');
  await expect(feed.getByText(/Google, Apple or Outlook Calendar/)).toBeVisible();
  const field = feed.getByLabel('Private calendar link');
  await expect(field).toHaveValue(/\/api\/calendar\/feed\.ics\?/);
  const firstUrl = await field.inputValue();
  const ics = await fetchFeed(firstUrl);
  expect(ics.status).toBe(200);
  const icsText = await ics.text();
  expect(icsText).toContain('BEGIN:VCALENDAR');
  for (const b of seeded) expect(icsText).toContain(b.firstName);
  await feed.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Calendar link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  await shoot(feed, 'account-20-calendar-feed');
  await feed.getByRole('button', { name: 'Revoke Link' }).click();
  await expect(feed.getByRole('status')).toHaveText('Calendar link revoked. Subscribe with the new link below.');
  expect(dialogs.at(-1)).toMatch(/^Revoke this calendar link\?/);
  const secondUrl = await field.inputValue();
  expect(secondUrl).not.toBe(firstUrl);
  expect((await fetchFeed(firstUrl)).status).toBe(404);
  expect((await fetchFeed(secondUrl)).status).toBe(200);
  await shoot(feed, 'account-21-calendar-feed-revoked');

  // ---------- Account ----------
  await goTo('Account');
  const account = section(page, 'Account');
  await expect(account.getByLabel('Email Address')).toHaveValue(owner.email);
  await expect(account.getByLabel('Email Address')).not.toBeEditable();
  const phoneForm = account.getByRole('form', { name: 'Phone Number' });
  await expect(phoneForm.getByLabel('Country Code').locator('option:checked')).toHaveText('+1 United States');
  // Stored as E.164, shown as its country writes it.
  await expect(phoneForm.getByLabel('Phone Number')).toHaveValue('(555) 123-4567');
  await phoneForm.getByLabel('Country Code').selectOption({ label: '+44 United Kingdom' });
  await phoneForm.getByLabel('Phone Number').fill('7700 900123');
  await phoneForm.getByRole('button', { name: 'Save Phone Number' }).click();
  await expect(phoneForm.getByRole('status')).toHaveText('Phone number updated successfully!');
  expect(await api('GET', '/api/business-dashboard/account', undefined, owner.token)).toEqual({
    email: owner.email,
    phoneNumber: '+447700900123',
  });

  const passwordForm = account.getByRole('form', { name: 'Change Password' });
  const changed = `changed again ${crypto.randomUUID().slice(0, 8)}`;
  await passwordForm.getByLabel('Current Password').fill('not my password');
  await passwordForm.getByLabel('New Password', { exact: true }).fill(changed);
  await passwordForm.getByLabel('Confirm New Password').fill(changed);
  await passwordForm.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordForm.getByRole('alert')).toHaveText('Your current password is not correct.');
  await shoot(account, 'account-30-account-wrong-password');
  await expect(page).toHaveURL(/\/dashboard\/settings\/account$/);

  const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
  await passwordForm.getByLabel('Current Password').fill(owner.password);
  await passwordForm.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordForm.getByRole('status')).toHaveText('Password changed. Other sessions have been logged out.');
  await expect(passwordForm.getByLabel('Current Password')).toHaveValue('');
  await shoot(account, 'account-31-account-password-changed');
  const tokenAfter = await page.evaluate(() => localStorage.getItem('token'));
  expect(tokenAfter).toBeTruthy();
  expect(tokenAfter).not.toBe(tokenBefore);
  await screenshot(page, 'account-32-settings-page');

  // On a phone: the sections fit without scrolling sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'account-33-settings-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  // This session goes on: a reload stays in Settings and loads with the new token.
  await page.reload();
  await expect(section(page, 'Account').getByLabel('Email Address')).toHaveValue(owner.email);
  await expect(page).toHaveURL(/\/dashboard\/settings\/account$/);
  // The other browser's next call answers 401 and it lands on the login page.
  await otherPage.getByRole('link', { name: 'Settings' }).click();
  await expect(otherPage).toHaveURL(/\/login$/);
  await elsewhere.close();
  await expect(api('GET', '/api/business-dashboard/account', undefined, owner.token)).rejects.toThrow(/answered 401/);

  owner.password = changed;
  owner.token = tokenAfter as string;
  expect(await loginToken(owner.email, changed)).toBeTruthy();
});

test('Bookings: Export CSV downloads every seeded booking', async ({ page }) => {
  await openAs(page, owner, '/dashboard/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings Management' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(seeded.length);
  await screenshot(page, 'account-40-bookings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const raw = readFileSync(path, 'utf8');
  expect(raw.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = parseCsv(raw.slice(1));
  expect(header).toEqual([
    'Booking ID',
    'Status',
    'Date',
    'Start Time',
    'End Time',
    'Time Zone',
    'Service',
    'First Name',
    'Last Name',
    'Email',
    'Phone',
    'Car Type',
    'Address',
    'Total (USD)',
    'Booked At',
    'Payment',
    'Paid (USD)',
    'Refunded (USD)',
    'Balance Due (USD)',
    'Plan',
    'Plan ID',
    'Crew',
    // Richer quotes (docs/decisions/026).
    'Answers',
    'Quote Lines',
    'Quoted Total (USD)',
    'Price Change',
  ]);
  expect(rows).toHaveLength(seeded.length);
  const col = (name: string) => (header ?? []).indexOf(name);
  for (const b of seeded) {
    const row = rows.find((r) => r[col('Booking ID')] === b.bookingId);
    expect(row, `booking ${b.bookingId} (${b.firstName}) in the CSV`).toBeDefined();
    if (!row) continue;
    expect(row[col('Status')]).toBe('pending');
    // One-off bookings: no plan.
    expect([row[col('Plan')], row[col('Plan ID')]]).toEqual(['', '']);
    // A business with one crew: its jobs are all the first crew's (empty for bookings written before
    // the booking engine gave new bookings their crew).
    expect(['Main crew', '']).toContain(row[col('Crew')]);
    expect(row[col('Date')]).toBe(b.date);
    expect(row[col('Start Time')]).toBe(b.time);
    expect(row[col('Time Zone')]).toBe(timeZone);
    expect(row[col('Service')]).toBe('Interior Clean');
    expect(row[col('First Name')]).toBe(b.firstName);
    expect(row[col('Last Name')]).toBe(b.lastName);
    expect(row[col('Email')]).toBe(b.customerEmail);
    // The export carries the number as stored, E.164, for other tools to read.
    expect(row[col('Phone')]).toBe('+15559876543');
    expect(row[col('Address')]).toBe(owner.address);
    expect(Number(row[col('Total (USD)')])).toBe(b.totalQuote);
    // Every answer, under its question; the lines start with the service's own.
    expect(row[col('Answers')]).toMatch(/^What size is your vehicle: .+; What condition is it in: .+$/);
    expect(row[col('Quote Lines')]).toMatch(/^Interior Clean \$95\.50; /);
    expect(row[col('Price Change')]).toBe('');
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
});
