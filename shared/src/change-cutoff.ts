/**
 * Change cut-off (issue 8, item 6): an owner setting (none, 2, 12, 24 or 48 hours)
 * after which a customer's links no longer reschedule or cancel. From the moment
 * exactly `hours` before the start, changes are closed.
 */
const HOUR = 3_600_000;

/** True when a customer may no longer change the booking online. 0 hours: never (until it starts). */
export function changeLocked(startMs: number, cutoffHours: number, now: number): boolean {
  return cutoffHours > 0 && now >= startMs - cutoffHours * HOUR;
}

export function cutoffReason(cutoffHours: number): string {
  return `Changes are no longer possible online within ${cutoffHours} ${cutoffHours === 1 ? 'hour' : 'hours'} of the booking.`;
}

export interface BusinessContact {
  businessName: string;
  email: string;
  phone: string;
}

/** The reason and whom to ask instead, in one sentence pair (the 409 answer). */
export function cutoffMessage(cutoffHours: number, contact: BusinessContact): string {
  const who = contact.businessName || 'the business';
  const how = [contact.email, contact.phone].filter(Boolean).join(' or ');
  return `${cutoffReason(cutoffHours)} Please contact ${who}${how ? ` at ${how}` : ''}.`;
}
