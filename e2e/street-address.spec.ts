/**
 * A full street address with the default (offline) geocoder (issue 22, item 1): a customer on
 * an owner's website of another origin types "1100 Congress Ave, Austin, TX 78701", picks the
 * suggestion that keeps their street line, reads that the distance is estimated from the ZIP
 * code, lands on the first free day of the month grid, books, downloads the .ics (the event
 * the confirmation mail's invitation carries, whose UID the move mail keeps), and the owner's booking card shows the street.
 */
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import {
  api,
  baseURL,
  expect,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  ownerWebsite,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

const TYPED = '1100 Congress Ave, Austin, TX 78701';
const CHOSEN = '1100 Congress Ave, Austin, TX 78701, USA';

/** The one event of an iCalendar text, as ical.js reads it. */
function event(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const e = new ICAL.Event(cal.getFirstSubcomponent('vevent') ?? undefined);
  return {
    method: String(cal.getFirstPropertyValue('method')),
    uid: e.uid,
    sequence: e.sequence,
    start: e.startDate.toJSDate().getTime(),
    location: e.location,
  };
}

let owner: Owner;
let host: Awaited<ReturnType<typeof ownerWebsite>>;
/** The owner's website: another port, so another origin than the API. */
let hostOrigin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  owner = await signupOwner({
    businessName: 'Congress Detailing',
    niche: 'Mobile detailing',
    streetLine: '500 E 5th St',
    addressSearch: 'Austin, TX 78701',
  });
  await openEveryDay(owner.token, '06:00', '22:00');
  await api(
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Street Wash', duration: 60, price: 40 },
    owner.token,
  );
  await api(
    'PUT',
    '/api/business-dashboard/settings/update-distance-pricing',
    { chargeForDistance: true, pricePerMile: 1.5 },
    owner.token,
  );
  host = await ownerWebsite(
    () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Congress Detailing</title><link rel="icon" href="data:,"></head>
<body><h1>Congress Detailing</h1>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script></body></html>`,
  );
  hostOrigin = host.origin;
});

test.afterAll(() => host.close());

test('a customer books at a full street address and the owner reads it on the card', async ({ page }) => {
  expect(owner.address).toBe('500 E 5th St, Austin, TX 78701, USA');
  await page.goto(hostOrigin);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL()).origin);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Congress Detailing' });
  await dialog.getByRole('radio', { name: /Street Wash/ }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your address' })).toBeVisible();
  await expect(dialog.getByLabel('House number')).toHaveCount(0);
  const box = dialog.getByRole('combobox', { name: 'Street address' });
  await box.pressSequentially(TYPED);
  await dialog.getByRole('option', { name: CHOSEN }).click();
  await expect(box).toHaveValue(CHOSEN);
  await screenshot(page, 'street-address-chosen');
  await dialog.getByRole('button', { name: 'Get my quote' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  await expect(dialog).toContainText(`Street Wash at ${CHOSEN}`);
  await expect(dialog.getByText('Distance estimated from your ZIP code.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Choose a time' }).click();

  // The date step opens on the first day with a free time, already chosen, its times below.
  await expect(dialog.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
  const firstFree = dialog.locator('[data-day][data-status="free"]').first();
  await expect(firstFree).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('[data-day][aria-pressed="true"]')).toHaveCount(1);
  // Taken times are aria-disabled, not disabled: a tap on one is counted for the owner's insights (docs/widget.md).
  await dialog.locator('.sw-slot:not([aria-disabled="true"])').first().click();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await dialog.getByLabel('First name').fill('Ana');
  await dialog.getByLabel('Last name').fill('Street');
  await dialog.getByLabel('Email').fill('ana.street@example.com');
  await dialog.getByLabel('Phone number').fill('512 555 0142');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog.getByRole('heading', { name: 'Booking received' })).toBeVisible();

  // Add to calendar: the .ics file is the event the confirmation mail's invitation carries.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('booking.ics');
  const file = event(readFileSync((await download.path()) ?? '', 'utf8'));
  expect(file.location).toBe(CHOSEN);
  const confirmation = await newestMail({ to: 'ana.street@example.com', subject: 'Booking request received' });
  const invite = event(confirmation.calendar);
  expect(invite).toMatchObject({ method: 'REQUEST', uid: file.uid, start: file.start, location: CHOSEN });

  // Moved from the mail's link: the move mail updates that same event, a later SEQUENCE.
  const token = new URL(confirmation.links.find((l) => l.includes('/customer/cancel')) ?? '').searchParams.get('token');
  const day = new Date(file.start + 3 * 86_400_000).toISOString().slice(0, 10);
  const moved = await fetch(`${baseURL()}/api/customer/reschedule`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, newDateTime: `${day}T10:00` }),
  });
  expect(moved.status).toBe(200);
  const move = event((await newestMail({ to: 'ana.street@example.com', subject: 'Booking moved' })).calendar);
  expect(move.uid).toBe(invite.uid);
  expect(move.sequence).toBeGreaterThan(invite.sequence);
  expect(move.start).not.toBe(invite.start);

  const { bookings } = await api<{ bookings: { firstName: string; customerAddress: string | null }[] }>(
    'GET',
    '/api/business-dashboard/bookings',
    undefined,
    owner.token,
  );
  expect(bookings.find((b) => b.firstName === 'Ana')?.customerAddress).toBe(CHOSEN);

  await openAs(page, owner, '/dashboard/bookings');
  const card = page.getByRole('article', { name: 'Street Wash for Ana Street' });
  await expect(card).toContainText('1100 Congress Ave, Austin, TX 78701');
  await screenshot(page, 'street-address-owner-card');
});

for (const width of [1280, 375]) {
  test(`the pop-up keeps its place and its buttons' between steps at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await page.goto(hostOrigin);
    await page.getByRole('button', { name: 'Book now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Congress Detailing' });
    await expect(dialog.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    // Read once layout has settled: the same box twice in a row.
    const settled = async (name: string) => {
      const button = dialog.getByRole('button', { name, exact: true });
      let last = '';
      await expect
        .poll(async () => {
          const [b, d] = await Promise.all([button.boundingBox(), dialog.boundingBox()]);
          const now = JSON.stringify({ right: (b?.x ?? 0) + (b?.width ?? 0), y: b?.y, top: d?.y, height: d?.height });
          const same = now === last;
          last = now;
          return same;
        })
        .toBe(true);
      return JSON.parse(last) as { right: number; y: number; top: number; height: number };
    };
    const first = await settled('Next');
    await dialog.getByRole('radio', { name: /Street Wash/ }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Your address' })).toBeVisible();
    const second = await settled('Get my quote');
    expect(second).toEqual(first);
    await screenshot(page, `street-address-steady-${width}`, { fullPage: false });
  });
}
