/**
 * Bringing your clients (issue 42, item 5; docs/product.md#bringing-your-clients), at 375 px and
 * 1280 px: an owner chooses a CSV of 500 clients from another tool, a few of its rows bad, one a
 * repeat of an earlier row and one a client they have already; the preview names each of those rows
 * with its number and reason, the import writes the others, and they are then the owner's clients.
 * The page is checked with axe at each step; screenshots go to /tmp/client-import-shots/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { baseURL, expect, type Owner, openAs, signupOwner, test } from './fixtures.ts';

const SHOTS = '/tmp/client-import-shots';

/** Spreadsheet row n (the header is row 1) of a file of 500 clients; a few rows are bad. */
function clientsCsv(): string {
  const lines = ['Full Name,Email,Mobile,Street,City,State,Zip,Notes'];
  for (let row = 2; row <= 501; row++) {
    const n = String(row).padStart(3, '0');
    let line = `Client ${n},client${n}@example.com,(512) 555-0${n},${row} Main St,Austin,TX,78701,"Gate ${n}, side door"`;
    if (row === 14) line = `Client ${n},,12,,,,,`;
    if (row === 30) line = ',,,1 Nowhere Rd,,,,no one';
    if (row === 101) line = `Client ${n},bad@,,,,,,`;
    if (row === 200) line = 'Client Again,CLIENT002@example.com,,,,,,';
    if (row === 250) line = 'Ex Isting,existing@example.com,,,,,,';
    lines.push(line);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const BAD_ROWS = [
  "Row 14: the phone '12' is not a phone number",
  'Row 30: needs a name and an e-mail or phone.',
  "Row 101: the e-mail 'bad@' is not an e-mail address.",
  'Row 200: the same client as row 2 (same e-mail); skipped.',
  'Row 250: already one of your clients, Existing Person (same e-mail); skipped.',
];

async function ownerWithOneClient(): Promise<Owner> {
  const owner = await signupOwner({ businessName: 'Import Detailing' });
  const res = await fetch(`${baseURL()}/api/business-dashboard/clients/import`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ csv: 'Name,Email\r\nExisting Person,existing@example.com\r\n' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return owner;
}

async function clientCount(owner: Owner): Promise<string[]> {
  const res = await fetch(`${baseURL()}/api/business-dashboard/clients/export`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.text()).split('\r\n').filter((l) => l !== '');
}

async function importJourney(page: Page, size: string) {
  mkdirSync(SHOTS, { recursive: true });
  const owner = await ownerWithOneClient();
  await openAs(page, owner, '/dashboard/clients/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import clients' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `Import clients, ${size}`);
  await page.screenshot({ path: `${SHOTS}/${size}-1-choose.png`, fullPage: true });

  await page.getByLabel('CSV file').setInputFiles({
    name: 'clients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(clientsCsv(), 'utf8'),
  });
  await expect(page.getByRole('heading', { name: '3. Preview' })).toBeVisible();
  // The columns guessed from the header.
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('');
  const problems = page.getByRole('region', { name: 'Rows that will not be imported' });
  for (const text of BAD_ROWS) await expect(problems).toContainText(text);
  await expect(page.getByText('500 rows below the header:')).toBeVisible();
  await expect(page.getByRole('region', { name: 'The first rows' })).toContainText('2 Main St');
  await expectNoSeriousA11yViolations(page, `Import clients, preview, ${size}`);
  await page.screenshot({ path: `${SHOTS}/${size}-2-preview.png`, fullPage: true });

  // From the keyboard.
  const importButton = page.getByRole('button', { name: 'Import 495 clients' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  const done = page.getByRole('heading', { name: 'Imported 495 clients' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  const notImported = page.getByRole('region', { name: 'Rows not imported' });
  for (const text of BAD_ROWS) await expect(notImported).toContainText(text);
  await expectNoSeriousA11yViolations(page, `Import clients, result, ${size}`);
  await page.screenshot({ path: `${SHOTS}/${size}-3-result.png`, fullPage: true });

  // The good rows are the owner's clients now, with their place and notes; the bad ones are not.
  const lines = await clientCount(owner);
  expect(lines).toHaveLength(1 + 495 + 1);
  expect(lines.some((l) => l.startsWith('Client,Again,'))).toBe(false);
  const second = lines.find((l) => l.includes('client002@example.com'));
  expect(second).toContain('"2 Main St, Austin, TX 78701","Gate 002, side door"');
  expect(second).toContain(',import,');
  expect(lines.some((l) => l.includes('bad@'))).toBe(false);
  expect(lines.some((l) => l.startsWith('Client,014,'))).toBe(false);
  return owner;
}

test.describe('at 375 x 667 on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('a CSV of 500 clients imports with its bad rows named; the Account menu leads there', async ({ page }) => {
    test.setTimeout(120_000);
    const owner = await importJourney(page, '375');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Import or export clients' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import clients' })).toBeVisible();
    expect(owner.token).toBeTruthy();
  });
});

test.describe('at 1280 x 800', () => {
  test('a CSV of 500 clients imports with its bad rows named, and the clients export as CSV', async ({ page }) => {
    test.setTimeout(120_000);
    await importJourney(page, '1280');
    await page.getByRole('button', { name: 'Import another file' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export clients (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
