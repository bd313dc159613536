/**
 * The day's route (issue 44 item 7; docs/decisions/054), in Chromium against the real server, on a
 * phone (375 px):
 * - a business in Beverly Hills drives to its customers at 30 mph; its crew's day two days ahead
 *   has three jobs booked in a poor order: Malibu at 10:00 (the farthest), Brentwood at 12:00 (the
 *   nearest), Pacific Palisades at 14:00 (between);
 * - the owner opens the day in the calendar, taps the day's route, sees each drive and the total,
 *   and the suggestion (Brentwood, Palisades, Malibu) with what it saves; applies it;
 * - each customer whose time moved gets one "Booking moved" mail, the others none; the day's
 *   directions link goes from the business through the stops in the new order, in a new tab.
 * And today's day of another business: its crew member opens Today's route on their phone (the
 * stops in time order, the drives, the directions); the owner, at 1280 px, keeps a job's time by
 * keyboard and the suggestion works around it.
 * Screenshots in e2e/artifacts/day-route-*.png; axe on every screen.
 */

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { todayIn } from '@slotwise/shared/time-zone';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  crewMemberLogin,
  dataDir,
  expect,
  firstCrew,
  laDay,
  morningZone,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { readOutbox } from './mail.ts';

test.describe.configure({ mode: 'serial' });

const B = '/api/business-dashboard';
const SERVICE = { serviceName: 'Full Detail', duration: 60, price: 120 };
const DAY = laDay(2);
const PLACES = {
  far: { address: '5, Malibu, CA 90265, USA', time: '10:00', name: 'Mal' },
  near: { address: '5, Los Angeles, CA 90049, USA', time: '12:00', name: 'Brent' },
  middle: { address: '5, Pacific Palisades, CA 90272, USA', time: '14:00', name: 'Pal' },
} as const;
type Key = keyof typeof PLACES;

let owner: Owner;
let crewId = '';
const emails = {} as Record<Key, string>;
const ids = {} as Record<Key, string>;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Route Detailing' });
  await openEveryDay(owner.token, '07:00', '19:00');
  await api(
    'PUT',
    `${B}/settings/operations`,
    { travel: { enabled: true, speedMph: 30, bufferMinutes: 0 }, maxDistanceMiles: null, changeCutoffHours: 0 },
    owner.token,
  );
  const serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, owner.token))._id;
  crewId = await firstCrew(owner);
  for (const key of Object.keys(PLACES) as Key[]) {
    const p = PLACES[key];
    emails[key] = uniqueEmail(`route-${key}`);
    ids[key] = await bookAsCustomer(owner, serviceId, {
      date: DAY,
      time: p.time,
      address: p.address,
      firstName: p.name,
      lastName: 'Customer',
      customerEmail: emails[key],
    });
    await api('PUT', `${B}/booking/approve/${ids[key]}`, undefined, owner.token);
  }
});

const movedMailsTo = (email: string) =>
  readOutbox(join(dataDir(), 'outbox')).filter(
    (m) => m.to.toLowerCase().includes(email.toLowerCase()) && m.subject.startsWith('Booking moved'),
  );

test("the owner puts a crew's day in driving order on a phone, and the moved customers are told once", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${DAY}`);
  await page
    .getByRole('navigation', { name: "The day's routes" })
    .getByRole('link', { name: "The day's route" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/route/${crewId}/${DAY}$`));
  await expect(page.getByRole('heading', { level: 1, name: "Main crew's route" })).toBeVisible();

  // As booked: far, near, middle, each with its drive, the first from the start.
  const booked = page.getByRole('list', { name: 'Booked order' });
  await expect(booked.getByRole('listitem')).toHaveCount(3);
  await expect(booked.getByRole('listitem').nth(0)).toContainText('Mal Customer');
  await expect(booked.getByRole('listitem').nth(0)).toContainText(/\d+ min · [\d.]+ mi from the start/);
  await expect(booked.getByRole('listitem').nth(1)).toContainText(/\d+ min · [\d.]+ mi from the last job/);
  const suggested = page.getByRole('list', { name: 'Suggested order' });
  await expect(suggested.getByRole('listitem').nth(0)).toContainText('Brent Customer');
  await expect(suggested.getByRole('listitem').nth(1)).toContainText('Pal Customer');
  await expect(suggested.getByRole('listitem').nth(2)).toContainText('Mal Customer');
  await expect(page.getByText(/^Saves \d+ min of driving$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "The day's route with a suggestion, 375 px");
  await screenshot(page, 'day-route-suggestion-375');

  // The times the suggestion gives, to know whose time moves.
  const before = await api<{ suggestion: { moved: string[] } }>(
    'GET',
    `${B}/crews/${crewId}/route?day=${DAY}`,
    undefined,
    owner.token,
  );
  const moved = (Object.keys(ids) as Key[]).filter((k) => before.suggestion.moved.includes(ids[k]));
  expect(moved.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Apply this order' }).click();
  await expect(page.getByText(/already in the shortest order/)).toBeVisible();
  await expect(booked.getByRole('listitem').nth(0)).toContainText('Brent Customer');
  await expect(booked.getByRole('listitem').nth(2)).toContainText('Mal Customer');

  // One "Booking moved" mail to each customer whose time moved; none to the others.
  for (const key of moved) await newestMail({ to: emails[key], subject: 'Booking moved' });
  for (const key of Object.keys(ids) as Key[])
    expect(movedMailsTo(emails[key]), key).toHaveLength(moved.includes(key) ? 1 : 0);

  // The directions: from the business through the stops in the new order, in a new tab.
  const directions = page.getByRole('link', { name: /Directions for the day/ });
  await expect(directions).toHaveAttribute('target', '_blank');
  const url = new URL((await directions.getAttribute('href'))!);
  expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
  expect(url.searchParams.get('origin')).toBe(owner.address);
  expect(url.searchParams.get('waypoints')).toBe(`${PLACES.near.address}|${PLACES.middle.address}`);
  expect(url.searchParams.get('destination')).toBe(PLACES.far.address);
  await expectNoSeriousA11yViolations(page, "The day's route applied, 375 px");
  await screenshot(page, 'day-route-applied-375');
  await phone.close();
});

test("a crew member reads today's route on the phone; the owner pins a job by keyboard at 1280 px", async ({
  browser,
  page,
}) => {
  const other = await signupOwner({ businessName: 'Today Detailing' });
  await openEveryDay(other.token, '06:00', '20:00');
  // About 06:00 there now: today's 10:00, 12:00 and 14:00 are ahead and past the notice.
  const zone = morningZone();
  await api('PUT', `${B}/settings/time-zone`, { timeZone: zone }, other.token);
  const serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, other.token))._id;
  const crew = await firstCrew(other, 'Sam');
  const today = todayIn(zone);
  for (const key of Object.keys(PLACES) as Key[]) {
    const p = PLACES[key];
    const id = await bookAsCustomer(other, serviceId, {
      date: today,
      time: p.time,
      address: p.address,
      firstName: p.name,
      lastName: 'Customer',
    });
    await api('PUT', `${B}/booking/approve/${id}`, undefined, other.token);
  }
  const crewToken = await crewMemberLogin(
    other,
    crew,
    `sam-${randomUUID().slice(0, 8)}@example.com`,
    'route crew pw 1',
  );

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const crewPage = await phone.newPage();
  await openAs(crewPage, { token: crewToken }, '/crew');
  await crewPage.getByRole('link', { name: "Today's route" }).click();
  await expect(crewPage.getByRole('heading', { level: 1, name: "Today's route" })).toBeVisible();
  const stops = crewPage.getByRole('list', { name: "Today's jobs in driving order" }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  await expect(stops.nth(0)).toContainText('Mal Customer');
  await expect(stops.nth(0)).toContainText(/\d+ min · [\d.]+ mi from the start/);
  await expect(crewPage.getByRole('button', { name: 'Apply this order' })).toHaveCount(0);
  const directions = crewPage.getByRole('link', { name: /Directions for the day/ });
  await expect(directions).toHaveAttribute('target', '_blank');
  expect(new URL((await directions.getAttribute('href'))!).searchParams.get('destination')).toBe(PLACES.middle.address);
  await expectNoSeriousA11yViolations(crewPage, "The crew's route, 375 px");
  await screenshot(crewPage, 'day-route-crew-375');
  await phone.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, other, `/dashboard/route/${crew}/${today}`);
  await expect(page.getByRole('heading', { level: 1, name: "Sam's route" })).toBeVisible();
  const suggested = page.getByRole('list', { name: 'Suggested order' });
  await expect(suggested.getByRole('listitem').nth(2)).toContainText('Mal Customer');
  // Keep the Malibu job at 10:00, by keyboard: the suggestion is read again around it.
  const keep = page
    .getByRole('list', { name: 'Booked order' })
    .getByRole('checkbox', { name: 'Keep this time' })
    .first();
  await keep.focus();
  await page.keyboard.press('Space');
  await expect(keep).toBeChecked();
  await expect(page.getByText('Pinned: keeps its time')).toBeVisible();
  await expectNoSeriousA11yViolations(page, "The owner's route with a pinned job, 1280 px");
  await screenshot(page, 'day-route-owner-1280');
});
