/**
 * A month of days to choose one from: a grid of day buttons, Sunday first, each named with its
 * status ("Saturday, 5 December, free"). One day is in the Tab order; arrow keys move a day or a
 * week, Home/End to the week's ends, PageUp/PageDown a month (the APG date picker's keys). Only
 * free days can be chosen; the others stay focusable so the keys can pass over them. The widget's
 * date step and the customer's reschedule page both show it, fed by the month call
 * (GET /api/customer/available-days); plain React, so the widget renders it on preact/compat.
 */
import type { AvailableDay, DayStatus } from '@slotwise/shared/api';
import { addDays, nextMonth } from '@slotwise/shared/slots';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';

const WORDS: Record<DayStatus, string> = {
  free: 'free',
  full: 'full',
  closed: 'closed',
  past: 'past',
  beyond: 'not open for booking yet',
};
const WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_PARTS = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const MONTH = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const weekday = (day: string) => utc(day).getUTCDay();
/** The month's last day: "2026-02" -> "2026-02-28". */
const lastOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);

/** "Saturday, 5 December, free": what a screen reader says for a day. */
function dayLabel(day: string, status: DayStatus | undefined): string {
  const p: Record<string, string> = {};
  for (const part of DAY_PARTS.formatToParts(utc(day))) p[part.type] = part.value;
  return `${WEEK[weekday(day)]}, ${p.day} ${p.month}${status ? `, ${WORDS[status]}` : ''}`;
}

/** The day a key moves to from `day`, or undefined for a key the grid does not use. */
function moveFrom(day: string, key: string): string | undefined {
  const steps: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday(day),
    End: 6 - weekday(day),
  };
  if (key in steps) return addDays(day, steps[key]!);
  if (key !== 'PageUp' && key !== 'PageDown') return undefined;
  // The same date a month away, or that month's last day when it is shorter.
  const month = nextMonth(day.slice(0, 7), key === 'PageUp' ? -1 : 1);
  const last = lastOf(month);
  const same = `${month}-${day.slice(8)}`;
  return same > last ? last : same;
}

export interface MonthGridProps {
  /** "2026-12": the month shown. */
  month: string;
  /** Its days' statuses, null while they load (the days show without one). */
  days: AvailableDay[] | null;
  /** The chosen day, '' for none. */
  chosen: string;
  /** The first and last months offered ("YYYY-MM"): the server's today and last bookable day. */
  first: string;
  last: string;
  /** The id of the month's title, which names the grid; unique on the page. */
  titleId: string;
  showMonth: (month: string) => void;
  choose: (day: string) => void;
  /** A full day tapped (the widget's funnel counts the days wanted). */
  tapFull?: (day: string) => void;
}

export function MonthGrid({ month, days, chosen, first, last, titleId, showMonth, choose, tapFull }: MonthGridProps) {
  const [focus, setFocus] = useState('');
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // After a key moved the focus (maybe into another month), the new day's button takes it.
  useLayoutEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focus}"]`)?.focus();
    moved.current = false;
  });

  if (!month) return null;
  const all: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) all.push(d);
  const statusOf = (d: string) => days?.find((x) => x.date === d)?.status;
  const tabbable = [focus, chosen, days?.find((x) => x.status === 'free')?.date].find((d) => d?.startsWith(month));
  const rows: (string | null)[][] = [];
  const cells: (string | null)[] = [...Array<null>(weekday(all[0]!)).fill(null), ...all];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));

  const go = (to: string) => {
    if (to.slice(0, 7) < first || to.slice(0, 7) > last) return;
    moved.current = true;
    setFocus(to);
    if (!to.startsWith(month)) showMonth(to.slice(0, 7));
  };
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    const from = (e.target as HTMLElement).dataset.day;
    const to = from && moveFrom(from, e.key);
    if (!to) return;
    e.preventDefault();
    go(to);
  };
  const title = MONTH.format(utc(`${month}-01`));

  return (
    <div className="sw-month">
      <div className="sw-month-head">
        <button
          type="button"
          className="sw-nav"
          aria-label="Previous month"
          disabled={month <= first}
          onClick={() => showMonth(nextMonth(month, -1))}
        >
          ‹
        </button>
        <span id={titleId} aria-live="polite">
          {title}
        </span>
        <button
          type="button"
          className="sw-nav"
          aria-label="Next month"
          disabled={month >= last}
          onClick={() => showMonth(nextMonth(month))}
        >
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG date picker's own pattern: a table with role grid, its arrow keys handled here */}
      <table ref={grid} className="sw-grid" role="grid" aria-labelledby={titleId} onKeyDown={onKey}>
        <thead>
          <tr>
            {WEEK.map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.find(Boolean)}>
              {row.map((d, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the 1st have no day; their place is all they are
                if (!d) return <td key={`-${i}`} />;
                const status = statusOf(d);
                return (
                  <td key={d}>
                    <button
                      type="button"
                      data-day={d}
                      data-status={status}
                      className="sw-day"
                      tabIndex={d === (tabbable ?? all[0]) ? 0 : -1}
                      aria-label={dayLabel(d, status)}
                      aria-pressed={d === chosen}
                      aria-disabled={status !== 'free'}
                      onClick={() => {
                        setFocus(d);
                        if (status === 'free') choose(d);
                        else if (status === 'full') tapFull?.(d);
                      }}
                    >
                      {Number(d.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
