import { describe, expect, it } from 'vitest';
import { joinPhone, splitPhone } from './phone.ts';

describe('phone number split and join', () => {
  it.each([
    // Stored as E.164 since the E.164 migration; the national number as its country writes it.
    ['+15125550123', 'United States', '(512) 555-0123'],
    ['+15551234567', 'United States', '(555) 123-4567'],
    ['+447700900123', 'United Kingdom', '07700 900123'],
    ['+971501234567', 'United Arab Emirates', '050 123 4567'],
    ['+919876543210', 'India', '098765 43210'],
    // +1 is shared: Canadian area codes (Toronto, Vancouver, Montreal) show Canada.
    ['+14165550000', 'Canada', '(416) 555-0000'],
    ['+16045550100', 'Canada', '(604) 555-0100'],
    ['+15145550199', 'Canada', '(514) 555-0199'],
    ['+12125550100', 'United States', '(212) 555-0100'],
    // Older rows the migration could not read, as typed.
    ['+1 604-555-0100', 'Canada', '(604) 555-0100'],
    ['5125550123', 'United States', '(512) 555-0123'],
  ])('%s -> %s, %s', (stored, country, number) => {
    expect(splitPhone(stored)).toEqual({ country, number });
  });

  it('shows a number with a code sign-up does not offer, or no number, whole', () => {
    expect(splitPhone('+79123456789')).toEqual({ country: 'United States', number: '+79123456789' });
    expect(splitPhone('call me')).toEqual({ country: 'United States', number: 'call me' });
  });

  it('joins the code and the trimmed number as signup does', () => {
    expect(joinPhone('Canada', ' 4165550000 ')).toBe('+1 4165550000');
    expect(joinPhone('Japan', '9012345678')).toBe('+81 9012345678');
    expect(joinPhone('United Kingdom', splitPhone('+447700900123').number)).toBe('+44 07700 900123');
  });

  it('keeps a number typed with its own country code', () => {
    expect(joinPhone('United States', '+7 9123456789')).toBe('+7 9123456789');
  });
});
