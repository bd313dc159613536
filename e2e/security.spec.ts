/**
 * Security in the browser (issue 9, docs/architecture.md#security), against the real server:
 * - our pages (/, /login, /dashboard, /demo with the widget open) carry the security
 *   headers and a CSP, and run without a single CSP violation; they cannot be framed;
 * - login answers an unknown e-mail and a wrong password with the same message, and a
 *   client past its login budget gets 429 with Retry-After;
 * - secrets never reach the log: after a login, a password reset by mailed link and a
 *   customer's manage link, artifacts/server.log holds none of the passwords, JWTs or
 *   tokens the run has used so far (global-setup.ts scans the whole run's log again
 *   at the end, with the list fixtures.ts collects).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  api,
  baseURL,
  dataDir,
  expect,
  linkTo,
  newestMail,
  type Owner,
  openAs,
  signupOwner,
  test,
} from './fixtures.ts';
import { artifactsDir } from './paths.ts';
import { findSecrets, knownSecrets, scanServerLog } from './secrets.ts';

/** A client address of its own (the server trusts the loopback proxy), so this file spends no other file's budget. */
const client = (n: number) => `198.19.${Math.floor(Math.random() * 250)}.${n}`;

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? []);
}

function expectSecurityHeaders(headers: Record<string, string>, url: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, url).toContain("default-src 'self'");
  expect(csp, url).toMatch(/script-src 'self'(;|$)/);
  expect(csp, url).toContain("object-src 'none'");
  expect(csp, url).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['referrer-policy'], url).toBe('no-referrer');
  expect(headers['x-powered-by'], url).toBeUndefined();
}

let owner: Owner;
let serviceId: string;
test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Secure Suds', niche: 'other' });
  const service = await api<{ _id: string }>(
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Hand Wash', duration: 30, price: 20 },
    owner.token,
  );
  serviceId = service._id;
});

test('our pages carry the security headers and run without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': client(1) });
  for (const path of ['/', '/login']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expectSecurityHeaders(res!.headers(), path);
    await page.waitForLoadState('networkidle');
  }
  await openAs(page, owner, '/dashboard');
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  for (const link of ['Calendar', 'Bookings', 'Services', 'Settings'])
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: link, exact: true }).click();
  await page.waitForLoadState('networkidle');

  const demo = await page.goto(`/demo?businessId=${owner.businessId}`);
  expectSecurityHeaders(demo!.headers(), '/demo');
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);

  // API answers carry the short REST set (docs/decisions/009): nothing may load, frame or sniff them.
  const api = (await page.request.get('/api/health')).headers();
  expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api['x-content-type-options']).toBe('nosniff');
  expect(api['referrer-policy']).toBe('no-referrer');
  expect(api['x-powered-by']).toBeUndefined();
});

test.describe('framing', () => {
  test.use({ allowConsoleErrors: { reason: 'Chromium reports the refused frame', match: /frame|Refused/i } });

  test('another site cannot frame the dashboard (clickjacking)', async ({ page }) => {
    // Chromium says so when it refuses the frame; by then the frame has its error page, not the login form.
    const refused = page.waitForEvent('console', (msg) => /frame-ancestors/.test(msg.text()));
    await page.setContent(`<iframe id="f" src="${baseURL()}/login" width="600" height="400"></iframe>`);
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Blocked by frame-ancestors 'none': the frame holds Chromium's error page, never the login form.
    const framedLogin = frame ? await frame.getByRole('button', { name: 'Log In' }).count() : 0;
    expect(framedLogin).toBe(0);
  });
});

test('login answers an unknown e-mail and a wrong password alike, and limits a client with 429', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': client(2) });
  const messages: string[] = [];
  for (const email of [`nobody-${randomUUID().slice(0, 8)}@example.com`, owner.email]) {
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill('not the right password');
    await page.getByRole('button', { name: 'Log In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    messages.push((await alert.textContent()) ?? '');
  }
  expect(messages[0]).toContain('Incorrect email or password.');
  expect(messages[1]).toBe(messages[0]);

  // A client of its own, over plain HTTP: the budget is 10 attempts a minute. A new e-mail each time,
  // so the per-account backoff (5 wrong passwords for one account) neither answers first nor locks the owner.
  const from = client(3);
  const attempt = () =>
    fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: 'still not it' }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await attempt()).status);
  expect(statuses).toEqual(Array(10).fill(401));
  const limited = await attempt();
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await limited.json()).error).toMatch(/^Too many requests/);
});

test('the server log holds none of the passwords, JWTs or tokens used so far', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': client(4) });
  // A login typed in the browser.
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A password reset by mailed link: the reset token travels in a URL the server logs.
  const since = Date.now();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.goto('/forgot-password');
  await page.getByLabel('Email Address').fill(owner.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const resetMail = await newestMail({ to: owner.email, subject: 'Reset your Slotwise password', since });
  const reset = linkTo(resetMail, '/reset-password');
  await page.goto(`${reset.pathname}${reset.search}`);
  const newPassword = `new secret ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  owner.password = newPassword;

  // A customer's manage link: its token travels in the URL of the page and of the API call.
  {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const customerEmail = `log-${randomUUID().slice(0, 8)}@example.com`;
    const res = await fetch(`${baseURL()}/api/customer/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-forwarded-for': client(5) },
      body: JSON.stringify({
        businessId: owner.businessId,
        serviceId,
        answer: null,
        address: '5, Santa Monica, CA 90401, USA',
        date:
          weekday === 0 || weekday === 6
            ? new Date(Date.parse(`${day}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10)
            : day,
        time: '11:00',
        firstName: 'Log',
        lastName: 'Scanner',
        customerEmail,
        phoneNumber: '+1 5551234567',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    {
      const mail = await newestMail({ to: customerEmail, subject: /Booking request received/, since });
      const cancel = linkTo(mail, '/customer/cancel');
      await page.goto(`${cancel.pathname}${cancel.search}`);
      await page.waitForLoadState('networkidle');
    }
  }

  // Give the server a moment to write its last lines, then scan.
  await page.waitForTimeout(500);
  const logFile = join(artifactsDir, 'server.log');
  const { lines, secrets } = scanServerLog(logFile, dataDir());
  // The scan looked at a real log and a real list: requests were logged, secrets were collected.
  expect(lines).toBeGreaterThan(20);
  expect(secrets).toBeGreaterThan(5);
  const known = knownSecrets(dataDir());
  const kinds = known.map((s) => s.kind);
  expect(kinds.some((k) => /password/.test(k))).toBe(true);
  expect(known.some((s) => /^eyJ[\w-]+\.eyJ/.test(s.value))).toBe(true);
  expect(kinds.some((k) => /^mailed token/.test(k))).toBe(true);
  expect(kinds).toContain('the JWT signing key');
});

test('the scanner finds a secret when one is there (so the scan can fail)', () => {
  const secrets = [{ kind: 'request password', value: 'hunter2-hunter2' }];
  const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${'a'.repeat(43)}`;
  expect(findSecrets('{"msg":"ok"}\n{"body":"hunter2-hunter2"}', secrets)).toHaveLength(1);
  expect(findSecrets(`{"auth":"${jwt}"}`, [])).not.toEqual([]);
  expect(findSecrets('{"url":"/api/customer/booking?token=abcdefghijkl"}', [])).not.toEqual([]);
  expect(findSecrets('{"url":"/api/customer/booking?token=[REDACTED]"}', [])).toEqual([]);
  expect(findSecrets('{"req":{"headers":{"authorization":"[REDACTED]"}}}', [])).toEqual([]);
});
