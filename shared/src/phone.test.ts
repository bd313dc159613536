import { describe, expect, it } from 'vitest';
import { Phone } from './api.ts';
import { formatPhone, phoneParts, toE164 } from './phone.ts';

describe('phone numbers stored as E.164', () => {
  it.each([
    ['+1 5551234567', '+15551234567'],
    ['+1 (512) 555-0123', '+15125550123'],
    ['(512) 555-0123', '+15125550123'],
    ['512.555.0123', '+15125550123'],
    ['  +1 512 555 0123  ', '+15125550123'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 020 7946 0958', '+442079460958'],
    ['+971 50 123 4567', '+971501234567'],
    ['+15125550123', '+15125550123'],
  ])('%j -> %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
    // Stored numbers read back as themselves.
    expect(toE164(e164)).toBe(e164);
  });

  it.each(['', '12', 'call me', '+1 555', '+1 512 555 01234', '+1 512 555 0123 ext. 5', '+999 12345678'])(
    'refuses %j',
    (typed) => {
      expect(toE164(typed)).toBeNull();
    },
  );
});

describe('phone numbers as people read them', () => {
  it('writes a US number the national way', () => {
    expect(formatPhone('+15125550123')).toBe('(512) 555-0123');
    expect(formatPhone('+1 512-555-0123')).toBe('(512) 555-0123');
    // A +1 number the metadata cannot place (the 555 area code) reads as a US one too.
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
  });

  it('writes any other number the international way, Canada included', () => {
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('+14165550000')).toBe('+1 416 555 0000');
  });

  it('shows what is not a number as it is', () => {
    for (const odd of ['', 'call me', '+1 555']) expect(formatPhone(odd)).toBe(odd);
  });

  it('splits a stored number for a form that asks for the country code apart', () => {
    expect(phoneParts('+15125550123')).toEqual({ callingCode: '1', country: 'US', national: '(512) 555-0123' });
    expect(phoneParts('+14165550000')).toMatchObject({ callingCode: '1', country: 'CA' });
    expect(phoneParts('+447700900123')).toMatchObject({ callingCode: '44', national: '07700 900123' });
    expect(phoneParts('call me')).toBeNull();
  });
});

describe('the Phone schema', () => {
  it('answers E.164 for what it accepts', () => {
    expect(Phone.parse('+1 (512) 555-0123')).toBe('+15125550123');
  });

  it('refuses what is not a number with the booking call’s sentence, and a missing one as required', () => {
    const refused = Phone.safeParse('12');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Enter a phone number with its country code, like +1 5551234567.');
    expect(Phone.safeParse(undefined).error?.issues[0]?.message).toBe('Phone number is required.');
    expect(Phone.safeParse('+1 512 555 0123\u202e').error?.issues[0]?.message).toMatch(/text-direction control/);
  });
});
