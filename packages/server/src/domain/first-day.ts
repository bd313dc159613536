/**
 * The overview's first-day checklist (docs/product.md#the-first-day-checklist): each item is
 * ticked by what the business really did, never by the owner ticking it.
 */
import { CHECKLIST_ITEMS, type ChecklistItemId, type FirstDayChecklist } from '@slotwise/shared/api';
import type { FirstDayChecklistTable } from '../db/schema.ts';

type Marks = Omit<FirstDayChecklistTable, 'business_id'>;

/** The checklist from the business's marks (undefined: none yet) and whether it has any booking. */
export function firstDayChecklist(marks: Marks | undefined, hasBooking: boolean): FirstDayChecklist {
  const done: Record<ChecklistItemId, boolean> = {
    prices: marks?.prices_checked_at != null,
    hours: marks?.hours_set_at != null,
    // Two ways customers reach the business, one item each: the booking page's link (copied or
    // shared) for an owner with no website, the embed code for one with a site.
    'booking-link': marks?.link_shared_at != null,
    embed: marks?.embed_copied_at != null,
    'test-booking': hasBooking,
  };
  return {
    items: CHECKLIST_ITEMS.map((id) => ({ id, done: done[id] })),
    dismissed: marks?.dismissed_at != null,
  };
}
