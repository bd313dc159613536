/**
 * Gaps filled from nearby (issue 45 item 2's "done when"; docs/decisions/056), in Chromium against
 * the real server:
 * - a detailer's day is full (every time booked through the API);
 * - a customer nearby gets a quote on the booking page, taps the full day, and joins its waiting
 *   list with "Tell me if a time opens" (1280 px and 375 px);
 * - a customer of that day cancels from their manage link: the server's pass (a second in e2e)
 *   offers the time to the waiting customer, whose offer mail arrives;
 * - she opens the link, sees the time and the price, and books it (1280 and 375 px);
 * - the owner's waiting list of the day shows the time offered to her and filled by her;
 * - a time nobody waits for is offered to a plan customer nearby whose next visit is due two days
 *   later: they open the link and move that visit up (the same booking); the owner's list shows
 *   "Plan visit moved up".
 * - a lead the owner sent a quote ticks "Tell me by e-mail if a time opens near me" on its page; a
 *   time that nobody waits for and no plan takes opens beside a job near her: she is offered it,
 *   books it at the quoted price, and the owner's list shows "Quote booked" (docs/decisions/059).
 * Screenshots in e2e/artifacts/gap-fill-*.png; axe on each screen.
 */
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  baseURL,
  bookAsCustomer,
  expect,
  laDay,
  linkTo,
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

const B = '/api/business-dashboard';
const BUSINESS = 'Gap Detailing';
const PHONE = { width: 375, height: 812 };

let owner: Owner;
let serviceId = '';
let slug = '';
const day = laDay(8);
const waiting = uniqueEmail('waiting');
/** The customers who filled the day, by their booking's id. */
const fillers: { id: string; email: string }[] = [];

const freeTimes = async () => {
  const q = new URLSearchParams({ businessId: owner.businessId, date: day, serviceId });
  const res = await fetch(`${baseURL()}/api/customer/get-available-slots?${q}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { slots: { time: string; available: boolean }[] };
  return body.slots.filter((s) => s.available).map((s) => s.time);
};

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: BUSINESS, niche: 'car-detailing' });
  // A short day: a few jobs fill it.
  await openEveryDay(owner.token, '10:00', '13:00');
  await api('PUT', `${B}/settings/time-zone`, { timeZone: 'America/Los_Angeles' }, owner.token);
  const { services } = await api<{ services: { _id: string }[] }>('GET', `${B}/services`, undefined, owner.token);
  serviceId = services[0]!._id;
  slug = (await api<{ slug: string }>('GET', `${B}/booking-page`, undefined, owner.token)).slug;
  // Every free time booked, by customers in Beverly Hills, near the business.
  for (let free = await freeTimes(); free.length > 0; free = await freeTimes()) {
    const email = uniqueEmail('filler');
    const id = await bookAsCustomer(owner, serviceId, {
      date: day,
      time: free[0],
      customerEmail: email,
      firstName: 'Full',
      lastName: `Day ${fillers.length + 1}`,
      address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA',
    });
    fillers.push({ id, email });
  }
  expect(fillers.length).toBeGreaterThan(0);
});

test('a cancellation offers its time to a waiting customer nearby, who books it from the link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The customer gets a quote on the booking page; the day she wants is full.
  await page.goto(`/book/${slug}`);
  await page.getByRole('link', { name: 'Book online' }).click();
  const form = page.getByRole('region', { name: BUSINESS });
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('heading', { name: 'A few questions' })).toBeVisible();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await expect(form.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await expect(form.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
  const firstDay = form.locator('[data-day]').first();
  for (let i = 0; i < 3 && ((await firstDay.getAttribute('data-day')) ?? '').slice(0, 7) < day.slice(0, 7); i++)
    await form.getByRole('button', { name: 'Next month' }).click();
  const full = form.locator(`[data-day="${day}"]`);
  await expect(full).toHaveAttribute('data-status', 'full');
  // A full day is aria-disabled (nothing to book), yet still a button: a tap offers its waiting list.
  await full.click({ force: true });
  await form.getByRole('button', { name: 'Tell me if a time opens' }).click();
  await form.getByLabel('First name').fill('Wanda');
  await form.getByLabel('Last name').fill('Waiting');
  await form.getByLabel('Email').fill(waiting);
  await form.getByLabel('Phone (optional)').fill('555 201 0456');
  await form.getByRole('button', { name: 'Join the waiting list' }).scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'The waiting list form, 1280 px');
  await screenshot(page, 'gap-fill-join-1280', { fullPage: false });
  await page.setViewportSize(PHONE);
  await form.getByRole('button', { name: 'Join the waiting list' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'gap-fill-join-375', { fullPage: false });
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(form.getByRole('status').filter({ hasText: "You're on the waiting list for" })).toBeVisible();
  const joined = await newestMail({ to: waiting, subject: "You're on the waiting list" });
  expect(linkTo(joined, '/customer/waitlist').searchParams.get('token')).toBeTruthy();

  // A customer of that day cancels from their manage link.
  const gone = fillers[0]!;
  const received = await newestMail({ to: gone.email });
  const token = linkTo(received, '/customer/cancel').searchParams.get('token') ?? '';
  const cancelled = await fetch(`${baseURL()}/api/customer/confirm-cancel?token=${encodeURIComponent(token)}`, {
    method: 'DELETE',
  });
  expect(cancelled.status).toBe(200);

  // The waiting customer's offer arrives; she opens it and books the time.
  const offer = await newestMail({ to: waiting, subject: /^A time opened on /, timeoutMs: 20_000 });
  expect(offer.text).toContain('the first to book it gets it');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(linkTo(offer, '/customer/offer').toString());
  await expect(page.getByRole('heading', { level: 2, name: /, .+ at \d{1,2}:\d\d [AP]M$/ })).toBeVisible();
  await expect(page.getByText('Total')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'The offer of a time that opened, 1280 px');
  await screenshot(page, 'gap-fill-offer-1280', { fullPage: false });
  await page.setViewportSize(PHONE);
  await screenshot(page, 'gap-fill-offer-375', { fullPage: false });
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByText(/Your request for .+ is sent|You're booked for/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book this time' })).toHaveCount(0);
  expect(await freeTimes()).toEqual([]);

  // The owner sees the time offered and filled.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, owner, `/dashboard/calendar?view=day&date=${day}`);
  await page.getByRole('link', { name: 'Waiting list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting list' })).toBeVisible();
  await expect(page.getByText('Filled by Wanda Waiting')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Wanda Waiting: took it/ })).toBeVisible();
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "The owner's waiting list, 1280 px");
  await screenshot(page, 'gap-fill-owner-1280', { fullPage: false });
  await page.setViewportSize(PHONE);
  await screenshot(page, 'gap-fill-owner-375', { fullPage: false });
  // Her booking is on the day, with her name.
  const bookings = await api<{ bookings: { customerName?: string; firstName?: string; email?: string }[] }>(
    'GET',
    `${B}/bookings?from=${day}&to=${day}`,
    undefined,
    owner.token,
  );
  expect(JSON.stringify(bookings)).toContain(waiting);
});

test('a time nobody waits for is offered to a plan customer nearby, who moves their visit up from the link', async ({
  page,
}) => {
  // A weekly plan's service, a job to be cancelled in 4 days, and a plan customer nearby due 2 days later.
  const plan = await api<{ _id: string }>(
    'POST',
    `${B}/service/add`,
    { serviceName: 'Plan Wash', duration: 60, price: 90, plans: [{ frequency: 'weekly', discount: null }] },
    owner.token,
  );
  const near = '12 N Crescent Dr, Beverly Hills, CA 90210, USA';
  const soon = laDay(4);
  const goneEmail = uniqueEmail('gone');
  const planEmail = uniqueEmail('plan');
  await bookAsCustomer(owner, plan._id, { date: soon, time: '10:00', customerEmail: goneEmail, address: near });
  const visitId = await bookAsCustomer(owner, plan._id, {
    date: laDay(6),
    time: '11:00',
    frequency: 'weekly',
    customerEmail: planEmail,
    firstName: 'Pat',
    lastName: 'Plan',
    address: near,
  });
  const received = await newestMail({ to: goneEmail });
  const token = linkTo(received, '/customer/cancel').searchParams.get('token') ?? '';
  const cancelled = await fetch(`${baseURL()}/api/customer/confirm-cancel?token=${encodeURIComponent(token)}`, {
    method: 'DELETE',
  });
  expect(cancelled.status).toBe(200);

  // Nobody waits for that day: the plan customer is asked to move their next visit up.
  const offer = await newestMail({ to: planEmail, subject: /^Move your visit up to /, timeoutMs: 20_000 });
  expect(offer.text).toContain('Your next Plan Wash visit is on');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(linkTo(offer, '/customer/offer').toString());
  await expect(page.getByRole('heading', { level: 2, name: /^Move your visit up to .+ at 10:00 AM\?$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'The offer to move a plan visit up, 1280 px');
  await screenshot(page, 'gap-fill-move-up-1280', { fullPage: false });
  await page.setViewportSize(PHONE);
  await screenshot(page, 'gap-fill-move-up-375', { fullPage: false });
  await page.getByRole('button', { name: 'Move my visit up' }).click();
  await expect(page.getByText(/Your visit is moved up to .+ at 10:00 AM/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move my visit up' })).toHaveCount(0);
  // The same booking, now at the freed time.
  const onSoon = await api<unknown>('GET', `${B}/bookings?from=${soon}&to=${soon}`, undefined, owner.token);
  expect(JSON.stringify(onSoon)).toContain(visitId);

  // The owner sees it on the day's waiting list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, owner, `/dashboard/waitlist/${soon}`);
  await expect(page.getByText('Plan visit moved up: Pat Plan')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Pat Plan: Plan visit moved up/ })).toBeVisible();
  await screenshot(page, 'gap-fill-move-up-owner-1280', { fullPage: false });
});

test('a time nobody else takes is offered to a recent quote nearby whose lead asked, booked at the quoted price', async ({
  page,
}) => {
  // A business of its own: the times the journeys above freed (a plan visit's old time among them)
  // would be offered to this lead too, first, whenever the server's pass reached them.
  const shop = await signupOwner({ businessName: 'Quote Detailing', niche: 'car-detailing' });
  await openEveryDay(shop.token, '09:00', '17:00');
  await api('PUT', `${B}/settings/time-zone`, { timeZone: 'America/Los_Angeles' }, shop.token);
  const wash = await api<{ _id: string }>(
    'POST',
    `${B}/service/add`,
    { serviceName: 'Quote Wash', duration: 60, price: 70 },
    shop.token,
  );
  const near = '12 N Crescent Dr, Beverly Hills, CA 90210, USA';
  const lead = uniqueEmail('lead');
  const made = await api<{ _id: string }>(
    'POST',
    `${B}/quotes`,
    {
      firstName: 'Lena',
      lastName: 'Lead',
      email: lead,
      phoneNumber: '+1 5552010457',
      serviceId: wash._id,
      handOnly: true,
      handLines: [{ label: 'Wash and wax, as discussed', amount: 64.5 }],
      answers: {},
      address: near,
    },
    shop.token,
  );
  await api('POST', `${B}/quotes/${made._id}/send`, { channels: ['mail'] }, shop.token);

  // The lead opens her quote and ticks the box (unticked until she does).
  const quoteMail = await newestMail({ to: lead, subject: /^Your quote from / });
  await page.setViewportSize(PHONE);
  await page.goto(linkTo(quoteMail, '/customer/quote').toString());
  const box = page.getByRole('checkbox', { name: /Tell me by e-mail if a time opens near me/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('Done: we will e-mail you if a time opens near you.')).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'A quote with its "tell me if a time opens near me" box, 375 px');
  await screenshot(page, 'gap-fill-quote-nearby-375', { fullPage: false });

  // A job beside hers is cancelled: nobody waits for the day and no plan visit is due after it.
  const later = laDay(10);
  const goneEmail = uniqueEmail('gone');
  await bookAsCustomer(shop, wash._id, { date: later, time: '10:00', customerEmail: goneEmail, address: near });
  await bookAsCustomer(shop, wash._id, {
    date: later,
    time: '11:00',
    customerEmail: uniqueEmail('stays'),
    address: near,
  });
  const received = await newestMail({ to: goneEmail });
  const token = linkTo(received, '/customer/cancel').searchParams.get('token') ?? '';
  const cancelled = await fetch(`${baseURL()}/api/customer/confirm-cancel?token=${encodeURIComponent(token)}`, {
    method: 'DELETE',
  });
  expect(cancelled.status).toBe(200);

  const offer = await newestMail({ to: lead, subject: /^A time opened near you /, timeoutMs: 20_000 });
  expect(offer.text).toContain('at the price you were quoted, $64.50');
  expect(offer.text).toContain('You get this because you asked to hear when a time opens near you.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(linkTo(offer, '/customer/offer').toString());
  await expect(page.getByRole('heading', { level: 2, name: /^Quote Wash, .+ at 10:00 AM$/ })).toBeVisible();
  await expect(page.getByText('$64.50').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stop them on your quote' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'A time offered to a recent quote nearby, 1280 px');
  await screenshot(page, 'gap-fill-quote-offer-1280', { fullPage: false });
  await page.setViewportSize(PHONE);
  await screenshot(page, 'gap-fill-quote-offer-375', { fullPage: false });
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByText(/You're booked for .+ at 10:00 AM/)).toBeVisible();
  const onDay = await api<unknown>('GET', `${B}/bookings?from=${later}&to=${later}`, undefined, shop.token);
  expect(JSON.stringify(onDay)).toContain(lead);

  // The owner sees it on the day's waiting list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, shop, `/dashboard/waitlist/${later}`);
  await expect(page.getByText('Quote booked: Lena Lead')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Lena Lead: Quote booked/ })).toBeVisible();
});
