/**
 * Every screen through axe-core (issue "The owner's front door", item 11), at 375 x 667 on a
 * touch phone and at 1280 x 800: no critical or serious WCAG 2.0/2.1 A or AA violation
 * (a11y.ts), moderate and minor ones printed. One page per viewport goes from screen to screen:
 * the landing page, sign-in and sign-up, onboarding, the customer's pages from their mails, the
 * booking page, the widget's steps on an owner's website, then the whole dashboard. Also the
 * dashboard's skip link: the first thing Tab reaches, shown, and it moves the focus into the page.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  baseURL,
  bookAsCustomer,
  expect,
  expectNothingUnderFeedback,
  laDay,
  linkTo,
  newestMail,
  type Owner,
  openEveryDay,
  ownerWebsite,
  screenshot,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';

const SERVICE = { serviceName: 'Axe Wash', duration: 60, price: 80 };

let owner: Owner;
let newcomer: { token: string };
let slug: string;
let host: Awaited<ReturnType<typeof ownerWebsite>>;
const links: { reschedule: URL; cancel: URL; price: URL; quote: URL } = {} as never;

/** A customer's booking of `serviceId` through the API (fixtures.ts bookAsCustomer). */
const book = (serviceId: string, day: string, time: string, email: string, lastName: string) =>
  bookAsCustomer(owner, serviceId, { date: day, time, lastName, customerEmail: email });

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Axe Auto Spa' });
  await openEveryDay(owner.token, '08:00', '18:00');
  const serviceId = (await api<{ _id: string }>('POST', '/api/business-dashboard/service/add', SERVICE, owner.token))
    ._id;
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;

  const first = uniqueEmail('ada');
  await book(serviceId, laDay(1), '10:00', first, 'Pending');
  const received = await newestMail({ to: first, subject: 'Booking request received' });
  links.reschedule = linkTo(received, '/customer/reschedule');
  links.cancel = linkTo(received, '/customer/cancel');

  const second = uniqueEmail('ada');
  const priced = await book(serviceId, laDay(2), '11:00', second, 'Priced');
  await api('PUT', `/api/business-dashboard/booking/approve/${priced}`, { total: 95, reason: 'Muddy' }, owner.token);
  links.price = linkTo(await newestMail({ to: second, subject: 'New price to accept' }), '/customer/price');

  // A quote the owner sent (docs/decisions/039): its page, as the customer opens it.
  const lead = uniqueEmail('lead');
  const quote = await api<{ _id: string }>(
    'POST',
    '/api/business-dashboard/quotes',
    {
      firstName: 'Lena',
      lastName: 'Lead',
      email: lead,
      serviceId,
      address: '5, Santa Monica, CA 90401, USA',
      handOnly: true,
      handLines: [{ label: 'Full detail, muddy', amount: 140 }],
    },
    owner.token,
  );
  await api('POST', `/api/business-dashboard/quotes/${quote._id}/send`, { channels: ['mail'] }, owner.token);
  links.quote = linkTo(await newestMail({ to: lead, subject: /Your quote from/ }), '/customer/quote');

  // Signed up, not onboarded: the onboarding steps are theirs to see.
  newcomer = await api<{ token: string }>('POST', '/api/auth/signup', {
    email: uniqueEmail('newcomer'),
    password: 'correct horse battery',
    phoneNumber: '+1 5551234567',
  });

  host = await ownerWebsite(
    () => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Axe Auto Spa</title><link rel="icon" href="data:,"></head>
<body><main><h1>Axe Auto Spa</h1><p>Clean cars, booked online.</p></main>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script></body></html>`,
  );
});

test.afterAll(() => host?.close());

/** Goes to `path`, waits for its main heading, and runs axe. */
async function check(page: Page, name: string, path: string, heading: string | RegExp, size: string): Promise<void> {
  await test.step(name, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `${name}, ${size}`);
    if (size === '375 px') await expectNothingUnderFeedback(page, name);
  });
}

async function signInAs(page: Page, token: string): Promise<void> {
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
}

async function everyScreen(page: Page, size: string): Promise<void> {
  await check(page, 'Landing page', '/', /./, size);
  await check(page, 'Sign in', '/login', 'Welcome Back', size);
  await check(page, 'Sign up', '/signup', 'Create Your Account', size);
  await check(page, 'Forgotten password', '/forgot-password', 'Forgot Password?', size);

  await check(page, 'Reschedule page', links.reschedule.pathname + links.reschedule.search, /Reschedule/, size);
  await check(page, 'Cancel page', links.cancel.pathname + links.cancel.search, /Cancel/, size);
  await check(page, 'Price page', links.price.pathname + links.price.search, /New Price/, size);
  await check(page, 'Quote page', links.quote.pathname + links.quote.search, 'Your Quote', size);
  await check(page, 'Booking page', `/book/${slug}`, /./, size);

  await test.step('Widget on an owner website', async () => {
    await page.goto(host.origin);
    await page.getByRole('button', { name: 'Book now' }).click();
    const dialog = page.getByRole('dialog', { name: owner.businessName });
    await expect(dialog.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Widget, service, ${size}`);
    await dialog.getByRole('radio', { name: new RegExp(SERVICE.serviceName) }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: /A quick question|A few questions/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Widget, question, ${size}`);
    const select = dialog.locator('select');
    if ((await select.count()) > 0) await select.first().selectOption({ index: 1 });
    else await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Your address' })).toBeVisible();
    const street = dialog.getByRole('combobox', { name: 'Street address' });
    await street.click();
    await page.keyboard.type('7 Ocean Ave, Santa Monica');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Widget, address with suggestions, ${size}`);
    await dialog.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Get my quote' }).click();
    await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Widget, quote, ${size}`);
    await dialog.getByRole('button', { name: 'Choose a time' }).click();
    await expect(dialog.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
    await expect(dialog.locator('[data-day]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Widget, date and time, ${size}`);
  });

  // The onboarding steps, as an owner who has only signed up.
  await page.goto('/login');
  await signInAs(page, newcomer.token);
  await check(page, 'Onboarding, step 1', '/onboarding/step1', "What's your business called?", size);
  await check(page, 'Onboarding, step 2', '/onboarding/step2', 'What kind of business is it?', size);
  await check(page, 'Onboarding, step 3', '/onboarding/step3', 'Where is your business based?', size);

  await signInAs(page, owner.token);
  await check(page, 'My Dashboard', '/dashboard', 'My Dashboard', size);
  await check(page, 'Bookings', '/dashboard/bookings', 'Bookings Management', size);
  await check(page, 'New booking', `/dashboard/bookings/new?date=${laDay(1)}&time=10:00`, 'New booking', size);
  for (const view of ['day', 'week', 'month'])
    await check(page, `Calendar, ${view}`, `/dashboard/calendar?view=${view}&date=${laDay(1)}`, 'Calendar', size);
  // Nothing to focus in the hours: their scroller must be reachable by Tab itself.
  await check(page, 'Calendar, an empty day', `/dashboard/calendar?view=day&date=${laDay(20)}`, 'Calendar', size);
  await check(page, 'Services', '/dashboard/services', 'Services', size);
  await test.step('Service editor', async () => {
    const row = page.getByRole('listitem').filter({ hasText: SERVICE.serviceName });
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('form', { name: `Edit ${SERVICE.serviceName}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Service editor, ${size}`);
  });
  await check(page, 'Insights', '/dashboard/insights', 'Insights', size);
  await check(page, 'Payments', '/dashboard/payments', 'Payments', size);
  await check(page, 'Import clients', '/dashboard/clients/import', 'Import clients', size);
  await check(page, 'Quotes', '/dashboard/quotes', 'Quotes', size);
  await test.step('New quote', async () => {
    await page.getByRole('button', { name: 'New quote' }).click();
    await expect(page.getByRole('form', { name: 'New quote' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `New quote, ${size}`);
  });
  await check(page, 'Clients', '/dashboard/clients', 'Clients', size);
  // A client's page: the first of the owner's clients (their customers' bookings made them).
  const { clients } = await api<{ clients: { _id: string; firstName: string; lastName: string }[] }>(
    'GET',
    '/api/business-dashboard/clients?sort=name',
    undefined,
    owner.token,
  );
  const first = clients[0]!;
  await check(page, 'A client', `/dashboard/clients/${first._id}`, `${first.firstName} ${first.lastName}`.trim(), size);
  await check(page, 'Settings', '/dashboard/settings', /Settings/, size);
  // Settings may be one page or a page per section (/dashboard/settings/<section>): each section it links to.
  const sections = await page
    .locator('a[href^="/dashboard/settings/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).pathname))]);
  for (const path of sections) await check(page, `Settings ${path}`, path, /./, size);
}

/**
 * A walk is many screens, each through axe: 1.9 minutes at 1280 px alone on an idle 2-core machine,
 * 4.1 and over 5 minutes in a CI run where the other worker's journeys shared the cores. The limit
 * only stops a walk that hangs, so it sits well above that.
 */
const WALK_LIMIT_MS = 600_000;

test.describe('at 375 x 667 on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('no screen has a critical or serious violation', async ({ page }) => {
    test.setTimeout(WALK_LIMIT_MS);
    await everyScreen(page, '375 px');
  });
});

test.describe('at 1280 x 800', () => {
  test('no screen has a critical or serious violation', async ({ page }) => {
    test.setTimeout(WALK_LIMIT_MS);
    await everyScreen(page, '1280 px');
  });

  test('the skip link is the first stop of Tab and moves the focus to the page', async ({ page }) => {
    await page.goto('/login');
    await signInAs(page, owner.token);
    await page.goto('/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings Management' })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await screenshot(page, 'a11y-skip-link', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    // The next Tab goes on inside the page, past the top bar's links.
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => !!document.activeElement?.closest('#main'));
    expect(inMain).toBe(true);
  });
});
