import { describe, expect, it } from 'vitest';
import { openingView, rememberView, stepDay } from './view-memory.ts';

describe('the calendar view a visit opens in', () => {
  it('is a day on a phone and the week elsewhere, on a first visit', () => {
    expect(openingView(true)).toBe('day');
    expect(openingView(false)).toBe('week');
  });

  it('is the view last chosen on this device, whatever the screen', () => {
    rememberView('month');
    expect(openingView(true)).toBe('month');
    expect(openingView(false)).toBe('month');
  });

  it('ignores a stored value that is no view', () => {
    localStorage.setItem('slotwise.calendar.view', 'agenda');
    expect(openingView(true)).toBe('day');
  });
});

describe('a swipe or Back / Next', () => {
  it("moves by the view's own step, across months and years", () => {
    expect(stepDay('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepDay('day', '2026-03-01', -1)).toBe('2026-02-28');
    expect(stepDay('week', '2026-11-26', 1)).toBe('2026-12-03');
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-28');
  });

  it('keeps the day over a daylight-saving change', () => {
    expect(stepDay('day', '2026-03-08', 1)).toBe('2026-03-09');
    expect(stepDay('day', '2026-11-02', -1)).toBe('2026-11-01');
  });
});
