import { effect } from '@preact/signals-react';
import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of lib/phone.ts, its formatter not yet loaded. */
async function freshPhone() {
  vi.resetModules();
  return import('./phone.ts');
}

describe('phone numbers on the dashboard', () => {
  it('shows a number as stored until the formatter arrives, then as people read it, redrawing its readers', async () => {
    const { formatPhone, loadPhoneFormat } = await freshPhone();
    const seen: string[] = [];
    const stop = effect(() => {
      seen.push(formatPhone('+15125550123'));
    });
    expect(seen).toEqual(['+15125550123']);
    await loadPhoneFormat();
    expect(seen).toEqual(['+15125550123', '(512) 555-0123']);
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('')).toBe('');
    stop();
  });

  it('loads the formatter once, however many numbers ask', async () => {
    const { formatPhone, loadPhoneFormat } = await freshPhone();
    formatPhone('+15125550123');
    formatPhone('+15125550124');
    expect(loadPhoneFormat()).toBe(loadPhoneFormat());
  });

  it('links a number for calling by its digits', async () => {
    const { telHref } = await freshPhone();
    expect(telHref('+15125550123')).toBe('tel:+15125550123');
    expect(telHref('+1 (512) 555-0123')).toBe('tel:+15125550123');
    expect(telHref('(512) 555-0123')).toBe('tel:5125550123');
    expect(telHref('+1 512-555-0123')).toBe('tel:+15125550123');
  });

  it('gives no link when there is nothing to dial', async () => {
    const { telHref } = await freshPhone();
    expect(telHref('')).toBeNull();
    expect(telHref(undefined)).toBeNull();
    expect(telHref('n/a')).toBeNull();
  });
});
