/**
 * Which view the calendar opens in when the URL does not say (issue 21): the view the
 * owner last chose on this device, kept in localStorage; on a first visit, one day on a
 * phone (a week's seven columns do not fit 375 px) and the week elsewhere.
 */
import { addDays, addMonths } from 'date-fns';
import { CALENDAR_VIEWS, type CalendarView, dayOf, wallDate } from './wall-clock.ts';

const KEY = 'slotwise.calendar.view';

export function openingView(phone: boolean): CalendarView {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window's quota, a policy): fall back to the default.
  }
  if (CALENDAR_VIEWS.includes(kept as CalendarView)) return kept as CalendarView;
  return phone ? 'day' : 'week';
}

export function rememberView(view: CalendarView): void {
  try {
    localStorage.setItem(KEY, view);
  } catch {
    // Not kept; the calendar still works.
  }
}

/** The day a swipe or the Back / Next buttons land on: one of the view's own steps earlier or later. */
export function stepDay(view: CalendarView, day: string, direction: 1 | -1): string {
  const date = wallDate(day);
  switch (view) {
    case 'day':
      return dayOf(addDays(date, direction));
    case 'week':
      return dayOf(addDays(date, 7 * direction));
    case 'month':
      return dayOf(addMonths(date, direction));
  }
}
