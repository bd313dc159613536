/**
 * The customer's e-mailed links (issue 5), in Chromium against the real server:
 * a booking made through the API (with an Idempotency-Key, retried once), its
 * confirmation mail read from the outbox and opened in the browser, the Reschedule
 * link clicked there, a new slot picked and confirmed; then the Cancel link of the
 * "Booking moved" mail confirmed. The owner's Bookings page shows each move: the new
 * time, then Cancelled. The browser runs in New York, the business in Los Angeles.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  api,
  baseURL,
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

const SERVICE = { serviceName: 'Driveway Wash', duration: 60, price: 45 };

/** "2026-12-03" -> "Thu, Dec 3, 2026", as the Bookings page prints a date. */
function shortDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "2026-12-03" -> "Thursday, December 3, 2026", as the mails and the customer pages print it. */
function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Shows the mail's HTML part in the page, as a mail client would, and clicks its link named `name`. */
async function clickMailLink(page: Page, mail: Mail, name: 'Reschedule' | 'Cancel'): Promise<void> {
  expect(mail.html, `mail "${mail.subject}" has an HTML part`).toContain('<a href=');
  await page.setContent(mail.html);
  const link = page.getByRole('link', { name, exact: true });
  const href = (await link.getAttribute('href')) ?? '';
  // The same link in the text part, pointing at this server.
  expect(mail.text).toContain(href);
  expect(href.startsWith(`${baseURL()}/customer/`)).toBe(true);
  await link.click();
  await page.waitForURL((url) => url.href === href);
}

interface BookingJson {
  _id: string;
  status: string;
  bookingTime: { day: string; startTime: string; endTime: string };
}

test.describe.configure({ mode: 'serial' });

let owner: Owner;
let serviceId: string;
let bookingId: string;
const customerEmail = `links-${randomUUID().slice(0, 8)}@example.com`;
const firstDay = laDay(6);
const newDay = laDay(8);

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Link Lane Detailing', addressSearch: '90210' });
  await openEveryDay(owner.token, '08:00', '18:00');
  serviceId = (await api<{ _id: string }>('POST', '/api/business-dashboard/service/add', SERVICE, owner.token))._id;
});

/** The owner's view of the one booking of this file, on the Bookings page. */
async function ownerCard(page: Page) {
  await openAs(page, owner, '/dashboard/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings Management' })).toBeVisible();
  return page.getByRole('article', { name: `${SERVICE.serviceName} for Rosa Links` });
}

test('a booking made through the API, once for two tries with one Idempotency-Key', async ({ page }) => {
  const key = randomUUID();
  const book = () =>
    fetch(`${baseURL()}/api/customer/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        businessId: owner.businessId,
        serviceId,
        // The car-detailing niche's default question.
        answer: { option: 'Sedan / Coupe' },
        address: '5, Santa Monica, CA 90401, USA',
        date: firstDay,
        time: '10:00',
        firstName: 'Rosa',
        lastName: 'Links',
        customerEmail,
        phoneNumber: '+1 5551234567',
      }),
    });
  const first = await book();
  const body = await first.json();
  expect(first.status, JSON.stringify(body)).toBe(201);
  expect(body.status).toBe('pending');
  expect(body.bookingTime).toEqual({ day: firstDay, startTime: '10:00', endTime: '11:00' });
  bookingId = body.bookingId;

  const retry = await book();
  expect(retry.status).toBe(201);
  expect((await retry.json()).bookingId).toBe(bookingId);
  const { bookings } = await api<{ bookings: BookingJson[] }>(
    'GET',
    '/api/business-dashboard/bookings',
    undefined,
    owner.token,
  );
  expect(bookings.map((b) => b._id)).toEqual([bookingId]);

  const card = await ownerCard(page);
  await expect(card).toContainText(shortDay(firstDay));
  await expect(card).toContainText('10:00 AM');
  await expect(card).toContainText('Pending');
});

test('the Reschedule link of the confirmation mail moves the booking to a new slot', async ({ page }) => {
  const mail = await newestMail({ to: customerEmail, subject: `Booking request received: ${SERVICE.serviceName}` });
  expect(mail.text).toContain(longDay(firstDay));
  await clickMailLink(page, mail, 'Reschedule');

  await expect(page.getByRole('heading', { name: 'Reschedule Your Booking' })).toBeVisible();
  // Which booking this is, before the customer acts.
  const current = page.getByRole('region', { name: 'Your current booking' });
  await expect(current).toContainText(SERVICE.serviceName);
  await expect(current).toContainText(longDay(firstDay));
  await expect(current).toContainText('10:00 AM – 11:00 AM');
  // Its own day is chosen first on the month of free days; its own time is free to move within.
  await expect(page.locator(`[data-day="${firstDay}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '10:00 AM', exact: true })).toBeEnabled();

  await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(page.getByText('Please select a time slot.')).toBeVisible();

  await pickDay(page.locator('form'), newDay);
  await expect(page.getByText(`Available times on ${longDay(newDay)}`)).toBeVisible();
  // 17:30 cannot hold an hour before the 18:00 closing.
  await expect(page.getByRole('button', { name: '5:30 PM (unavailable)' })).toBeDisabled();
  const slot = page.getByRole('button', { name: '2:00 PM', exact: true });
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'links-01-reschedule');

  const since = Date.now();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
  // Said on the page with the new time, never in a native dialog.
  await expect(page.getByRole('status')).toHaveText('Your booking has been successfully rescheduled.');
  await expect(page.getByRole('region', { name: 'Your new booking' })).toContainText('2:00 PM – 3:00 PM');
  await screenshot(page, 'links-02-rescheduled');
  expect(dialogs).toEqual([]);

  const moved = await newestMail({ to: customerEmail, subject: `Booking moved: ${SERVICE.serviceName}`, since });
  expect(moved.text).toContain(`${longDay(newDay)}, 2:00 PM – 3:00 PM (Pacific Time, Los Angeles)`);
  await newestMail({ to: owner.email, subject: 'Booking rescheduled by Rosa Links', since });

  const card = await ownerCard(page);
  await expect(card).toContainText(shortDay(newDay));
  await expect(card).toContainText('2:00 PM');
  await expect(card).toContainText('3:00 PM');
  await expect(card).toContainText('Pending');
  await screenshot(page, 'links-02-owner-moved');
});

test('the Cancel link of the "Booking moved" mail cancels it', async ({ page }) => {
  const moved = await newestMail({ to: customerEmail, subject: `Booking moved: ${SERVICE.serviceName}` });
  await clickMailLink(page, moved, 'Cancel');

  await expect(page.getByRole('heading', { name: 'Cancel Your Booking' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'The booking to cancel' });
  await expect(summary).toContainText(SERVICE.serviceName);
  await expect(summary).toContainText(longDay(newDay));
  await expect(summary).toContainText('2:00 PM – 3:00 PM');
  await screenshot(page, 'links-03-cancel-confirm');

  const since = Date.now();
  await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(page.getByText('Your booking has been successfully canceled. Sorry to see you go!')).toBeVisible();
  await screenshot(page, 'links-04-cancelled');
  await newestMail({ to: customerEmail, subject: `Booking cancelled: ${SERVICE.serviceName}`, since });
  await newestMail({ to: owner.email, subject: 'Booking cancelled by Rosa Links', since });

  const card = await ownerCard(page);
  await expect(card).toContainText('Cancelled');
  await expect(card).toContainText(shortDay(newDay));
  await expect(card).not.toContainText('Pending');
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await screenshot(page, 'links-05-owner-cancelled');
});

test.describe('a used link', () => {
  test.use({ allowConsoleErrors: { reason: 'the used link answers 410', match: /status of 410/ } });

  test('no longer reschedules a cancelled booking', async ({ page }) => {
    const moved = await newestMail({ to: customerEmail, subject: `Booking moved: ${SERVICE.serviceName}` });
    await clickMailLink(page, moved, 'Reschedule');
    await expect(
      page.getByText('This booking has been cancelled, so this link no longer works. Please make a new booking.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm Reschedule' })).toHaveCount(0);
  });
});
