/**
 * Times and places a US owner reads at a glance (docs/product.md#times-and-phone-numbers), in
 * Chromium: a booking's card on a 320 px phone shows 12-hour times, the customer's phone
 * as "(512) 555-0123", and a long e-mail address wrapped only after its "@" and before its
 * dots; the owner's notice mails the phone the same way; Settings picks a zone by typing a
 * city and switches every time on the page and in later mails to a 24-hour clock.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { todayIn } from '@slotwise/shared/time-zone';
import {
  api,
  baseURL,
  expect,
  newestMail,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

const ZONE = 'America/Los_Angeles';
const LONG_EMAIL = `maximilian.vonhohenberg-${randomUUID().slice(0, 6)}@longbusinessdomain.example.com`;

let owner: Owner;
let day: string;

async function book(time: string, customerEmail: string, phoneNumber: string): Promise<void> {
  const { services } = await api<{ services: { _id: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    owner.token,
  );
  const res = await fetch(`${baseURL()}/api/customer/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      businessId: owner.businessId,
      serviceId: services[0]!._id,
      answer: { option: 'SUV / Crossover' },
      address: '5, Santa Monica, CA 90401, USA',
      date: day,
      time,
      firstName: 'Max',
      lastName: 'Hohenberg',
      customerEmail,
      phoneNumber,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Glance Detailing' });
  await openEveryDay(owner.token, '08:00', '20:00');
  // Two days on in the business's zone: past the minimum notice whenever the suite runs.
  day = todayIn(ZONE, Date.now() + 2 * 86_400_000);
});

/**
 * How the address's text lies in lines: for each part (email-text.tsx) the lines it covers
 * (1 when it is not broken inside), the number of lines in all, and whether any of it sticks
 * out of its card.
 */
function emailLayout(page: Page, email: string) {
  return page.evaluate((address) => {
    const span = [...document.querySelectorAll('.booking-card .email-text')].find((e) => e.textContent === address);
    if (!span) throw new Error(`No e-mail ${address} on a booking card.`);
    const card = span.closest('.booking-card')!.getBoundingClientRect();
    const parts = [...span.querySelectorAll('.email-part')];
    const lineTops = new Set<number>();
    let outside = false;
    const linesPerPart = parts.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      for (const r of rects) {
        lineTops.add(Math.round(r.top));
        if (r.right > card.right + 0.5) outside = true;
      }
      return new Set(rects.map((r) => Math.round(r.top))).size;
    });
    return { parts: parts.map((p) => p.textContent), linesPerPart, lines: lineTops.size, outside };
  }, email);
}

test("on a phone, a booking's card shows 12-hour times, a US phone and a long e-mail broken only at its dots", async ({
  page,
}) => {
  await book('10:00', LONG_EMAIL, '+1 512-555-0123');
  await page.setViewportSize({ width: 320, height: 740 });
  await openAs(page, owner, '/dashboard/bookings');
  const card = page.getByRole('article', { name: /for Max Hohenberg/ }).first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: '(512) 555-0123' })).toHaveAttribute('href', 'tel:+15125550123');
  await expect(card).toContainText('10:00 AM');
  await expect(card.getByRole('link', { name: LONG_EMAIL })).toHaveAttribute('href', `mailto:${LONG_EMAIL}`);

  const layout = await emailLayout(page, LONG_EMAIL);
  expect(layout.parts.join('')).toBe(LONG_EMAIL);
  // Too long for one line at this width, so it wraps...
  expect(layout.lines).toBeGreaterThan(1);
  // ...but never inside a part: only after the "@", or before a dot or a hyphen.
  expect(layout.linesPerPart, JSON.stringify(layout)).toEqual(layout.parts.map(() => 1));
  expect(layout.outside).toBe(false);
  await screenshot(page, 'formats-01-card-320');

  const notice = await newestMail({ to: owner.email, subject: 'New booking to approve: Max Hohenberg' });
  expect(notice.text).toContain('Phone: (512) 555-0123');
  expect(notice.text).toContain('10:00 AM');
  expect(notice.text).toContain('(Pacific Time, Los Angeles)');
});

test('Settings: a zone found by typing a city, and a 24-hour clock that every time then follows', async ({ page }) => {
  await book('13:00', `clock-${randomUUID().slice(0, 6)}@example.com`, '+44 7700 900123');
  await openAs(page, owner, '/dashboard/settings/time-zone');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Time Zone' }) });
  await expect(section.getByText('Pacific Time, Los Angeles', { exact: true })).toBeVisible();

  // The zone: type, arrow, Enter, as a keyboard user would; nothing is saved until Save.
  const picker = section.getByRole('combobox', { name: 'Business time zone' });
  await picker.click();
  await picker.pressSequentially('denver');
  await expect(section.getByRole('option', { name: 'Mountain Time, Denver' })).toBeVisible();
  await screenshot(page, 'formats-02-zone-picker');
  await picker.press('Enter');
  await expect(picker).toHaveValue('Mountain Time, Denver');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await section.getByRole('button', { name: 'Save Time Zone' }).click();
  await expect(section.getByText('Time zone updated to Mountain Time, Denver.')).toBeVisible();

  // The clock.
  await section.getByRole('radio', { name: '24-hour (14:30)' }).check();
  await section.getByRole('button', { name: 'Save Time Format' }).click();
  await expect(section.getByText('Times now show like 14:30.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Business Hours' }).click();
  await expect(page.getByLabel('Monday start time').locator('option:checked')).toHaveText('08:00');
  await screenshot(page, 'formats-03-settings');

  // Denver is an hour ahead of Los Angeles: the 13:00 booking now reads 14:00, on 24 hours.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Bookings' }).click();
  const card = page.getByRole('article', { name: /for Max Hohenberg/ }).filter({ hasText: '+44 7700 900123' });
  await expect(card).toContainText('14:00');
  await expect(card).not.toContainText(/AM|PM/);

  const since = Date.now();
  await book('16:00', `later-${randomUUID().slice(0, 6)}@example.com`, '+1 512 555 0199');
  const notice = await newestMail({ to: owner.email, subject: 'New booking to approve', since });
  expect(notice.text).toContain('16:00 – ');
  expect(notice.text).toContain('(Mountain Time, Denver)');
  expect(notice.text).not.toMatch(/\d [AP]M/);
});
