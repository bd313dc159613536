/**
 * Photos (issue 44 item 6; docs/decisions/053), in Chromium against the real server, at 375 px:
 * - the crew, Sam, on the phone ticks a job step, then adds a before and an after photo to today's
 *   job (each shrunk in the browser and sent); the owner opens the booking's Photos in Bookings
 *   and sees both, with who added them;
 * - the owner sets a service to require a photo with the request; a customer on the booking page
 *   is stopped without one, attaches one, and books; the owner sees it with the request.
 * Screenshots in e2e/artifacts/photos-*.png; axe on every screen.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  crewMemberLogin,
  expect,
  expectNothingUnderFeedback,
  firstCrew,
  formToTimes,
  laDay,
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
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
/** A 160 x 120 photo (a yellow disc on blue), as a phone's camera would give one. */
const PHOTO = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAB4AKADASIAAhEBAxEB/8QAGgABAAIDAQAAAAAAAAAAAAAAAAYHAQQFA//EACsQAAIBAwIEBQUBAQAAAAAAAAABAgMEBRExBhJBoRMhIlFxIzJhYrHBgf/EABoBAQEBAQEBAQAAAAAAAAAAAAAGBQQBAgf/xAAqEQACAQIDBwQDAQAAAAAAAAAAAgEDBAURcSEiMUFRsdEGFIGhEkLwwf/aAAwDAQACEQMRAD8A4QAN4nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAZScmkk23skbeNxdxlLjwqEdIr75vaKJvjMLZ4yCdKHPV086sl5v49jKv8Vo2e7O1unnod9pYVLjbwXqRK04ayd0lLwVRi+tV8vbc6MOCqrX1L2EX+tNv/AFEsBL1cevHndmF0jzmbiYVbrG9nPz4InPgqql9O9hJ/tTa/1nOu+Gsnapy8FVorrSfN23J6BSx68Sd6YbWPGQfCrdo3c4+fJVrTi2mmmt0zBYeTwtnk4PxYclXpVivNfPuQjJ4u4xdx4Vdaxf2TW0kVFhitG83Y2N08dTDu7Cpb7eK9TTABqnAAAAAAAAAAAAAD3srSrfXdO2or1TemvRLqzwJfwfYKna1L6a9VV8kPxFb9/wCHDiF37S3apz4RqdVnb+4rQnLnodywsaOOtI29COiW76yfuzYAPzZ3Z2lmnOZLNVhYhV4QAAfJ9AAAA17+xo5G0lb146p7PrF+6NgH0jsjQyzlMHyyw0SrcJKzvbSrY3dS2rL1QemvRrozwJfxhYKpbU76C9VJ8k/zF7d/6RA/ScPu/d261OfCdSMu7f29aU5ctAADuOUAAAAAAAAAFlY2grbG21FLTlpx1+dPPuVqWlHTlWm2hK+pGmEpr1z+svJu4Ksfk86f6ZABIFEAAAAAAAAAa2SoK5xlzRa15qctPnTy7lalpS05Xrtp5lWlf6baZSovTL7z8E7jSx+STqAAVRhAAAAAAAAAAsrG11c422rJ681OOvzp59ytSX8H36qW1Sxm/VSfPD8xe/f+k/6goTUtoqR+s/U/0GvhNWErSk8ySAAhioAAAAAAAAANbJV1bYy5rN6ctN6fOnl3K1JfxhfqnbU7GD9VV88/xFbd/wCEQLn0/QmnbTUn9p+o/pJfFqsPWhI5AAFAZAAAAAAAAAAPeyu6tjd07mi/XB66dGuqPAHjLDrKtGcSeq0rMTHEsuwvqORtI3FCWqe66xfszYK4xuUuMXceLQlqn98HtJE3xmbs8nBKnPkq6edKT818e5A4lhNS1aXSM07a+Sssr9K8QrbG76HQABimkAAADXv76jjrSVxWeiWy6yfsjXyebs8ZBqpPnq9KUX5/99iEZLKXGUuPFry0ivsgtoo2sNwmpdNDvGSd9PJm3t+lCJVdrdtTyvburfXdS5rP1TeunsuiPAAvlWEWFWMogk2aWmZniAAengAAAAAAAAAAAAMpuLTTaa2aMAA6tpxLk7RKPjeNFdKq5u+50oca1UvqWUJP9ajX+MjAM+rhlnVnNqcfGzsdaXtxTjJXnv3JPPjWq19OyhF/tUb/AMRzbviXJ3ScfGVGL6Uly99zlAUsMs6U5rTj5298w99cPGTPPbsZbbbbere7ZgA0DkAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/Z',
  'base64',
);
const file = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: PHOTO });

/** Every image in `where` has been drawn from its bytes (a photo that failed to load has no width). */
async function expectDrawn(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const img of await images.all())
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

/** Clicks `button` and gives the file chooser it opens `name`. */
async function choosePhoto(page: Page, button: Locator, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file(name));
}

let owner: Owner;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Photo Detailing', niche: 'car-detailing' });
  await openEveryDay(owner.token, '06:00', '20:00');
});

test('the crew ticks a step and adds a before and an after photo; the owner sees them on the booking', async ({
  browser,
}) => {
  // About 06:00 there now: today's 10:00 job is ahead, and the job's Checklist and Photos are offered.
  const zone = morningZone();
  await api('PUT', `${B}/settings/time-zone`, { timeZone: zone }, owner.token);
  const { services } = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    `${B}/services`,
    undefined,
    owner.token,
  );
  const service = services[0]!;
  const crewId = await firstCrew(owner, 'Sam');
  const crewToken = await crewMemberLogin(
    owner,
    crewId,
    `sam-photos-${randomUUID().slice(0, 8)}@example.com`,
    'photos password 1',
  );
  const jobId = await bookAsCustomer(owner, service._id, {
    date: todayIn(zone),
    time: '10:00',
    firstName: 'Pia',
    lastName: 'Lens',
  });
  await api('PUT', `${B}/booking/approve/${jobId}`, undefined, owner.token);

  // Sam, on the phone: a step ticked, then the job's photos.
  const crewPhone = await browser.newContext(PHONE);
  const crew = await crewPhone.newPage();
  await openAs(crew, { token: crewToken }, '/crew');
  const job = crew.getByRole('article', { name: `${service.serviceName} for Pia Lens` });
  await job.getByRole('button', { name: 'Checklist' }).click();
  const first = job.getByRole('checkbox').first();
  await first.check();
  await expect(first).toBeChecked();
  await job.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(job.getByText('No photos yet. Add one before you start and one when you are done.')).toBeVisible();
  await choosePhoto(crew, job.getByRole('button', { name: 'Add before photo' }), 'before.jpg');
  await expect(job.getByRole('img', { name: /^Before, Sam at \d{1,2}:\d\d [AP]M$/ })).toBeVisible();
  await choosePhoto(crew, job.getByRole('button', { name: 'Add after photo' }), 'after.jpg');
  await expectDrawn(job.getByRole('img', { name: /^(Before|After), Sam at / }), 2);
  await expectNoSeriousA11yViolations(crew, 'Crew photos on a job, 375 px');
  await job.getByRole('button', { name: 'Add after photo' }).scrollIntoViewIfNeeded();
  await screenshot(crew, 'photos-crew-375', { fullPage: false });
  await expectNothingUnderFeedback(crew, 'The crew page');
  await crewPhone.close();

  // The owner, on a phone: the booking's Photos in Bookings.
  const ownerPhone = await browser.newContext(PHONE);
  const page = await ownerPhone.newPage();
  await openAs(page, owner, '/dashboard/bookings');
  const card = page.getByRole('article', { name: `${service.serviceName} for Pia Lens` });
  await card.getByRole('button', { name: 'Photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photos' });
  await expect(dialog.getByRole('img', { name: /^Before, Sam at / })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^After, Sam at / })).toBeVisible();
  await expectDrawn(dialog.getByRole('img'), 2);
  await expectNoSeriousA11yViolations(page, "Owner's photos of a booking, 375 px");
  await screenshot(page, 'photos-owner-375', { fullPage: false });
  await ownerPhone.close();
});

test('a service requires a photo; the customer attaches one on the booking page; the owner sees it with the request', async ({
  browser,
}) => {
  const { services } = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    `${B}/services`,
    undefined,
    owner.token,
  );
  const service = services[0]!;
  await api(
    'PUT',
    `${B}/services/${service._id}/photo-request`,
    { ask: 'required', prompt: 'A photo of the seats' },
    owner.token,
  );
  const { slug } = await api<{ slug: string }>('GET', `${B}/booking-page`, undefined, owner.token);

  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await page.goto(`/book/${slug}`);
  await page.getByRole('link', { name: 'Book online' }).click();
  const form = page.getByRole('region', { name: 'Photo Detailing' });
  await formToTimes(page, form, laDay(8));
  await form.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await form.getByLabel('First name').fill('Rita');
  await form.getByLabel('Last name').fill('Snap');
  await form.getByLabel('Email').fill(`rita-${randomUUID().slice(0, 6)}@example.com`);
  await form.getByLabel('Phone number').fill('555 201 0003');
  const photos = form.getByRole('group', { name: 'Photo (required)' });
  await expect(photos.getByText('A photo of the seats')).toBeVisible();
  // Without the photo: stopped, in words.
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(
    photos.getByText('Please add a photo: this service needs one to give you a price you can count on.'),
  ).toBeVisible();
  await choosePhoto(page, photos.getByText('Add photo', { exact: true }), 'seats.jpg');
  await expectDrawn(photos.getByRole('img', { name: 'Attached 1: seats.jpg' }), 1);
  await expect(photos.getByText('Please add a photo', { exact: false })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Booking form with a photo attached, 375 px');
  await screenshot(page, 'photos-widget-375', { fullPage: false });
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(form.getByRole('heading', { name: 'Booking received' })).toBeVisible();
  await phone.close();

  // The owner sees it with the request.
  const ownerPhone = await browser.newContext(PHONE);
  const owners = await ownerPhone.newPage();
  await openAs(owners, owner, '/dashboard/bookings');
  const card = owners.getByRole('article', { name: `${service.serviceName} for Rita Snap` });
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await card.getByRole('button', { name: 'Photos' }).click();
  const dialog = owners.getByRole('dialog', { name: 'Photos' });
  await expectDrawn(
    dialog.getByRole('img', { name: /^With the request, from the customer at \d{1,2}:\d\d [AP]M$/ }),
    1,
  );
  await expectNoSeriousA11yViolations(owners, "The request's photo, 375 px");
  await screenshot(owners, 'photos-request-owner-375', { fullPage: false });
  await ownerPhone.close();
});
