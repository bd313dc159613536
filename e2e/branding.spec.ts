/**
 * The business's own look (issue 22, item 6): the owner sets an accent colour, the button's
 * text and corner and a logo in Settings, watching the preview follow before saving; a
 * customer on the owner's website (another origin) sees that button, in that corner, alone
 * (no Feedback pill), and the pop-up in that colour with the logo.
 */
import { join } from 'node:path';
import { api, baseURL, expect, type Owner, openAs, ownerWebsite, screenshot, signupOwner, test } from './fixtures.ts';
import { artifactsDir } from './paths.ts';

let owner: Owner;
let host: Awaited<ReturnType<typeof ownerWebsite>>;
let hostOrigin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Teal Wash Co', niche: 'Mobile detailing' });
  await api(
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Teal Wash', duration: 60, price: 40 },
    owner.token,
  );
  host = await ownerWebsite(
    () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Teal Wash Co</title><link rel="icon" href="data:,"></head>
<body><h1>Teal Wash Co</h1>
<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script></body></html>`,
  );
  hostOrigin = host.origin;
});

test.afterAll(() => host.close());

/** A 64 x 32 teal PNG drawn by the browser, as an owner's logo file. */
async function logoFile(page: import('@playwright/test').Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 32;
    const g = c.getContext('2d');
    if (g) {
      g.fillStyle = '#0f766e';
      g.fillRect(0, 0, 64, 32);
    }
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('the owner brands the button and pop-up, and the customer on their site sees it', async ({ page }) => {
  await openAs(page, owner, '/dashboard/settings/branding');
  const section = page.getByRole('region', { name: 'Booking Button and Branding' });
  await expect(section.getByLabel('Button text')).toHaveValue('Book now');
  await section.getByLabel('Button text').fill('Book a wash');
  await section.getByLabel('Accent colour', { exact: true }).fill('#0f766e');
  await section.getByRole('radio', { name: 'Bottom left' }).check();
  // The preview follows before anything is saved.
  const preview = section.getByRole('figure', { name: 'Preview' });
  await expect(preview.getByText('Book a wash')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await section.getByRole('button', { name: 'Save Branding' }).click();
  await expect(section.getByText(/Branding saved/)).toBeVisible();
  await section.getByLabel('Upload Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoFile(page),
  });
  await expect(section.getByText('Logo saved.')).toBeVisible();
  await expect(section.getByRole('img', { name: 'Your logo' })).toBeVisible();
  await section.screenshot({ path: join(artifactsDir, 'branding-settings.png') });

  await page.goto(hostOrigin);
  const book = page.getByRole('button', { name: 'Book a wash' });
  await expect(book).toBeVisible();
  await expect(page.getByRole('button', { name: 'Feedback' })).toHaveCount(0);
  await expect(book).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  const box = await book.boundingBox();
  expect(box?.x ?? 999).toBeLessThan(100);
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Teal Wash Co' });
  await expect(dialog.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  const logo = dialog.locator('.sw-logo');
  await expect(logo).toBeVisible();
  // Drawn once loaded, not when first visible: the same race as the booking page's QR code.
  await expect
    .poll(() =>
      logo.evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0)),
    )
    .toBe(64);
  await screenshot(page, 'branding-popup');
});
