/**
 * A free day of the month and a free time on it, as the customer's link pages pick them (the
 * reschedule page, a quote's page: docs/product.md#quotes-you-send): the widget's month grid
 * (packages/ui month-grid.tsx) over GET /api/customer/available-days and the day's slots from
 * GET /api/customer/get-available-slots, each asked with the page's own query (a manage link's
 * token, or a quote's service, extra minutes and address). Only the newest answer of each may
 * fill the page. A customer whose browser is in another zone reads each time as theirs beside
 * the business's (yourTimeBeside).
 */
import type { AvailableDaysResponse, Slot } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { longDate, zoneLabel } from '@slotwise/shared/time-zone';
import { yourTimeBeside } from '@slotwise/shared/your-time';
import { MonthGrid } from '@slotwise/ui/month-grid.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';

const SLOTS_FAILED = 'Error loading slots. Please try again later.';
const DAYS_FAILED = 'We could not load the free days of this month. Please try again later.';

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; message: string };

/** What the days and slots calls are asked with besides the day or month. */
export type FreeTimesQuery =
  | { businessId: string; token: string }
  | { businessId: string; serviceId: string; extraMinutes: number; address: string };

export interface FreeTimes {
  month: string;
  date: string;
  days: Load<AvailableDaysResponse>;
  slots: Load<Slot[]>;
  selected: string | null;
  /** Starts on a day (and its month), or moves to one. */
  show: (day: string) => void;
  showMonth: (month: string) => void;
  select: (time: string | null) => void;
  /** Asks the day's slots again (a time was taken meanwhile). */
  reloadSlots: () => void;
}

export function useFreeTimes(query: FreeTimesQuery): FreeTimes {
  const [date, setDate] = useState('');
  const [month, setMonth] = useState('');
  const [days, setDays] = useState<Load<AvailableDaysResponse>>({ state: 'loading' });
  const [slots, setSlots] = useState<Load<Slot[]>>({ state: 'loading' });
  const [selected, setSelected] = useState<string | null>(null);
  // The query's fields, as one stable key: a page passes a new object on every render.
  const key = JSON.stringify(query);

  // The month's free days; only the newest month asked for may fill the grid.
  const monthRequest = useRef(0);
  useEffect(() => {
    if (!month) return;
    const id = ++monthRequest.current;
    setDays({ state: 'loading' });
    client.customer.availableDays({ query: { ...(JSON.parse(key) as FreeTimesQuery), month } }).then(
      (r) => id === monthRequest.current && setDays({ state: 'ready', value: r }),
      () => id === monthRequest.current && setDays({ state: 'failed', message: DAYS_FAILED }),
    );
  }, [key, month]);

  // Only the newest request may fill the grid: answers for an earlier date are dropped.
  const request = useRef(0);
  const loadSlots = useCallback(
    (day: string) => {
      const id = ++request.current;
      setSlots({ state: 'loading' });
      setSelected(null);
      client.customer.slots({ query: { ...(JSON.parse(key) as FreeTimesQuery), date: day } }).then(
        (r) => id === request.current && setSlots({ state: 'ready', value: r.slots }),
        () => id === request.current && setSlots({ state: 'failed', message: SLOTS_FAILED }),
      );
    },
    [key],
  );
  useEffect(() => {
    if (date) loadSlots(date);
  }, [date, loadSlots]);

  return {
    month,
    date,
    days,
    slots,
    selected,
    show: (day) => {
      setDate(day);
      setMonth(day.slice(0, 7));
    },
    showMonth: setMonth,
    select: setSelected,
    reloadSlots: () => {
      if (date) loadSlots(date);
    },
  };
}

/** The browser's zone: the customer's own clock. */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function FreeTimePicker({
  times,
  today,
  timeZone,
  timeFormat,
  dateLabel,
  titleId,
  onPick,
}: {
  times: FreeTimes;
  /** Today on the business's calendar, until the month's answer says it. */
  today: string;
  timeZone: string;
  timeFormat: TimeFormat;
  dateLabel: string;
  titleId: string;
  /** A day or a time was picked (the page clears its error). */
  onPick: () => void;
}) {
  const { month, date, days, slots, selected } = times;
  const viewerZone = browserZone();
  const viewerDiffers =
    slots.state === 'ready' &&
    slots.value[0] !== undefined &&
    yourTimeBeside(date, slots.value[0].time, timeZone, viewerZone, timeFormat) !== null;
  return (
    <>
      <div className="field">
        <span className="field-label">{dateLabel}</span>
        <MonthGrid
          month={month}
          days={days.state === 'ready' && days.value.month === month ? days.value.days : null}
          chosen={date}
          first={days.state === 'ready' ? days.value.today.slice(0, 7) : today.slice(0, 7)}
          last={days.state === 'ready' ? days.value.lastDay.slice(0, 7) : month}
          titleId={titleId}
          showMonth={times.showMonth}
          choose={(day) => {
            onPick();
            times.show(day);
          }}
        />
        {days.state === 'failed' && <Notice kind="error">{days.message}</Notice>}
      </div>
      <fieldset>
        <legend className="field-label">Available times{date ? ` on ${longDate(date)}` : ''}</legend>
        {viewerDiffers && (
          <p className="muted">Times are in {zoneLabel(timeZone)}, the business's; your own time is shown first.</p>
        )}
        {slots.state === 'loading' && <p className="muted">Loading available times...</p>}
        {slots.state === 'failed' && <Notice kind="error">{slots.message}</Notice>}
        {slots.state === 'ready' && slots.value.length === 0 && (
          <p className="muted">The business is closed on this day. Please pick another date.</p>
        )}
        {slots.state === 'ready' && slots.value.length > 0 && (
          <div className={viewerDiffers ? 'slot-grid slot-grid--beside' : 'slot-grid'}>
            {slots.value.map((slot) => {
              // On the business's clock (a customer has no owner profile: the page carries it).
              const shown = formatClock(slot.time, timeFormat);
              // Named by the business's time, as in the widget; the customer's own is its visible text.
              const beside = yourTimeBeside(date, slot.time, timeZone, viewerZone, timeFormat);
              return (
                <button
                  key={slot.time}
                  type="button"
                  className="slot"
                  disabled={!slot.available}
                  aria-pressed={selected === slot.time}
                  // Named by its content, never an aria-label that leaves the visible words out
                  // (axe's label-content-name-mismatch): the business's time, then the customer's as
                  // the description.
                  aria-describedby={beside ? `yours-${slot.time}` : undefined}
                  onClick={() => {
                    onPick();
                    times.select(slot.time);
                  }}
                >
                  {beside ? (
                    <>
                      <span className="visually-hidden">{shown}</span>
                      <span id={`yours-${slot.time}`} aria-hidden="true">
                        {beside}
                      </span>
                    </>
                  ) : (
                    shown
                  )}
                  {slot.available ? null : (
                    <>
                      {' '}
                      <span className="visually-hidden">(unavailable)</span>
                    </>
                  )}
                </button>
              );
            })}
          </div>
        )}
        {slots.state === 'ready' && slots.value.length > 0 && !slots.value.some((s) => s.available) && (
          <p className="muted">No free times on this day. Please pick another date.</p>
        )}
      </fieldset>
    </>
  );
}
