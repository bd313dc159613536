/**
 * Whether the dashboard is on a phone-sized screen: the width under which the top bar
 * becomes a bottom tab bar (components/layouts/dashboard-layout.css) and the calendar
 * opens on a single day. CSS handles looks; this is for behaviour that differs.
 */
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 640px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

export function isPhone(): boolean {
  return query()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Re-renders when the screen crosses the phone width (a rotated tablet, a resized window). */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
