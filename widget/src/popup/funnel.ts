/**
 * The booking form's funnel beacons (issue 29, docs/decisions/029): the steps a visit reached and
 * the full days and taken times it tapped, kept in memory and sent in batches to
 * POST /api/customer/beacon. No cookie, no storage, no id, nothing about the customer.
 *
 * A visit is one go at one booking within one page view. It starts when the booking form is
 * shown and ends with a booking answered (`booked`). Closing the pop-up and opening it again
 * without booking is the same visit: someone who hesitates is not a second visitor, so reopening
 * does not count `opened` again. Opening the form for a new booking after one was answered (the
 * pop-up reopened on its confirmation, inline "Book again") is a new visit. A reload or another
 * page is a new page view, so a new visit: nothing is kept that could tie the two together.
 * Each step counts at most once per visit, and so does each full day or taken time (tapping one
 * three times wanted it once).
 *
 * Sent with navigator.sendBeacon as a plain string (text/plain, CORS-safelisted: no preflight
 * from the owner's site); where that is missing or refused, fetch with keepalive. When: 2 s
 * after the first event waiting, at once after `booked` (the page may leave for Stripe),
 * when the page is hidden or left, and at BEACON_EVENTS_MAX events. A beacon that fails is
 * dropped: the customer never sees it, and the host page never gets an error from it.
 */
import type { BeaconRequest, FunnelEvent } from '@slotwise/shared/api';
import { BEACON_EVENTS_MAX, type FunnelStep, QR_PARAM, QR_VALUE, type SourceKind } from '@slotwise/shared/insights';

export interface Funnel {
  /** A step of the visit; a repeat is ignored. `opened` after `booked` starts a new visit. */
  step(type: FunnelStep): void;
  /** A full day tapped in the month grid (date), or a taken time in the slot list (date and time). */
  full(date: string, time?: string): void;
}

/** For a store that reports nowhere (tests of the steps alone). */
export const NO_FUNNEL: Funnel = { step() {}, full() {} };

/** How long the first event waits for others before its batch goes. */
export const BATCH_MS = 2000;

/**
 * Where the visit came from: the tag's data-source="page" is the hosted booking page
 * (packages/server/src/booking-page/page.ts), and that page's address with ?via=qr its QR code;
 * anything else a website. `search` is the page's location.search.
 */
export function sourceOf(script: Element, search: string): SourceKind {
  if (script.getAttribute('data-source') !== 'page') return 'site';
  return new URLSearchParams(search).get(QR_PARAM) === QR_VALUE ? 'qr' : 'page';
}

/** The hosted page's ?day=YYYY-MM-DD (a door-hanger's code, docs/decisions/058): the day its form opens on; null for none. */
export function dayOf(script: Element, search: string): string | null {
  if (script.getAttribute('data-source') !== 'page') return null;
  return new URLSearchParams(search).get('day');
}

export function createFunnel(url: string, businessId: string, source: SourceKind): Funnel {
  let queue: FunnelEvent[] = [];
  let seen = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const request: BeaconRequest = { businessId, source, events: queue };
    const body = JSON.stringify(request);
    queue = [];
    try {
      if (navigator.sendBeacon?.(url, body)) return;
    } catch {}
    try {
      fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
    } catch {}
  };

  const add = (key: string, event: FunnelEvent) => {
    if (seen.has(key)) return;
    seen.add(key);
    queue.push(event);
    if (event.type === 'booked' || queue.length >= BEACON_EVENTS_MAX) flush();
    else timer ??= setTimeout(flush, BATCH_MS);
  };

  try {
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  } catch {}

  return {
    step(type) {
      if (type === 'opened' && seen.has('booked')) seen = new Set();
      add(type, { type });
    },
    full(date, time) {
      add(`${date} ${time ?? ''}`, time ? { type: 'full', date, time } : { type: 'full', date });
    },
  };
}
