/**
 * `npm run screenshots`: photographs the real product for the landing page.
 * Builds dist/, starts the server on a temporary DATA_DIR, creates a detailing
 * business through the API (sign-up, onboarding, services, pricing question,
 * distance pricing, hours, a week of bookings), then drives Debian's Chromium
 * through the dashboard and the widget on /demo. Writes WebP images (re-encoded
 * by Chromium itself, no image library) and their manifest to
 * landing/public/screenshots/, and the Open Graph card to landing/public/og-image.png.
 * Commit the results: they are small source assets of the landing build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayIn } from '@slotwise/shared/time-zone';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';
import { startServer } from './server-process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'landing', 'public', 'screenshots');
/** Each image must stay small: the page lazy-loads them, but visitors on phones pay for them. */
const MAX_BYTES = 60 * 1024;
const VIEWPORT = { width: 1280, height: 800 };
/**
 * The origin the photographed product believes it lives at (PUBLIC_URL), so the embed
 * code reads like a real one; the browser's requests to it are routed to the local server.
 */
const SHOWN_ORIGIN = 'https://slotwise.app';

function log(message: string) {
  process.stdout.write(`screenshots: ${message}\n`);
}

// ---------- the demo business, through the API ----------

function makeApi(base: string) {
  return async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (path === '/api/customer/book') headers['idempotency-key'] = crypto.randomUUID();
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

interface Seeded {
  token: string;
  businessId: string;
}

const SERVICES = [
  { serviceName: 'Exterior Wash', duration: 60, price: 49 },
  { serviceName: 'Interior Detail', duration: 120, price: 129 },
  { serviceName: 'Full Detail', duration: 180, price: 219 },
  { serviceName: 'Ceramic Coating', duration: 240, price: 499 },
];
const CUSTOMERS = [
  ['Maria', 'Lopez', 'SUV'],
  ['James', 'Carter', 'Sedan'],
  ['Aisha', 'Khan', 'Truck'],
  ['Tom', 'Becker', 'Sedan'],
  ['Priya', 'Nair', 'SUV'],
  ['Daniel', 'Kim', 'Sedan'],
  ['Sofia', 'Rossi', 'SUV'],
  ['Ethan', 'Brooks', 'Truck'],
  ['Grace', 'Liu', 'Sedan'],
  ['Noah', 'Adams', 'SUV'],
] as const;
/** Which service each booking is for (indexes into SERVICES): fits the times below inside business hours. */
const SERVICE_PATTERN = [0, 1, 2, 0, 3, 1, 2, 0, 1, 3];
const CUSTOMER_AREAS = ['90024', '90401', '90210', '90035', '91604'];

async function seedBusiness(base: string): Promise<Seeded> {
  const api = makeApi(base);
  const { token } = await api<{ token: string }>('POST', '/api/auth/signup', {
    // The name matches the stand-in site on /demo, which the widget shot shows behind the pop-up.
    email: 'owner@demo-detailing.example',
    password: 'screenshots only 123',
    phoneNumber: '+1 3105550188',
  });
  await api('POST', '/api/onboarding/step1', { name: 'Demo Detailing' }, token);
  await api('POST', '/api/onboarding/step2', { niche: 'car-detailing' }, token);
  const places = await api<{ description: string }[]>('GET', '/api/business/places?input=90210');
  const home = places[0];
  if (!home) throw new Error('The geocoder found no address for 90210; is GEOCODER=offline working?');
  await api('POST', '/api/onboarding/step3', { address: `412, ${home.description}` }, token);

  // Onboarding may pre-fill services for the trade; replace them with a known set.
  const { services: prefilled } = await api<{ services: { _id: string }[] }>(
    'GET',
    '/api/business-dashboard/services',
    undefined,
    token,
  );
  for (const s of prefilled) await api('DELETE', `/api/business-dashboard/service/delete/${s._id}`, undefined, token);
  for (const s of SERVICES) await api('POST', '/api/business-dashboard/service/add', s, token);
  await api(
    'PUT',
    '/api/business-dashboard/settings/quote-questions',
    {
      questions: [
        {
          question: 'What type of vehicle is it?',
          type: 'dropdown',
          options: [
            { text: 'Sedan', value: 0 },
            { text: 'SUV', value: 30 },
            { text: 'Truck', value: 45 },
          ],
          rate: null,
        },
      ],
    },
    token,
  );
  await api('PUT', '/api/business-dashboard/settings/update-distance-pricing', { pricePerMile: 1.5 }, token);
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  await api(
    'PUT',
    '/api/business-dashboard/availability/update',
    {
      businessHours: days.map((day) =>
        day === 'Sunday' ? { day, startTime: null, endTime: null } : { day, startTime: '08:00', endTime: '18:00' },
      ),
    },
    token,
  );
  const { businessId } = await api<{ businessId: string }>(
    'GET',
    '/api/business-dashboard/business-details',
    undefined,
    token,
  );
  const business = await api<{ timeZone: string; services: { _id: string; serviceName: string }[] }>(
    'GET',
    `/api/customer/business/${businessId}`,
  );
  const areas: string[] = [];
  for (const zip of CUSTOMER_AREAS) {
    const found = await api<{ description: string }[]>('GET', `/api/business/places?input=${zip}`);
    if (found[0]) areas.push(found[0].description);
  }

  // A week of bookings, a few of them today, so the overview and the calendar look lived in.
  const booked: string[] = [];
  let n = 0;
  for (let dayOffset = 0; dayOffset < 7 && n < CUSTOMERS.length; dayOffset++) {
    const date = todayIn(business.timeZone, Date.now() + dayOffset * 86_400_000);
    const { slots } = await api<{ slots: { time: string; available: boolean }[] }>(
      'GET',
      `/api/customer/get-available-slots?businessId=${businessId}&date=${date}`,
    );
    const free = new Set(slots.filter((s) => s.available).map((s) => s.time));
    // Spread over the day (and earlier than closing minus the longest service); a taken or past time is skipped.
    const times = (dayOffset === 0 ? ['08:00', '10:30', '13:00', '16:30'] : ['09:00', '13:30']).filter((t) =>
      free.has(t),
    );
    for (const time of times) {
      const customer = CUSTOMERS[n];
      if (!time || !customer) continue;
      const service = business.services[SERVICE_PATTERN[n] ?? 0];
      if (!service) continue;
      const [firstName, lastName, vehicle] = customer;
      try {
        const res = await api<{ bookingId: string }>('POST', '/api/customer/book', {
          businessId,
          serviceId: service._id,
          answer: { option: vehicle },
          address: `${100 + n * 37} ${['Ocean Ave', 'Maple Dr', 'Sunset Blvd', 'Elm St', 'Palm Way'][n % 5]}, ${areas[n % areas.length] ?? home.description}`,
          date,
          time,
          firstName,
          lastName,
          customerEmail: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
          phoneNumber: `+1 31055501${String(10 + n)}`,
        });
        booked.push(res.bookingId);
        n += 1;
      } catch (err) {
        // A slot taken by the longer service before it is fine to skip.
        log(`skipped a booking on ${date} at ${time}: ${(err as Error).message}`);
      }
    }
  }
  // Most approved, a few left pending for the owner to act on.
  for (const [i, id] of booked.entries()) {
    if (i % 3 !== 1) await api('PUT', `/api/business-dashboard/booking/approve/${id}`, undefined, token);
  }
  log(`seeded ${SERVICES.length} services and ${booked.length} bookings for business ${businessId}`);
  return { token, businessId };
}

// ---------- pictures ----------

interface Shot {
  file: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

/** Re-encodes a PNG as WebP in Chromium (canvas.toDataURL), stepping the quality down until it fits. */
async function toWebp(
  encoder: Page,
  png: Buffer,
  width: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  for (const quality of [0.82, 0.75, 0.68, 0.6, 0.5, 0.4]) {
    const result = await encoder.evaluate(
      async ({ data, width, quality }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${data}`;
        await img.decode();
        const scale = Math.min(1, width / img.naturalWidth);
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(img.naturalWidth * scale);
        canvas.height = Math.round(img.naturalHeight * scale);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d canvas');
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        return { url: canvas.toDataURL('image/webp', quality), width: canvas.width, height: canvas.height };
      },
      { data: png.toString('base64'), width, quality },
    );
    if (!result.url.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP.');
    const bytes = Buffer.from(result.url.slice(result.url.indexOf(',') + 1), 'base64');
    if (bytes.length <= MAX_BYTES) return { bytes, width: result.width, height: result.height };
  }
  throw new Error(`A screenshot stays above ${MAX_BYTES / 1024} KB even at low quality; photograph a smaller area.`);
}

/**
 * A browser context that browses SHOWN_ORIGIN, every request of it answered by the
 * local server, so the product shows the address it would show in production
 * (the embed code, the demo site's script tag).
 */
async function newContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', baseURL: SHOWN_ORIGIN });
  await context.route(`${SHOWN_ORIGIN}/**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(SHOWN_ORIGIN, base) });
    await route.fulfill({ response });
  });
  return context;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .getByText('Loading...')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Hide the Feedback button and the caret: they are noise in a product photo.
  await page.addStyleTag({ content: '.sw-feedback{display:none!important} *{caret-color:transparent!important}' });
  await page.waitForTimeout(300);
}

/**
 * The dashboard pages, each photographed only once its real UI is there (a control or
 * label that page always shows), so a stub or an error page is never photographed.
 */
const PAGES: { name: string; path: string; ready: (page: Page) => Locator }[] = [
  { name: 'dashboard', path: '/dashboard', ready: (p) => p.getByText("Today's Bookings", { exact: true }) },
  { name: 'services', path: '/dashboard/services', ready: (p) => p.getByRole('button', { name: 'Copy Script' }) },
  // The week view with the seeded bookings drawn on it.
  { name: 'calendar', path: '/dashboard/calendar', ready: (p) => p.locator('.rbc-time-view .rbc-event') },
  {
    name: 'bookings',
    path: '/dashboard/bookings',
    ready: (p) => p.getByRole('heading', { name: 'Bookings Management' }),
  },
];

async function dashboardShots(browser: Browser, base: string, seeded: Seeded): Promise<Map<string, Buffer>> {
  const shots = new Map<string, Buffer>();
  const context = await newContext(browser, base);
  await context.addInitScript((token) => window.localStorage.setItem('token', token), seeded.token);
  const page = await context.newPage();
  for (const { name, path, ready } of PAGES) {
    try {
      await page.goto(path);
      await ready(page).first().waitFor({ timeout: 10_000 });
      await settle(page);
      shots.set(name, await page.screenshot());
      log(`photographed ${path}`);
    } catch (err) {
      log(`skipped ${path}, its UI is not there yet: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  await context.close();
  return shots;
}

/** The widget on the stand-in owner site, walked up to its quote. */
async function widgetShot(browser: Browser, base: string, seeded: Seeded): Promise<Buffer | null> {
  const context = await newContext(browser, base);
  const page = await context.newPage();
  try {
    await page.goto(`/demo?businessId=${seeded.businessId}`);
    await page.getByRole('button', { name: 'Book now' }).click({ timeout: 10_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Full Detail').click({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('combobox', { name: 'What type of vehicle is it?' }).selectOption('SUV');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog
      .getByRole('combobox', { name: 'Street address' })
      .pressSequentially('221 Westwood Blvd, 90024', { delay: 30 });
    await dialog.getByRole('option').first().click({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Get my quote' }).click();
    await dialog.getByRole('heading', { name: 'Your instant quote' }).waitFor({ timeout: 10_000 });
    await settle(page);
    // The pop-up with a margin of the owner's site, in the same 16:10 shape as the
    // dashboard shots so the grid lines up; it is shown at about half the content width.
    const box = await dialog.boundingBox();
    if (!box) throw new Error('the pop-up has no size');
    const height = Math.min(VIEWPORT.height, Math.round(box.height + 96));
    const width = Math.min(VIEWPORT.width, Math.round(height * 1.6));
    const clip = {
      x: Math.min(Math.max(0, Math.round(box.x + box.width / 2 - width / 2)), VIEWPORT.width - width),
      y: Math.min(Math.max(0, Math.round(box.y + box.height / 2 - height / 2)), VIEWPORT.height - height),
      width,
      height,
    };
    log('photographed the widget quote on /demo');
    return await page.screenshot({ clip });
  } catch (err) {
    log(`could not photograph the widget: ${(err as Error).message}`);
    return null;
  } finally {
    await context.close();
  }
}

/** The Open Graph card: the landing page's own hero at 1200 x 630. */
async function ogImage(browser: Browser, base: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.goto(`${base}/`);
  await settle(page);
  const png = await page.screenshot();
  await page.close();
  return png;
}

const CAPTIONS: Record<string, { alt: string; caption: string }> = {
  dashboard: {
    alt: 'The Slotwise dashboard: stat cards for today’s bookings, pending approvals, revenue and completed jobs, above today’s booking cards',
    caption: 'Today at a glance: bookings, pending approvals and revenue.',
  },
  widget: {
    alt: 'The Slotwise booking pop-up on a detailer’s website, showing an itemised quote with the service, vehicle type and travel cost',
    caption: 'The pop-up your customers see: an itemised quote, then a free slot.',
  },
  calendar: {
    alt: 'The Slotwise calendar in week view with booked jobs inside business hours',
    caption: 'Your week: bookings and blocked time, drag to move them.',
  },
  services: {
    alt: 'The Slotwise services page with the embed code, the pricing question, the services list and distance pricing',
    caption: 'Services, your pricing question and the rate per mile.',
  },
  bookings: {
    alt: 'The Slotwise bookings page with status filters and booking cards showing Approve and Decline buttons',
    caption: 'Approve or decline new bookings in one click.',
  },
};
/** The order the landing page shows them in; the first one is shown largest. */
const ORDER = ['dashboard', 'widget', 'calendar', 'services', 'bookings'];
const SHOWN = 3;

async function main() {
  log('building dist/ ...');
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  const server = await startServer({ publicUrl: SHOWN_ORIGIN });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const seeded = await seedBusiness(server.url);
    const pngs = await dashboardShots(browser, server.url, seeded);
    const widget = await widgetShot(browser, server.url, seeded);
    if (widget) pngs.set('widget', widget);

    // SCREENSHOTS_PNG_DIR=/some/dir keeps the raw captures, to look at what was photographed.
    const pngDir = process.env.SCREENSHOTS_PNG_DIR;
    if (pngDir) {
      mkdirSync(pngDir, { recursive: true });
      for (const [name, png] of pngs) writeFileSync(join(pngDir, `${name}.png`), png);
    }
    const encoder = await browser.newPage();
    mkdirSync(outDir, { recursive: true });
    const chosen = ORDER.filter((name) => pngs.has(name)).slice(0, SHOWN);
    if (chosen.length === 0)
      throw new Error('No screen could be photographed; is the dashboard built (npm run build)?');
    for (const old of readdirSync(outDir)) rmSync(join(outDir, old));
    const manifest: Shot[] = [];
    for (const [i, name] of chosen.entries()) {
      // The first is shown across the content width (about 1100 px); the others in half of it.
      const { bytes, width, height } = await toWebp(encoder, pngs.get(name) as Buffer, i === 0 ? 1280 : 960);
      const file = `${name}.webp`;
      writeFileSync(join(outDir, file), bytes);
      const text = CAPTIONS[name] ?? { alt: `The Slotwise ${name} page`, caption: '' };
      manifest.push({ file, width, height, ...text });
      log(`${file}: ${width}x${height}, ${(bytes.length / 1024).toFixed(1)} KB`);
    }
    writeFileSync(join(outDir, 'screenshots.json'), `${JSON.stringify({ shots: manifest }, null, 2)}\n`);
    writeFileSync(join(root, 'landing', 'public', 'og-image.png'), await ogImage(browser, server.url));
    log('wrote landing/public/og-image.png; run "npm run build" to use the new images');
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
