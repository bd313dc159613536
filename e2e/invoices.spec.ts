import { expectNoSeriousA11yViolations } from './a11y.ts';
import { api, bookAsCustomer, expect, laDay, openAs, openEveryDay, screenshot, signupOwner, test } from './fixtures.ts';

const SERVICE = { serviceName: 'Bill Wash', duration: 60, price: 80 };

/** An owner with one approved booking of an $80 wash tomorrow at 10:00. */
async function ownerWithAJob() {
  const owner = await signupOwner({ businessName: 'Ledger Auto Spa' });
  await openEveryDay(owner.token, '08:00', '18:00');
  const { _id: serviceId } = await api<{ _id: string }>(
    'POST',
    '/api/business-dashboard/service/add',
    SERVICE,
    owner.token,
  );
  const bookingId = await bookAsCustomer(owner, serviceId, { date: laDay(1), firstName: 'Bea', lastName: 'Ledger' });
  await api('PUT', `/api/business-dashboard/booking/approve/${bookingId}`, undefined, owner.token);
  return owner;
}

for (const { width, height, touch } of [
  { width: 375, height: 812, touch: true },
  { width: 1280, height: 900, touch: false },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });

    test('the owner sets a sales tax, takes $10 off on the day, completes the job and gets invoice #1', async ({
      page,
    }) => {
      const owner = await ownerWithAJob();

      await openAs(page, owner, '/dashboard/settings/sales-tax');
      const rate = page.getByLabel('Rate (%)');
      await rate.fill('8.25,');
      await page.getByRole('button', { name: 'Save Sales Tax' }).click();
      await expect(page.getByRole('alert')).toHaveText(/Write the rate as a percentage from 0 to 30/);
      await rate.fill('8.25');
      await page.getByLabel('Name on the invoice').fill('Sales tax');
      await page
        .getByRole('group', { name: 'Charged on' })
        .getByRole('checkbox', { name: SERVICE.serviceName })
        .check();
      await page.getByRole('button', { name: 'Save Sales Tax' }).click();
      await expect(page.getByText('Sales tax saved: Sales tax at 8.25%.')).toBeVisible();

      await page.goto('/dashboard/bookings');
      const card = page.getByRole('article', { name: `${SERVICE.serviceName} for Bea Ledger` });
      await card.getByRole('button', { name: 'Bill' }).click();
      const bill = page.getByRole('dialog', { name: 'Bill' });
      const lines = bill.getByRole('list', { name: 'Lines' });
      await expect(lines).toContainText(SERVICE.serviceName);
      // $80 taxed at 8.25 %: $6.60.
      await expect(bill.getByText('Sales tax (8.25%)')).toBeVisible();
      await expect(bill.getByText('$86.60').first()).toBeVisible();

      await bill.getByLabel('Description').fill('Loyal customer');
      await bill.getByLabel('Amount ($)').fill('-10');
      await bill.getByRole('button', { name: 'Add line' }).click();
      await expect(lines.getByText('Loyal customer')).toBeVisible();
      // $70 taxed once on the total: $5.775, half to even $5.78; $75.78 in all.
      await expect(bill.getByText('$5.78')).toBeVisible();
      await expect(bill.getByText('$75.78').first()).toBeVisible();
      await expect(bill.getByText('The invoice is issued when you mark the job completed.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Bill, ${width} px`);
      await screenshot(page, `invoices-bill-${width}`, { fullPage: false });
      await bill.getByRole('button', { name: 'Close' }).click();
      await expect(bill).toBeHidden();

      await card.getByRole('button', { name: 'Mark completed' }).click();
      await card.getByRole('button', { name: 'Bill and invoice' }).click();
      const invoice = page.getByRole('dialog', { name: 'Invoice #1' });
      await expect(invoice.getByText('Not paid yet')).toBeVisible();
      await expect(invoice.getByRole('list', { name: 'Lines' })).toContainText('Loyal customer');
      await expect(invoice.getByText('$75.78').first()).toBeVisible();
      await expect(invoice.getByRole('button', { name: 'Add line' })).toHaveCount(0);
      await expect(invoice.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
      await screenshot(page, `invoices-invoice-${width}`, { fullPage: false });

      const listed = await api<{ invoices: { number: number; total: number; state: string }[] }>(
        'GET',
        '/api/business-dashboard/invoices',
        undefined,
        owner.token,
      );
      expect(listed.invoices).toEqual([expect.objectContaining({ number: 1, total: 75.78, state: 'open' })]);
    });
  });
}
