/**
 * Customers' personal data (docs/product.md#customer-data), as the customer and the owner
 * meet it: the consent sentence in the pop-up and the default privacy notice it links; the
 * owner's own notice and retention period in Settings > Customer data; and an access and a
 * deletion request for one customer (export as a file; erasure refused while the booking
 * is still to come, done once it is declined). Screenshots at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
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
  uniqueEmail,
} from './fixtures.ts';
import { artifactsDir } from './paths.ts';

const QUESTION = 'Vehicle size';
const CUSTOMER = uniqueEmail('customer');
let owner: Owner;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Privacy Motors', addressSearch: '90210' });
  await openEveryDay(owner.token, '06:00', '22:00');
  await api(
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Quiet Wash', duration: 60, price: 40 },
    owner.token,
  );
  await api(
    'PUT',
    '/api/business-dashboard/settings/quote-questions',
    { questions: [{ question: QUESTION, type: 'dropdown', options: [{ text: 'Sedan', value: 0 }] }] },
    owner.token,
  );
});

/** Takes the pop-up on /demo to its details step at `time` five days on, and fills them in. */
async function toDetails(page: Page, time = '10:00 AM') {
  await page.goto(`/demo?businessId=${owner.businessId}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Privacy Motors' });
  await dialog.getByRole('radio', { name: /Quiet Wash/ }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel(QUESTION).selectOption('Sedan');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox', { name: 'Street address' }).fill('7 Ocean Ave, Santa Monica');
  await dialog.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Get my quote' }).click();
  await dialog.getByRole('button', { name: 'Choose a time' }).click();
  await pickDay(dialog, laDay(5));
  await dialog.getByRole('button', { name: time, exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await dialog.getByLabel('First name').fill('Petra');
  await dialog.getByLabel('Last name').fill('Private');
  await dialog.getByLabel('Email').fill(CUSTOMER);
  await dialog.getByLabel('Phone number').fill('555 201 0042');
  return dialog;
}

test('the customer reads the consent sentence, opens the default notice, and books', async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const dialog = await toDetails(page);
  await expect(dialog).toContainText(
    'By booking, you agree that Privacy Motors uses these details to handle your booking, as its privacy notice says.',
  );
  await screenshot(page, 'privacy-375-consent');
  const [notice] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('link', { name: 'privacy notice' }).click(),
  ]);
  await notice.waitForLoadState();
  expect(new URL(notice.url()).pathname).toBe(`/privacy/${owner.businessId}`);
  await expect(notice.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(notice.getByText('Privacy Motors is the controller of the details you give')).toBeVisible();
  await expect(notice.getByText(`e-mail ${owner.email}`)).toBeVisible();
  await notice.setViewportSize({ width: 375, height: 812 });
  await screenshot(notice, 'privacy-375-default-notice');
  await notice.close();

  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog.getByRole('heading', { name: 'Booking received' })).toBeVisible();
});

test('the owner sets their own notice and a retention period in Settings', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, owner, '/dashboard/settings/customer-data');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Customer Data' }) });
  await expect(section.getByRole('link', { name: 'our default notice' })).toHaveAttribute(
    'href',
    new RegExp(`/privacy/${owner.businessId}$`),
  );
  await section.getByLabel('Privacy notice URL').fill('http://privacy-motors.example/privacy');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section).toContainText('Privacy notice URL must be a full https:// address');
  await section.getByLabel('Privacy notice URL').fill('https://privacy-motors.example/privacy');
  await section.getByLabel('Anonymise customer details after (months)').fill('18');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section).toContainText('Customer data settings updated successfully!');
  await section.screenshot({ path: `${artifactsDir}/privacy-1280-settings.png` });

  await page.reload();
  await expect(section.getByLabel('Privacy notice URL')).toHaveValue('https://privacy-motors.example/privacy');
  await expect(section.getByLabel('Anonymise customer details after (months)')).toHaveValue('18');

  // The pop-up now links the owner's own notice (10:00 is Petra's now).
  const dialog = await toDetails(page, '12:00 PM');
  await expect(dialog.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    'https://privacy-motors.example/privacy',
  );
});

test('the owner answers an access request and, once the booking is declined, a deletion request', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, owner, '/dashboard/settings/customer-data');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Customer Data' }) });
  await section.getByLabel('Customer e-mail').fill(CUSTOMER);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export Data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`customer-data-${CUSTOMER.replace('@', '-')}.json`);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(exported.bookings).toHaveLength(1);
  expect(exported.bookings[0]).toMatchObject({ firstName: 'Petra', lastName: 'Private', customerEmail: CUSTOMER });
  expect(exported.mails.map((m: { to: string }) => m.to)).toContain(CUSTOMER);
  await expect(section).toContainText(`Exported 1 booking and 2 mails about ${CUSTOMER}.`);

  // Still to come: refused, with the booking named and what to do.
  page.once('dialog', (d) => void d.accept());
  await section.getByRole('button', { name: 'Erase Data' }).click();
  await expect(section).toContainText(`${CUSTOMER} has an upcoming booking (Quiet Wash on`);
  await expect(section).toContainText('Cancel or decline it on the Bookings page first, then erase.');
  await section.screenshot({ path: `${artifactsDir}/privacy-375-erase-refused.png` });

  const bookingId = exported.bookings[0]._id as string;
  await api('PUT', `/api/business-dashboard/booking/decline/${bookingId}`, undefined, owner.token);
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await section.getByRole('button', { name: 'Erase Data' }).click();
  await expect(section).toContainText(
    new RegExp(`Erased ${CUSTOMER.replace('.', '\\.')} from 1 booking; \\d+ mails deleted\\.`),
  );
  expect(asked).toContain(`Erase everything held about ${CUSTOMER}?`);
  await section.screenshot({ path: `${artifactsDir}/privacy-375-erased.png` });

  // Nothing is held any more, and the owner's books keep the booking, anonymised.
  const after = await api<{ bookings: unknown[] }>(
    'GET',
    `/api/business-dashboard/customer-data?email=${encodeURIComponent(CUSTOMER)}`,
    undefined,
    owner.token,
  );
  expect(after.bookings).toEqual([]);
  const list = await api<{ bookings: { _id: string; firstName: string; customerEmail: string }[] }>(
    'GET',
    '/api/business-dashboard/bookings',
    undefined,
    owner.token,
  );
  expect(list.bookings.find((b) => b._id === bookingId)).toMatchObject({ firstName: 'Anonymised', customerEmail: '' });
});
