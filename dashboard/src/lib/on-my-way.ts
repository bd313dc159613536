/**
 * The words of "On my way" (docs/decisions/048) on both sides that tap it: the crew's phone
 * (features/crew) and the owner's booking (components/on-my-way-button.tsx).
 */
import type { OnMyWaySent } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { utcMsToLocal } from '@slotwise/shared/time-zone';

/** "On my way sent at 11:31 AM", on the business's clock; null when it was not sent. */
export function onMyWayLine(
  onMyWayAt: string | null | undefined,
  timeZone: string,
  timeFormat: TimeFormat,
): string | null {
  if (!onMyWayAt) return null;
  return `On my way sent at ${formatClock(utcMsToLocal(Date.parse(onMyWayAt), timeZone).time, timeFormat)}`;
}

/** What the toast says was sent: "Texted Dora: arriving about 2:40 PM." */
export function onMyWaySentWords(sent: OnMyWaySent, name: string): string {
  const how = sent.channel === 'text' ? 'Texted' : 'E-mailed';
  const who = name.trim().split(/\s+/)[0] || 'the customer';
  return sent.arrival
    ? `${how} ${who}: arriving about ${sent.arrival}.`
    : `${how} ${who} that you are on the way (no arrival time: the address is not on the map).`;
}

/** The label of the button while it is offered. */
export const ON_MY_WAY = 'On my way';
export const ON_MY_WAY_FAILED = 'Could not tell the customer you are on the way.';
