/**
 * Phone numbers as people read them ("(512) 555-0123"; shared/src/phone.ts), without
 * libphonenumber in the dashboard's first download: its metadata is about 24 KB on the wire,
 * a quarter of that download's budget (bench/calendar.ts). The formatter arrives as a chunk
 * of its own the first time a number is shown; until then (a moment, on a first visit) a
 * number shows as stored, in E.164. It lives in a signal, so a component that calls
 * useSignals() shows the formatted number as soon as it arrives.
 */
import { signal } from '@preact/signals-react';

type PhoneModule = typeof import('@slotwise/shared/phone');
const phoneModule = signal<PhoneModule | null>(null);
let loading: Promise<void> | undefined;

/** Starts loading the formatter, once; a failed load (offline) is tried again at the next number shown. */
export function loadPhoneFormat(): Promise<void> {
  loading ??= import('@slotwise/shared/phone').then(
    (m) => {
      phoneModule.value = m;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** "+15125550123" -> "(512) 555-0123", "+447700900123" -> "+44 7700 900123"; as stored until the formatter has loaded. */
export function formatPhone(stored: string): string {
  const m = phoneModule.value;
  if (m) return m.formatPhone(stored);
  void loadPhoneFormat();
  return stored;
}

/** A tel: link's target, with only what a dialler reads: digits and a leading +. Null when there is nothing to dial. */
export function telHref(stored: string | null | undefined): string | null {
  const trimmed = (stored ?? '').trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
