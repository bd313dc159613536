import { describe, expect, it } from 'vitest';
import { joinPhone, splitPhone } from './phone.ts';

describe('phone number split and join', () => {
  it.each([
    ['+1 5551234567', 'United States', '5551234567'],
    ['+44 7700900123', 'United Kingdom', '7700900123'],
    ['+971 501234567', 'United Arab Emirates', '501234567'],
    ['+91-9876543210', 'India', '9876543210'],
    ['+15551234567', 'United States', '5551234567'],
    ['5551234567', 'United States', '5551234567'],
    ['+7 9123456789', 'United States', '+7 9123456789'],
    // +1 is shared: Canadian area codes (Toronto, Vancouver, Montreal) show Canada.
    ['+1 4165550000', 'Canada', '4165550000'],
    ['+1 604-555-0100', 'Canada', '604-555-0100'],
    ['+15145550199', 'Canada', '5145550199'],
    ['+1 2125550100', 'United States', '2125550100'],
  ])('%s -> %s, %s', (stored, country, number) => {
    expect(splitPhone(stored)).toEqual({ country, number });
  });

  it('joins the code and the trimmed number as signup does', () => {
    expect(joinPhone('Canada', ' 4165550000 ')).toBe('+1 4165550000');
    expect(joinPhone('Japan', '9012345678')).toBe('+81 9012345678');
  });

  it('keeps a number typed with its own country code', () => {
    expect(joinPhone('United States', '+7 9123456789')).toBe('+7 9123456789');
  });
});
