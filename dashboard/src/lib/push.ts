/**
 * This browser's side of push notifications (docs/decisions/052): whether it can take them, and
 * its subscription, made on the dashboard's service worker (src/service-worker/worker.ts, scope
 * /dashboard), which the crew page (/crew, outside its scope for pages) registers and uses too.
 * The browser asks the person's permission only when they tap Turn on (turnOn), never before.
 */
import type { PushSubscriptionInput } from '@slotwise/shared/api';

export type PushSupport =
  /** Push works here; `permission` says whether the person allowed it yet. */
  | { kind: 'ok'; permission: NotificationPermission }
  /** iPhone or iPad Safari: push works only in the app added to the home screen. */
  | { kind: 'ios-browser' }
  /** The person blocked notifications for this site. */
  | { kind: 'denied' }
  /** No Push API at all (an old browser, an in-app browser, a page not over https). */
  | { kind: 'unsupported' };

const WORKER = '/dashboard/sw.js';
const SCOPE = '/dashboard';

function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS says it is a Mac; a Mac has no touch screen.
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function standalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!apis) return isIos() && !standalone() ? { kind: 'ios-browser' } : { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  return { kind: 'ok', permission: Notification.permission };
}

/** The dashboard worker's registration, registering it when this page has none yet, once it is active. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const reg =
    (await navigator.serviceWorker.getRegistration(SCOPE)) ??
    (await navigator.serviceWorker.register(WORKER, { scope: SCOPE }));
  if (reg.active) return reg;
  const worker = reg.installing ?? reg.waiting;
  if (!worker) throw new Error('The notification helper of this page did not start. Reload the page and try again.');
  await new Promise<void>((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new Error('The notification helper did not start. Reload the page.'));
    });
  });
  return reg;
}

/** This browser's subscription, when it has one (without asking anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport().kind !== 'ok') return null;
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** What the server takes of a subscription (its endpoint and keys, as toJSON gives them). */
export function subscriptionInput(sub: PushSubscription): PushSubscriptionInput {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** URL-safe base64 to bytes (the VAPID public key, PushManager.subscribe's applicationServerKey). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Asks the browser's permission (call it from the tap on Turn on) and subscribes this browser with
 * the server's key. `fresh`: drop the browser's old subscription first (it is another login's).
 * Answers null when the person did not allow notifications.
 */
export async function turnOn(publicKey: string, fresh = false): Promise<PushSubscription | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const reg = await activeRegistration();
  const old = await reg.pushManager.getSubscription();
  if (old && fresh) await old.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/**
 * Before signing out: this device stops getting the person's notices. `forget` tells the server
 * (the login's own call); the browser's subscription goes too. Never holds the sign-out up for
 * long, nor stops it on a failure.
 */
export async function turnOffBeforeSignOut(forget: (endpoint: string) => Promise<unknown>): Promise<void> {
  try {
    const sub = await currentSubscription();
    if (!sub) return;
    await Promise.race([
      Promise.all([forget(sub.endpoint), sub.unsubscribe()]),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  } catch {
    // Signing out goes ahead; the server drops the device at the push service's first 404/410.
  }
}
