/**
 * The booking a customer's e-mailed link is about, loaded by the link's token: the reschedule,
 * cancel and new-price pages (components/) all start from it. Each page says its own words for
 * a failure (`failureText`); an expired or used link is the server's sentence (ApiError.fromServer).
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../lib/api.ts';

export type ManagedBookingLoad =
  | { state: 'loading' }
  | { state: 'ready'; booking: ManagedBooking }
  | { state: 'failed'; message: string };

/**
 * No request without a token: the page shows its invalid-link notice instead. `onLoaded` runs
 * once, on the first answer (the reschedule page picks its day there); `reload` reads the booking
 * again after a change refused as stale, keeping what is shown if that read fails.
 */
export function useManagedBooking(
  token: string,
  failureText: (err: unknown) => string,
  onLoaded?: (booking: ManagedBooking) => void,
): { load: ManagedBookingLoad; reload: () => void } {
  const [load, setLoad] = useState<ManagedBookingLoad>({ state: 'loading' });
  // Kept in refs so that a page's inline functions do not load the booking again on each render.
  const failure = useRef(failureText);
  failure.current = failureText;
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;

  useEffect(() => {
    if (!token) return;
    let live = true;
    client.customer.managedBooking({ query: { token } }).then(
      (booking) => {
        if (!live) return;
        setLoad({ state: 'ready', booking });
        loaded.current?.(booking);
      },
      (err: unknown) => live && setLoad({ state: 'failed', message: failure.current(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const reload = useCallback(() => {
    client.customer.managedBooking({ query: { token } }).then(
      (booking) => setLoad({ state: 'ready', booking }),
      () => undefined,
    );
  }, [token]);

  return { load, reload };
}

/**
 * A page's state when the customer acts once on the booking (cancel, answer the new price): a
 * link without a token is invalid, then what the customer did, else the load, `ready` naming it.
 */
export function linkPageState<S>(
  token: string,
  invalid: string,
  load: ManagedBookingLoad,
  action: S | null,
  ready: (booking: ManagedBooking) => S,
): S | { name: 'loading' } | { name: 'error'; message: string } {
  if (!token) return { name: 'error', message: invalid };
  if (action) return action;
  if (load.state === 'loading') return { name: 'loading' };
  if (load.state === 'failed') return { name: 'error', message: load.message };
  return ready(load.booking);
}
