/**
 * Back means back, and errors where the person is looking (issue "The owner's front door",
 * items 5 and 6), in Chromium against the real server, at 375 px and 1280 px:
 * - the pop-up on an owner's page (another origin): the browser's Back goes from the times to the
 *   quote with the answers kept, then step by step to the first, then closes the pop-up, leaving
 *   the host page where it was (same URL);
 * - the booking page (/book/{slug}, the same widget inline): Back goes back a step, on the page;
 * - offline at Confirm on a 375 px phone: the message is in view, the details kept; online again,
 *   Confirm books; Back after the booking closes the pop-up and never books again;
 * - screenshots in e2e/artifacts/widget-back-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import {
  api,
  baseURL,
  expect,
  laDay,
  type Owner,
  openEveryDay,
  ownerWebsite,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';

const QUESTION = 'What are we washing?';
const ADDRESS = '7 Rodeo Dr, Beverly Hills, CA, USA';

let owner: Owner;
let slug: string;
let host: Awaited<ReturnType<typeof ownerWebsite>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Back Lane Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  await api(
    'PUT',
    '/api/business-dashboard/settings/quote-questions',
    {
      questions: [
        {
          question: QUESTION,
          type: 'dropdown',
          options: [
            { text: 'Sedan', value: 0 },
            { text: 'SUV', value: 25 },
          ],
        },
      ],
    },
    owner.token,
  );
  slug = (await api<{ slug: string }>('GET', '/api/business-dashboard/booking-page', undefined, owner.token)).slug;
  host = await ownerWebsite(
    () => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back Lane</title><link rel="icon" href="data:,"></head>
<body>
<h1>Back Lane Detailing</h1>
<p>Spotless cars, at your door.</p>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script>
</body>
</html>`,
  );
});

test.afterAll(() => host.close());

/** Answers the steps up to the quote inside `form`: the first service, SUV, the address. */
async function toQuote(page: Page, form: Locator) {
  await expect(form.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await form.getByRole('radio').first().click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel(QUESTION).selectOption('SUV');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Rodeo Dr, Beverly Hills');
  await form.getByRole('option', { name: ADDRESS }).click();
  await form.getByRole('button', { name: 'Get my quote' }).click();
  await expect(form.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
}

/** From the times, the browser's Back walks the steps back to the first, each with its answer kept. */
async function backToFirstStep(page: Page, form: Locator, name: string) {
  await page.goBack();
  await expect(form.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  await expect(form.locator('table')).toContainText('$25.00');
  await screenshot(page, `${name}-quote-after-back`, { fullPage: false });
  await page.goBack();
  await expect(form.getByRole('heading', { name: 'Your address' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Street address' })).toHaveValue(ADDRESS);
  await page.goBack();
  await expect(form.getByRole('heading', { name: 'A quick question' })).toBeVisible();
  await expect(form.getByLabel(QUESTION)).toHaveValue('SUV');
  await page.goBack();
  await expect(form.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await expect(form.getByRole('radio').first()).toBeChecked();
}

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  test(`pop-up at ${width} px: Back goes from the times to the quote, then step by step, then closes on the host page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${host.origin}/`);
    const address = page.url();
    await page.getByRole('button', { name: 'Book now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Back Lane Detailing' });
    await toQuote(page, dialog);
    await dialog.getByRole('button', { name: 'Choose a time' }).click();
    await expect(dialog.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();

    await backToFirstStep(page, dialog, `widget-back-${width}`);
    expect(page.url()).toBe(address);
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(address);
    await expect(page.getByRole('heading', { name: 'Back Lane Detailing', level: 1 })).toBeVisible();
    await screenshot(page, `widget-back-${width}-closed`, { fullPage: false });

    // Opened again, nothing typed is lost; Close takes its entries back, so Back is the host page's.
    await page.getByRole('button', { name: 'Book now' }).click();
    await expect(dialog.getByRole('radio').first()).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel(QUESTION)).toHaveValue('SUV');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => history.state)).toBeNull();
    expect(page.url()).toBe(address);
  });

  test(`booking page at ${width} px: Back goes back a step and stays on the page`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/book/${slug}`);
    const address = page.url();
    const form = page.getByRole('region', { name: 'Back Lane Detailing' });
    await toQuote(page, form);
    await form.getByRole('button', { name: 'Choose a time' }).click();
    await expect(form.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();

    await backToFirstStep(page, form, `widget-back-page-${width}`);
    expect(page.url()).toBe(address);
    await screenshot(page, `widget-back-page-${width}-first-step`, { fullPage: false });
  });
}

/** The element is inside the viewport and nothing (the buttons kept at the bottom) covers its middle. */
async function expectInView(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const seen = await el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const hit = (node.getRootNode() as ShadowRoot).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && node.contains(hit);
  });
  expect(seen).toBe(true);
}

test.describe('offline at Confirm on a phone', () => {
  test.use({
    allowConsoleErrors: {
      reason: 'the booking call fails while offline',
      match: /ERR_INTERNET_DISCONNECTED|Failed to fetch/,
    },
  });

  test('the message is in view with the details kept; online again, Confirm books, and Back never books again', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${host.origin}/`);
    const address = page.url();
    await page.getByRole('button', { name: 'Book now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Back Lane Detailing' });
    await toQuote(page, dialog);
    await dialog.getByRole('button', { name: 'Choose a time' }).click();
    await pickDay(dialog, laDay(3));
    await dialog.getByRole('button', { name: '10:00 AM', exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await dialog.getByLabel('First name').fill('Omar');
    await dialog.getByLabel('Last name').fill('Offline');
    await dialog.getByLabel('Email').fill('omar.offline@example.com');
    await dialog.getByLabel('Phone number').fill('555 301 0003');
    // The customer reads from the top of the form, as after typing the first field.
    await dialog.getByLabel('First name').scrollIntoViewIfNeeded();

    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Could not reach the server. Check your connection and try again.');
    await expect(alert).toBeFocused();
    await expectInView(page, alert);
    await screenshot(page, 'widget-back-375-offline', { fullPage: false });
    await expect(dialog.getByLabel('First name')).toHaveValue('Omar');
    await expect(dialog.getByLabel('Last name')).toHaveValue('Offline');
    await expect(dialog.getByLabel('Email')).toHaveValue('omar.offline@example.com');
    await expect(dialog.getByLabel('Phone number')).toHaveValue('555 301 0003');

    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(dialog.getByRole('heading', { name: 'Booking received' })).toBeVisible();
    await screenshot(page, 'widget-back-375-booked', { fullPage: false });

    // Back after the booking: the pop-up closes on the host page; Confirm is never shown again.
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(address);
    const { bookings } = await api<{ bookings: { firstName: string }[] }>(
      'GET',
      '/api/business-dashboard/bookings',
      undefined,
      owner.token,
    );
    expect(bookings.filter((b) => b.firstName === 'Omar')).toHaveLength(1);
  });
});
