/**
 * Job steps, a service's checklist (issue 44 item 5's "done when": a checklist saved on a job and
 * shown to the owner; docs/decisions/050), in Chromium against the real server:
 * - a detailer's template services start with the trade's steps; the owner (1280 px) edits one
 *   service's steps in Services > Job steps and shows them on the receipt;
 * - the crew, Sam, on the phone (375 px) opens today's job's Checklist and ticks two steps;
 * - the owner, on a phone (375 px) and at the desk (1280 px), opens the booking's Checklist in
 *   Bookings and sees the two ticks with "Sam at" the time, the others not ticked; and on the
 *   phone from the client's page too.
 * Not the owner's first-day onboarding checklist. Screenshots in e2e/artifacts/job-steps-*.png;
 * axe on every screen.
 */
import { randomUUID } from 'node:crypto';
import { todayIn } from '@slotwise/shared/time-zone';
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

test.describe.configure({ mode: 'serial' });

const B = '/api/business-dashboard';
const SERVICE = 'Exterior Wash & Wax';
const STEPS = ['Pre-rinse', 'Wheels and tires', 'Hand wash', 'Dry', 'Final walk-around with customer'];
const MEMBER = `sam-steps-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'job steps password';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

let owner: Owner;
let zone = '';
let crewToken = '';
let serviceId = '';
let jobId = '';

test.beforeAll(async () => {
  // A detailer: its template services start with the trade's steps.
  owner = await signupOwner({ businessName: 'Steps Detailing', niche: 'car-detailing' });
  await openEveryDay(owner.token, '06:00', '20:00');
  // About 06:00 there now: today's 10:00 job is ahead, and the checklist is offered on the day's jobs.
  zone = morningZone();
  await api('PUT', `${B}/settings/time-zone`, { timeZone: zone }, owner.token);
  const services = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    `${B}/services`,
    undefined,
    owner.token,
  );
  serviceId = services.services.find((s) => s.serviceName === SERVICE)!._id;
  const crewId = await firstCrew(owner, 'Sam');
  crewToken = await crewMemberLogin(owner, crewId, MEMBER, PASSWORD);
  jobId = await bookAsCustomer(owner, serviceId, {
    date: todayIn(zone),
    time: '10:00',
    firstName: 'Dora',
    lastName: 'Tick',
  });
  await api('PUT', `${B}/booking/approve/${jobId}`, undefined, owner.token);
});

test("the owner sets a service's steps, the crew ticks them on the phone, the owner sees who and when", async ({
  page,
  browser,
}) => {
  // The owner, at the desk: the template's steps are there; they drop one and show them on the receipt.
  await openAs(page, owner, '/dashboard/services');
  const item = page.getByRole('listitem').filter({ has: page.getByText(SERVICE, { exact: true }) });
  await item.getByRole('button', { name: 'Job steps' }).click();
  const box = item.getByLabel('Job steps, one a line');
  await expect(box).toHaveValue(/^Pre-rinse\nWheels and tires\nHand wash\nDry\nInterior vacuum\n/);
  await box.fill(STEPS.join('\n'));
  await item.getByRole('checkbox', { name: 'Show the checklist on the receipt' }).check();
  await expectNoSeriousA11yViolations(page, 'Services with job steps, 1280 px');
  await screenshot(page, 'job-steps-services-1280', { fullPage: false });
  await item.getByRole('button', { name: 'Save steps' }).click();
  await expect(page.getByText(`Saved ${STEPS.length} steps.`)).toBeVisible();
  await expect(box).toHaveCount(0);
  const saved = await api<{ steps: string[]; showOnReceipt: boolean }>(
    'GET',
    `${B}/services/${serviceId}/steps`,
    undefined,
    owner.token,
  );
  expect(saved).toMatchObject({ steps: STEPS, showOnReceipt: true });

  // Sam, on the phone: the job's Checklist, two steps ticked.
  const crewPhone = await browser.newContext(PHONE);
  const crew = await crewPhone.newPage();
  await openAs(crew, { token: crewToken }, '/crew');
  const job = crew.getByRole('article', { name: `${SERVICE} for Dora Tick` });
  await job.getByRole('button', { name: 'Checklist' }).click();
  await expect(job.getByText(`0 of ${STEPS.length} done`)).toBeVisible();
  for (const step of ['Pre-rinse', 'Hand wash']) {
    await job.getByRole('checkbox', { name: step }).check();
    await expect(job.getByRole('checkbox', { name: step })).toBeChecked();
  }
  await expect(job.getByText(`2 of ${STEPS.length} done`)).toBeVisible();
  await expect(job.getByText(/^Sam at \d{1,2}:\d\d [AP]M$/)).toHaveCount(2);
  await expectNoSeriousA11yViolations(crew, 'Crew checklist, 375 px');
  await job.getByRole('checkbox', { name: 'Dry' }).scrollIntoViewIfNeeded();
  await screenshot(crew, 'job-steps-crew-375', { fullPage: false });
  await crewPhone.close();

  // The owner sees them with who and when: on a phone, then at the desk.
  const ownerPhone = await browser.newContext(PHONE);
  for (const [screen, size] of [
    [await ownerPhone.newPage(), '375'],
    [page, '1280'],
  ] as const) {
    await openAs(screen, owner, '/dashboard/bookings');
    const card = screen.getByRole('article', { name: `${SERVICE} for Dora Tick` });
    await card.getByRole('button', { name: 'Checklist' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Checklist' });
    await expect(dialog.getByText(`2 of ${STEPS.length} done`)).toBeVisible();
    for (const step of STEPS)
      await expect(dialog.getByRole('checkbox', { name: step })).toBeChecked({
        checked: step === 'Pre-rinse' || step === 'Hand wash',
      });
    await expect(dialog.getByText(/^Sam at \d{1,2}:\d\d [AP]M$/)).toHaveCount(2);
    await expectNoSeriousA11yViolations(screen, `Owner's checklist of a booking, ${size} px`);
    await screenshot(screen, `job-steps-owner-${size}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  }
  // And on the client's page, among the client's bookings (on the phone).
  const clients = await api<{ clients: { _id: string; firstName: string }[] }>(
    'GET',
    `${B}/clients`,
    undefined,
    owner.token,
  );
  const clientPage = await ownerPhone.newPage();
  await openAs(clientPage, owner, `/dashboard/clients/${clients.clients.find((c) => c.firstName === 'Dora')!._id}`);
  const next = clientPage.getByRole('region', { name: 'Next bookings' });
  await next.getByRole('button', { name: 'Checklist' }).click();
  const fromClient = clientPage.getByRole('dialog', { name: 'Checklist' });
  await expect(fromClient.getByText(/^Sam at \d{1,2}:\d\d [AP]M$/)).toHaveCount(2);
  await expectNoSeriousA11yViolations(clientPage, "Checklist from the client's page, 375 px");
  await ownerPhone.close();

  // The record: the job's own copy, who and when, kept however the service changes later.
  await api('PUT', `${B}/services/${serviceId}/steps`, { steps: ['Something else'], showOnReceipt: true }, owner.token);
  const record = await api<{ steps: { text: string; doneBy: string | null; doneAt: string | null }[] }>(
    'GET',
    `${B}/bookings/${jobId}/steps`,
    undefined,
    owner.token,
  );
  expect(record.steps.map((s) => [s.text, s.doneBy])).toEqual(
    STEPS.map((s) => [s, s === 'Pre-rinse' || s === 'Hand wash' ? 'Sam' : null]),
  );
});
