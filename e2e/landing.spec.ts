/**
 * Issue 7: the landing page at `/`, in Chromium against the real server. It is
 * static HTML (content without JavaScript); its only script is the Feedback island.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { expect, screenshot, test } from './fixtures.ts';

const FEATURES = [
  'Quick Integration',
  'Services Setup',
  'Specific Questions',
  'Instant Quotes',
  'Distance-Based Pricing',
  'Smart Scheduling',
];

async function expectContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const name of FEATURES) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(name) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: /Distance-Based Pricing/ })).toContainText('New');
  await expect(page.getByText('85%', { exact: true })).toBeVisible();
  await expect(page.getByText('Quote response time reduction')).toBeVisible();
  await expect(page.getByText('3x', { exact: true })).toBeVisible();
  await expect(page.getByText('Customer satisfaction', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'See it in action' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'hello@slotwise.app' })).toBeVisible();
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole page shows, without the Feedback island', async ({ page }) => {
    await page.goto('/');
    await expectContent(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    // The island only appears when its script runs; the page does not depend on it.
    await expect(page.getByRole('button', { name: 'Feedback' })).toHaveCount(0);
  });
});

test('the page has a title, a description, Open Graph tags and a favicon', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Slotwise/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /instant quotes/);
  for (const property of ['og:title', 'og:description', 'og:image']) {
    await expect(page.locator(`meta[property="${property}"]`)).toHaveAttribute('content', /\S/);
  }
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect((await request.get(ogImage ?? '')).status()).toBe(200);
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  expect((await request.get('/robots.txt')).status()).toBe(200);
});

test('Log In and Sign Up lead to /login and /signup', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/');
  await header.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Every call to action in the page body leads to sign-up or log-in, none is dead.
  await page.goto('/');
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toContain('/signup');
  for (const href of hrefs) expect(href).toMatch(/^(\/signup|\/login|#[a-z-]+)$/);
});

test('the only script is the Feedback island, and it loads after the content', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Feedback' })).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/[\w-]+\.js$/);
  const tag = page.locator('script');
  await expect(tag).toHaveCount(1);
  await expect(tag).toHaveAttribute('type', 'module');
  // Everything else is already in the HTML: no inline script (the CSP forbids them).
  await expect(page.locator('script:not([src])')).toHaveCount(0);
});

test('the Feedback form sends where "Home Page" and thanks the visitor', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Where')).toHaveValue('Home Page');
  await dialog.getByLabel('Type').selectOption('Feature Request');
  await dialog.getByLabel('Description').fill('Please show prices for boats too.');

  const sent = page.waitForRequest((req) => req.url().endsWith('/api/feedback') && req.method() === 'POST');
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/feedback'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toEqual({
    type: 'Feature Request',
    where: 'Home Page',
    description: 'Please show prices for boats too.',
  });
  expect((await answered).status()).toBe(201);
  await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
  // It closes itself after 2 seconds (docs/product.md#feedback).
  await expect(dialog).toBeHidden({ timeout: 5000 });
});

for (const width of [1280, 360]) {
  test(`at ${width} px wide: no serious accessibility violation, no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Feedback' })).toBeVisible();
    await expectContent(page);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);

    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        alt: img.getAttribute('alt'),
        width: img.getAttribute('width'),
        loading: img.getAttribute('loading'),
      })),
    );
    for (const img of images) {
      expect(img.alt, 'every image has alt text').toBeTruthy();
      expect(img.width, 'every image has its size set').toMatch(/^\d+$/);
      expect(img.loading).toBe('lazy');
    }

    await expectNoSeriousA11yViolations(page, `Landing page, ${width} px`);

    // Lazy images load once scrolled near; every one must then decode (no broken image).
    await page.locator('#screenshots').scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page
          .locator('main img')
          .evaluateAll((imgs) =>
            imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `landing-${width}`);
  });
}
