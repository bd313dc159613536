/**
 * Push notifications (issue 44 item 4; docs/decisions/052), in Chromium against the real server,
 * on a phone (375 px):
 * - the owner opens Settings > Notifications on this phone and taps Turn on: the page asks the
 *   browser's permission then and there, and subscribes on the dashboard's real service worker.
 *   Headless Chromium reaches no push service, so the page's PushManager.subscribe is replaced
 *   (addInitScript) by one answering a subscription the stand-in push service made, keys and all,
 *   as a browser's push service would;
 * - a customer asks for a booking: the server pushes "New request" to the stand-in, which checks
 *   the VAPID signature and decrypts the aes128gcm body with the subscription's private key;
 * - Send a test arrives the same way; a switch turned off is kept;
 * - a crew member's page offers its own notifications (running late only); in a browser that
 *   blocks notifications (headless Chromium's default) it says so and how to allow them.
 * Screenshots in e2e/artifacts/push-*.png; axe on the screen.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  api,
  bookAsCustomer,
  crewMemberLogin,
  expect,
  firstCrew,
  laDay,
  type Owner,
  openAs,
  openEveryDay,
  screenshot,
  signupOwner,
  test,
  uniqueEmail,
} from './fixtures.ts';

const B = '/api/business-dashboard';
const PHONE = { width: 375, height: 812 };

interface Received {
  subscription: string;
  payload: { title: string; body: string; url: string; tag: string };
}

/** A call to the stand-in push service (HTTPS with its own certificate, trusted here by name). */
function standIn<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const url = new URL(path, process.env.E2E_PUSH_URL);
  const ca = readFileSync(process.env.E2E_PUSH_CA ?? '');
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T));
    });
    req.on('error', reject);
    req.end();
  });
}

const pushesTo = async (endpoint: string) =>
  (await standIn<{ received: Received[]; rejected: unknown[] }>('GET', '/_stand-in/pushes')).received.filter((r) =>
    endpoint.endsWith(r.subscription),
  );

let owner: Owner;
let serviceId = '';

test.beforeAll(async () => {
  owner = await signupOwner({ businessName: 'Pocket Detailing' });
  await openEveryDay(owner.token, '08:00', '18:00');
  await api('PUT', `${B}/settings/time-zone`, { timeZone: 'America/Los_Angeles' }, owner.token);
  serviceId = (
    await api<{ _id: string }>(
      'POST',
      `${B}/service/add`,
      { serviceName: 'Full Detail', duration: 60, price: 120 },
      owner.token,
    )
  )._id;
});

test('the owner turns notifications on and a new request arrives on the phone, decrypted', async ({ page }) => {
  const subscription = await standIn<{ endpoint: string; keys: { p256dh: string; auth: string } }>(
    'POST',
    '/_stand-in/subscriptions',
  );
  await page.setViewportSize(PHONE);
  await page.addInitScript((sub) => {
    // The permission prompt, answered Allow; counted to prove it is asked only on the tap.
    let asked = 0;
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => {
      asked += 1;
      permission = 'granted';
      return permission;
    };
    (window as unknown as { permissionAsked: () => number }).permissionAsked = () => asked;
    let current: PushSubscription | null = null;
    const made = {
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe() {
      current = made;
      return made;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);

  await openAs(page, owner, '/dashboard/settings/phone-notifications');
  const section = page.getByRole('region', { name: 'Notifications on this phone' });
  await expect(section.getByText('Notifications are not on for any of your devices yet.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: () => number }).permissionAsked())).toBe(0);
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Notifications are on for this phone.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: () => number }).permissionAsked())).toBe(1);
  await expect(section.getByText('On for this phone.', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'push settings');
  await screenshot(page, 'push-settings-on');

  await bookAsCustomer(owner, serviceId, { date: laDay(2), time: '10:00', firstName: 'Ada', lastName: 'Lovelace' });
  await expect
    .poll(async () => (await pushesTo(subscription.endpoint)).map((p) => p.payload.title))
    .toContain('New request: Ada Lovelace');
  const [request] = await pushesTo(subscription.endpoint);
  expect(request?.payload).toMatchObject({
    body: expect.stringMatching(/^Full Detail, .* 10:00 AM\. Approve or decline it\.$/),
    url: '/dashboard/bookings?status=pending',
  });

  await section.getByRole('button', { name: 'Send a test' }).click();
  await expect(section.getByText('Test sent: it should show on this phone within a minute.')).toBeVisible();
  await expect
    .poll(async () => (await pushesTo(subscription.endpoint)).map((p) => p.payload.title))
    .toContain('Slotwise test notification');

  const payments = section.getByRole('checkbox', { name: 'Payments received' });
  await payments.uncheck();
  await expect(payments).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Payments received' })).not.toBeChecked();
  const saved = await api<{ off: string[] }>('GET', `${B}/push`, undefined, owner.token);
  expect(saved.off).toEqual(['payment']);
});

test("a crew member's page offers its own notifications, running late only, and says plainly when they are blocked", async ({
  page,
}) => {
  const crewId = await firstCrew(owner);
  const token = await crewMemberLogin(owner, crewId, uniqueEmail('crew'), 'crew member password 1');
  await page.setViewportSize(PHONE);
  await openAs(page, { token }, '/crew');
  const section = page.getByRole('region', { name: 'Notifications on this phone' });
  await expect(section.getByText(/when your day runs late/)).toBeVisible();
  const group = section.getByRole('group', { name: 'Notify me of' });
  await expect(group.getByRole('checkbox')).toHaveCount(1);
  await expect(group.getByRole('checkbox', { name: 'Your day running late (the new arrival times)' })).toBeChecked();
  // Headless Chromium answers notifications "denied" unless told otherwise: the page says what to do.
  await expect(section.getByText(/Notifications are blocked for this site in your browser/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on' })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'crew push settings');
  await screenshot(page, 'push-crew', { fullPage: false });
});
