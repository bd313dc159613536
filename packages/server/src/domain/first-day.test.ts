import { describe, expect, it } from 'vitest';
import type { FirstDayChecklistTable } from '../db/schema.ts';
import { firstDayChecklist } from './first-day.ts';

const none: Omit<FirstDayChecklistTable, 'business_id'> = {
  prices_checked_at: null,
  hours_set_at: null,
  embed_copied_at: null,
  link_shared_at: null,
  dismissed_at: null,
};

describe('firstDayChecklist', () => {
  it('has nothing done and is not dismissed before any mark', () => {
    expect(firstDayChecklist(undefined, false)).toEqual({
      items: [
        { id: 'prices', done: false },
        { id: 'hours', done: false },
        { id: 'booking-link', done: false },
        { id: 'embed', done: false },
        { id: 'test-booking', done: false },
      ],
      dismissed: false,
    });
    expect(firstDayChecklist(none, false)).toEqual(firstDayChecklist(undefined, false));
  });

  it('ticks each item from its own mark, and the test booking from any booking', () => {
    const done = (marks: Partial<typeof none>, hasBooking = false) =>
      firstDayChecklist({ ...none, ...marks }, hasBooking)
        .items.filter((i) => i.done)
        .map((i) => i.id);
    expect(done({ prices_checked_at: 1 })).toEqual(['prices']);
    expect(done({ hours_set_at: 1 })).toEqual(['hours']);
    expect(done({ embed_copied_at: 1 })).toEqual(['embed']);
    expect(done({ link_shared_at: 1 })).toEqual(['booking-link']);
    expect(done({}, true)).toEqual(['test-booking']);
    expect(done({ prices_checked_at: 1, hours_set_at: 2, link_shared_at: 3, embed_copied_at: 4 }, true)).toHaveLength(
      5,
    );
  });

  it('is dismissed by its own mark, whatever else is done', () => {
    expect(firstDayChecklist({ ...none, dismissed_at: 5 }, false).dismissed).toBe(true);
    expect(firstDayChecklist({ ...none, prices_checked_at: 5 }, true).dismissed).toBe(false);
  });
});
