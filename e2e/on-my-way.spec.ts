/**
 * "On my way" (issue 44 item 1's "done when"; docs/decisions/048), in Chromium against the real
 * server and the Twilio stand-in:
 * - the crew, Sam, has a job in Santa Monica at 10:00 and one in Pasadena at 12:00 today; on the
 *   phone (375 px) Sam taps On my way on the Pasadena job;
 * - the customer, who agreed to texts, gets one text naming Sam, the business and the arrival: now
 *   plus the drive from the Santa Monica job at the business's 30 mph (the calendar's own travel
 *   block between the two), rounded up to 5 minutes, on the business's clock;
 * - the job then reads "On my way sent at ..." and offers it no more; the owner (1280 px) sees the
 *   same on the booking.
 * Screenshots in e2e/artifacts/on-my-way-*.png; axe on both screens.
 */
import { randomUUID } from 'node:crypto';
import { formatClock } from '@slotwise/shared/clock';
import { todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  crewMemberLogin,
  expect,
  firstCrew,
  morningZone,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';
import { E2E_TWILIO } from './global-setup.ts';

test.describe.configure({ mode: 'serial' });

const B = '/api/business-dashboard';
const BUSINESS = 'Way Detailing';
const SERVICE = { serviceName: 'Full Detail', duration: 60, price: 120 };
const CUSTOMER_PHONE = '+15552010048';
const MEMBER = `sam-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'on my way password';
const FIVE_MINUTES = 5 * 60_000;

let owner: Owner;
let zone = '';
let crewToken = '';
let pasadenaJob = '';
let santaMonicaJob = '';

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: BUSINESS });
  await openEveryDay(owner.token, '06:00', '20:00');
  // About 06:00 there now: today's 10:00 and 12:00 are ahead, and On my way is for today's jobs.
  zone = morningZone();
  await api('PUT', `${B}/settings/time-zone`, { timeZone: zone }, owner.token);
  // The business drives to its customers at 30 mph: the calendar draws the drives, and the arrival uses that speed.
  await api(
    'PUT',
    `${B}/settings/operations`,
    { travel: { enabled: true, speedMph: 30, bufferMinutes: 0 }, maxDistanceMiles: null, changeCutoffHours: 0 },
    owner.token,
  );
  const serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, owner.token))._id;
  await api(
    'PUT',
    `${B}/settings/notifications/twilio`,
    { accountSid: E2E_TWILIO.accountSid, authToken: E2E_TWILIO.authToken, sender: E2E_TWILIO.number },
    owner.token,
  );
  // The crew is a person, Sam, named to customers (Settings > Crews), with a login of their own.
  const crewId = await firstCrew(owner, 'Sam');
  await api('PUT', `${B}/crews-settings/mails`, { nameCrewInMails: true }, owner.token);
  crewToken = await crewMemberLogin(owner, crewId, MEMBER, PASSWORD);

  const today = todayIn(zone);
  santaMonicaJob = await bookAsCustomer(owner, serviceId, { date: today, time: '10:00' });
  pasadenaJob = await bookAsCustomer(owner, serviceId, {
    date: today,
    time: '12:00',
    address: '100, Pasadena, CA 91101, USA',
    firstName: 'Dora',
    lastName: 'Drive',
    phoneNumber: CUSTOMER_PHONE,
    textConsent: true,
  });
  for (const id of [santaMonicaJob, pasadenaJob])
    await api('PUT', `${B}/booking/approve/${id}`, undefined, owner.token);
});

const textsToCustomer = async () =>
  (
    (await (await fetch(`${process.env.E2E_TWILIO_URL}/_stand-in/messages`)).json()) as { to: string; body: string }[]
  ).filter((t) => t.to === CUSTOMER_PHONE);

/** "12:45 PM" on the business's clock, `minutes` after `ms`, rounded up to 5 minutes as the server does. */
const arrivalAfter = (ms: number, minutes: number) =>
  formatClock(utcMsToLocal(Math.ceil((ms + minutes * 60_000) / FIVE_MINUTES) * FIVE_MINUTES, zone).time, '12h');

test("the crew taps On my way and the customer's text names the arrival from the job before", async ({
  page,
  browser,
}) => {
  // The drive the calendar draws from the Santa Monica job to the Pasadena one, at 30 mph.
  const today = todayIn(zone);
  const blocks = await api<{ fromBookingId: string | null; toBookingId: string; minutes: number }[]>(
    'GET',
    `${B}/travel-blocks?from=${today}&to=${today}`,
    undefined,
    owner.token,
  );
  const drive = blocks.find((b) => b.fromBookingId === santaMonicaJob && b.toBookingId === pasadenaJob)?.minutes;
  expect(drive, JSON.stringify(blocks)).toBeGreaterThan(20);

  // Sam, on the phone.
  const crewPhone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const crew = await crewPhone.newPage();
  await openAs(crew, { token: crewToken }, '/crew');
  const job = crew.getByRole('article', { name: 'Full Detail for Dora Drive' });
  const before = Date.now();
  await job.getByRole('button', { name: 'On my way' }).click();
  await expect(job.getByText(/^On my way sent at \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  const after = Date.now();
  await expect(job.getByRole('button', { name: 'On my way' })).toHaveCount(0);
  // The tap happened between `before` and `after`: the arrival is one of theirs (the same, but at a 5-minute edge).
  const arrivals = [...new Set([arrivalAfter(before, drive!), arrivalAfter(after, drive!)])];
  await expect(crew.getByText(/^Texted Dora: arriving about \d{1,2}:\d\d [AP]M\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(crew, 'Crew On my way, 375 px');
  // The job in the middle of the screen: its "sent at" line clear of the toast at the foot.
  await job.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(crew, 'on-my-way-crew-375', { fullPage: false });
  await crewPhone.close();

  // One text, naming Sam, the business and the arrival.
  let body = '';
  await expect(async () => {
    const texts = (await textsToCustomer()).filter((t) => t.body.includes('on the way'));
    expect(texts).toHaveLength(1);
    body = texts[0]!.body;
  }).toPass({ timeout: 15_000 });
  expect(arrivals.map((a) => `Sam from ${BUSINESS} is on the way, arriving about ${a}.`)).toContain(body);

  // The owner sees it on the booking, and cannot send it again; the other job still offers it.
  await openAs(page, owner, '/dashboard');
  const agenda = page.getByRole('main');
  await expect(agenda.getByText(/^On my way sent at \d{1,2}:\d\d [AP]M$/)).toHaveCount(1);
  await expect(agenda.getByRole('button', { name: 'On my way' })).toHaveCount(1);
  await expect(api('POST', `${B}/bookings/${pasadenaJob}/on-my-way`, undefined, owner.token)).rejects.toThrow(
    /answered 409: .*ON_MY_WAY_ALREADY_SENT/,
  );
  await expectNoSeriousA11yViolations(page, 'Owner overview with On my way sent, 1280 px');
  await screenshot(page, 'on-my-way-owner-1280', { fullPage: false });
  expect((await textsToCustomer()).filter((t) => t.body.includes('on the way'))).toHaveLength(1);
});
