import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
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
import { E2E_STRIPE_KEY } from './global-setup.ts';

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
  // In Stripe: a webhook endpoint for this business's URL; then the account connected, as Settings does.
  const { webhookUrl } = await api<{ webhookUrl: string }>('GET', `${B}/settings/payments`, undefined, owner.token);
  const endpoint = (await fetch(`${process.env.E2E_STRIPE_URL}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: webhookUrl, 'enabled_events[0]': 'checkout.session.completed' }),
  }).then((r) => r.json())) as { secret: string };
  await api(
    'PUT',
    `${B}/settings/payments/stripe`,
    { secretKey: E2E_STRIPE_KEY, webhookSecret: endpoint.secret },
    owner.token,
  );
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
