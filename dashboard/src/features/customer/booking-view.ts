/**
 * What the two customer pages share: the words for a booking's date and time, and
 * the one hard navigation they make (to the landing page, which the server serves,
 * not this app), kept replaceable so tests can observe it.
 */
import { utcMsToLocal } from '@slotwise/shared/slots';

const fullDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-12-02" -> "Wednesday, December 2, 2026", read as a calendar date so no zone can shift it. */
export function longDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return fullDay.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** Today's date where the business is (YYYY-MM-DD): the earliest day a customer may pick. */
export function todayIn(timeZone: string, now = Date.now()): string {
  try {
    return utcMsToLocal(now, timeZone).day;
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

export const browser = {
  goTo(url: string): void {
    window.location.assign(url);
  },
};
