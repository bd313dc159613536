/**
 * What every e2e suite imports instead of '@playwright/test':
 *   import { expect, test } from './fixtures.ts';
 * - `test` fails a test on any console error or uncaught page error
 *   (opt out per file or describe: `test.use({ allowConsoleErrors: { reason, match? } })`);
 *   it also points Playwright's baseURL at the server global-setup.ts started.
 * - baseURL(), dataDir(), outboxDir(): where that server is.
 * - newestMail(): the newest .eml in the outbox (waits for it), with its links.
 * - signupOwner(): a signed-up and onboarded owner made through the API.
 * - openAs(): opens a page already signed in as an owner.
 * - screenshot(): a full-page PNG in e2e/artifacts/<name>.png.
 * - pickDay(): chooses a free day in the widget's month grid.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import { E2E_STRIPE_KEY } from './global-setup.ts';
import { type Mail, readOutbox } from './mail.ts';
import { artifactsDir } from './paths.ts';
import { recordFromJson, recordFromRequest } from './secrets.ts';

export type { Mail };
export { expect };

function fromSetup(name: 'E2E_BASE_URL' | 'E2E_DATA_DIR'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suites with "npm run test:e2e" (global-setup.ts sets it).`);
  return value;
}

/** The origin of the server under test, like http://127.0.0.1:41234 (no trailing slash). */
export function baseURL(): string {
  return fromSetup('E2E_BASE_URL');
}

/** The server's temporary DATA_DIR (SQLite database, outbox/, jwt-secret). */
export function dataDir(): string {
  return fromSetup('E2E_DATA_DIR');
}

function outboxDir(): string {
  return join(dataDir(), 'outbox');
}

// ---------- mail ----------

export interface MailQuery {
  /** Only mail whose To header contains this (case-insensitive). */
  to?: string;
  /** Only mail whose subject matches. */
  subject?: string | RegExp;
  /** Only mail whose text part contains this. */
  text?: string;
  /** Only mail written at or after this time (ms since epoch), e.g. Date.now() before the action. */
  since?: number;
  /** How long to wait for a matching mail; the dispatcher sends just after commit. */
  timeoutMs?: number;
}

/** Every mail in the outbox so far, oldest first. */
function allMail(): Mail[] {
  return readOutbox(outboxDir());
}

/** Waits for the newest mail matching the query and returns it with its links. */
export async function newestMail(query: MailQuery = {}): Promise<Mail> {
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  const matches = (m: Mail) =>
    (!query.to || m.to.toLowerCase().includes(query.to.toLowerCase())) &&
    (!query.subject ||
      (typeof query.subject === 'string' ? m.subject.includes(query.subject) : query.subject.test(m.subject))) &&
    (!query.text || m.text.includes(query.text)) &&
    (query.since === undefined || m.writtenAt >= query.since);
  for (;;) {
    const found = allMail().filter(matches);
    const newest = found[found.length - 1];
    if (newest) return newest;
    if (Date.now() > deadline) {
      const seen = allMail()
        .map((m) => `  ${m.to}: ${m.subject}`)
        .join('\n');
      throw new Error(
        `No mail matching ${JSON.stringify({ ...query, subject: String(query.subject ?? '') })} arrived in ${outboxDir()}. Mail there:\n${seen || '  (none)'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of a mail whose path starts with `path`, e.g. linkTo(mail, '/customer/cancel'). */
export function linkTo(mail: Mail, path: string): URL {
  const hit = mail.links.map((l) => new URL(l)).find((u) => u.pathname.startsWith(path));
  if (!hit)
    throw new Error(`Mail "${mail.subject}" to ${mail.to} has no link to ${path}; links: ${mail.links.join(', ')}`);
  return hit;
}

// ---------- owners through the API ----------

export interface Owner {
  email: string;
  password: string;
  phoneNumber: string;
  token: string;
  businessId: string;
  businessName: string;
  niche: string;
  address: string;
}

export interface OwnerOptions {
  email?: string;
  password?: string;
  businessName?: string;
  niche?: string;
  /** Where the business is (a ZIP or a city), after its street line; the first suggestion is taken. */
  addressSearch?: string;
  /** The house number and street, kept as typed in the suggestion ("12 Main St"). */
  streetLine?: string;
}

let ownerCount = 0;
/** A fresh, unique e-mail address for a test owner or customer. */
export function uniqueEmail(prefix = 'owner'): string {
  return `${prefix}-${Date.now().toString(36)}-${++ownerCount}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

let clientCount = 0;
/** A fresh client address per API call (198.18.0.0/15 is reserved for tests), forwarded by the trusted local proxy. */
function nextClientAddress(): string {
  const n = ++clientCount + process.pid * 1000;
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** Calls the API like a separate browser would; throws with the server's message on a non-2xx answer. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextClientAddress() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  recordFromRequest(`${baseURL()}${path}`, headers, payload);
  const res = await fetch(`${baseURL()}${path}`, { method, headers, body: payload });
  const text = await res.text();
  recordFromJson('response', text);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Signs up and onboards an owner through the API (no UI), for tests that start at the
 * dashboard. Each call comes from its own client address, so the sign-up rate limit is not shared.
 */
export async function signupOwner(options: OwnerOptions = {}): Promise<Owner> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const phoneNumber = '+1 5551234567';
  const businessName = options.businessName ?? 'Shiny Cars';
  const niche = options.niche ?? 'car-detailing';
  const { token } = await api<{ token: string }>('POST', '/api/auth/signup', { email, password, phoneNumber });
  await api('POST', '/api/onboarding/step1', { name: businessName }, token);
  await api('POST', '/api/onboarding/step2', { niche }, token);
  const search = `${options.streetLine ?? '12 Main St'}, ${options.addressSearch ?? '90210'}`;
  const suggestions = await api<{ description: string }[]>(
    'GET',
    `/api/business/places?input=${encodeURIComponent(search)}`,
  );
  const first = suggestions[0];
  if (!first) throw new Error(`No address suggestion for "${search}"; pick a US ZIP code or city.`);
  // The suggestion's whole text is the address, as onboarding step 3 sends it.
  const address = first.description;
  await api('POST', '/api/onboarding/step3', { address }, token);
  const profile = await api<{ businessId: string }>('GET', '/api/onboarding/profile', undefined, token);
  return { email, password, phoneNumber, token, businessId: profile.businessId, businessName, niche, address };
}

/**
 * An owner's website on another origin than the API (another port on loopback): `html()` at "/",
 * 404 for anything else. Answers its origin and a way to stop it.
 */
export async function ownerWebsite(html: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The owner's first crew (every business starts with one): its id, after naming it (a person, in
 * teal) when `name` is given, as journeys that show a crew's name to customers do.
 */
export async function firstCrew(owner: Pick<Owner, 'token'>, name?: string): Promise<string> {
  const B = '/api/business-dashboard';
  const crewId = (await api<{ crews: { _id: string }[] }>('GET', `${B}/crews`, undefined, owner.token)).crews[0]!._id;
  if (name) await api('PUT', `${B}/crews/${crewId}`, { name, color: '#0f766e' }, owner.token);
  return crewId;
}

/** A crew member's session: `email` invited to the owner's crew, the invitation mail's link accepted with `password`. */
export async function crewMemberLogin(owner: Owner, crewId: string, email: string, password: string): Promise<string> {
  await api('POST', `/api/business-dashboard/crews/${crewId}/member`, { email }, owner.token);
  const mail = await newestMail({ to: email });
  const token = /\/crew\/join\?token=([^\s&]+)/.exec(mail.text)![1]!;
  const session = await api<{ token: string }>('POST', '/api/auth/crew-invitation', {
    token: decodeURIComponent(token),
    password,
  });
  return session.token;
}

/**
 * A customer's booking through the API, as the widget sends it (a sedan, in Santa Monica), for
 * journeys that start after it; answers its id. `over` changes any field of the request.
 */
export async function bookAsCustomer(
  owner: Pick<Owner, 'businessId'>,
  serviceId: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId,
      answer: { option: 'Sedan / Coupe' },
      address: '5, Santa Monica, CA 90401, USA',
      time: '10:00',
      firstName: 'Ada',
      lastName: 'Lovelace',
      customerEmail: uniqueEmail('customer'),
      phoneNumber: '+1 5551234567',
      ...over,
    }),
  });
  const body = (await res.json()) as { bookingId: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.bookingId;
}

/**
 * The answers a customer gives the business's questions (the trade template may have set some,
 * docs/decisions/026): each question's first option (no extra charge), 1, or no.
 */
export async function firstAnswers(owner: Pick<Owner, 'token'>): Promise<Record<string, unknown>> {
  const { questions } = await api<{ questions: { _id: string; type: string; options: { text: string }[] }[] }>(
    'GET',
    '/api/business-dashboard/settings/quote-questions',
    undefined,
    owner.token,
  );
  return Object.fromEntries(
    questions.map((q) => [
      q._id,
      q.type === 'dropdown'
        ? { option: q.options[0]?.text ?? '' }
        : q.type === 'rate'
          ? { quantity: 1 }
          : { yes: false },
    ]),
  );
}

/**
 * A customer's booking of `owner`'s first service, as the widget sends it: firstAnswers, at the
 * business's own address. Throws with the answer when refused.
 */
export async function bookFirstService(
  owner: Pick<Owner, 'businessId' | 'token' | 'address'>,
  who: { date: string; time: string; firstName: string; customerEmail: string; phoneNumber: string },
): Promise<void> {
  const { services } = await api<{ services: { _id: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  const answers = await firstAnswers(owner);
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId: services[0]?._id,
      answers,
      address: owner.address,
      lastName: 'Customer',
      ...who,
    }),
  });
  if (!res.ok) throw new Error(`Booking ${who.date} ${who.time} answered ${res.status}: ${await res.text()}`);
}

/**
 * Connects the stand-in Stripe account to `owner`'s business, as Settings does: first, in Stripe, a
 * webhook endpoint for the business's URL (its signing secret), then the keys saved.
 */
export async function connectStripe(owner: Pick<Owner, 'token'>): Promise<void> {
  const B = '/api/business-dashboard';
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
}

/** Opens the business every day of the week from `startTime` to `endTime`, through the API. */
export async function openEveryDay(token: string, startTime: string, endTime: string): Promise<void> {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  await api(
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: days.map((day) => ({ day, startTime, endTime })) },
    token,
  );
}

/**
 * A fixed-offset zone where it is about 06:00 now, so today's bookings at 10:00 and
 * 11:00 are always past the 2-hour minimum notice, whenever the suite runs. Etc/GMT
 * signs are inverted.
 */
/** YYYY-MM-DD in Los Angeles (where a 90210 business, as signupOwner makes it, is), `days` from today. */
export function laDay(days: number): string {
  return todayIn('America/Los_Angeles', Date.now() + days * 86_400_000);
}

export function morningZone(now = new Date()): string {
  let offset = 6 - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Opens `path` in a page already signed in as `owner` (the token in local storage, as after login). */
export async function openAs(page: Page, owner: Pick<Owner, 'token'>, path = '/dashboard'): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
  }, owner.token);
  await page.goto(path);
}

// ---------- screenshots ----------

/**
 * Saves a screenshot to e2e/artifacts/<name>.png and returns its path: the full page, or
 * with `{ fullPage: false }` what the screen shows (a phone's fixed tab bar, sheet and toasts where they are).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

// ---------- the test object ----------

interface ConsoleErrorAllowance {
  /** Why this test expects errors in the console (shown in the report). */
  reason: string;
  /** Only messages matching this are allowed; without it, every console error is. */
  match?: RegExp;
}

/**
 * The browser itself logs "Failed to load resource: ... status of 4xx" for every
 * answered-with-an-error fetch; a 4xx the app handles (a wrong password, a taken slot)
 * is not an app error. A 5xx or a network failure still fails the test.
 */
const HANDLED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

interface Fixtures {
  allowConsoleErrors: ConsoleErrorAllowance | null;
}

/**
 * Chooses a free day (YYYY-MM-DD) in the widget's month grid (docs/widget.md): Previous or
 * Next month until the grid shows its month, then a click; fails if the day is not free.
 */
export async function pickDay(dialog: Locator, day: string): Promise<void> {
  const firstDay = dialog.locator('[data-day]').first();
  const shown = async () => ((await firstDay.getAttribute('data-day')) ?? '').slice(0, 7);
  await expect(firstDay).toBeVisible();
  for (let i = 0; i < 25; i++) {
    const month = await shown();
    if (month === day.slice(0, 7)) break;
    await dialog.getByRole('button', { name: month < day ? 'Next month' : 'Previous month' }).click();
    await expect.poll(shown).not.toBe(month);
  }
  const button = dialog.locator(`[data-day="${day}"]`);
  await expect(button).toHaveAttribute('data-status', 'free');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/**
 * In a booking form (`form`: the pop-up or the inline form) of a business on the detailing
 * template: the first service, the first answer to its first question, 7 Rodeo Dr in Beverly
 * Hills, the quote, then `day` chosen in the month grid, where its times show.
 */
export async function formToTimes(page: Page, form: Locator, day: string): Promise<void> {
  await expect(form.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  // The detailing template asks the vehicle size and, optionally, its condition (docs/decisions/026).
  await expect(form.getByRole('heading', { name: 'A few questions' })).toBeVisible();
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('heading', { name: 'Your address' })).toBeVisible();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: '7 Rodeo Dr, Beverly Hills, CA, USA' }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await expect(form.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  await form.getByRole('button', { name: 'Choose a time' }).click();
  await expect(form.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
  await pickDay(form, day);
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from the destructuring.
  baseURL: async ({}, use) => {
    await use(baseURL());
  },
  allowConsoleErrors: [null, { option: true }],
  // Watching the context (not one page) covers pop-ups and pages a test opens itself.
  context: async ({ context, allowConsoleErrors }, use, testInfo) => {
    const errors: string[] = [];
    const allowed = (text: string) =>
      !!allowConsoleErrors && (!allowConsoleErrors.match || allowConsoleErrors.match.test(text));
    context.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      if (HANDLED_CLIENT_ERROR.test(text) || allowed(text)) return;
      const { url, lineNumber } = msg.location();
      errors.push(`console.error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    context.on('weberror', (webError) => {
      const err = webError.error();
      const text = `${err.name}: ${err.message}`;
      if (!allowed(text)) errors.push(`uncaught ${text}`);
    });
    // Every credential the browser sends or receives, for the server-log scan (secrets.ts).
    context.on('request', (req) => {
      if (req.url().startsWith(baseURL())) recordFromRequest(req.url(), req.headers(), req.postData());
    });
    context.on('response', (res) => {
      if (res.url().startsWith(`${baseURL()}/api/`) && /json/.test(res.headers()['content-type'] ?? ''))
        res.text().then(
          (text) => recordFromJson('response', text),
          () => {},
        );
    });
    // Each test's browser is a client of its own, as each customer is: its calls to the API carry
    // their own forwarded address (the server trusts the local proxy), so two workers' journeys
    // never share a rate-limit budget (the browser's own address is always 127.0.0.1). Added to
    // the request as it leaves, after the browser's CORS checks, so a widget on another origin
    // sends no preflight for it; a test that sets its own address keeps it.
    const address = nextClientAddress();
    await context.route(
      (url) => url.href.startsWith(`${baseURL()}/api/`),
      (route) => {
        const headers = route.request().headers();
        return route.fallback(
          headers['x-forwarded-for'] ? {} : { headers: { ...headers, 'x-forwarded-for': address } },
        );
      },
    );
    if (allowConsoleErrors) {
      testInfo.annotations.push({ type: 'console errors allowed', description: allowConsoleErrors.reason });
    }
    await use(context);
    expect(errors, 'the page logged errors to the console').toEqual([]);
  },
});

/**
 * On a phone the floating Feedback button (on every page, SPEC) must not hide the page's end: once
 * scrolled to the bottom, no button, link or field of the page lies under it.
 */
export async function expectNothingUnderFeedback(page: Page, name: string): Promise<void> {
  const covered = await page.evaluate(() => {
    const button = document.querySelector('.sw-feedback-button');
    if (!button) return [];
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    const f = button.getBoundingClientRect();
    return [...document.querySelectorAll('button, a[href], input, select, textarea')]
      .filter((el) => !el.closest('.sw-feedback'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 && r.height > 0 && r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top
        );
      })
      .map((el) => (el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName).slice(0, 40));
  });
  expect(covered, `${name}: under the Feedback button, scrolled to the end`).toEqual([]);
}
