/**
 * A card on file (issue 43 item 4; docs/decisions/046), end to end: a plan customer agrees to keep
 * their card, saves it on Stripe's page (the stand-in's hosted setup page), and each completed visit
 * is charged to it; a card that declines sends the customer the pay link and tells the owner.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  connectStripe,
  expect,
  laDay,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const SERVICE = { serviceName: 'Pool Clean', duration: 60, price: 90 };
const B = '/api/business-dashboard';
let owner: Owner;
let serviceId: string;

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Card Pools' });
  await openEveryDay(owner.token, '08:00', '18:00');
  serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, owner.token))._id;
  await api(
    'PUT',
    `${B}/service/edit/${serviceId}`,
    { ...SERVICE, plans: [{ frequency: 'weekly', discount: null }] },
    owner.token,
  );
  await connectStripe(owner);
});

/**
 * A weekly plan booked with "Save my card" ticked (through the API, as the widget sends it), the
 * card saved on Stripe's page with the test card `card`; answers the first visit's id and the
 * customer's address.
 */
async function planWithSavedCard(page: Page, lastName: string, time: string, card: string) {
  const email = uniqueEmail(lastName.toLowerCase());
  const bookingId = await bookAsCustomer(owner, serviceId, {
    date: laDay(2),
    time,
    frequency: 'weekly',
    firstName: 'Pat',
    lastName,
    customerEmail: email,
    saveCard: true,
  });
  const checkout = await api<{ url: string }>('POST', '/api/customer/checkout', { bookingId });
  await page.goto(checkout.url);
  await page.getByLabel('Test card').selectOption(card);
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/payment=card/);
  await expect(page.getByRole('status')).toContainText('Card saved:');
  return { bookingId, email };
}

/** The owner approves the plan's first visit and marks it completed, which issues its invoice. */
async function completeFirstVisit(bookingId: string) {
  await api('PUT', `${B}/booking/approve/${bookingId}`, undefined, owner.token);
  await api('PUT', `${B}/booking/complete/${bookingId}`, undefined, owner.token);
}

test('a plan visit is charged to the saved card on completion, and the owner sees it paid', async ({ page }) => {
  const { bookingId, email } = await planWithSavedCard(page, 'Visa', '09:00', 'pm_card_visa');
  await expect(page.getByRole('status')).toContainText('Visa ending 4242');
  await completeFirstVisit(bookingId);
  const receipt = await newestMail({ to: email, subject: /^Receipt #\d+/ });
  expect(receipt.text).toContain('to your Visa ending 4242, as you agreed');
  await openAs(page, owner, '/dashboard/bookings');
  // The plan's first visit, the one completed: its later visits have no bill yet.
  const bill = page.getByRole('button', { name: 'Bill and invoice' });
  const card = page.getByRole('article', { name: `${SERVICE.serviceName} for Pat Visa` }).filter({ has: bill });
  await card.getByRole('button', { name: 'Bill and invoice' }).click();
  const invoice = page.getByRole('dialog', { name: /^Invoice #\d+$/ });
  await expect(invoice.locator('.pay-chip', { hasText: 'Paid' })).toBeVisible();
  await invoice.getByRole('button', { name: 'Close' }).click();

  // The client's page: the card on file, and the visit's card payment among their payments.
  await page.goto('/dashboard/clients?q=Visa');
  await page.getByRole('link', { name: 'Pat Visa' }).click();
  const kept = page.getByRole('region', { name: 'Card on file' });
  await expect(kept).toContainText('Visa ending 4242');
  await expect(page.getByRole('list', { name: "This client's payments and refunds" })).toContainText('Card');
  await expectNoSeriousA11yViolations(page, 'Client with a card on file, 1280 px');
  await screenshot(page, 'card-on-file-client-1280');

  // The no-show fee is the owner's policy, in Settings > Invoices and Tips.
  await page.goto('/dashboard/settings/invoices');
  await page.getByLabel('No-show fee ($)').fill('25');
  await page.getByRole('button', { name: 'Save Invoice Settings' }).click();
  await expect(page.getByText('Invoice settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('No-show fee ($)')).toHaveValue('25.00');
  await screenshot(page, 'card-on-file-settings-1280', { fullPage: false });
});

test('a declined card sends the customer the pay link and tells the owner', async ({ page }) => {
  const { bookingId, email } = await planWithSavedCard(page, 'Declined', '11:00', 'pm_card_chargeDeclined');
  await completeFirstVisit(bookingId);
  const declined = await newestMail({ to: email, subject: /^Your card was declined: invoice #\d+/ });
  expect(declined.text).toContain('Visa ending 0341');
  const payLink = declined.links.find((l) => l.includes('/customer/invoice?token='));
  expect(payLink).toBeTruthy();
  await newestMail({ to: owner.email, subject: /^Card declined: invoice #\d+ for Pat Declined/ });
  // The customer opens the mailed link on their phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(payLink!);
  await expect(page.getByRole('heading', { name: 'Your Invoice' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Invoice after a declined card, 375 px');
  await screenshot(page, 'card-on-file-declined-pay-375');
});
