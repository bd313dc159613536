import { describe, expect, it } from 'vitest';
import { onMyWayLine, onMyWaySentWords } from './on-my-way.ts';

const sent = { at: '2026-12-01T19:31:00.000Z', words: '...' };

describe('On my way in words', () => {
  it('says what went, to whom, and the arrival when there is one', () => {
    expect(onMyWaySentWords({ ...sent, channel: 'text', arrival: '12:10 PM' }, 'Dora Drive')).toBe(
      'Texted Dora: arriving about 12:10 PM.',
    );
    expect(onMyWaySentWords({ ...sent, channel: 'mail', arrival: null }, '')).toBe(
      'E-mailed the customer that you are on the way (no arrival time: the address is not on the map).',
    );
  });

  it("says when it was sent on the business's clock", () => {
    expect(onMyWayLine(sent.at, 'America/Los_Angeles', '12h')).toBe('On my way sent at 11:31 AM');
    expect(onMyWayLine(sent.at, 'America/New_York', '24h')).toBe('On my way sent at 14:31');
    expect(onMyWayLine(null, 'America/Los_Angeles', '12h')).toBeNull();
  });
});
