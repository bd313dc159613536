import { describe, expect, it } from 'vitest';
import { changeLocked, cutoffMessage, cutoffReason } from './change-cutoff.ts';

const HOUR = 3_600_000;
const START = Date.parse('2026-12-02T18:00:00Z');

describe('change cut-off', () => {
  it('never locks with no cut-off (0 hours)', () => {
    expect(changeLocked(START, 0, START - 1)).toBe(false);
    expect(changeLocked(START, 0, START - 1000 * HOUR)).toBe(false);
  });

  it.each([2, 12, 24, 48])('with %i hours, locks exactly at start - cut-off and not a millisecond before', (h) => {
    expect(changeLocked(START, h, START - h * HOUR - 1)).toBe(false);
    expect(changeLocked(START, h, START - h * HOUR)).toBe(true);
    expect(changeLocked(START, h, START - h * HOUR + 1)).toBe(true);
    expect(changeLocked(START, h, START - 1)).toBe(true);
  });

  it('says why, with the number of hours', () => {
    expect(cutoffReason(24)).toBe('Changes are no longer possible online within 24 hours of the booking.');
    expect(cutoffReason(2)).toBe('Changes are no longer possible online within 2 hours of the booking.');
  });

  it('names whom to contact instead', () => {
    expect(cutoffMessage(24, { businessName: 'Shiny Cars', email: 'owner@example.com', phone: '+1 5551234567' })).toBe(
      'Changes are no longer possible online within 24 hours of the booking. Please contact Shiny Cars at owner@example.com or +1 5551234567.',
    );
    expect(cutoffMessage(12, { businessName: '', email: 'owner@example.com', phone: '' })).toBe(
      'Changes are no longer possible online within 12 hours of the booking. Please contact the business at owner@example.com.',
    );
  });
});
