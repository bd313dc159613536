/**
 * /dashboard/calendar (docs/product.md#calendar, issue 4). Loaded lazily by the router, so
 * react-big-calendar and its CSS stay in this chunk. The view and the shown day live
 * in the URL (?view=month&date=2026-03-09), so a reload keeps the owner's place.
 */

import { useSignals } from '@preact/signals-react/runtime';
import type { BlockedTimeRequest, Booking } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { minutesOfDay } from '@slotwise/shared/time';
import { todayIn, wallClockAt, zoneLabel } from '@slotwise/shared/time-zone';
import { addMinutes } from 'date-fns';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SlotInfo } from 'react-big-calendar';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '../../components/skeleton.tsx';
import { showToast } from '../../components/toaster.tsx';
import { client } from '../../lib/api.ts';
import { businessProfile } from '../../lib/business.ts';
import { crewsResource, namesCrews } from '../../lib/crews.ts';
import { isNetworkError, serverErrorOr } from '../../lib/errors.ts';
import { formatDay, formatTime } from '../../lib/format.ts';
import { isPhone } from '../../lib/media.ts';
import { useSharedResource } from '../../lib/resource.ts';
import { offerUndo } from '../../lib/undo.ts';
import { type BusyEvent, busyEvent, placeBusy } from './busy-events.ts';
import { patchList, useAvailability, useBusyTimes, useRangeData, useTravelBlocks } from './calendar-data.ts';
import {
  type BookingEvent,
  type CalendarEvent,
  describeHours,
  type HoursByWeekday,
  hoursByWeekday,
  insideHours,
  type TravelEvent,
  toEvents,
  travelEvent,
} from './calendar-events.ts';
import { BlockTimeDialog, type BlockTimeDraft, STEPS } from './components/block-time-dialog.tsx';
import { BusinessCalendar } from './components/business-calendar.tsx';
import { BusyDialog } from './components/busy-dialog.tsx';
import { CrewFilter } from './components/crew-filter.tsx';
import { EventDialog } from './components/event-dialog.tsx';
import { type MoveScope, MoveScopeDialog } from './components/move-scope-dialog.tsx';
import { SlotChoiceDialog } from './components/slot-choice-dialog.tsx';
import { type CrewColumn, crewColumns, onlyCrew, placeOnCrews, placeTravel } from './crew-columns.ts';
import { openingMinute } from './opening-time.ts';
import { swipeHandlers } from './swipe.ts';
import { openingView, rememberView, stepDay } from './view-memory.ts';
import {
  CALENDAR_VIEWS,
  type CalendarView,
  dayOf,
  endMinuteOn,
  fromWallDate,
  minuteOf,
  timeOf,
  visibleRange,
  wallClock,
  wallDate,
} from './wall-clock.ts';

export const MOVE_FAILED = {
  booking: 'Failed to reschedule booking',
  blocked: 'Failed to reschedule blocked time',
} as const;

const LEGEND = [
  ['amber', 'Pending'],
  ['green', 'Approved'],
  ['blue', 'Completed'],
  ['red', 'Cancelled'],
  ['grey', 'Other'],
  ['blocked', 'Blocked time'],
  ['closed', 'Closed hours'],
  // Shown only while drives are drawn (owners who travel to customers).
  ['travel', 'Travel'],
  // Shown only while a plan's visit that holds no time (needs_time, skipped) is drawn.
  ['timeless', 'Holds no time'],
  // Shown only while a connected calendar's busy time is drawn.
  ['busy', 'Busy (your calendars)'],
] as const;

function parseView(value: string | null, fallback: CalendarView): CalendarView {
  return CALENDAR_VIEWS.includes(value as CalendarView) ? (value as CalendarView) : fallback;
}

function parseDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = wallDate(value);
  return dayOf(d) === value ? value : null;
}

const DEFAULT_BLOCK_MINUTES = 30;
const NO_EVENTS: CalendarEvent[] = [];
const NO_TRAVEL: TravelEvent[] = [];
const NO_BUSY: BusyEvent[] = [];
const NO_COLUMNS: CrewColumn[] = [];

/** The dialog's preset from a selection: its start and end, or 30 minutes from the day's opening for a whole-day pick. */
function draftFromSelection(start: Date, end: Date, hours: HoursByWeekday | null): BlockTimeDraft {
  const day = dayOf(start);
  const endMinute = endMinuteOn(day, end);
  const wholeDays = minuteOf(start) === 0 && minuteOf(end) === 0 && dayOf(end) !== day;
  let from = minuteOf(start);
  let to = Math.min(endMinute, 24 * 60);
  if (wholeDays) {
    from = hours?.[start.getDay()]?.open ?? 9 * 60;
    to = from + DEFAULT_BLOCK_MINUTES;
  } else if (to <= from) {
    to = from + DEFAULT_BLOCK_MINUTES;
  }
  const hhmm = (m: number) => (m >= 24 * 60 ? '23:59' : timeOf(addMinutes(wallDate(day), m)));
  return { day, startTime: hhmm(from), endTime: hhmm(to) };
}

export function CalendarPage() {
  useSignals();
  const profile = useSharedResource(businessProfile);
  const timeZone = profile.data.value?.timeZone;
  const profileError = profile.error.value;
  return (
    <section className="calendar-page">
      <div className="page-head">
        <div>
          <h1>Calendar</h1>
          <p className="muted cal-hint">
            {timeZone ? `Times in ${zoneLabel(timeZone)}. ` : ''}
            {/* One of the two shows, by the screen's pointer (calendar.css): a finger presses and holds first. */}
            <span className="cal-hint-mouse">
              Drag a booking to move it; select a free time to book a customer or block it.
            </span>
            <span className="cal-hint-touch">
              Press and hold a booking, then drag it to move it; tap it to open it, or to move it from there. Press and
              hold a free time to book a customer or block it.
            </span>
          </p>
        </div>
      </div>
      {timeZone ? (
        <CalendarBoard timeZone={timeZone} />
      ) : profileError ? (
        <p className="notice notice--error" role="alert">{`Error: ${profileError}`}</p>
      ) : (
        <Skeleton shape="page" />
      )}
    </section>
  );
}

function CalendarBoard({ timeZone }: { timeZone: string }) {
  useSignals();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => todayIn(timeZone));
  // Read once: turning a phone sideways should not switch the view under the owner's thumb.
  const [opening] = useState(() => openingView(isPhone()));
  const view = parseView(params.get('view'), opening);
  const day = parseDay(params.get('date')) ?? today;
  const date = useMemo(() => wallDate(day), [day]);
  const range = useMemo(() => visibleRange(view, date), [view, date]);

  const availability = useAvailability();
  const { bookings, blocked } = useRangeData(range);
  // The crews, once per page load (lib/crews.ts). Failing to load them only loses the columns.
  const crews = useSharedResource(crewsResource);
  const crewList = crews.data.value?.crews;
  const crewsSettled = crewList !== undefined || crews.error.value !== null;
  // The grid mounts one render later, after the effects above have sent the three calls,
  // so drawing it (the costliest part of the page) overlaps the network instead of delaying it.
  // Kept for the owner, against the bench's first-render figure: drawing the grid only with
  // the answers, or in a transition they interrupt, shrinks that figure on loopback but
  // shows the events later behind a real network's latency (measured: bench/calendar.ts).
  const [gridOn, setGridOn] = useState(false);
  useEffect(() => setGridOn(true), []);
  const availabilityList = availability.data.value;
  // Null until the hours arrive: the grid is drawn meanwhile, unshaded.
  const hours = useMemo(() => (availabilityList ? hoursByWeekday(availabilityList) : null), [availabilityList]);
  const hoursRef = useRef(hours);
  hoursRef.current = hours;

  // A move in flight shows the event where it was dropped (and on which crew); it snaps back if the server refuses.
  const [overrides, setOverrides] = useState<
    ReadonlyMap<string, { start: Date; end: Date; resourceId?: string; crew?: BookingEvent['crew'] }>
  >(new Map());
  const [draft, setDraft] = useState<BlockTimeDraft | null>(null);
  // An empty slot tapped or dragged across: a booking or a blocked time (SlotChoiceDialog).
  const [choosing, setChoosing] = useState<BlockTimeDraft | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  // A plan's visit being moved: where to, and the answer to "this visit only, or the following too?".
  const [asking, setAsking] = useState<{
    event: BookingEvent;
    start: Date;
    answer: (scope: MoveScope | null) => void;
  } | null>(null);
  const askScope = useCallback(
    (event: BookingEvent, start: Date) =>
      new Promise<MoveScope | null>((answer) => setAsking({ event, start, answer })),
    [],
  );

  const bookingList = bookings.data.value;
  const blockedList = blocked.data.value;
  // Drives between jobs, for an owner who travels to customers (none otherwise).
  const travelBlocks = useTravelBlocks(range, bookingList);
  // Two or more crews: every booking on its crew, a column per crew in the day view (crew-columns.ts).
  const named = namesCrews(crewList);
  const columns = useMemo(
    () => (named && crewList && bookingList ? crewColumns(crewList, bookingList) : NO_COLUMNS),
    [named, crewList, bookingList],
  );
  const shownCrew = named ? (columns.find((c) => c.id === params.get('crew'))?.id ?? null) : null;
  // The day's route of each crew shown (features/route; docs/decisions/054); one crew: its route, unnamed.
  const routeCrews = named
    ? columns.filter((c) => shownCrew === null || c.id === shownCrew).map((c) => ({ id: c.id, title: c.title }))
    : (crews.data.value?.crews ?? []).slice(0, 1).map((c) => ({ id: c._id, title: '' }));
  // Both lists or neither: a booking drawn before the blocked times would make the week look freer than it is.
  const baseEvents = useMemo(
    () =>
      bookingList && blockedList && crewsSettled
        ? placeOnCrews(toEvents(bookingList, blockedList, timeZone), crewList ?? [], columns)
        : NO_EVENTS,
    [bookingList, blockedList, crewsSettled, timeZone, crewList, columns],
  );
  const travel = useMemo(() => {
    if (!travelBlocks?.length) return NO_TRAVEL;
    const drives = travelBlocks.map((b) => travelEvent(b, timeZone));
    return columns.length > 0 ? onlyCrew(placeTravel(drives, baseEvents), shownCrew) : drives;
  }, [travelBlocks, timeZone, columns, baseEvents, shownCrew]);
  const events = useMemo(() => {
    const moved =
      overrides.size === 0
        ? baseEvents
        : baseEvents.map((e) => {
            const o = overrides.get(e.key);
            if (!o) return e;
            return e.kind === 'booking' && o.resourceId
              ? { ...e, start: o.start, end: o.end, resourceId: o.resourceId, crew: o.crew }
              : { ...e, start: o.start, end: o.end };
          });
    return onlyCrew(moved, shownCrew);
  }, [baseEvents, overrides, shownCrew]);
  // Each crew's own week, shading its column and limiting drops on it (a crew without one works the business hours).
  const crewHours = useMemo(() => {
    const own = new Map<string, HoursByWeekday>();
    if (named && crewList) for (const c of crewList) if (c.hours) own.set(c._id, hoursByWeekday(c.hours));
    return own;
  }, [named, crewList]);
  // One crew shown: its column alone.
  const resources = useMemo(() => {
    if (view !== 'day' || columns.length === 0) return undefined;
    return shownCrew ? columns.filter((c) => c.id === shownCrew) : columns;
  }, [view, columns, shownCrew]);
  // The owner's own calendars' busy times (docs/decisions/025): grey, read-only, on their crew's column.
  const busyTimes = useBusyTimes(range);
  const busy = useMemo(
    () =>
      busyTimes.length === 0
        ? NO_BUSY
        : placeBusy(
            busyTimes.map((b) => busyEvent(b, timeZone)),
            columns,
            shownCrew,
          ),
    [busyTimes, timeZone, columns, shownCrew],
  );
  const [busyShown, setBusyShown] = useState<BusyEvent | null>(null);
  const selected = selectedKey ? baseEvents.find((e) => e.key === selectedKey) : undefined;
  const anyTimeless = useMemo(() => baseEvents.some((e) => e.kind === 'booking' && !e.holdsTime), [baseEvents]);

  // The URL setter changes with every navigation; handlers read it through a ref so they stay stable.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const onView = useCallback((next: CalendarView) => {
    rememberView(next);
    setParamsRef.current(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('view', next);
        return p;
      },
      { replace: true },
    );
  }, []);
  const onCrew = useCallback((crewId: string | null) => {
    setParamsRef.current(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (crewId) p.set('crew', crewId);
        else p.delete('crew');
        return p;
      },
      { replace: true },
    );
  }, []);
  const onNavigate = useCallback((next: Date) => {
    setParamsRef.current(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('date', dayOf(next));
        return p;
      },
      { replace: true },
    );
  }, []);
  const getNow = useMemo(() => wallClock(timeZone), [timeZone]);
  const viewRef = useRef(view);
  viewRef.current = view;
  const dayRef = useRef(day);
  dayRef.current = day;
  const swipe = useMemo(
    () => swipeHandlers((direction) => onNavigate(wallDate(stepDay(viewRef.current, dayRef.current, direction)))),
    [onNavigate],
  );

  const dropOverride = useCallback((key: string) => {
    setOverrides((o) => {
      const next = new Map(o);
      next.delete(key);
      return next;
    });
  }, []);

  const crewListRef = useRef(crewList);
  crewListRef.current = crewList;
  const crewHoursRef = useRef(crewHours);
  crewHoursRef.current = crewHours;

  /**
   * Moves (or resizes) an event, and gives a booking to another crew when `crewId` names one
   * (a drop on its column, or the dialog's Crew); resolves false when it was refused, after
   * telling the owner why.
   */
  const move = useCallback(
    async (event: CalendarEvent, start: Date, end: Date, isAllDay = false, crewId?: string): Promise<boolean> => {
      // Sent only when it changes: a drop in the booking's own column keeps its crew.
      const toCrew =
        event.kind === 'booking' && crewId && crewId !== event.resourceId
          ? crewListRef.current?.find((c) => c._id === crewId)
          : undefined;
      const what = event.kind === 'booking' ? 'Bookings' : 'Blocked times';
      if (isAllDay) {
        showToast(`${what} take a time of day: drop it on the time grid, not on the all-day row.`, 'error');
        return false;
      }
      const known = hoursRef.current;
      if (!known) {
        showToast('Your business hours are still loading. Try again in a moment.', 'error');
        return false;
      }
      // A booking goes by the hours of the crew it goes to, when that crew has its own.
      const crew = event.kind === 'booking' ? (toCrew ? { id: toCrew._id, name: toCrew.name } : event.crew) : undefined;
      const own = crew ? crewHoursRef.current.get(crew.id) : undefined;
      if (!insideHours(own ?? known, start, end)) {
        showToast(
          own && crew
            ? `${what} can only be moved within ${crew.name}'s hours (${describeHours(own, start)}). ` +
                "Drop it on the white, open hours, or change the crew's hours in Settings."
            : `${what} can only be moved within business hours (${describeHours(known, start)}). ` +
                'Drop it on the white, open hours, or change your hours in Settings.',
          'error',
        );
        return false;
      }
      if (+start === +event.start && +end === +event.end && !toCrew) return true;
      setOverrides((o) =>
        new Map(o).set(
          event.key,
          toCrew
            ? { start, end, resourceId: toCrew._id, crew: { id: toCrew._id, name: toCrew.name, color: toCrew.color } }
            : { start, end },
        ),
      );
      let scope: MoveScope | null = null;
      if (event.kind === 'booking' && event.booking.plan) {
        // A plan's visit: it stays where it was dropped while the owner says how much of the plan moves.
        scope = await askScope(event, start);
        setAsking(null);
        if (!scope) {
          dropOverride(event.key);
          return false;
        }
      }
      try {
        if (event.kind === 'booking') {
          const { undo, ...updated } = await client.dashboard.rescheduleBooking({
            body: {
              bookingId: event.booking._id,
              newTime: { day: dayOf(start), startTime: timeOf(start) },
              requestor: 'business',
              // The version this calendar read: a booking changed meanwhile (say, the customer
              // rescheduled it) is refused with 409 BOOKING_CHANGED instead of silently overwritten.
              version: event.booking.version,
              ...(scope ? { scope } : {}),
              ...(toCrew ? { crewId: toCrew._id } : {}),
            },
          });
          const replace = (b: Booking) => patchList(bookings, (list) => list.map((x) => (x._id === b._id ? b : x)));
          replace(updated);
          // The following visits moved too, on the server: the range is loaded again to show them.
          if (scope === 'following') void bookings.refresh();
          const when = `${formatDay(dayOf(start))} at ${formatTime(timeOf(start))}`;
          const who = updated.firstName || 'The customer';
          const timeMoved = +start !== +event.start;
          // The crew named is the one in the server's answer.
          const givenTo = toCrew && updated.crewId === toCrew._id ? toCrew : undefined;
          if (toCrew && !givenTo && !timeMoved) {
            showToast(
              `The booking stays with its crew: it was not given to ${toCrew.name}. Reload and try again.`,
              'error',
            );
            return false;
          }
          const crewWords = givenTo ? `, ${givenTo.name}` : '';
          offerUndo(
            !timeMoved
              ? // Only the crew changed: the customer's time is the same.
                `${scope === 'following' ? 'This and following visits' : scope ? 'Visit' : 'Booking'} given to ${givenTo?.name}.`
              : scope === 'following'
                ? `This and following visits moved, from ${when}${crewWords}. ${who} will be e-mailed in 10 seconds.`
                : `${scope ? 'Visit' : 'Booking'} moved to ${when}${crewWords}. ${who} will be e-mailed in 10 seconds.`,
            timeMoved ? 'Move undone. No e-mail was sent.' : 'Change undone.',
            async () => {
              replace(await client.dashboard.undo({ params: { token: undo.token } }));
              if (scope === 'following') void bookings.refresh();
            },
          );
        } else {
          const id = event.blocked._id;
          const moveTo = async (from: Date, to: Date) => {
            const updated = await client.dashboard.moveBlockedTime({
              params: { id },
              body: {
                startTime: fromWallDate(from, timeZone).toISOString(),
                endTime: fromWallDate(to, timeZone).toISOString(),
              },
            });
            patchList(blocked, (list) => list.map((b) => (b._id === updated._id ? updated : b)));
          };
          await moveTo(start, end);
          // No one is mailed about a blocked time: its Undo is the move back.
          offerUndo('Blocked time moved.', 'Move undone.', () => moveTo(event.start, event.end));
        }
        return true;
      } catch (err) {
        const fallback = MOVE_FAILED[event.kind];
        // A refused move springs back (the override goes) and a message gives the reason.
        showToast(isNetworkError(err) ? (err as Error).message : serverErrorOr(err, fallback), 'error');
        // Changed by someone else since it was read: show it where it is now.
        if (err instanceof ApiError && err.code === 'BOOKING_CHANGED') void bookings.refresh();
        return false;
      } finally {
        dropOverride(event.key);
      }
    },
    [bookings, blocked, timeZone, dropOverride, askScope],
  );

  const onMove = useCallback(
    (event: CalendarEvent, start: Date, end: Date, isAllDay: boolean, crewId?: string) =>
      void move(event, start, end, isAllDay, crewId),
    [move],
  );
  const onSelectSlot = useCallback((slot: SlotInfo) => {
    setChoosing(draftFromSelection(slot.start, slot.end, hoursRef.current));
  }, []);
  const onSelectEvent = useCallback((event: CalendarEvent) => setSelectedKey(event.key), []);

  function blockButtonDraft(): BlockTimeDraft {
    const nowMinute = minutesOfDay(wallClockAt(Date.now(), timeZone).time);
    const target = view === 'day' ? day : today >= range.from && today <= range.to ? today : range.from;
    const open = hours?.[wallDate(target).getDay()]?.open ?? 9 * 60;
    const nextStep = STEPS.find((s) => s !== '23:59' && minutesOfDay(s) > nowMinute);
    const startTime =
      target === today && nextStep && minutesOfDay(nextStep) > open
        ? nextStep
        : timeOf(addMinutes(wallDate(target), open));
    const end = STEPS[STEPS.indexOf(startTime) + 1] ?? '23:59';
    return { day: target, startTime, endTime: end };
  }

  async function saveBlock(body: BlockedTimeRequest) {
    const created = await client.dashboard.addBlockedTime({ body });
    patchList(blocked, (list) => [...list, created]);
    setDraft(null);
  }

  async function deleteBlock(blockedId: string) {
    await client.dashboard.deleteBlockedTime({ params: { id: blockedId } });
    patchList(blocked, (list) => list.filter((b) => b._id !== blockedId));
  }

  const failures = [availability.error.value, bookings.error.value, blocked.error.value].filter(
    (e): e is string => !!e,
  );
  const ready = !!availabilityList && !!bookingList && !!blockedList && crewsSettled;
  // The hours reach the grid together with the range's events, in one render: each of
  // them re-renders every slot of the grid, and the answers arrive together.
  const gridHours = ready ? hours : null;
  // The grid is drawn at once; the hours and the range's events fill it as they arrive.
  const eventsLoading = !ready || bookings.loading.value || blocked.loading.value;
  // Where the day opens: now, or its first job (opening-time.ts); read once the day's events are in.
  const openAt = useMemo(
    () =>
      eventsLoading
        ? null
        : openingMinute({ view, date, today, nowMinute: minuteOf(getNow()), hours, events: baseEvents }),
    [eventsLoading, view, date, today, getNow, hours, baseEvents],
  );

  return (
    <>
      {named && <CrewFilter columns={columns} shown={shownCrew} onShow={onCrew} />}
      <div className="cal-bar">
        <ul className="cal-legend" aria-label="Legend">
          {LEGEND.filter(
            ([key]) =>
              (key !== 'travel' || travel.length > 0) &&
              (key !== 'timeless' || anyTimeless) &&
              (key !== 'busy' || busy.length > 0),
          ).map(([key, label]) => (
            <li key={key}>
              <span className={`cal-swatch cal-swatch--${key}`} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
        <div className="row">
          <span className="cal-refreshing muted" role="status">
            {eventsLoading ? 'Loading...' : ''}
          </span>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!ready}
            onClick={() => setDraft(blockButtonDraft())}
          >
            Block Time
          </button>
        </div>
      </div>
      {failures.length > 0 ? (
        <div className="stack">
          {failures.map((f) => (
            <p key={f} className="notice notice--error" role="alert">{`Error: ${f}`}</p>
          ))}
          <div>
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (availability.error.peek()) void availability.refresh();
                if (bookings.error.peek()) void bookings.refresh();
                if (blocked.error.peek()) void blocked.refresh();
              }}
            >
              Try again
            </button>
          </div>
        </div>
      ) : (
        <div className="cal-frame card" aria-busy={eventsLoading} {...swipe}>
          {gridOn && (
            <BusinessCalendar
              events={events}
              travel={travel}
              busy={busy}
              onSelectBusy={setBusyShown}
              resources={resources}
              columnHours={crewHours}
              view={view}
              date={date}
              hours={gridHours}
              getNow={getNow}
              openAt={openAt}
              onView={onView}
              onNavigate={onNavigate}
              onMove={onMove}
              onSelectSlot={onSelectSlot}
              onSelectEvent={onSelectEvent}
            />
          )}
        </div>
      )}
      {/* Below the grid, never above it: the crews arrive after the page is drawn, and a row above
          pushed the day's grid down (a layout shift) and out of a phone's top third. */}
      {view === 'day' && (
        <nav className="cal-routes" aria-label="The day's routes">
          {routeCrews.map((c) => (
            <Link key={c.id} className="btn btn--small" to={`/dashboard/route/${c.id}/${day}`}>
              {c.title ? `Route: ${c.title}` : "The day's route"}
            </Link>
          ))}
          {/* Who waits for a time this day, and what was offered and filled (docs/decisions/056). */}
          <Link className="btn btn--small" to={`/dashboard/waitlist/${day}`}>
            Waiting list
          </Link>
        </nav>
      )}
      {choosing && (
        <SlotChoiceDialog
          draft={choosing}
          timeZone={timeZone}
          onBlock={() => {
            setDraft(choosing);
            setChoosing(null);
          }}
          onCancel={() => setChoosing(null)}
        />
      )}
      {draft && (
        <BlockTimeDialog draft={draft} timeZone={timeZone} onSave={saveBlock} onCancel={() => setDraft(null)} />
      )}
      {selected && (
        <EventDialog
          key={selected.key}
          event={selected}
          timeZone={timeZone}
          crews={named ? crewList : undefined}
          onMove={move}
          onDelete={deleteBlock}
          onBookingChange={(b) => patchList(bookings, (list) => list.map((x) => (x._id === b._id ? b : x)))}
          onClose={() => setSelectedKey(null)}
        />
      )}
      {busyShown && <BusyDialog event={busyShown} onClose={() => setBusyShown(null)} />}
      {/* After the event's dialog: a move asked from it is answered on top of it. */}
      {asking && <MoveScopeDialog event={asking.event} start={asking.start} onChoose={asking.answer} />}
    </>
  );
}
