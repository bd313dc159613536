/**
 * Quotes an owner sends (docs/product.md#quotes-you-send; docs/decisions/039), on a 375 px phone
 * and a 1280 px screen: the owner goes from Bookings to Quotes, prices a job for a lead who called
 * (the service, its questions, the address, a line by hand) and sends it by mail; the customer opens
 * the mail's link, sees the itemised price, picks a free day and time and books it at the quoted
 * price; the owner sees it booked. Screenshots: /tmp/quotes-shots/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  laDay,
  linkTo,
  newestMail,
  openAs,
  openEveryDay,
  pickDay,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';

const SHOTS = '/tmp/quotes-shots';

async function shot(page: Page, name: string, fullPage: boolean) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

for (const { width, height } of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the owner sends a quote by mail, and the customer books it from the link at the quoted price', async ({
      page,
    }) => {
      const owner = await signupOwner({ businessName: 'Quote Shine' });
      await openEveryDay(owner.token, '08:00', '18:00');
      const customer = uniqueEmail('lead');

      // From Bookings to Quotes, and New quote.
      await openAs(page, owner, '/dashboard/bookings');
      await page.getByRole('link', { name: 'Quotes', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
      await expect(page.getByText('No quotes yet.')).toBeVisible();
      await page.getByRole('button', { name: 'New quote' }).click();
      const form = page.getByRole('form', { name: 'New quote' });
      await expect(form).toBeVisible();
      await form.getByLabel('First name').fill('Lena');
      await form.getByLabel('Last name').fill('Lead');
      await form.getByLabel('E-mail').fill(customer);
      await form.getByRole('combobox', { name: 'Job address' }).click();
      await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
      await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
      // The detailing template's questions: the first option of each.
      const selects = form.locator('select');
      for (let i = 1; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Add a line' }).click();
      await form.getByLabel('Line 1', { exact: true }).fill('Pet hair removal');
      await form.getByLabel('Line 1 amount ($)').fill('30');
      await shot(page, `new-quote-${width}`, true);
      const sentAt = Date.now();
      await form.getByRole('button', { name: 'Send quote' }).click();
      await expect(page.getByText('Quote sent to Lena.')).toBeVisible();
      const card = page.getByRole('article', { name: 'Quote for Lena Lead' });
      await expect(card.locator('.sw-badge')).toHaveText('Sent');
      const total = ((await card.locator('dd').nth(1).textContent()) ?? '').trim();
      expect(total).toMatch(/^\$\d+/);
      await shot(page, `quotes-sent-${width}`, width > 400);

      // The customer's mail: the lines, the total, the link.
      const mail = await newestMail({ to: customer, subject: /Your quote from Quote Shine/, since: sentAt });
      expect(mail.text).toContain('Pet hair removal: $30.00');
      expect(mail.text).toContain(`Total: ${total}`);
      const link = linkTo(mail, '/customer/quote');

      // The customer opens it, picks a free day and time, and books at the quoted price.
      const customerPage = await page.context().newPage();
      await customerPage.goto(link.toString());
      await expect(customerPage.getByRole('heading', { level: 1, name: 'Your Quote' })).toBeVisible();
      await expect(customerPage.getByRole('row', { name: /Pet hair removal/ })).toContainText('$30.00');
      await expect(customerPage.getByRole('row', { name: /Total/ })).toContainText(total);
      const day = laDay(3);
      await pickDay(customerPage.locator('main'), day);
      await customerPage.getByRole('button', { name: '10:00 AM', exact: true }).click();
      await shot(customerPage, `quote-page-${width}`, true);
      await customerPage.getByRole('button', { name: `Book at ${total}` }).click();
      await expect(customerPage.getByRole('heading', { level: 1, name: "You're Booked" })).toBeVisible();
      await expect(customerPage.getByText(`is booked at ${total}`)).toBeVisible();
      await shot(customerPage, `quote-booked-${width}`, false);
      const confirmed = await newestMail({ to: customer, subject: /Booking confirmed/, since: sentAt });
      expect(confirmed.text).toContain(`Total: ${total}`);

      // The owner sees it booked.
      await page.reload();
      await expect(
        page.getByRole('article', { name: 'Quote for Lena Lead' }).getByText('Booked', { exact: true }),
      ).toBeVisible();
      await shot(page, `quotes-booked-${width}`, width > 400);
    });
  });
}
