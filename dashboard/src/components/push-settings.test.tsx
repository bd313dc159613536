/**
 * "Notifications on this phone" (docs/decisions/052) against a fake server and a fake browser
 * (Notification, the service worker's registration and its PushManager): the permission is asked
 * only on Turn on, the subscription goes to the login's own call, a test and the switches use
 * theirs, and a browser that cannot take push says why and how to fix it.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api.ts';
import { makeToken, storeToken } from '../testing/tokens.ts';
import { PushSettings } from './push-settings.tsx';

const OWNER = '/api/business-dashboard/push';
const CREW = '/api/crew/push';
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const settings = (over: object = {}) => ({
  publicKey: KEY,
  kinds: ['request', 'cancelled', 'payment', 'late'],
  off: [],
  devices: 0,
  ...over,
});
const SUB = {
  endpoint: 'https://push.example.com/send/this-phone',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

/** Only its presence matters: the page feature-tests `'PushManager' in window`. */
class FakePushManager {}

/** A browser with the Push API; `permission` as the person left it. */
function pushBrowser(permission: NotificationPermission = 'default', granted: NotificationPermission = 'granted') {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const subscription = { endpoint: SUB.endpoint, toJSON: () => SUB, unsubscribe } as unknown as PushSubscription;
  const subscribe = vi.fn(async () => {
    current = subscription;
    return subscription;
  });
  const registration = { active: {}, pushManager: { getSubscription: async () => current, subscribe } };
  const requestPermission = vi.fn(async () => granted);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', FakePushManager);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration },
  });
  return { subscribe, requestPermission, unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Notifications on this phone', () => {
  it('asks the browser only on Turn on, sends the subscription, then offers a test and Turn off', async () => {
    storeToken();
    const browser = pushBrowser();
    const api = fakeApi({
      [`GET ${OWNER}`]: { body: settings() },
      [`PUT ${OWNER}/devices`]: { body: settings({ devices: 1 }) },
      [`POST ${OWNER}/test`]: { body: { queued: true } },
      [`POST ${OWNER}/devices/remove`]: { body: settings() },
    });
    render(<PushSettings person="owner" />);
    expect(await screen.findByRole('heading', { name: 'Notifications on this phone' })).toBeInTheDocument();
    expect(await screen.findByText('Notifications are not on for any of your devices yet.')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const key = (browser.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0]
      .applicationServerKey;
    expect([key.length, key[0]]).toEqual([65, 4]);
    expect(api.callsTo(`PUT ${OWNER}/devices`).map((c) => c.body)).toEqual([SUB]);
    expect(await screen.findByRole('status')).toHaveTextContent('Notifications are on for this phone.');
    expect(screen.getByText(/on for 1 device of yours/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send a test' }));
    expect(api.callsTo(`POST ${OWNER}/test`).map((c) => c.body)).toEqual([{ endpoint: SUB.endpoint }]);
    expect(await screen.findByText('Test sent: it should show on this phone within a minute.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(api.callsTo(`POST ${OWNER}/devices/remove`).map((c) => c.body)).toEqual([{ endpoint: SUB.endpoint }]);
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it("switches a kind off and on through the login's own call; a crew sees only its own kind", async () => {
    storeToken(makeToken({ k: 'crew' }));
    pushBrowser();
    const api = fakeApi({
      [`GET ${CREW}`]: { body: settings({ kinds: ['late'] }) },
      [`PUT ${CREW}/switches`]: (req) => ({
        body: settings({ kinds: ['late'], off: (req.body as { off: string[] }).off }),
      }),
    });
    render(<PushSettings person="crew" />);
    const group = await screen.findByRole('group', { name: 'Notify me of' });
    const late = within(group).getByRole('checkbox', { name: 'Your day running late (the new arrival times)' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(1);
    expect(late).toBeChecked();
    await userEvent.click(late);
    expect(api.callsTo(`PUT ${CREW}/switches`).map((c) => c.body)).toEqual([{ off: ['late'] }]);
    expect(await within(group).findByRole('checkbox', { checked: false })).toBeInTheDocument();
  });

  it('says plainly why push cannot work here and how to fix it', async () => {
    storeToken();
    fakeApi({ [`GET ${OWNER}`]: { body: settings() } });
    // No Push API (jsdom, an old browser).
    const { unmount } = render(<PushSettings person="owner" />);
    expect(await screen.findByText(/This browser cannot show notifications from Slotwise/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    unmount();

    // iPhone Safari, not added to the home screen.
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    const ios = render(<PushSettings person="owner" />);
    expect(await screen.findByText(/tap\s+Share, then Add to Home Screen/)).toBeInTheDocument();
    ios.unmount();
    vi.restoreAllMocks();

    // Blocked for this site.
    pushBrowser('denied');
    render(<PushSettings person="owner" />);
    expect(await screen.findByText(/Notifications are blocked for this site in your browser/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });
});
