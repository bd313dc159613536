/**
 * Stored content is inert (issue 9): a business name, service names, the specific
 * question and its options, customer names and feedback that carry HTML and script
 * render as text in the dashboard (overview, bookings, services), in the widget on
 * /demo, on the customer's cancel page and in the e-mails. No dialog fires and no
 * element is injected, in Chromium.
 *
 * The API refuses < > { } \ in customer names (checked below), so those names are
 * written straight to the database: content that got in by another door (an import,
 * an older version) must still be harmless when shown.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import type { Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import Database from 'better-sqlite3';
import {
  api,
  baseURL,
  dataDir,
  expect,
  linkTo,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const SVG = '"><svg onload=alert(1)>';
const ZONE = 'America/Los_Angeles';

const BUSINESS = `Evil ${SVG} Detailing`;
const SERVICES = [`Wash ${IMG}`, `Wax ${SCRIPT}`, `Polish ${SVG}`];
const QUESTION = `Which car? ${SCRIPT}`;
const OPTION = `Truck ${IMG}`;
const FIRST = IMG;
const LAST = `${SVG} & "O'Brien"`;

/** YYYY-MM-DD in the business's zone, `days` from today. */
function localDay(days = 0): string {
  return todayIn(ZONE, Date.now() + days * 86_400_000);
}

function wallMs(day: string, time: string): number {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, mo - 1, d, h, mi, ZONE).getTime();
}

/** Fails the test on any dialog (alert, confirm, prompt) a page opens. */
function watchDialogs(page: Page): string[] {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return fired;
}

/** Elements a payload would have created, anywhere in the page (locators pierce open shadow roots). */
async function expectNothingInjected(page: Page): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('[onerror], [onload]')).toHaveCount(0);
  await expect(page.locator('svg[onload]')).toHaveCount(0);
  const inlineScripts = await page
    .locator('script:not([src])')
    .evaluateAll((els) => els.map((e) => e.textContent ?? '').filter((t) => t.includes('alert(1)')));
  expect(inlineScripts).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

let owner: Owner;
let bookingId: string;
let todayId: string;
let customerEmail: string;
const day = localDay(3);

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: BUSINESS, niche: 'car-detailing' });
  const t = owner.token;
  await openEveryDay(t, '08:00', '20:00');
  const ids: string[] = [];
  for (const serviceName of SERVICES) {
    const s = await api<{ _id: string }>(
      'POST',
      '/api/business-dashboard/service/add',
      { serviceName, duration: 60, price: 50 },
      t,
    );
    ids.push(s._id);
  }
  await api(
    'PUT',
    '/api/business-dashboard/settings/quote-questions',
    { questions: [{ question: QUESTION, type: 'dropdown', options: [{ text: OPTION, value: 5 }] }] },
    t,
  );
  customerEmail = `inert-${randomUUID().slice(0, 8)}@example.com`;
  const book = async (serviceId: string, time: string) => {
    const res = await fetch(`${baseURL()}/api/customer/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        businessId: owner.businessId,
        serviceId,
        answer: { option: OPTION },
        address: '5, Santa Monica, CA 90401, USA',
        date: day,
        time,
        firstName: 'Ada',
        lastName: 'Lovelace',
        customerEmail,
        phoneNumber: '+1 5551234567',
      }),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(body)}`);
    return body.bookingId as string;
  };
  bookingId = await book(ids[0]!, '10:00');
  todayId = await book(ids[1]!, '12:00');

  // Names the API would refuse, and a booking moved to today for the overview: straight into the database.
  const db = new Database(join(dataDir(), 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update bookings set first_name = ?, last_name = ? where id in (?, ?)').run(
      FIRST,
      LAST,
      bookingId,
      todayId,
    );
    const today = localDay(0);
    db.prepare('update bookings set day = ?, start_time = ?, end_time = ?, start_ms = ?, end_ms = ? where id = ?').run(
      today,
      '23:00',
      '23:59',
      wallMs(today, '23:00'),
      wallMs(today, '23:59'),
      todayId,
    );
  } finally {
    db.close();
  }
});

test('the API refuses markup in customer names', async () => {
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId: randomUUID(),
      answer: null,
      address: '5, Santa Monica, CA 90401, USA',
      date: day,
      time: '15:00',
      firstName: SCRIPT,
      lastName: 'Lovelace',
      customerEmail: 'x@example.com',
      phoneNumber: '+1 5551234567',
    }),
  });
  expect(res.status).toBe(400);
  expect((await res.json()).error).toBe('First name contains characters that are not allowed.');
});

test('the dashboard shows every payload as text: overview, bookings, services', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await openAs(page, owner, '/dashboard');
  // Today's pending booking is on the page twice: in Today's Schedule and among the requests waiting.
  const todayCard = page
    .getByRole('region', { name: "Today's Schedule" })
    .getByRole('article', { name: `${SERVICES[1]} for ${FIRST} ${LAST}` });
  await expect(todayCard).toBeVisible();
  await expect(todayCard.getByRole('heading', { name: SERVICES[1] })).toBeVisible();
  await expect(todayCard.getByText(`${FIRST} ${LAST}`)).toBeVisible();
  await expectNothingInjected(page);
  await screenshot(page, 'inert-01-overview');

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    // "Bookings, 2 waiting": the tab carries the count of requests waiting.
    .getByRole('link', { name: /^Bookings\b/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  const card = page.getByRole('article', { name: `${SERVICES[0]} for ${FIRST} ${LAST}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(OPTION)).toBeVisible();
  await expect(page.getByRole('article', { name: `${SERVICES[1]} for ${FIRST} ${LAST}` })).toBeVisible();
  await expectNothingInjected(page);
  await screenshot(page, 'inert-02-bookings');

  // Approving mails the customer, with these names in it (checked in the mail test below).
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByText('approved', { exact: false }).first()).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Services', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/services$/);
  for (const name of SERVICES) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question 1 text', exact: true })).toHaveValue(QUESTION);
  await expect(page.getByRole('textbox', { name: 'Question 1 option 1 text' })).toHaveValue(OPTION);
  await expectNothingInjected(page);
  await screenshot(page, 'inert-03-services');
  expect(dialogs).toEqual([]);
});

test('the widget on /demo shows the service names, question and option as text', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/demo?businessId=${owner.businessId}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const name of SERVICES)
    await expect(dialog.getByRole('radio', { name: new RegExp(escapeRegExp(name)) })).toBeVisible();
  await expectNothingInjected(page);
  await screenshot(page, 'inert-04-widget-services');
  await dialog.getByRole('radio', { name: new RegExp(escapeRegExp(SERVICES[2]!)) }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(QUESTION)).toBeVisible();
  // A closed <select>'s options are not "visible"; their text is what counts.
  await expect(dialog.getByRole('option', { name: new RegExp(escapeRegExp(OPTION)) })).toHaveCount(1);
  await expectNothingInjected(page);
  await screenshot(page, 'inert-05-widget-question');
  expect(dialogs).toEqual([]);
});

test('the e-mails escape every payload, and stay inert when a browser renders them', async ({ page }) => {
  const dialogs = watchDialogs(page);
  const received = await newestMail({ to: customerEmail, subject: `Booking request received: ${SERVICES[0]}` });
  const approved = await newestMail({ to: customerEmail, subject: `Booking confirmed: ${SERVICES[0]}` });
  const ownerNotice = await newestMail({ to: owner.email });
  const raw = /<img src=x|<script>alert|<svg onload/i;
  for (const mail of [received, approved, ownerNotice]) {
    expect(mail.html, `${mail.subject}: the HTML part carries a raw payload`).not.toMatch(raw);
    expect(mail.html).toMatch(/&(lt|#60|#x3c);(img|script|svg)/i);
  }
  // The service name reached the customer's mail, escaped; the customer's name reached the approval.
  expect(received.html).toMatch(/Wash &(lt|#60|#x3c);img src=x onerror=alert\(1\)&(gt|#62|#x3e);/i);
  expect(approved.text).toContain(FIRST);

  for (const mail of [received, approved, ownerNotice]) {
    await page.setContent(mail.html);
    await expectNothingInjected(page);
  }
  await screenshot(page, 'inert-06-approved-mail');

  // The cancel link's page shows the booking (service, business) as text too.
  await page.goto(
    linkTo(approved, '/customer/cancel')
      .toString()
      .replace(/^https?:\/\/[^/]+/, baseURL()),
  );
  await expect(page.getByText(SERVICES[0]!).first()).toBeVisible();
  await expectNothingInjected(page);
  await screenshot(page, 'inert-07-cancel-page');
  expect(dialogs).toEqual([]);
});

test('feedback carrying markup is stored as it was sent, and the form stays inert', async ({ page }) => {
  const dialogs = watchDialogs(page);
  const res = await fetch(`${baseURL()}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'Bug Report', where: 'Home Page', description: `${IMG} ${SCRIPT} ${SVG}` }),
  });
  expect(res.status).toBe(201);
  const db = new Database(join(dataDir(), 'app.db'), { readonly: true });
  try {
    const row = db.prepare('select description from feedback order by created_at desc limit 1').get() as {
      description: string;
    };
    expect(row.description).toBe(`${IMG} ${SCRIPT} ${SVG}`);
  } finally {
    db.close();
  }
  await page.goto('/login');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox').last().fill(`${SVG} ${SCRIPT}`);
  await expectNothingInjected(page);
  expect(dialogs).toEqual([]);
});

test.describe('control', () => {
  test.use({ allowConsoleErrors: { reason: 'the control renders a payload raw on purpose; its image fails to load' } });

  test('the watch catches a payload that is rendered as HTML (so the checks above can fail)', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.setContent(`<p>${IMG}</p>`);
    await expect.poll(() => dialogs.length).toBeGreaterThan(0);
    await expect(page.locator('img[src="x"]')).toHaveCount(1);
    await expect(page.locator('[onerror], [onload]')).toHaveCount(1);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
