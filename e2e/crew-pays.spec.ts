/**
 * Getting paid at the door (issue 43's first "done when"), in Chromium against the real server and
 * the Stripe and Twilio stand-ins:
 * - a crew member marks today's job completed on their phone, which issues its invoice, texts its
 *   pay link to the customer (who agreed to texts) and offers the crew **Show pay code**, the link
 *   as a QR code, with no amount on it;
 * - the customer opens the texted link, tips 20 % and pays through the stand-in's Checkout;
 * - the owner sees the invoice paid, with the tip, in Payments.
 * Screenshots in e2e/artifacts/crew-pays-*.png.
 */
import { randomUUID } from 'node:crypto';
import { todayIn } from '@slotwise/shared/time-zone';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  connectStripe,
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
import { E2E_TWILIO } from './global-setup.ts';

test.describe.configure({ mode: 'serial' });

const B = '/api/business-dashboard';
const SERVICE = { serviceName: 'Door Wash', duration: 60, price: 120 };
const CUSTOMER_PHONE = '+15552010077';
const MEMBER = `door-crew-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'door crew password';

let owner: Owner;
let crewToken = '';
let bookingId = '';

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Door Pay Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  // About 06:00 there now: today's 10:00 is ahead, and the crew may work a job on its day only.
  await api('PUT', `${B}/settings/time-zone`, { timeZone: morningZone() }, owner.token);
  const serviceId = (await api<{ _id: string }>('POST', `${B}/service/add`, SERVICE, owner.token))._id;
  await connectStripe(owner);
  await api(
    'PUT',
    `${B}/settings/notifications/twilio`,
    { accountSid: E2E_TWILIO.accountSid, authToken: E2E_TWILIO.authToken, sender: E2E_TWILIO.number },
    owner.token,
  );
  // The crew's login, invited by mail and accepted.
  crewToken = await crewMemberLogin(owner, await firstCrew(owner), MEMBER, PASSWORD);
  bookingId = await bookAsCustomer(owner, serviceId, {
    date: todayIn(morningZone()),
    firstName: 'Dora',
    lastName: 'Door',
    phoneNumber: CUSTOMER_PHONE,
    textConsent: true,
  });
  await api('PUT', `${B}/booking/approve/${bookingId}`, undefined, owner.token);
});

const textsToCustomer = async () =>
  (
    (await (await fetch(`${process.env.E2E_TWILIO_URL}/_stand-in/messages`)).json()) as { to: string; body: string }[]
  ).filter((t) => t.to === CUSTOMER_PHONE);

test('the crew completes the job and shows its pay code; the customer pays the texted link with a 20 % tip; the owner sees it paid', async ({
  page,
  browser,
}) => {
  // The crew member, on their phone.
  const crewPhone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const crew = await crewPhone.newPage();
  await openAs(crew, { token: crewToken }, '/crew');
  const job = crew.getByRole('article', { name: 'Door Wash for Dora Door' });
  await job.getByRole('button', { name: 'Start job' }).click();
  await job.getByRole('button', { name: 'Mark completed' }).click();
  await job.getByRole('button', { name: 'Show pay code' }).click();
  const code = crew.getByRole('dialog', { name: /^Invoice #\d+$/ });
  await expect(code.getByRole('img', { name: /QR code of the pay link for invoice #\d+/ })).toBeVisible();
  await expect(code).toContainText("Dora Door scans this with their phone's camera to pay");
  // A crew sees no prices, on the code either.
  await expect(crew.getByText(/\$\d/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(crew, 'Crew pay code, 375 px');
  await screenshot(crew, 'crew-pays-code-375', { fullPage: false });
  await crewPhone.close();

  // The customer's text carries the pay link, shortened.
  let link = '';
  await expect(async () => {
    const text = (await textsToCustomer()).find((t) => /invoice/i.test(t.body));
    expect(text).toBeDefined();
    link = /(https?:\/\/\S+\/s\/\S+)/.exec(text!.body)![1]!;
  }).toPass({ timeout: 15_000 });

  const customerPhone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const customer = await customerPhone.newPage();
  await customer.goto(link);
  await expect(customer).toHaveURL(/\/customer\/invoice\?token=/);
  await expect(customer.getByRole('radio', { name: '20% $24.00' })).toBeChecked();
  await customer.getByRole('button', { name: 'Pay $144.00' }).click();
  await customer.waitForURL(/\/pay\/cs_test_/);
  await customer.getByRole('button', { name: 'Pay $144.00' }).click();
  await expect(customer.getByText('Thank you! Your payment to Door Pay Detailing is confirmed.')).toBeVisible();
  await screenshot(customer, 'crew-pays-receipt-375');
  await customerPhone.close();

  // The owner: the job's invoice reads paid, and Payments counts it with its tip.
  await openAs(page, owner, '/dashboard/payments');
  const figures = page.getByLabel("This period's money");
  await expect(figures).toContainText('Collected$144.00');
  await expect(figures).toContainText('Tips$24.00');
  await expect(figures).toContainText('Owed to you now$0.00');
  await expect(page.getByRole('list', { name: 'Payments and refunds, newest first' })).toContainText(
    'Card · $24.00 tip',
  );
  const bill = await api<{ invoice: { state: string } }>(
    'GET',
    `${B}/bookings/${bookingId}/bill`,
    undefined,
    owner.token,
  );
  expect(bill.invoice.state).toBe('paid');
  await screenshot(page, 'crew-pays-owner-1280', { fullPage: false });
});
