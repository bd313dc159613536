/** Checks the harness itself: the server global-setup.ts started, the API owner helper, the .eml reader. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations } from './a11y.ts';
import { api, baseURL, expect, signupOwner, test } from './fixtures.ts';
import { readOutbox } from './mail.ts';
import { artifactsDir } from './paths.ts';

test('the server runs on SQLite in a temporary data dir and logs to e2e/artifacts/server.log', async () => {
  expect(await api('GET', '/api/health')).toEqual({ status: 'ok', database: 'sqlite' });
  expect(readFileSync(join(artifactsDir, 'server.log'), 'utf8')).toContain(`Slotwise is running at ${baseURL()}`);
});

test('signupOwner makes an onboarded owner through the API', async () => {
  const owner = await signupOwner({ businessName: 'Harness Pools', niche: 'pool-cleaning' });
  const profile = await api('GET', '/api/onboarding/profile', undefined, owner.token);
  expect(profile).toMatchObject({
    businessId: owner.businessId,
    name: 'Harness Pools',
    niche: 'pool-cleaning',
    address: '12 Main St, Beverly Hills, CA 90210, USA',
    onboarded: true,
  });
});

test('the axe check finds a violation inside a shadow root, goes into a document once, and again after a load', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'unnamed-button-host';
    host.attachShadow({ mode: 'open' }).innerHTML = '<button type="button"></button>';
    document.body.append(host);
  });
  const ids = async () => (await axeViolations(page)).map((v) => `${v.id} ${v.impact}`);
  expect(await ids()).toContain('button-name critical');
  await page.evaluate(() => {
    (window as unknown as { axe: { marked?: boolean } }).axe.marked = true;
  });
  await page.evaluate(() => document.getElementById('unnamed-button-host')?.remove());
  expect(await ids()).not.toContain('button-name critical');
  expect(await page.evaluate(() => (window as unknown as { axe: { marked?: boolean } }).axe.marked)).toBe(true);
  await page.reload();
  expect(await ids()).not.toContain('button-name critical');
  expect(await page.evaluate(() => typeof (window as unknown as { axe: unknown }).axe)).toBe('object');
});

test('the outbox reader decodes quoted-printable multipart mail and finds its links', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-eml-'));
  const eml = [
    'From: Slotwise <no-reply@slotwise.local>',
    'To: zoe@example.com',
    'Subject: =?UTF-8?Q?Booking_=E2=80=94_received?=',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative;',
    ' boundary="--_b"',
    '',
    '----_b',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Hi Zo=C3=AB,',
    'Reschedule: http://127.0.0.1:3000/customer/reschedule?=',
    'token=3Dabc&businessId=3Dxyz',
    '',
    '----_b',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<a href=3D"http://127.0.0.1:3000/customer/cancel?token=3Dabc&amp;x=3D1">Cancel</a>',
    '----_b--',
    '',
  ].join('\n');
  writeFileSync(join(dir, '1700000000000-1-2-zoe@example.com.eml'), eml);
  writeFileSync(join(dir, '1700000000000-1-10-zoe@example.com.eml'), eml.replace('Booking', 'Later'));
  const mails = readOutbox(dir);
  expect(mails.map((m) => m.subject)).toEqual(['Booking — received', 'Later — received']);
  expect(mails[0]?.text).toContain('Hi Zoë,');
  expect(mails[0]?.links).toEqual([
    'http://127.0.0.1:3000/customer/reschedule?token=abc&businessId=xyz',
    'http://127.0.0.1:3000/customer/cancel?token=abc&x=1',
  ]);
});

test.describe('the console watch', () => {
  test('fails a test whose page logs a console error', async ({ page }) => {
    // Expected to fail: the fixture's check after the test is what fails it.
    test.fail();
    await page.goto('/login');
    await page.evaluate(() => console.error('something broke'));
  });

  test('fails a test whose page throws', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('uncaught in a timer');
      });
    });
    await page.waitForTimeout(100);
  });

  test('lets a handled 4xx answer through', async ({ page }) => {
    await page.goto('/login');
    const status = await page.evaluate(async () => (await fetch('/api/onboarding/profile')).status);
    expect(status).toBe(401);
  });
});

test.describe('a suite that expects console errors', () => {
  test.use({ allowConsoleErrors: { reason: 'checks the opt-out itself', match: /^expected:/ } });

  test('passes with the errors it allows', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => console.error('expected: this one is allowed'));
  });

  test('still fails on the errors it does not allow', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(() => console.error('not allowed'));
  });
});
