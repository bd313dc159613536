/**
 * The owner's own calendar blocks their slots (issue 27), the whole journey in Chromium against
 * the real server: the owner connects a calendar by its secret address in Settings (served by a
 * stand-in calendar server on loopback, which global-setup.ts lets the server read with
 * CALENDAR_FETCH_ALLOW_PRIVATE); it holds a weekly event and one occurrence moved to another
 * day; the booking page offers no time over either; the calendar shows them grey; the owner
 * removes the connection and the times come back. At 1280 and 375 px; screenshots in
 * e2e/artifacts/connected-calendars-*.png.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  api,
  expect,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';
import { artifactsDir } from './paths.ts';

test.describe.configure({ mode: 'serial' });

/** The weekly event's first day, and the week after (whose occurrence moved to the next day). */
const DAY = laDay(2);
const WEEK_AFTER = laDay(9);
const MOVED_TO = laDay(10);
const compact = (day: string) => day.replace(/-/g, '');
/** Google's shape of a secret address; the part after private- is what must never leak. */
const SECRET = `private-${randomBytes(16).toString('hex')}`;
const PATH = `/calendar/ical/owner%40example.com/${SECRET}/basic.ics`;

/** The owner's calendar as Google exports it: a weekly hour at 10:00, its second time moved to the next day at 13:00. */
function calendar(): string {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Sam Personal',
    'X-WR-TIMEZONE:America/Los_Angeles',
    'BEGIN:VTIMEZONE',
    'TZID:America/Los_Angeles',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0800',
    'TZOFFSETTO:-0700',
    'TZNAME:PDT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0700',
    'TZOFFSETTO:-0800',
    'TZNAME:PST',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `DTSTART;TZID=America/Los_Angeles:${compact(DAY)}T100000`,
    `DTEND;TZID=America/Los_Angeles:${compact(DAY)}T110000`,
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'DTSTAMP:20260101T000000Z',
    'UID:kids-swim-lesson@google.com',
    'SUMMARY:Swim lesson',
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=America/Los_Angeles:${compact(MOVED_TO)}T130000`,
    `DTEND;TZID=America/Los_Angeles:${compact(MOVED_TO)}T140000`,
    'DTSTAMP:20260101T000000Z',
    'UID:kids-swim-lesson@google.com',
    `RECURRENCE-ID;TZID=America/Los_Angeles:${compact(WEEK_AFTER)}T100000`,
    'SUMMARY:Swim lesson (moved)',
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

let owner: Owner;
let slug: string;
let server: Server;
let address: string;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Own Time Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
  server = createServer((req, res) => {
    if (req.url !== PATH) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=UTF-8' }).end(calendar());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The booking page's time buttons of `day`, for the first service. */
async function timesOn(page: Page, day: string): Promise<Locator> {
  await page.goto(`/book/${slug}`);
  const form = page.getByRole('region', { name: 'Own Time Detailing' });
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(form, day);
  await expect(form.getByRole('button', { name: '8:00 AM', exact: true })).toBeVisible();
  return form;
}

const slot = (form: Locator, time: string) => form.getByRole('button', { name: time, exact: true });

test('the owner connects a calendar by its secret address in Settings', async ({ page }) => {
  await openAs(page, owner, '/dashboard/settings#calendars');
  const section = page.locator('section#calendars');
  await expect(section.getByRole('heading', { name: 'Connected Calendars' })).toBeVisible();
  await section.getByLabel('Label').fill('Personal');
  await section.getByLabel('Secret address (iCal)').fill(address);
  await section.getByText('Where do I find it?').click();
  await section.getByRole('button', { name: 'Connect Calendar' }).click();
  await expect(page.getByText('"Personal" connected: 4 busy events.')).toBeVisible();
  const item = section.getByRole('list', { name: 'Your connected calendars' }).getByRole('listitem');
  await expect(item).toContainText('Personal');
  await expect(item).toContainText(`127.0.0.1:${(server.address() as AddressInfo).port} ...`);
  await expect(item).toContainText('Read just now: 4 busy events from today to your booking horizon.');
  // The address is never shown again, nor its secret part.
  await expect(section.getByLabel('Secret address (iCal)')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(SECRET);
  await expect(section.getByRole('switch', { name: 'Show event titles on my calendar' })).not.toBeChecked();
  await expect(section.getByText('Off: your Calendar page shows them as "Busy (Personal)".')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 1400 });
  await section.screenshot({ path: join(artifactsDir, 'connected-calendars-1-settings.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await section.screenshot({ path: join(artifactsDir, 'connected-calendars-2-settings-phone.png') });
});

test('the booking page offers no time over the weekly event nor over its moved occurrence', async ({ page }) => {
  const first = await timesOn(page, DAY);
  // A service of an hour or less cannot start from 9:30 to 10:30 under the 10:00-11:00 lesson.
  await expect(slot(first, '10:00 AM')).toBeDisabled();
  await expect(slot(first, '10:30 AM')).toBeDisabled();
  await expect(slot(first, '11:00 AM')).toBeEnabled();
  await screenshot(page, 'connected-calendars-3-booking-page');
  // The week after, the lesson moved from 10:00 to the next day at 13:00.
  const moved = await timesOn(page, WEEK_AFTER);
  await expect(slot(moved, '10:00 AM')).toBeEnabled();
  const next = await timesOn(page, MOVED_TO);
  await expect(slot(next, '1:00 PM')).toBeDisabled();
  await expect(slot(next, '10:00 AM')).toBeEnabled();
});

test('the calendar shows the events grey, and says what one is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openAs(page, owner, `/dashboard/calendar?view=week&date=${DAY}`);
  const lesson = page.locator('.rbc-event.cal-event--busy').filter({ hasText: 'Busy (Personal)' });
  await expect(lesson).toHaveCount(1);
  await expect(lesson).toContainText('10:00 AM – 11:00 AM');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Busy (your calendars)');
  await screenshot(page, 'connected-calendars-4-calendar');
  await lesson.click();
  const dialog = page.getByRole('dialog', { name: 'Busy (Personal)' });
  await expect(dialog).toContainText('An event of your calendar "Personal".');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The moved occurrence, on its new day.
  await openAs(page, owner, `/dashboard/calendar?view=week&date=${MOVED_TO}`);
  await expect(page.locator('.rbc-event.cal-event--busy').filter({ hasText: '1:00 PM – 2:00 PM' })).toHaveCount(1);
  // On a phone, the day view.
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${DAY}`);
  const onPhone = page.locator('.rbc-event.cal-event--busy');
  await expect(onPhone).toContainText('Busy (Personal)');
  await onPhone.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'connected-calendars-5-calendar-phone', { fullPage: false });
});

test('the owner removes the connection, and the times come back', async ({ page }) => {
  await openAs(page, owner, '/dashboard/settings#calendars');
  const section = page.locator('section#calendars');
  page.once('dialog', (d) => void d.accept());
  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('"Personal" disconnected.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your connected calendars' })).toHaveCount(0);
  const first = await timesOn(page, DAY);
  await expect(slot(first, '10:00 AM')).toBeEnabled();
  const next = await timesOn(page, MOVED_TO);
  await expect(slot(next, '1:00 PM')).toBeEnabled();
});
