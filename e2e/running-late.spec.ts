/**
 * Running late (issue 44 item 2's "done when"; docs/decisions/049), in Chromium against the real
 * server and the Twilio stand-in:
 * - the crew, Sam, has three jobs today back to back: one booked to have begun 40 minutes ago, then
 *   Dora's at 10:00 and Eve's at 11:00 (both agreed to texts), all at the same address (no drive);
 * - on the phone (375 px) Sam taps Start job on the first: 40 minutes late, so the rest of the day
 *   slips 40 minutes, past the owner's 20-minute threshold;
 * - Dora and Eve each get one "running late" text naming their booked time and the new one, to 5
 *   minutes, with a link to pick another time; the crew's later jobs read "Running late: now
 *   about ...", and so do the owner's bookings (1280 px); Dora's link shows her the new time.
 * The first job is moved into the past straight in the database: the API refuses to book a time
 * that has gone (the journey needs one that has). Screenshots in e2e/artifacts/running-late-*.png;
 * axe on each screen.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { formatClock } from '@slotwise/shared/clock';
import { localToUtcMs, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import Database from 'better-sqlite3';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  crewMemberLogin,
  dataDir,
  expect,
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
const BUSINESS = 'Late Detailing';
const SERVICE = { serviceName: 'Full Detail', duration: 60, price: 120 };
const DORA = '+15552010049';
const EVE = '+15552010050';
const MEMBER = `sam-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'running late password';
const MINUTE = 60_000;
const FIVE_MINUTES = 5 * MINUTE;

let owner: Owner;
let zone = '';
let crewToken = '';
let firstJob = '';
let firstStartMs = 0;
let doraJob = '';
let eveJob = '';

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: BUSINESS });
  await openEveryDay(owner.token, '05:00', '20:00');
  // About 06:00 there now: 10:00 and 11:00 are past the 2 hours' notice.
  zone = morningZone();
  await api('PUT', `${B}/settings/time-zone`, { timeZone: zone }, owner.token);
  const serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, owner.token))._id;
  await api(
    'PUT',
    `${B}/settings/notifications/twilio`,
    { accountSid: E2E_TWILIO.accountSid, authToken: E2E_TWILIO.authToken, sender: E2E_TWILIO.number },
    owner.token,
  );
  // The crew is a person, Sam, named to customers; the threshold is the default 20 minutes.
  const crews = await api<{ crews: { _id: string }[]; lateThresholdMinutes: number }>(
    'GET',
    `${B}/crews`,
    undefined,
    owner.token,
  );
  expect(crews.lateThresholdMinutes).toBe(20);
  const crewId = crews.crews[0]!._id;
  await api('PUT', `${B}/crews/${crewId}`, { name: 'Sam', color: '#0f766e' }, owner.token);
  await api('PUT', `${B}/crews-settings/mails`, { nameCrewInMails: true }, owner.token);
  crewToken = await crewMemberLogin(owner, crewId, MEMBER, PASSWORD);

  const today = todayIn(zone);
  firstJob = await bookAsCustomer(owner, serviceId, {
    date: today,
    time: '12:00',
    firstName: 'Fay',
    lastName: 'First',
  });
  doraJob = await bookAsCustomer(owner, serviceId, {
    date: today,
    time: '10:00',
    firstName: 'Dora',
    lastName: 'Drive',
    phoneNumber: DORA,
    textConsent: true,
  });
  eveJob = await bookAsCustomer(owner, serviceId, {
    date: today,
    time: '11:00',
    firstName: 'Eve',
    lastName: 'Evening',
    phoneNumber: EVE,
    textConsent: true,
  });
  for (const id of [firstJob, doraJob, eveJob]) await api('PUT', `${B}/booking/approve/${id}`, undefined, owner.token);

  // The first job: booked to begin 40 minutes ago and to end as Dora's begins (10:00).
  firstStartMs = Math.floor((Date.now() - 40 * MINUTE) / MINUTE) * MINUTE;
  const endMs = localToUtcMs(today, '10:00', zone);
  const db = new Database(join(dataDir(), 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update bookings set day = ?, start_time = ?, end_time = ?, start_ms = ?, end_ms = ? where id = ?').run(
      today,
      utcMsToLocal(firstStartMs, zone).time,
      '10:00',
      firstStartMs,
      endMs,
      firstJob,
    );
  } finally {
    db.close();
  }
});

const runningLateTexts = async (to: string) =>
  (
    (await (await fetch(`${process.env.E2E_TWILIO_URL}/_stand-in/messages`)).json()) as { to: string; body: string }[]
  ).filter((t) => t.to === to && t.body.includes('running late'));

/** "8:45 AM" on the business's clock: `ms` rounded up to 5 minutes, as the server tells it. */
const told = (ms: number) => formatClock(utcMsToLocal(Math.ceil(ms / FIVE_MINUTES) * FIVE_MINUTES, zone).time, '12h');

test('the crew starts a job 40 minutes late and the two later customers get one "running late" text each with the right times', async ({
  page,
  browser,
}) => {
  const today = todayIn(zone);
  const dora = localToUtcMs(today, '10:00', zone);
  const eve = localToUtcMs(today, '11:00', zone);

  // Sam, on the phone.
  const crewPhone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const crew = await crewPhone.newPage();
  await openAs(crew, { token: crewToken }, '/crew');
  const first = crew.getByRole('article', { name: 'Full Detail for Fay First' });
  await first.getByRole('button', { name: 'Start job' }).click();
  await expect(first.getByRole('button', { name: 'Mark completed' })).toBeVisible();

  // When the server recorded the start: the first job is 40 minutes late (and a few seconds).
  const schedule = await api<{ jobs: { _id: string; startedAt: string | null }[] }>(
    'GET',
    `/api/crew/schedule?from=${today}&to=${today}`,
    undefined,
    crewToken,
  );
  const startedAt = Date.parse(schedule.jobs.find((j) => j._id === firstJob)!.startedAt!);
  const late = startedAt - firstStartMs;
  expect(late).toBeGreaterThanOrEqual(40 * MINUTE);
  expect(late).toBeLessThan(42 * MINUTE);
  // Each later job slips as much: the first runs its booked length from its late start, then Dora's, then Eve's.
  const doraAt = told(dora + late);
  const eveAt = told(eve + late);

  const doraCard = crew.getByRole('article', { name: 'Full Detail for Dora Drive' });
  const eveCard = crew.getByRole('article', { name: 'Full Detail for Eve Evening' });
  await expect(doraCard.getByText(`Running late: now about ${doraAt}`)).toBeVisible();
  await expect(eveCard.getByText(`Running late: now about ${eveAt}`)).toBeVisible();
  await expect(first.getByText(/Running late/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(crew, 'Crew running late, 375 px');
  await doraCard.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(crew, 'running-late-crew-375', { fullPage: false });

  // One text each, with the booked time, the new one and the link to pick another.
  let doraText = '';
  await expect(async () => {
    const [d, e] = [await runningLateTexts(DORA), await runningLateTexts(EVE)];
    expect(d).toHaveLength(1);
    expect(e).toHaveLength(1);
    doraText = d[0]!.body;
    expect(e[0]!.body).toMatch(
      new RegExp(
        `^Sam from ${BUSINESS} is running late: your 11:00 AM Full Detail now starts about ${eveAt}\\. Keep it, or pick another time: http\\S+/s/\\w+$`,
      ),
    );
  }).toPass({ timeout: 15_000 });
  expect(doraText).toMatch(
    new RegExp(
      `^Sam from ${BUSINESS} is running late: your 10:00 AM Full Detail now starts about ${doraAt}\\. Keep it, or pick another time: http\\S+/s/\\w+$`,
    ),
  );

  // Dora opens her link on her phone: the new time, and free times to pick another.
  const link = /http\S+\/s\/\w+/.exec(doraText)![0];
  await crew.goto(link);
  await expect(crew.getByRole('heading', { name: 'Reschedule Your Booking' })).toBeVisible();
  await expect(crew.getByText(`About ${doraAt}: running late`)).toBeVisible();
  await expectNoSeriousA11yViolations(crew, 'Customer reschedule page, running late, 375 px');
  await screenshot(crew, 'running-late-customer-375', { fullPage: false });
  await crewPhone.close();

  // The owner sees the projected day on today's agenda.
  await openAs(page, owner, '/dashboard');
  const agenda = page.getByRole('main');
  await expect(agenda.getByText(`Running late: now about ${doraAt}`)).toBeVisible();
  await expect(agenda.getByText(`Running late: now about ${eveAt}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Owner overview with the projected day, 1280 px');
  await screenshot(page, 'running-late-owner-1280', { fullPage: false });

  // The owner's threshold, in Settings > Crews, by keyboard.
  await page.goto('/dashboard/settings#crews');
  const threshold = page.getByRole('spinbutton', { name: 'Tell customers a crew runs late by more than (minutes)' });
  await expect(threshold).toHaveValue('20');
  await threshold.fill('30');
  await threshold.press('Enter');
  await expect(page.getByText('Customers are now told when a crew runs more than 30 minutes late.')).toBeVisible();
  await threshold.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'Settings > Crews with the running-late threshold, 1280 px');
  await screenshot(page, 'running-late-settings-1280', { fullPage: false });

  // Still one text each: a second tap (Start job again, through the API) tells nobody twice.
  await api('PUT', `/api/crew/jobs/${firstJob}/start`, undefined, crewToken);
  expect(await runningLateTexts(DORA)).toHaveLength(1);
  expect(await runningLateTexts(EVE)).toHaveLength(1);
});
