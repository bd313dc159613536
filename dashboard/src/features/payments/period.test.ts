import { describe, expect, it } from 'vitest';
import { PAYMENT_PERIODS, parsePage, parsePaymentPeriod, paymentsRange } from './period.ts';

describe('the Payments view’s periods', () => {
  // A Thursday.
  const today = '2026-12-03';

  it('counts calendar weeks from Sunday, months and the year so far, today included', () => {
    expect(paymentsRange('week', today)).toEqual({ from: '2026-11-29', to: today });
    expect(paymentsRange('last-week', today)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(paymentsRange('month', today)).toEqual({ from: '2026-12-01', to: today });
    expect(paymentsRange('last-month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(paymentsRange('year', today)).toEqual({ from: '2026-01-01', to: today });
  });

  it('crosses a year end and a leap February', () => {
    expect(paymentsRange('last-month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(paymentsRange('last-month', '2028-03-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(paymentsRange('last-week', '2027-01-02')).toEqual({ from: '2026-12-20', to: '2026-12-26' });
    // On a Sunday this week is that one day.
    expect(paymentsRange('week', '2026-12-06')).toEqual({ from: '2026-12-06', to: '2026-12-06' });
  });

  it('reads the address: an unknown period is this week, a bad page is the first', () => {
    expect(PAYMENT_PERIODS.map((p) => parsePaymentPeriod(p.id))).toEqual(PAYMENT_PERIODS.map((p) => p.id));
    expect(parsePaymentPeriod('decade')).toBe('week');
    expect(parsePaymentPeriod(null)).toBe('week');
    expect([parsePage('3'), parsePage('0'), parsePage('x'), parsePage('1.5'), parsePage(null)]).toEqual([
      3, 1, 1, 1, 1,
    ]);
  });
});
