/**
 * Clients (issue 42; docs/product.md#clients), on a 375 px phone and a 1280 px screen:
 * - a returning customer's second booking (through the booking call, as the widget sends it)
 *   joins their record: the owner finds them as they type and their page shows both bookings;
 * - two records of one person (one phone, two e-mails) are suggested and merged: the kept page
 *   shows both histories.
 * Screenshots: e2e/artifacts/clients-*.png.
 */
import type { Page } from '@playwright/test';
import {
  bookFirstService,
  expect,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

/** A customer's booking of the first service (fixtures.ts bookFirstService). */
const book = (owner: Owner, day: string, time: string, who: { first: string; email: string; phone: string }) =>
  bookFirstService(owner, {
    date: day,
    time,
    firstName: who.first,
    customerEmail: who.email,
    phoneNumber: who.phone,
  });

async function openClients(page: Page, owner: Owner, width: number) {
  if (width < 640) {
    // On a phone, Clients is in the Account menu.
    await openAs(page, owner, '/dashboard');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
  } else {
    await openAs(page, owner, '/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Clients', exact: true })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
}

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("a returning customer's second booking joins their record", async ({ page }) => {
      const owner = await signupOwner({ businessName: `Client Shine ${width}` });
      await openEveryDay(owner.token, '08:00', '18:00');
      const email = `nora-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await book(owner, laDay(7), '10:00', { first: 'Nora', email, phone: '+1 5552010001' });
      // The same person again, their e-mail typed in capitals.
      await book(owner, laDay(9), '11:00', { first: 'Nora', email: email.toUpperCase(), phone: '+1 5552010001' });
      await book(owner, laDay(8), '12:00', {
        first: 'Omar',
        email: `omar-${crypto.randomUUID().slice(0, 8)}@example.com`,
        phone: '+1 5552010002',
      });

      await openClients(page, owner, width);
      const list = page.getByRole('list', { name: 'Clients' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await page.getByLabel('Search clients').fill('nora');
      await expect(page).toHaveURL(/[?&]q=nora/);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await screenshot(page, `clients-list-${width}`, { fullPage: width > 400 });
      await list.getByRole('link', { name: 'Nora Customer' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Nora Customer' })).toBeVisible();
      const next = page.getByRole('region', { name: 'Next bookings' });
      await expect(next.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15552010001');
      await expect(page.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+15552010001');
      await expect(page.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute(
        'href',
        /\/dashboard\/bookings\/new\?client=/,
      );
      await screenshot(page, `clients-page-${width}`, { fullPage: true });

      // Back returns to the search.
      await page.goBack();
      await expect(page.getByLabel('Search clients')).toHaveValue('nora');
    });

    test('two records of one person merge, and the kept page shows both histories', async ({ page }) => {
      const owner = await signupOwner({ businessName: `Merge Shine ${width}` });
      await openEveryDay(owner.token, '08:00', '18:00');
      const tag = crypto.randomUUID().slice(0, 8);
      await book(owner, laDay(7), '10:00', { first: 'Pat', email: `pat-${tag}@example.com`, phone: '+1 5552010003' });
      await book(owner, laDay(8), '14:00', { first: 'Pat', email: `pat-${tag}@work.example`, phone: '+1 5552010003' });

      await openClients(page, owner, width);
      const duplicates = page.getByRole('region', { name: 'Possible duplicates' });
      await expect(duplicates.getByText('Same phone number')).toBeVisible();
      await duplicates.getByRole('button', { name: 'Merge…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Merge two clients' });
      await expect(dialog.getByText(/1 booking of Pat Customer move/)).toBeVisible();
      await screenshot(page, `clients-merge-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: /^Merge into/ }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Pat Customer' })).toBeVisible();
      const next = page.getByRole('region', { name: 'Next bookings' });
      await expect(next.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText(/Other e-mail: pat-/)).toBeVisible();
      await screenshot(page, `clients-merged-${width}`, { fullPage: true });
    });
  });
}
