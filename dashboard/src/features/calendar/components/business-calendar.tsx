/**
 * react-big-calendar with drag and drop on the date-fns localizer, weeks from Monday,
 * 30-minute slots over 24 hours labelled on the hour on the owner's clock ("9 AM", or
 * "09:00" on 24 hours; shared/src/clock.ts). Every Date here is a
 * wall date (wall-clock.ts). Memoised: the page re-renders for its dialogs without
 * touching the calendar, and every prop is stable so a drag re-renders only what
 * react-big-calendar itself needs.
 */
import { formatClock, formatHour, type TimeFormat } from '@slotwise/shared/clock';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { type CSSProperties, type KeyboardEvent, memo, type SyntheticEvent, useEffect, useMemo, useRef } from 'react';
import {
  Calendar,
  type Components,
  dateFnsLocalizer,
  type EventProps,
  type Formats,
  type Messages,
  type ResourceHeaderProps,
  type SlotInfo,
  type View,
} from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { CrewDot } from '../../../components/crew-chip.tsx';
import { formatTime, useTimeFormat } from '../../../lib/format.ts';
import '../calendar.css';
import type { BusyEvent } from '../busy-events.ts';
import { type CalendarEvent, type HoursByWeekday, slotIsOpen, type TravelEvent } from '../calendar-events.ts';
import type { CrewColumn } from '../crew-columns.ts';
import { withFastDates } from '../fast-dates.ts';
import { beforeOpening } from '../opening-time.ts';
import { usePlainCalendarRoles } from '../plain-roles.ts';
import { HOLD_MS, holdToDrag } from '../touch-drag.ts';
import { CALENDAR_VIEWS, type CalendarView, dayOf, timeOf, WEEK_STARTS_ON } from '../wall-clock.ts';

const localizer = withFastDates(
  dateFnsLocalizer({
    format,
    parse,
    // The localizer asks for the start of a week with the locale's options; the business week starts on Monday.
    startOfWeek: (date: Date, options?: object) => startOfWeek(date, { ...options, weekStartsOn: WEEK_STARTS_ON }),
    getDay,
    locales: { 'en-US': enUS },
  }),
);

/**
 * The addon ships only as CommonJS. Vite's build imports a type-module package's CJS
 * default as module.exports (Node's rule), its dev server and Vitest as exports.default.
 */
function cjsDefault<T>(mod: T | { default: T }): T {
  return typeof mod === 'object' && mod !== null && 'default' in mod ? mod.default : (mod as T);
}
const withDragAndDrop = cjsDefault(dragAndDrop);

/** What the grid draws: events, the drives between them behind (background events), the owner's own calendars' busy times. */
type CalendarItem = CalendarEvent | TravelEvent | BusyEvent;
const DnDCalendar = withDragAndDrop<CalendarItem, CrewColumn>(Calendar);

/** The calendar's labels on a clock: the hours of the axis, and each event's and selection's times. */
function calendarFormats(clock: TimeFormat): Formats {
  // A wall date's time, without parsing a date-fns pattern for each of the hundreds of labels.
  const hm = (d: Date) => formatClock(timeOf(d), clock);
  return {
    // One row per 30-minute slot, a label on each hour: "9 AM" (half hours stay blank).
    timeGutterFormat: (date) => (date.getMinutes() === 0 ? formatHour(date.getHours(), clock) : ''),
    eventTimeRangeFormat: ({ start, end }) => `${hm(start)} – ${hm(end)}`,
    eventTimeRangeStartFormat: ({ start }) => `${hm(start)} –`,
    eventTimeRangeEndFormat: ({ end }) => `– ${hm(end)}`,
    selectRangeFormat: ({ start, end }) => `${hm(start)} – ${hm(end)}`,
    dateFormat: 'd',
    dayFormat: 'EEE d',
    dayHeaderFormat: 'EEEE, MMMM d, yyyy',
  };
}
const FORMATS: Record<TimeFormat, Formats> = { '12h': calendarFormats('12h'), '24h': calendarFormats('24h') };

const messages: Messages<CalendarItem> = {
  showMore: (count) => `+${count} more`,
};

const VIEWS: View[] = [...CALENDAR_VIEWS];

/**
 * The time gutter's width, fixed (calendar.css sets the same). Left to itself the time
 * grid measures it after mounting and renders every column again, which then makes it
 * measure its scrollbar and render a third time: most of a first render's cost.
 */
const GUTTER_PX = 56;
// `width` reaches the time grid through the calendar's props but is missing from @types/react-big-calendar.
const TIME_GRID_PROPS = { width: GUTTER_PX };

/**
 * A plan's visit carries a repeat mark, named for screen readers ("Repeats: Weekly"); a
 * one-off booking's title is drawn as react-big-calendar draws it.
 */
function RepeatMark({ event }: { event: CalendarItem }) {
  if (event.kind !== 'booking' || !event.repeats) return null;
  return (
    <>
      <span className="cal-repeat" role="img" aria-label={event.repeats}>
        ↻
      </span>{' '}
    </>
  );
}

/** With two or more crews, the crew's name for screen readers (its colour is the stripe beside the event). */
function CrewName({ event }: { event: CalendarItem }) {
  if (event.kind !== 'booking' || !event.crew) return null;
  return <span className="visually-hidden">{`, ${event.crew.name}`}</span>;
}

/** Week and day events: a plan's repeat mark, the title, and the crew. */
function TimeEvent({ event, title }: EventProps<CalendarItem>) {
  return (
    <>
      <RepeatMark event={event} />
      {title}
      <CrewName event={event} />
    </>
  );
}

/**
 * Month cells have no time axis: each event leads with its start time. react-big-calendar
 * gives a month event no tab stop (week and day events have one), so the content takes
 * it: Tab reaches the event, and Enter or Space bubbles to the cell's key handler, which
 * opens it as in the other views.
 */
function MonthEvent({ event }: EventProps<CalendarItem>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> cannot sit inside react-big-calendar's event, which handles the click and drag itself.
    <span className="cal-month-event" role="button" tabIndex={0}>
      {/* A connected calendar's whole day has no start time to lead with. */}
      {event.kind === 'busy' && event.allDay ? null : (
        <span className="cal-month-time">{formatTime(timeOf(event.start))}</span>
      )}{' '}
      <RepeatMark event={event} />
      {event.title}
      <CrewName event={event} />
    </span>
  );
}

/** A crew's column in the day view: its colour and name. */
function CrewHeader({ label, resource }: ResourceHeaderProps<CrewColumn>) {
  return (
    <span className="cal-crew-header" title={resource.title}>
      <CrewDot color={resource.color} />
      {label}
    </span>
  );
}
const COMPONENTS: Components<CalendarItem, CrewColumn> = {
  event: TimeEvent,
  month: { event: MonthEvent },
  resourceHeader: CrewHeader,
};

// Precomputed class objects: react-big-calendar calls these getters for every slot and event on every render.
const OPEN = { className: 'cal-slot--open' };
const CLOSED = { className: 'cal-slot--closed' };
const NO_PROPS = {};
const CLOSED_DAY = { className: 'cal-day--closed' };
const EVENT_PROPS: Record<CalendarItem['color'], { className: string }> = {
  amber: { className: 'cal-event cal-event--amber' },
  green: { className: 'cal-event cal-event--green' },
  blue: { className: 'cal-event cal-event--blue' },
  red: { className: 'cal-event cal-event--red' },
  grey: { className: 'cal-event cal-event--grey' },
  blocked: { className: 'cal-event cal-event--blocked' },
  travel: { className: 'cal-travel' },
  busy: { className: 'cal-event cal-event--busy' },
};
/** A plan's visit that holds no time (needs_time, skipped): faint, so it never reads as taking its slot. */
const TIMELESS_PROPS: Partial<Record<CalendarItem['color'], { className: string }>> = {
  amber: { className: 'cal-event cal-event--amber cal-event--timeless' },
  grey: { className: 'cal-event cal-event--grey cal-event--timeless' },
};
/** An event's props with what varies beside its colour (a crew's stripe, movable by touch), made once per combination. */
const MORE_PROPS = new Map<string, { className: string; style?: CSSProperties }>();
function withMore(props: { className: string }, crewColor: string | undefined, movable: boolean) {
  const key = `${props.className}|${crewColor ?? ''}|${movable}`;
  let made = MORE_PROPS.get(key);
  if (!made) {
    // cal-event--movable: touch-drag.ts lifts these on a press and hold.
    const className = `${props.className}${crewColor ? ' cal-event--crew' : ''}${movable ? ' cal-event--movable' : ''}`;
    made = crewColor ? { className, style: { '--crew-color': crewColor } as CSSProperties } : { className };
    MORE_PROPS.set(key, made);
  }
  return made;
}
const eventPropGetter = (event: CalendarItem) => {
  const props =
    (event.kind === 'booking' && !event.holdsTime && TIMELESS_PROPS[event.color]) || EVENT_PROPS[event.color];
  const crewColor = event.kind === 'booking' ? event.crew?.color : undefined;
  const movable = (event.kind === 'booking' || event.kind === 'blocked') && event.movable;
  return crewColor || movable ? withMore(props, crewColor, movable) : props;
};
const NO_TRAVEL: TravelEvent[] = [];
const NO_BUSY: BusyEvent[] = [];

export interface BusinessCalendarProps {
  events: CalendarEvent[];
  /** Drives between jobs (week and day views), behind the events; never dragged or opened. */
  travel?: TravelEvent[];
  /** The connected calendars' busy times (busy-events.ts): never dragged; a click opens onSelectBusy. */
  busy?: BusyEvent[];
  onSelectBusy?: (event: BusyEvent) => void;
  /** The day view's columns, one per crew (two or more crews); absent: one column per day. */
  resources?: CrewColumn[];
  /** The hours of the columns whose crew has its own week (the others shade by `hours`). */
  columnHours?: ReadonlyMap<string, HoursByWeekday>;
  view: CalendarView;
  date: Date;
  /** Null while the business hours load: nothing is shaded yet. */
  hours: HoursByWeekday | null;
  /** The business's "now" as a wall date. */
  getNow: () => Date;
  /** The minute of the day the time grid opens at (opening-time.ts); null until the shown day's events are in. */
  openAt: number | null;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  /** `crewId`: the column it was dropped on, in the day view by crew. */
  onMove: (event: CalendarEvent, start: Date, end: Date, isAllDay: boolean, crewId?: string) => void;
  onSelectSlot: (slot: SlotInfo) => void;
  onSelectEvent: (event: CalendarEvent) => void;
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export const BusinessCalendar = memo(function BusinessCalendar({
  events,
  travel = NO_TRAVEL,
  busy = NO_BUSY,
  onSelectBusy,
  resources,
  columnHours,
  view,
  date,
  hours,
  getNow,
  openAt,
  onView,
  onNavigate,
  onMove,
  onSelectSlot,
  onSelectEvent,
}: BusinessCalendarProps) {
  const formats = FORMATS[useTimeFormat()];
  const slotPropGetter = useMemo(
    () => (slot: Date, resourceId?: number | string) => {
      if (!hours) return NO_PROPS;
      const own = typeof resourceId === 'string' ? columnHours?.get(resourceId) : undefined;
      return slotIsOpen(own ?? hours, slot) ? OPEN : CLOSED;
    },
    [hours, columnHours],
  );
  const dayPropGetter = useMemo(() => (day: Date) => (!hours || hours[day.getDay()] ? NO_PROPS : CLOSED_DAY), [hours]);
  // Week and day events are role=button with tabIndex 0; Enter or Space opens them like a click.
  const keyHandler = useMemo(
    () => (event: CalendarItem, e: SyntheticEvent<HTMLElement>) => {
      const { key } = e as KeyboardEvent<HTMLElement>;
      if (event.kind === 'travel') return;
      if (key === 'Enter' || key === ' ') {
        e.preventDefault();
        if (event.kind === 'busy') onSelectBusy?.(event);
        else onSelectEvent(event);
      }
    },
    [onSelectEvent, onSelectBusy],
  );
  const dropHandler = useMemo(
    () =>
      ({ event, start, end, isAllDay, resourceId }: EventInteractionArgs<CalendarItem>) => {
        // Without columns react-big-calendar answers a placeholder object, not a crew's id.
        const crewId = typeof resourceId === 'string' ? resourceId : undefined;
        if (event.kind !== 'travel' && event.kind !== 'busy')
          onMove(event, toDate(start), toDate(end), !!isAllDay, crewId);
      },
    [onMove],
  );
  // react-big-calendar selects a clicked background event too: a drive is not an event to open.
  const selectHandler = useMemo(
    () => (event: CalendarItem) => {
      if (event.kind === 'busy') onSelectBusy?.(event);
      else if (event.kind !== 'travel') onSelectEvent(event);
    },
    [onSelectEvent, onSelectBusy],
  );
  const shown = useMemo(() => (busy.length > 0 ? [...events, ...busy] : events), [events, busy]);
  // react-big-calendar scrolls to scrollToTime only as a time grid mounts, before the day's events
  // are in: it opens where the hours say, and the effect below moves it once they are.
  const mountMinute = openAt ?? beforeOpening(hours, date);
  const scrollToTime = useMemo(
    () => new Date(1970, 0, 1, Math.floor(mountMinute / 60), mountMinute % 60),
    [mountMinute],
  );
  const frame = useRef<HTMLDivElement>(null);
  usePlainCalendarRoles(frame);
  useEffect(() => (frame.current ? holdToDrag(frame.current) : undefined), []);
  // The day shown, where its grid stood when it was first drawn, and whether it has been opened at openAt.
  const placed = useRef({ key: '', top: 0, done: false });
  useEffect(() => {
    const content = frame.current?.querySelector<HTMLElement>('.rbc-time-content');
    if (!content) return;
    const key = `${view} ${dayOf(date)}`;
    if (placed.current.key !== key) {
      // A new day: this render's events may still be the last day's (its range loads in an effect), so wait for the next.
      placed.current = { key, top: content.scrollTop, done: false };
      return;
    }
    if (openAt === null || placed.current.done) return;
    placed.current.done = true;
    // Leave it alone if the owner has scrolled since the day was drawn.
    if (Math.abs(content.scrollTop - placed.current.top) > 2) return;
    content.scrollTop = (content.scrollHeight * openAt) / (24 * 60);
  }, [openAt, view, date]);

  return (
    <div ref={frame} className="cal-rbc">
      <DnDCalendar
        localizer={localizer}
        culture="en-US"
        events={shown}
        backgroundEvents={travel}
        resources={resources}
        resourceAccessor="resourceId"
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        view={view}
        views={VIEWS}
        date={date}
        getNow={getNow}
        onView={onView as (view: View) => void}
        onNavigate={onNavigate}
        step={30}
        {...TIME_GRID_PROPS}
        timeslots={1}
        formats={formats}
        messages={messages}
        components={COMPONENTS}
        scrollToTime={scrollToTime}
        showMultiDayTimes
        popup
        selectable
        longPressThreshold={HOLD_MS}
        resizable
        draggableAccessor="movable"
        resizableAccessor="resizable"
        tooltipAccessor="tooltip"
        eventPropGetter={eventPropGetter}
        slotPropGetter={slotPropGetter}
        dayPropGetter={dayPropGetter}
        onEventDrop={dropHandler}
        onEventResize={dropHandler}
        onSelectSlot={onSelectSlot}
        onSelectEvent={selectHandler}
        onKeyPressEvent={keyHandler}
      />
    </div>
  );
});
