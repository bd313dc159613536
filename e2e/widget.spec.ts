/**
 * The embeddable widget on an owner's website (issue 6), in Chromium against the real server.
 * The "owner's website" is a second origin: a tiny HTTP server started here on another
 * port, with hostile CSS (`* {all: unset}`, `html {font-size: 8px}`, bars at the highest
 * z-index over the corners) and a strict CSP that lets scripts and fetches reach the API
 * origin only, and styles come from the site itself (no 'unsafe-inline').
 * - one customer books by mouse at 1280 px, another by keyboard only (Tab, Enter, Space,
 *   arrows, and typing into fields) at 360 px;
 * - the owner sees both bookings as pending on the Bookings page;
 * - the host page's elements, computed styles and globals are what they are without the
 *   widget, save one <slotwise-widget> element and window.Slotwise;
 * - the pop-up looks the same on the hostile page as on a plain one (no style got in);
 * - screenshots in e2e/artifacts/widget-*.png.
 */

import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  api,
  baseURL,
  expect,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  pickDay,
  screenshot,
  signupOwner,
  test,
} from './fixtures.ts';
import { artifactsDir } from './paths.ts';

const QUESTION = 'What are we detailing?';
const SERVICES = [
  { serviceName: 'Showroom Wash', duration: 60, price: 40 },
  { serviceName: 'Ceramic Coat', duration: 120, price: 150 },
];

let owner: Owner;
let hostServer: Server;
/** The owner's website, e.g. http://127.0.0.1:45678: another port, so another origin than the API. */
let hostOrigin: string;

interface BookingJson {
  _id: string;
  firstName: string;
  lastName: string;
  serviceName: string;
  status: string;
  totalQuote: number;
  bookingTime: { day: string; startTime: string; endTime: string };
}

const HOSTILE_CSS = `
* { all: unset; }
head { display: none; }
html { font-size: 8px; font-family: "Comic Sans MS", cursive; color: #c026d3; line-height: 3;
  letter-spacing: 3px; text-transform: uppercase; word-spacing: 9px; text-align: right; cursor: crosshair; }
body { display: block; min-height: 100vh; padding: 10rem 2rem; background: #fef9c3; }
h1 { display: block; font-size: 4rem; }
p, main, section { display: block; margin: 2rem 0; }
button, input { display: inline-block; border: 3px solid #000; padding: 1rem; font-size: 2rem; }
#top { display: block; position: fixed; top: 0; left: 0; right: 0; height: 48px; z-index: 2147483647;
  background: #b91c1c; color: #fff; font-size: 3rem; }
#cookies { display: block; position: fixed; left: 0; right: 0; bottom: 0; height: 90px; z-index: 2147483647;
  background: rgba(0, 0, 0, 0.85); color: #fff; }
#stuck { display: block; position: fixed; right: 0; top: 30%; width: 40px; height: 200px; z-index: 99999999;
  background: #16a34a; transform: rotate(3deg); }
`;

function hostPage(options: { hostile: boolean; widget: boolean }): string {
  const tag = options.widget
    ? `<script src="${baseURL()}/widget.js" data-business-id="${owner.businessId}" async></script>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hostile Motors</title>
<link rel="icon" href="data:,">
${options.hostile ? '<link rel="stylesheet" href="/hostile.css">' : ''}
</head>
<body>
<div id="top" data-probe>HOSTILE MOTORS</div>
<main id="main" data-probe>
  <h1 id="headline" data-probe>Loud CSS, quiet widget</h1>
  <p id="copy" data-probe>This page resets everything, shrinks rem and sits bars at the highest z-index.</p>
  <button id="host-button" type="button" data-probe>Host button</button>
  <input id="host-input" data-probe aria-label="Host input" value="host value">
</main>
<div id="stuck" data-probe></div>
<div id="cookies" data-probe>We use cookies. So many cookies.</div>
${tag}
</body>
</html>`;
}

async function startHost(): Promise<void> {
  hostServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    // Only the API origin may run scripts or be fetched; styles come from this site, never inline.
    const csp = [
      "default-src 'none'",
      `script-src ${baseURL()}`,
      `connect-src ${baseURL()}`,
      "style-src 'self'",
      "img-src 'self' data:",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    if (url.pathname === '/hostile.css') {
      res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
      res.end(HOSTILE_CSS);
      return;
    }
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
      res.end(
        hostPage({ hostile: url.searchParams.get('plain') === null, widget: url.searchParams.get('bare') === null }),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}`;
}

/** What the customer sees: the viewport only (the pop-up is fixed to it), in e2e/artifacts/<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** Counts CSP violations from before the page's first script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

interface HostSnapshot {
  elements: Record<string, { styles: Record<string, string>; rect: number[]; html: string }>;
  bodyChildren: string[];
  globals: string[];
  scrollY: number;
}

/** The host page's own elements (computed styles, boxes, markup), body children and window globals. */
function snapshotHost(page: Page): Promise<HostSnapshot> {
  return page.evaluate(() => {
    const elements: HostSnapshot['elements'] = {};
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('html, body, [data-probe]'))) {
      const cs = getComputedStyle(el);
      const styles: Record<string, string> = {};
      for (const name of Array.from(cs)) styles[name] = cs.getPropertyValue(name);
      const r = el.getBoundingClientRect();
      elements[el.id || el.tagName.toLowerCase()] = {
        styles,
        rect: [r.x, r.y, r.width, r.height],
        // html and body hold the widget's element; their children are compared below.
        // Playwright's full-page screenshot leaves an empty style="" on inputs; the page's markup is the rest.
        html: el.id ? el.outerHTML.replace(/ style=""/g, '') : '',
      };
    }
    return {
      elements,
      bodyChildren: Array.from(document.body.children).map((e) => e.tagName.toLowerCase()),
      // Playwright's own tracing helpers come and go; they are not the page's.
      globals: Object.keys(window)
        .filter((k) => !k.startsWith('__playwright'))
        .sort(),
      scrollY: window.scrollY,
    };
  });
}

/**
 * The focused element, looking through open shadow roots: "tag name", e.g. "button Next". Its name
 * is its aria-label, its label's text or its own text, leaving out what is aria-hidden (a time's
 * "your time" is its description, not its name).
 */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return '';
    const shownText = (node: Node): string =>
      node instanceof Element
        ? node.getAttribute('aria-hidden') === 'true'
          ? ''
          : [...node.childNodes].map(shownText).join('')
        : (node.textContent ?? '');
    const labelled = el as HTMLInputElement;
    const name =
      el.getAttribute('aria-label') ??
      (labelled.labels?.[0]?.textContent || (el.tagName === 'INPUT' ? '' : shownText(el)) || '');
    return `${el.tagName.toLowerCase()} ${name.replace(/\s+/g, ' ').trim()}`.trim();
  });
}

/** Presses Tab until the focused element matches (keyboard only: no clicks, no .focus()). */
async function tabTo(page: Page, target: RegExp, max = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (target.test(now)) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${target} in ${max} presses; focus went: ${seen.join(' -> ')}`);
}

async function expectFocused(page: Page, target: RegExp): Promise<void> {
  await expect.poll(() => focused(page)).toMatch(target);
}

/** The pop-up's computed look on a page: box, fonts and colours of a few parts. */
function popupLook(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const root = document.querySelector('slotwise-widget')?.shadowRoot;
    if (!root) throw new Error('No <slotwise-widget> shadow root on the page.');
    const look: Record<string, string> = {};
    const parts = {
      dialog: '.sw-dialog',
      title: '.sw-title',
      heading: '.sw-step-title',
      choice: '.sw-choice',
      primary: '.sw-primary',
      close: '.sw-close',
    };
    const props = [
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'letter-spacing',
      'word-spacing',
      'text-transform',
      'text-align',
      'color',
      'background-color',
      'padding-top',
      'padding-left',
      'border-top-width',
      'display',
      'cursor',
    ];
    for (const [name, selector] of Object.entries(parts)) {
      const el = root.querySelector(selector);
      if (!el) throw new Error(`The pop-up has no ${selector}.`);
      const cs = getComputedStyle(el);
      for (const p of props) look[`${name} ${p}`] = cs.getPropertyValue(p);
      const r = el.getBoundingClientRect();
      look[`${name} size`] = `${Math.round(r.width)}x${Math.round(r.height)}`;
    }
    return look;
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Hostile Motors Detailing', addressSearch: '90210' });
  await openEveryDay(owner.token, '06:00', '22:00');
  for (const service of SERVICES) await api('POST', '/api/business-dashboard/service/add', service, owner.token);
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
  await api('PUT', '/api/business-dashboard/settings/update-distance-pricing', { pricePerMile: 2 }, owner.token);
  // The keyboard journey books a year ahead (a day open from 06:00 whenever the suite runs): inside the horizon.
  await api(
    'PUT',
    '/api/business-dashboard/settings/operations',
    {
      travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
      horizonDays: 730,
    },
    owner.token,
  );
  await startHost();
});

test.afterAll(async () => {
  await new Promise((resolve) => hostServer?.close(resolve));
});

let baseline: HostSnapshot;
const booked: { first: string; last: string; service: string; total: string }[] = [];

test('the host page on its own origin, without the widget (the baseline)', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(`${hostOrigin}/?bare`);
  baseline = await snapshotHost(page);
  expect(baseline.bodyChildren).not.toContain('slotwise-widget');
  // The hostile rules really apply: rem is 8 px here.
  expect(baseline.elements.headline?.styles['font-size']).toBe('32px');
  expect(baseline.elements.top?.styles['z-index']).toBe('2147483647');
  expect(await violations()).toEqual([]);
});

test('a customer books by mouse at 1280 px on the hostile page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const violations = await watchCsp(page);
  await page.goto(`${hostOrigin}/`);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL()).origin);

  const launcher = page.getByRole('button', { name: 'Book now' });
  // Above the cookie bar that has the same highest z-index: Playwright refuses to click a covered button.
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Hostile Motors Detailing' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await expect(dialog.getByText('$150.00')).toBeVisible();

  await dialog.getByRole('radio', { name: /Showroom Wash/ }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('heading', { name: 'A quick question' })).toBeVisible();
  await dialog.getByLabel(QUESTION).selectOption('Sedan');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your address' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Street address' }).click();
  await page.keyboard.type('7 Ocean Ave, Santa Monica');
  await dialog.getByRole('option').first().click();
  await expect(dialog.getByRole('combobox', { name: 'Street address' })).toHaveValue(/^7 Ocean Ave, Santa Monica, CA/);
  await dialog.getByRole('button', { name: 'Get my quote' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your instant quote' })).toBeVisible();
  const quote = dialog.locator('table');
  await expect(quote).toContainText('Showroom Wash');
  await expect(quote).toContainText('$40.00');
  await expect(quote).toContainText('Total');
  const total = ((await quote.locator('tfoot td').textContent()) ?? '').trim();
  expect(total).toMatch(/^\$\d+\.\d\d$/);
  // The drive from Beverly Hills to Santa Monica is priced: more than the wash alone.
  expect(Number(total.slice(1))).toBeGreaterThan(40);
  await shot(page, 'widget-1280-quote');
  await dialog.getByRole('button', { name: 'Choose a time' }).click();

  await expect(dialog.getByRole('heading', { name: 'Pick a date and time' })).toBeVisible();
  await pickDay(dialog, laDay(10));
  const slot = dialog.getByRole('button', { name: '10:00 AM', exact: true });
  await expect(slot).toBeEnabled();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await dialog.getByLabel('First name').click();
  await page.keyboard.type('Mia');
  await dialog.getByLabel('Last name').click();
  await page.keyboard.type('Mouse');
  await dialog.getByLabel('Email').click();
  await page.keyboard.type('mia.mouse@example.com');
  await dialog.getByLabel('Phone number').click();
  await page.keyboard.type('555 201 0001');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(dialog.getByRole('heading', { name: 'Booking received' })).toBeVisible();
  await expect(dialog).toContainText('A confirmation e-mail is on its way.');
  await expect(dialog).toContainText('10:00');
  await expect(dialog).toContainText(total);
  await shot(page, 'widget-1280-booked');
  booked.push({ first: 'Mia', last: 'Mouse', service: 'Showroom Wash', total });

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await shot(page, 'widget-1280-closed');

  // The host page is as it was without the widget, but for the tag itself, one element and one global.
  const after = await snapshotHost(page);
  expect(after.bodyChildren).toEqual([...baseline.bodyChildren, 'script', 'slotwise-widget']);
  expect(after.globals.filter((g) => !baseline.globals.includes(g))).toEqual(['Slotwise']);
  expect(after.elements).toEqual(baseline.elements);
  expect(await violations()).toEqual([]);
});

test('a customer books by keyboard only at 360 px on the hostile page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const violations = await watchCsp(page);
  await page.goto(`${hostOrigin}/`);
  const before = await snapshotHost(page);
  await shot(page, 'widget-360-closed');

  // From the top of the page: past the host's own controls to the launcher.
  await tabTo(page, /^button Book now$/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Hostile Motors Detailing' });
  await expect(dialog).toBeVisible();
  await expectFocused(page, /^h3 Choose a service$/);

  // Service: Tab enters the radio group, Space chooses, arrows move the choice.
  await tabTo(page, /^input /);
  await page.keyboard.press('Space');
  for (let i = 0; i < 10 && !/Ceramic Coat/.test(await focused(page)); i++) await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /Ceramic Coat/ })).toBeChecked();
  await tabTo(page, /^button Next$/);
  await page.keyboard.press('Enter');

  await expectFocused(page, /^h3 A quick question$/);
  await tabTo(page, /^select /);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel(QUESTION)).toHaveValue('SUV');
  await tabTo(page, /^button Next$/);
  await page.keyboard.press('Enter');

  await expectFocused(page, /^h3 Your address$/);
  await tabTo(page, /^input Street address$/);
  await page.keyboard.type('42 Elm Dr, 90211');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Street address' })).toHaveValue(
    '42 Elm Dr, Beverly Hills, CA 90211, USA',
  );
  await tabTo(page, /^button Get my quote$/);
  await page.keyboard.press('Enter');

  await expectFocused(page, /^h3 Your instant quote$/);
  const quote = dialog.locator('table');
  await expect(quote).toContainText('Ceramic Coat');
  await expect(quote).toContainText('$25.00');
  const total = ((await quote.locator('tfoot td').textContent()) ?? '').trim();
  expect(Number(total.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(175);
  await shot(page, 'widget-360-quote');
  await tabTo(page, /^button Choose a time$/);
  await page.keyboard.press('Enter');

  // Date: the grid opens on the first free day, chosen; Tab reaches it past the month buttons.
  await expectFocused(page, /^h3 Pick a date and time$/);
  await tabTo(page, /^button \w+, \d+ \w+, free$/);
  const opened = (await focused(page)).replace('button ', '');
  await expect(dialog.getByRole('button', { name: opened })).toHaveAttribute('aria-pressed', 'true');
  // Open every day from 06:00: the next day is free too. The arrow moves there (into the next
  // month on a month's last day), Enter chooses it.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focused(page)).toMatch(/^button \w+, \d+ \w+, free$/);
  const next = (await focused(page)).replace('button ', '');
  expect(next).not.toBe(opened);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: next })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: '6:00 AM', exact: true })).toBeEnabled();
  // The first free time; Space presses it.
  await tabTo(page, /^button \d{1,2}:\d\d [AP]M$/);
  const chosen = (await focused(page)).replace('button ', '');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: chosen, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'widget-360-slots');
  await tabTo(page, /^button Continue$/);
  await page.keyboard.press('Enter');

  await expectFocused(page, /^h3 Your details$/);
  await tabTo(page, /^input First name$/);
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keys');
  await page.keyboard.press('Tab');
  await expectFocused(page, /^input Email$/);
  await page.keyboard.type('kim.keys@example.com');
  await page.keyboard.press('Tab');
  await expectFocused(page, /^select Country code$/);
  await page.keyboard.press('Tab');
  await expectFocused(page, /^input Phone number$/);
  await page.keyboard.type('555 202 0002');
  await tabTo(page, /^button Confirm booking$/);
  await page.keyboard.press('Enter');

  await expectFocused(page, /^h3 Booking received$/);
  await expect(dialog).toContainText('A confirmation e-mail is on its way.');
  await expect(dialog).toContainText(chosen);
  await expect(dialog).toContainText(total);
  await shot(page, 'widget-360-booked');
  booked.push({ first: 'Kim', last: 'Keys', service: 'Ceramic Coat', total });

  // Escape closes, and focus goes back to the launcher.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(page, /^button Book now$/);

  const after = await snapshotHost(page);
  expect(after).toEqual(before);
  expect(await violations()).toEqual([]);
});

test('the pop-up looks the same on the hostile page as on a plain one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const looks: Record<string, string>[] = [];
  for (const path of ['/?plain', '/']) {
    await page.goto(`${hostOrigin}${path}`);
    await page.getByRole('button', { name: 'Book now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hostile Motors Detailing' });
    await expect(dialog.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    looks.push(await popupLook(page));
  }
  const [plain, hostile] = looks;
  expect(plain?.['title font-size']).toBe('17px');
  expect(plain?.['heading font-size']).toBe('20px');
  expect(hostile).toEqual(plain);
});

test('the owner sees both bookings as pending', async ({ page }) => {
  expect(booked).toHaveLength(2);
  const { bookings } = await api<{ bookings: BookingJson[] }>(
    'GET',
    '/api/business-dashboard/bookings',
    undefined,
    owner.token,
  );
  expect(bookings).toHaveLength(2);
  for (const b of booked) {
    const row = bookings.find((x) => x.firstName === b.first && x.lastName === b.last);
    expect(row, `${b.first} ${b.last}`).toBeDefined();
    expect(row?.status.toLowerCase()).toBe('pending');
    expect(row?.serviceName).toBe(b.service);
    expect(`$${row?.totalQuote.toFixed(2)}`).toBe(b.total);
  }

  await openAs(page, owner, '/dashboard/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings Management' })).toBeVisible();
  for (const b of booked) {
    const card = page.getByRole('article', { name: `${b.service} for ${b.first} ${b.last}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Pending');
    await expect(card).toContainText(b.total);
  }
  await screenshot(page, 'widget-owner-bookings');
});
