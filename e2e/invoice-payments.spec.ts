import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CsvReader } from '@slotwise/shared/csv';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  connectStripe,
  expect,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const SERVICE = { serviceName: 'Tip Wash', duration: 60, price: 80 };
const B = '/api/business-dashboard';
let owner: Owner;
let serviceId: string;
let payLink = '';

async function completedJob(day: number, lastName: string): Promise<string> {
  const bookingId = await bookAsCustomer(owner, serviceId, {
    date: laDay(day),
    firstName: 'Tia',
    lastName,
    customerEmail: uniqueEmail('tia'),
  });
  await api('PUT', `${B}/booking/approve/${bookingId}`, undefined, owner.token);
  await api('PUT', `${B}/booking/complete/${bookingId}`, undefined, owner.token);
  return bookingId;
}

/** The Bill of the booking of `lastName`, on the Bookings page. */
async function openBill(page: Page, lastName: string) {
  await page.goto('/dashboard/bookings');
  const card = page.getByRole('article', { name: `${SERVICE.serviceName} for Tia ${lastName}` });
  await card.getByRole('button', { name: 'Bill and invoice' }).click();
  return page.getByRole('dialog', { name: /^Invoice #\d+$/ });
}

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Tip Top Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, owner.token))._id;
  await connectStripe(owner);
});

test('the customer pays the invoice from its link with a 20 % tip, and the owner sees it paid', async ({
  page,
  browser,
}) => {
  await completedJob(1, 'Card');
  await openAs(page, owner, '/dashboard/bookings');
  const bill = await openBill(page, 'Card');
  await expect(bill.getByText('Not paid yet')).toBeVisible();
  const link = bill.getByLabel('Pay link for the customer');
  await expect(link).toHaveValue(/\/customer\/invoice\?token=/);
  payLink = await link.inputValue();

  // The customer, on a phone of their own.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(payLink);
  const sheet = customer.getByRole('region', { name: /^Invoice #\d+$/ });
  await expect(sheet).toContainText('Tip Top Detailing');
  await expect(sheet.getByRole('row', { name: 'Due $80.00' })).toBeVisible();
  // 20 % is offered first: $16.00 on $80.00.
  await expect(customer.getByRole('radio', { name: '20% $16.00' })).toBeChecked();
  await expectNoSeriousA11yViolations(customer, 'Invoice pay page, 375 px');
  await screenshot(customer, 'invoice-payments-pay-375');
  await customer.getByRole('button', { name: 'Pay $96.00' }).click();
  await customer.waitForURL(/\/pay\/cs_test_/);
  await customer.getByRole('button', { name: 'Pay $96.00' }).click();
  await customer.waitForURL(/\/customer\/invoice\?token=.+&payment=paid/);
  await expect(customer.getByText('Thank you! Your payment to Tip Top Detailing is confirmed.')).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Your Receipt' })).toBeVisible();
  await expect(customer.getByRole('row', { name: /Tip, with thanks .* \$16\.00/ })).toBeVisible();
  await expect(customer.getByRole('row', { name: 'Paid in full $80.00' })).toBeVisible();
  await screenshot(customer, 'invoice-payments-receipt-375');

  // The owner's Bill reads paid, with the card payment and its tip.
  const paid = await openBill(page, 'Card');
  await expect(paid.locator('.pay-chip', { hasText: 'Paid' })).toBeVisible();
  const payments = paid.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Card');
  await expect(payments).toContainText('Tip $16.00');

  // A refund of $10 through Stripe: on the owner's Bill, and on the customer's receipt.
  await payments.getByRole('button', { name: 'Refund' }).click();
  const refund = paid.getByRole('form', { name: 'Refund the Card payment' });
  await refund.getByLabel('Refund ($)').fill('10');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund of $10.00 sent to Stripe.')).toBeVisible();
  await expect(payments).toContainText('Refunded $10.00');
  await screenshot(page, 'invoice-payments-owner-1280', { fullPage: false });
  await customer.reload();
  await expect(customer.getByRole('row', { name: /Refunded to you, .* \$10\.00/ })).toBeVisible();
  await phone.close();
});

test('the owner records a cash payment in the Bill, and the invoice reads paid', async ({ page }) => {
  await completedJob(2, 'Cash');
  await openAs(page, owner, '/dashboard/bookings');
  const bill = await openBill(page, 'Cash');
  const record = bill.getByRole('form', { name: 'Record a payment' });
  await expect(record.getByLabel('Amount ($)')).toHaveValue('80.00');
  // Part of it first: $50 now, the rest later.
  await record.getByLabel('Amount ($)').fill('50');
  await record.getByLabel('Note (optional)').fill('Half at the door');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Cash payment of $50.00 recorded.')).toBeVisible();
  await expect(record.getByLabel('Amount ($)')).toHaveValue('30.00');
  await expect(bill.getByText('Not paid yet')).toBeVisible();
  await record.getByLabel('Paid by').selectOption('check');
  await record.getByLabel('Note (optional)').fill('Check #1042');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(bill.locator('.pay-chip', { hasText: 'Paid' })).toBeVisible();
  await expect(bill.getByRole('region', { name: 'Payments' })).toContainText('Check #1042');
  await expect(bill.getByRole('form', { name: 'Record a payment' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Bill with payments, 1280 px');
});

test("the owner's Payments view counts this week's money, what is owed, and downloads it for accounting", async ({
  page,
}) => {
  // A third job, completed and not paid: it is owed.
  await completedJob(3, 'Owes');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, owner, '/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'This week' })).toBeChecked();
  // The card's $96.00 (its $16.00 tip in it), $50.00 cash and $30.00 by check, less the $10.00 refund once Stripe has it.
  const figures = page.getByLabel("This period's money");
  await expect(async () => {
    await page.reload();
    await expect(figures).toContainText('Collected$166.00', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(figures).toContainText('Tips$16.00');
  await expect(figures).toContainText('Refunded$10.00');
  await expect(figures).toContainText('Owed to you now$80.00');
  const moves = page.getByRole('list', { name: 'Payments and refunds, newest first' });
  await expect(moves.getByRole('listitem')).toHaveCount(4);
  await expect(moves.getByRole('listitem').filter({ hasText: 'Refund of invoice' })).toContainText('−$10.00');
  await expect(moves.getByRole('listitem').filter({ hasText: 'Check' })).toContainText('Check #1042');
  const owed = page.getByRole('list', { name: 'Invoices owed' });
  await expect(owed.getByRole('listitem')).toHaveCount(1);
  await expect(owed).toContainText('Tia Owes');
  await expect(owed).toContainText('Issued today');
  const methods = page.getByRole('table');
  await expect(methods.getByRole('row', { name: /^Card/ })).toContainText('1$96.00$16.00');
  await expectNoSeriousA11yViolations(page, 'Payments, 1280 px');
  await screenshot(page, 'payments-1280');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const raw = readFileSync(await download.path(), 'utf8');
  expect(raw.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = new CsvReader(raw).rows();
  expect(header).toEqual([
    'Date',
    'Amount',
    'Payee',
    'Description',
    'Reference',
    'Method',
    'Tip',
    'Type',
    'Invoice',
    'Booking ID',
    'Note',
  ]);
  // Oldest first, a refund negative.
  expect(rows.map((r) => [r[1], r[5]])).toEqual([
    ['96', 'Card'],
    ['-10', 'Card'],
    ['50', 'Cash'],
    ['30', 'Check'],
  ]);

  // The customer's name leads to their page, which lists their payments too.
  await owed.getByRole('link', { name: 'Tia Owes' }).click();
  const theirs = page.getByRole('region', { name: 'Payments' });
  await expect(theirs).toContainText('owed on 1 invoice');
  await expect(theirs.getByRole('list', { name: 'Invoices this client owes' })).toContainText('$80.00');

  // On a phone: from the Account menu, the figures two by two, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(figures).toContainText('Collected$166.00');
  await page.getByRole('radio', { name: 'Last month' }).check({ force: true });
  await expect(page).toHaveURL(/period=last-month/);
  await expect(page.getByText('No money came in or went back in this period.')).toBeVisible();
  await page.getByRole('radio', { name: 'This week' }).check({ force: true });
  await expect(figures).toContainText('Collected$166.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page, 'Payments, 375 px');
  await screenshot(page, 'payments-375');
});
