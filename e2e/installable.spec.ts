/**
 * The installable dashboard (issue 21, item 7): the manifest and its icons, the service
 * worker's install, and a reload of the dashboard without a connection showing the shell,
 * what the session loaded earlier and the offline note, instead of the browser's error page.
 * The customer pages and the widget's stand-in page stay outside the worker's scope.
 */
import type { Page } from '@playwright/test';
import { expect, openAs, screenshot, signupOwner, test } from './fixtures.ts';

const NOTE = "You're offline — showing what was loaded earlier. Changes need a connection.";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the dashboard links a valid manifest whose icons are real PNGs of their stated sizes', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href as string);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Slotwise',
    short_name: 'Slotwise',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#f5f6fa',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const [src, size] of [...icons.map((i) => [i.src, i.sizes] as const), [apple as string, '180x180'] as const]) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
    const { width, height } = pngSize(await icon.body());
    expect(`${width}x${height}`, src).toBe(size);
  }
});

async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

test.describe('offline', () => {
  // Without a connection the browser reports each call the page makes and cannot send.
  test.use({ allowConsoleErrors: { reason: 'calls fail while offline', match: /net::ERR_INTERNET_DISCONNECTED/ } });

  test('a reload without a connection shows the shell, the services loaded earlier and the note, which goes once back online', async ({
    page,
    context,
  }) => {
    const owner = await signupOwner({ businessName: 'Offline Detailing' });
    await openAs(page, owner, '/dashboard/services');
    const service = page.getByText('Interior Detail', { exact: true });
    await expect(service).toBeVisible();

    // The worker installs, takes the page over, and its cache holds the shell and never an API answer.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/dashboard');
    await expect.poll(() => controlled(page)).toBe(true);
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) paths.push(`${name} ${new URL(req.url).pathname}`);
      return paths;
    });
    expect(cached.some((p) => / \/dashboard$/.test(p))).toBe(true);
    expect(cached.some((p) => /\/assets\/services-page-[\w-]+\.js$/.test(p))).toBe(true);
    // No answer of the API is kept (a script chunk may be named api-*.js: that is not one).
    expect(cached.filter((p) => p.includes(' /api/'))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['token']);

    // The worker tried the network first, and it failed: the page came from the cached shell.
    const workerFailures: string[] = [];
    context.on('requestfailed', (req) => {
      if (req.serviceWorker()) workerFailures.push(`${new URL(req.url()).pathname} ${req.failure()?.errorText}`);
    });
    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: NOTE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    await expect(service).toBeVisible();
    expect(workerFailures).toContain('/dashboard/services net::ERR_INTERNET_DISCONNECTED');
    await screenshot(page, 'installable-offline-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'installable-offline-375');

    await context.setOffline(false);
    await expect(page.getByText(NOTE)).toBeHidden();
    await expect(service).toBeVisible();
  });

  test('the customer pages, the landing page and the widget page are not under the worker', async ({
    page,
    context,
  }) => {
    const owner = await signupOwner({ businessName: 'Scope Detailing' });
    await openAs(page, owner, '/dashboard');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await expect.poll(() => controlled(page)).toBe(true);
    for (const path of ['/customer/cancel?token=not-a-real-token', '/', `/demo?businessId=${owner.businessId}`]) {
      await page.goto(path);
      expect(await controlled(page), path).toBe(false);
    }
    // Without a connection they are the browser's business, as before.
    await context.setOffline(true);
    await expect(page.goto('/customer/cancel?token=not-a-real-token')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  });
});
