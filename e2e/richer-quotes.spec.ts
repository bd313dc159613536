/**
 * Richer quotes (issue 30; docs/decisions/026), end to end: the owner sets two questions (one
 * asked for Full Detail only) and two add-ons on Full Detail (one adding 30 minutes) in the
 * Services screen; a customer answers both in the pop-up and ticks one add-on; the quote lines,
 * the slot length, the stored booking, the mails and the CSV agree; the owner approves at +$40
 * with a reason and the customer accepts from the mail's link. An embed that sends the old
 * single `answer` still books; on a phone the owner withdraws a new price by approving that booking
 * as quoted, and the customer's link says so. Screenshots of the pop-up's questions and the Services screen at
 * 1280 and 375 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  api,
  baseURL,
  expect,
  laDay,
  linkTo,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';

const CUSTOMER = uniqueEmail('quotes-customer');
const REASON = 'Heavy pet hair: +$40';
const OLD_EMBED = uniqueEmail('old-embed');
let owner: Owner;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // "other": no trade template, so the screen starts with no services and no questions.
  owner = await signupOwner({ businessName: 'Rich Quotes Detailing', niche: 'other' });
  await openEveryDay(owner.token, '06:00', '22:00');
});

async function addService(
  page: Page,
  name: string,
  minutes: number,
  price: number,
  addOns: [string, number, number][] = [],
) {
  const form = page.getByRole('form', { name: 'Add a service' });
  await form.getByLabel('Service Name').fill(name);
  await form.getByLabel('Duration (minutes)').fill(String(minutes));
  await form.getByLabel('Price ($)').fill(String(price));
  for (const [i, [addOn, dollars, extra]] of addOns.entries()) {
    await form.getByRole('button', { name: 'Add Add-on' }).click();
    await form.getByLabel(`Add-on ${i + 1} name`).fill(addOn);
    await form.getByLabel(`Add-on ${i + 1} price ($)`).fill(String(dollars));
    if (extra) await form.getByLabel(`Add-on ${i + 1} extra minutes`).fill(String(extra));
  }
  await form.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.locator('.service-name', { hasText: name })).toBeVisible();
}

test('the owner sets two questions and two add-ons in the Services screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, owner, '/dashboard/services');
  await addService(page, 'Full Detail', 60, 120, [
    ['Pet hair removal', 30, 30],
    ['Headlight restoration', 45, 0],
  ]);
  await addService(page, 'Quick Wash', 30, 25);
  // The questions' service list is read when the screen opens.
  await page.reload();
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Quote Questions' }) });
  await section.getByRole('button', { name: 'Add Question' }).click();
  await section.getByLabel('Question 1 text').fill('Vehicle size');
  await section.getByLabel('Question 1 option 1 text').fill('Sedan');
  await section.getByLabel('Question 1 option 1 value ($)').fill('0');
  await section.getByRole('button', { name: 'Add Option' }).click();
  await section.getByLabel('Question 1 option 2 text').fill('SUV');
  await section.getByLabel('Question 1 option 2 value ($)').fill('25');
  await section.getByLabel('Question 1 option 2 extra minutes').fill('30');
  await section.getByRole('button', { name: 'Add Question' }).click();
  await section.getByLabel('Question 2 text').fill('Condition?');
  await section.getByLabel('Question 2 option 1 text').fill('Clean');
  await section.getByLabel('Question 2 option 1 value ($)').fill('0');
  await section.getByRole('button', { name: 'Add Option' }).nth(1).click();
  await section.getByLabel('Question 2 option 2 text').fill('Heavy');
  await section.getByLabel('Question 2 option 2 value ($)').fill('40');
  const askedFor = section.getByRole('group', { name: 'Question 2 is asked for' });
  await askedFor.getByLabel('Every service').uncheck();
  await askedFor.getByLabel('Full Detail').check();
  await section.getByRole('button', { name: 'Save Questions' }).click();
  await expect(page.getByText('Quote questions saved')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'richer-quotes-1280-settings');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'richer-quotes-375-settings');
  // What a phone shows of the second question: its options and the services it is asked for.
  await section.getByLabel('Question 2 text').scrollIntoViewIfNeeded();
  await screenshot(page, 'richer-quotes-375-settings-question', { fullPage: false });

  const { questions } = await api<{ questions: { question: string; serviceIds: string[] | null }[] }>(
    'GET',
    '/api/business-dashboard/settings/quote-questions',
    undefined,
    owner.token,
  );
  expect(questions.map((q) => q.question)).toEqual(['Vehicle size', 'Condition?']);
  expect(questions[1]?.serviceIds).toHaveLength(1);
});

test('a customer answers both, ticks an add-on, and every record agrees', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo?businessId=${owner.businessId}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rich Quotes Detailing' });
  await dialog.getByRole('radio', { name: /Full Detail/ }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'A few questions' })).toBeVisible();
  await dialog.getByLabel('Vehicle size').selectOption('SUV');
  await dialog.getByLabel('Condition?').selectOption('Heavy');
  await dialog.getByRole('checkbox', { name: /Pet hair removal/ }).check();
  await screenshot(page, 'richer-quotes-1280-widget-questions', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'richer-quotes-375-widget-questions', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox', { name: 'Street address' }).fill('7 Ocean Ave, Santa Monica');
  await dialog.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Get my quote' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  for (const line of ['Full Detail', 'Vehicle size: SUV', 'Condition: Heavy', 'Add-on: Pet hair removal', '$215.00'])
    await expect(dialog).toContainText(line);
  await dialog.getByRole('button', { name: 'Choose a time' }).click();
  const day = laDay(5);
  await pickDay(dialog, day);
  // 60 minutes, 30 for an SUV and 30 for pet hair: the last two hours before 22:00 start at 20:00.
  await expect(dialog.getByRole('button', { name: '8:00 PM', exact: true })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: '8:30 PM', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('First name').fill('Quinn');
  await dialog.getByLabel('Last name').fill('Quote');
  await dialog.getByLabel('Email').fill(CUSTOMER);
  await dialog.getByLabel('Phone number').fill('555 201 0077');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog.getByRole('heading', { name: 'Booking received' })).toBeVisible();

  // The stored booking: two hours, $215, both answers.
  const { bookings } = await api<{ bookings: Record<string, unknown>[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${day}&to=${day}`,
    undefined,
    owner.token,
  );
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({
    totalQuote: 215,
    bookingTime: { day, startTime: '10:00', endTime: '12:00' },
    answers: [
      { question: 'Vehicle size', answer: 'SUV' },
      { question: 'Condition?', answer: 'Heavy' },
    ],
  });
  // The mails.
  const received = await newestMail({ to: CUSTOMER, subject: 'Booking request received' });
  expect(received.text).toContain('Your answers: Vehicle size: SUV; Condition: Heavy');
  expect(received.text).toContain(
    'Quote: Full Detail $120.00; Vehicle size: SUV $25.00; Condition: Heavy $40.00; Add-on: Pet hair removal $30.00',
  );
  expect(received.text).toContain('Total: $215.00');
  const notice = await newestMail({ to: owner.email, subject: /New booking to approve/ });
  expect(notice.text).toContain('Your answers: Vehicle size: SUV; Condition: Heavy');
  // The CSV.
  const csv = await (
    await fetch(`${baseURL()}/api/business-dashboard/bookings/export`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
  ).text();
  const row = csv.split('\r\n').find((l) => l.includes('Quinn'));
  expect(row).toContain(',10:00,12:00,');
  expect(row).toContain(
    'Vehicle size: SUV; Condition: Heavy,Full Detail $120.00; Vehicle size: SUV $25.00; Condition: Heavy $40.00; Add-on: Pet hair removal $30.00',
  );
  expect(row).toContain(',215,');
});

test('the owner approves at +$40 with a reason, and the customer accepts from the mail', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const since = Date.now();
  await openAs(page, owner, '/dashboard/bookings');
  const card = page.locator('article', { hasText: 'Quinn' }).first();
  await card.getByRole('button', { name: 'New price' }).click();
  const modal = page.getByRole('dialog', { name: 'Approve at a new price?' });
  await modal.getByLabel('New total ($)').fill('255');
  await modal.getByLabel('Reason').fill(REASON);
  await modal.getByRole('button', { name: 'Send new price' }).click();
  await expect(card).toContainText(`Quoted $215.00, new price $255.00 (waiting for the customer): ${REASON}`);
  await expect(card).toContainText(/pending/i);

  const mail = await newestMail({ to: CUSTOMER, subject: 'New price to accept', since });
  expect(mail.text).toContain('$255.00');
  expect(mail.text).toContain(REASON);
  const link = linkTo(mail, '/customer/price');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(REASON)).toBeVisible();
  await screenshot(page, 'richer-quotes-1280-price-page');
  await page.getByRole('button', { name: 'Accept $255.00' }).click();
  await expect(page.getByText('You accepted the new price; your booking is confirmed.')).toBeVisible();

  const day = laDay(5);
  const { bookings } = await api<{ bookings: Record<string, unknown>[] }>(
    'GET',
    `/api/business-dashboard/bookings?from=${day}&to=${day}`,
    undefined,
    owner.token,
  );
  expect(bookings[0]).toMatchObject({
    status: 'approved',
    totalQuote: 255,
    priceChange: { quoted: 215, proposed: 255, reason: REASON, state: 'accepted' },
  });
  const confirmed = await newestMail({ to: CUSTOMER, subject: 'Booking confirmed', since });
  expect(confirmed.text).toContain(`Price change: $215.00 quoted, now $255.00: ${REASON}`);
  expect(confirmed.text).toContain('Total: $255.00');
  await openAs(page, owner, '/dashboard/bookings');
  await expect(page.locator('article', { hasText: 'Quinn' }).first()).toContainText('(accepted)');
});

test('an embed that sends the single `answer` still books', async () => {
  const business = await api<{ services: { _id: string; serviceName: string }[] }>(
    'GET',
    `/api/customer/business/${owner.businessId}`,
  );
  const quick = business.services.find((s) => s.serviceName === 'Quick Wash');
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId: quick?._id,
      answer: { option: 'SUV' },
      address: '7 Ocean Ave, Santa Monica, CA 90401, USA',
      date: laDay(6),
      time: '09:00',
      firstName: 'Olde',
      lastName: 'Embed',
      customerEmail: OLD_EMBED,
      phoneNumber: '+1 5552010078',
    }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  // Quick Wash $25 plus SUV $25: the single answer answered the first question asked for it.
  expect(body.totalQuote).toBe(50);
});

test('on a phone, the owner withdraws a new price by approving as quoted, and the link tells the customer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const since = Date.now();
  // The embed's booking above: Olde Embed, Quick Wash with an SUV, $50.
  await openAs(page, owner, '/dashboard/bookings');
  const card = page.locator('article', { hasText: 'Olde' }).first();
  await card.getByRole('button', { name: 'New price' }).click();
  const modal = page.getByRole('dialog', { name: 'Approve at a new price?' });
  await modal.getByLabel('New total ($)').fill('65');
  await modal.getByLabel('Reason').fill('Roof rack: +$15');
  await modal.getByRole('button', { name: 'Send new price' }).click();
  await expect(card).toContainText('(waiting for the customer)');
  const mail = await newestMail({ to: OLD_EMBED, subject: 'New price to accept', since });

  await card.getByRole('button', { name: 'Approve as quoted' }).click();
  await expect(card).toContainText('Quoted $50.00, new price $65.00 (withdrawn): Roof rack: +$15');
  await screenshot(page, 'richer-quotes-375-withdrawn');
  const confirmed = await newestMail({ to: OLD_EMBED, subject: 'Booking confirmed', since });
  expect(confirmed.text).toContain('Total: $50.00');

  const link = linkTo(mail, '/customer/price');
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByText('The business withdrew the new price and confirmed your booking at the quoted $50.00.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Accept/ })).toHaveCount(0);
  await screenshot(page, 'richer-quotes-375-withdrawn-link');
});
