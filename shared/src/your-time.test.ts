import { describe, expect, it } from 'vitest';
import { yourTimeBeside } from './your-time.ts';

describe('yourTimeBeside', () => {
  it("writes the customer's time first and the business's beside it", () => {
    expect(yourTimeBeside('2026-12-04', '10:00', 'America/Los_Angeles', 'America/New_York', '12h')).toBe(
      '1:00 PM your time (10:00 AM at the business)',
    );
    expect(yourTimeBeside('2026-12-04', '10:00', 'America/Los_Angeles', 'Europe/Berlin', '24h')).toBe(
      '19:00 your time (10:00 at the business)',
    );
  });

  it("names the customer's weekday when their date is another", () => {
    expect(yourTimeBeside('2026-12-04', '17:00', 'America/Los_Angeles', 'Asia/Tokyo', '12h')).toBe(
      '10:00 AM Sat your time (5:00 PM at the business)',
    );
  });

  it('is null when the zones agree at that instant, or the zone is unknown', () => {
    expect(yourTimeBeside('2026-12-04', '10:00', 'America/Los_Angeles', 'America/Tijuana', '12h')).toBeNull();
    expect(yourTimeBeside('2026-12-04', '10:00', 'America/Los_Angeles', 'Not/AZone', '12h')).toBeNull();
  });
});
