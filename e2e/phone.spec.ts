/**
 * The owner's dashboard on a phone, 375 x 812 (docs/product.md#screens): the five pages in a
 * tab bar along the bottom, all on screen at once, the current one marked; no page scrolls
 * sideways; the overview's four cards in a 2 x 2. Screenshots of each page in e2e/artifacts/.
 */
import type { Page } from '@playwright/test';
import { expect, type Owner, openAs, screenshot, signupOwner, test } from './fixtures.ts';

const PAGES = [
  { name: 'My Dashboard', path: '/dashboard', heading: 'My Dashboard' },
  { name: 'Calendar', path: '/dashboard/calendar', heading: 'Calendar' },
  { name: 'Bookings', path: '/dashboard/bookings', heading: 'Bookings Management' },
  { name: 'Services', path: '/dashboard/services', heading: 'Services' },
  { name: 'Settings', path: '/dashboard/settings', heading: 'Settings' },
] as const;

// Five journeys that only look: each may run on either worker (beforeAll then signs up an owner per worker).
test.describe.configure({ mode: 'parallel' });

let owner: Owner;
test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Pocket Pools' });
});

/** How far the page scrolls sideways: 0 when nothing sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [320, 375, 430]) {
  test(`at ${width} px the five pages are tabs along the bottom, and no page scrolls sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await openAs(page, owner, '/dashboard');
    const tabs = page.getByRole('navigation', { name: 'Dashboard' });
    for (const p of PAGES) {
      const tab = tabs.getByRole('link', { name: p.name });
      await tab.click();
      await expect(page).toHaveURL(new RegExp(`${p.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(tab).toHaveAttribute('aria-current', 'page');
      // Every tab on screen, along the bottom, thumb-sized.
      for (const other of PAGES) {
        const box = await tabs.getByRole('link', { name: other.name }).boundingBox();
        expect(box, other.name).not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
        expect(box.y + box.height).toBeGreaterThan(812 - 80);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      await page.waitForLoadState('networkidle');
      expect(await sideways(page), `${p.path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 375) await screenshot(page, `phone-375-${p.name.toLowerCase().replace(' ', '-')}`);
    }
  });
}

test('the overview shows its four cards two by two on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, owner, '/dashboard');
  const cards = page.locator('.stat-card');
  await expect(cards).toHaveCount(4);
  const boxes = await Promise.all([0, 1, 2, 3].map((i) => cards.nth(i).boundingBox()));
  const [a, b, c] = boxes.map((box) => box ?? { x: 0, y: 0, width: 0, height: 0 });
  expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(1); // side by side
  expect(b?.x ?? 0).toBeGreaterThan(a?.x ?? 0);
  expect(c?.y ?? 0).toBeGreaterThan(a?.y ?? 0); // a second row
});

test('at 1280 px the links stay in the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, owner, '/dashboard');
  const box = await page.getByRole('navigation', { name: 'Dashboard' }).boundingBox();
  expect(box?.y ?? 999).toBeLessThan(80);
  await screenshot(page, 'phone-1280-overview');
});
