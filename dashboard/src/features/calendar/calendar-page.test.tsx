/**
 * The calendar page against a fake server at the fetch boundary, in Asia/Tokyo while
 * the business is in Los Angeles. Drags and range selections are pointer gestures
 * jsdom cannot lay out, so those tests call the drag-and-drop calendar's own
 * onEventDrop / onSelectSlot props (testing/captured-calendar.tsx; the real component still renders).
 */
import type { BlockedTime, Booking } from '@slotwise/shared/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotInfo } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../components/toaster.tsx';
import { withUndo } from '../../testing/bookings.ts';
import { captured } from '../../testing/captured-calendar.tsx';
import { deferred, type FakeRequest, fakeApi, onboardedProfile, type Reply } from '../../testing/fake-api.ts';
import { onPhone } from '../../testing/phone.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';
import { makeUndelivered } from '../../testing/undelivered.ts';
import type { CalendarEvent } from './calendar-events.ts';
import { wallDate } from './wall-clock.ts';

interface DnDProps {
  events: CalendarEvent[];
  onEventDrop: (args: EventInteractionArgs<CalendarEvent>) => void;
  onEventResize: (args: EventInteractionArgs<CalendarEvent>) => void;
  onSelectSlot: (slot: SlotInfo) => void;
}

const BOOKING: Booking = {
  _id: '0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e12',
  firstName: 'Dana',
  lastName: 'Reyes',
  serviceName: 'Full Detail',
  customerEmail: 'dana@example.com',
  phoneNumber: '+1 5550101010',
  carBodyType: 'SUV',
  totalQuote: 180,
  customerAddress: null,
  status: 'pending',
  bookingTime: { day: '2026-03-11', startTime: '10:00', endTime: '11:00' },
};
const APPROVED: Booking = {
  ...BOOKING,
  _id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  firstName: 'Sam',
  lastName: 'Okafor',
  serviceName: 'Wash',
  status: 'approved',
  bookingTime: { day: '2026-03-12', startTime: '15:00', endTime: '15:30' },
};
// 19:00-20:00 UTC on 2026-03-10 is 12:00-13:00 in Los Angeles (PDT), 04:00-05:00 on the 11th in Tokyo.
const LUNCH: BlockedTime = {
  _id: '5e1d2c3b-4a59-4f68-8a7b-9c0d1e2f3a4b',
  title: 'Blocked Time',
  reason: 'lunch',
  startTime: '2026-03-10T19:00:00.000Z',
  endTime: '2026-03-10T20:00:00.000Z',
};

type Routes = Record<string, Reply | ((req: FakeRequest) => Reply | Promise<Reply>)>;

function serve(routes: Routes = {}) {
  return fakeApi({
    'GET /api/business-dashboard/availability': { body: [] },
    'GET /api/business-dashboard/bookings': { body: { bookings: [BOOKING, APPROVED] } },
    'GET /api/business-dashboard/blocked-times': { body: [LUNCH] },
    ...routes,
  });
}

async function openCalendar(path = '/dashboard/calendar?date=2026-03-11', routes: Routes = {}) {
  storeToken();
  const api = serve(routes);
  const app = renderApp(path);
  // The first test also waits for the lazy route's chunk to compile.
  await screen.findByText('Full Detail · Dana Reyes', {}, { timeout: 10_000 });
  return { api, ...app };
}

function eventBox(title: string): HTMLElement {
  const calendar = document.querySelector<HTMLElement>('.rbc-calendar');
  if (!calendar) throw new Error('The calendar is not on the page.');
  const box = within(calendar).getByText(title).closest('.rbc-event');
  if (!(box instanceof HTMLElement)) throw new Error(`No calendar event titled ${title}`);
  return box;
}

function props(): DnDProps {
  if (!captured.props) throw new Error('The drag-and-drop calendar has not rendered.');
  return captured.props as unknown as DnDProps;
}

function eventByTitle(title: string): CalendarEvent {
  const e = props().events.find((x) => x.title === title);
  if (!e) throw new Error(`No event titled ${title}`);
  return e;
}

// react-big-calendar renders slowly in jsdom (hundreds of slot nodes per view).
vi.setConfig({ testTimeout: 30_000 });

const rangeOf = (req: FakeRequest) => [req.url.searchParams.get('from'), req.url.searchParams.get('to')];

beforeEach(() => {
  captured.props = null;
  // react-big-calendar's Selection hit-tests every mousedown on the page; jsdom has no layout to ask.
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calendar views', () => {
  it('opens on the week view, weeks starting on Monday, fetching only that week', async () => {
    // 2026-03-15 is a Sunday: a Sunday-first calendar would show 15-21.
    const { api } = await openCalendar('/dashboard/calendar?date=2026-03-15');
    expect(screen.getByRole('button', { name: 'Week' })).toHaveClass('rbc-active');
    const headers = [...document.querySelectorAll('.rbc-time-header .rbc-header')].map((h) => h.textContent);
    expect(headers).toEqual(['Mon 9', 'Tue 10', 'Wed 11', 'Thu 12', 'Fri 13', 'Sat 14', 'Sun 15']);
    expect(api.callsTo('GET /api/business-dashboard/bookings').map(rangeOf)).toEqual([['2026-03-09', '2026-03-15']]);
    expect(api.callsTo('GET /api/business-dashboard/blocked-times').map(rangeOf)).toEqual([
      ['2026-03-09', '2026-03-15'],
    ]);
  });

  it("starts on today's week in the business's zone, not the browser's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Sunday 2026-03-15 20:00 in Los Angeles; already Monday 2026-03-16 12:00 in Tokyo.
    vi.setSystemTime(new Date('2026-03-16T03:00:00Z'));
    const { api } = await openCalendar('/dashboard/calendar');
    expect(api.callsTo('GET /api/business-dashboard/bookings').map(rangeOf)).toEqual([['2026-03-09', '2026-03-15']]);
    expect(document.querySelector('.rbc-time-header .rbc-today')?.textContent).toBe('Sun 15');
  });

  const gutterLabels = () =>
    [...(document.querySelector('.rbc-time-gutter')?.querySelectorAll('.rbc-time-slot') ?? [])].map(
      (r) => r.textContent,
    );

  it('labels the 30-minute rows on the hour on a 12-hour clock, across 24 hours', async () => {
    await openCalendar();
    const labels = gutterLabels();
    expect(labels).toHaveLength(48);
    expect(labels.filter(Boolean)).toEqual([
      '12 AM',
      ...Array.from({ length: 11 }, (_, h) => `${h + 1} AM`),
      '12 PM',
      ...Array.from({ length: 11 }, (_, h) => `${h + 1} PM`),
    ]);
    // Every other row (half past) is unlabelled.
    expect(labels[19]).toBe('');
    expect(labels[20]).toBe('10 AM');
  });

  it("follows an owner's 24-hour clock: the axis, the events and the drag messages", async () => {
    await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/onboarding/profile': { body: { ...onboardedProfile, timeFormat: '24h' } },
    });
    await waitFor(() => expect(gutterLabels()[20]).toBe('10:00'));
    expect(gutterLabels().filter(Boolean)).toEqual(
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
    );
    expect(within(eventBox('Full Detail · Dana Reyes')).getByText('10:00 – 11:00')).toBeInTheDocument();
    expect(within(eventBox('Lunch Break')).getByText('12:00 – 13:00')).toBeInTheDocument();
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-11', '18:30'),
        end: wallDate('2026-03-11', '19:30'),
      }),
    );
    expect(shownToasts()).toContainEqual(expect.stringContaining('within business hours (Wednesday 10:00 – 19:00)'));
  });

  it('switches to month and day views, fetching each visible range, and keeps the view in the URL', async () => {
    const { api, user, location } = await openCalendar('/dashboard/calendar?date=2026-03-15');
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Month' })).toHaveClass('rbc-active');
    // Month weekday headings start on Monday too.
    expect([...document.querySelectorAll('.rbc-month-header .rbc-header')].map((h) => h.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    await waitFor(() =>
      expect(api.callsTo('GET /api/business-dashboard/bookings').map(rangeOf).at(-1)).toEqual([
        '2026-02-23',
        '2026-04-05',
      ]),
    );
    expect(location().search).toContain('view=month');
    // Month cells have no time axis, so each event leads with its start time.
    await waitFor(() =>
      expect(document.querySelector('.rbc-month-view')?.textContent).toContain('10:00 AM Full Detail · Dana Reyes'),
    );

    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByText('Sunday, March 15, 2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /api/business-dashboard/blocked-times').map(rangeOf).at(-1)).toEqual([
        '2026-03-15',
        '2026-03-15',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Week' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/business-dashboard/bookings').map(rangeOf).at(-1)).toEqual([
        '2026-03-16',
        '2026-03-22',
      ]),
    );
    expect(location().search).toContain('date=2026-03-22');
  });
});

describe('accessibility', () => {
  const TABLE_ROLES = '.cal-rbc :is([role=table], [role=rowgroup], [role=row], [role=cell], [role=columnheader])';

  it("keeps none of react-big-calendar's broken table roles, and the hours scroll in a region Tab reaches", async () => {
    const { user } = await openCalendar();
    expect(document.querySelectorAll(TABLE_ROLES)).toHaveLength(0);
    const hours = screen.getByRole('region', { name: 'Hours of the day' });
    expect(hours).toHaveClass('rbc-time-content');
    expect(hours).toHaveAttribute('tabindex', '0');
    expect(within(hours).getByText('Full Detail · Dana Reyes')).toBeInTheDocument();

    // A view rendered later loses them too.
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.rbc-month-view')).not.toBeNull());
    expect(document.querySelectorAll(TABLE_ROLES)).toHaveLength(0);
    expect(document.querySelector('.rbc-month-view')).not.toHaveAttribute('aria-label');
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByText('Wednesday, March 11, 2026')).toBeInTheDocument();
    expect(document.querySelectorAll(TABLE_ROLES)).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Hours of the day' })).toHaveAttribute('tabindex', '0');
  });
});

describe('events', () => {
  it("draws bookings by status colour and blocked times grey, at the business's times", async () => {
    await openCalendar();
    const pending = eventBox('Full Detail · Dana Reyes');
    expect(pending).toHaveClass('cal-event--amber');
    expect(within(pending).getByText('10:00 AM – 11:00 AM')).toBeInTheDocument();
    expect(eventBox('Wash · Sam Okafor')).toHaveClass('cal-event--green');
    const lunch = eventBox('Lunch Break');
    expect(lunch).toHaveClass('cal-event--blocked');
    expect(within(lunch).getByText('12:00 PM – 1:00 PM')).toBeInTheDocument();
    // Tuesday's column holds the lunch break: in Tokyo it would fall on Wednesday at 4:00.
    const columns = [...document.querySelectorAll('.rbc-time-content > .rbc-day-slot')];
    expect(columns[1]?.contains(lunch)).toBe(true);
  });

  it('shades closed hours: weekdays open 10:00-19:00 by default, the weekend closed', async () => {
    await openCalendar();
    const columns = [...document.querySelectorAll('.rbc-time-content > .rbc-day-slot')];
    const open = columns.map((c) => c.querySelectorAll('.rbc-time-slot.cal-slot--open').length);
    expect(open).toEqual([18, 18, 18, 18, 18, 0, 0]);
    const monday = [...(columns[0]?.querySelectorAll('.rbc-time-slot') ?? [])];
    expect(monday[19]).toHaveClass('cal-slot--closed'); // 9:30
    expect(monday[20]).toHaveClass('cal-slot--open'); // 10:00
    expect(monday[38]).toHaveClass('cal-slot--closed'); // 19:00
  });

  it('follows the hours the server sends', async () => {
    await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/availability': {
        body: [
          { day: 'Saturday', startTime: '08:00', endTime: '12:00' },
          { day: 'Monday', startTime: null, endTime: null },
        ],
      },
    });
    const columns = [...document.querySelectorAll('.rbc-time-content > .rbc-day-slot')];
    expect(columns.map((c) => c.querySelectorAll('.cal-slot--open').length)).toEqual([0, 18, 18, 18, 18, 8, 0]);
  });
});

describe('loading and errors', () => {
  it("shows 'Loading...' while the calendar's data is on its way", async () => {
    storeToken();
    const gate = deferred<Reply>();
    const api = serve({ 'GET /api/business-dashboard/bookings': () => gate.promise });
    renderApp('/dashboard/calendar?date=2026-03-11');
    await waitFor(() => expect(api.callsTo('GET /api/business-dashboard/blocked-times')).toHaveLength(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    // The empty grid is drawn meanwhile (marked busy), so only the events remain to render.
    await waitFor(() => expect(document.querySelector('.cal-frame')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('button', { name: 'Block Time' })).toBeDisabled();
    gate.resolve({ body: { bookings: [] } });
    expect(await screen.findByText('Lunch Break')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(document.querySelector('.cal-frame')).toHaveAttribute('aria-busy', 'false');
  });

  it('draws the grid before the business hours arrive, shading closed hours once they do', async () => {
    storeToken();
    const gate = deferred<Reply>();
    serve({ 'GET /api/business-dashboard/availability': () => gate.promise });
    renderApp('/dashboard/calendar?date=2026-03-11');
    await waitFor(() => expect(document.querySelector('.rbc-calendar')).not.toBeNull());
    expect(document.querySelector('.cal-slot--closed')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // A drop before the hours are known is refused, not sent.
    await waitFor(() => expect(props().events.length).toBeGreaterThan(0));
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Lunch Break'),
        start: wallDate('2026-03-11', '12:00'),
        end: wallDate('2026-03-11', '13:00'),
      }),
    );
    expect(shownToasts()).toContainEqual(expect.stringContaining('still loading'));
    gate.resolve({ body: [] });
    await waitFor(() =>
      expect(document.querySelectorAll('.rbc-time-content > .rbc-day-slot .cal-slot--open')).toHaveLength(5 * 18),
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('draws no bookings until the blocked times of the range are known too', async () => {
    storeToken();
    const gate = deferred<Reply>();
    const api = serve({ 'GET /api/business-dashboard/blocked-times': () => gate.promise });
    renderApp('/dashboard/calendar?date=2026-03-11');
    await waitFor(() => expect(api.callsTo('GET /api/business-dashboard/bookings')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.rbc-calendar')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.rbc-event')).toBeNull();
    gate.resolve({ body: [LUNCH] });
    expect(await screen.findByText('Full Detail · Dana Reyes')).toBeInTheDocument();
    expect(screen.getByText('Lunch Break')).toBeInTheDocument();
  });

  it("shades the hours together with the range's events, in one render, not before them", async () => {
    storeToken();
    const gate = deferred<Reply>();
    const api = serve({ 'GET /api/business-dashboard/bookings': () => gate.promise });
    renderApp('/dashboard/calendar?date=2026-03-11');
    await waitFor(() => expect(api.callsTo('GET /api/business-dashboard/availability')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.rbc-calendar')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.cal-slot--open')).toBeNull();
    gate.resolve({ body: { bookings: [BOOKING] } });
    expect(await screen.findByText('Full Detail · Dana Reyes')).toBeInTheDocument();
    expect(document.querySelectorAll('.rbc-time-content > .rbc-day-slot .cal-slot--open')).toHaveLength(5 * 18);
  });

  it.each([
    ['bookings', 'GET /api/business-dashboard/bookings', 'Error: Failed to fetch bookings'],
    ['blocked times', 'GET /api/business-dashboard/blocked-times', 'Error: Failed to fetch blocked times'],
    ['availability', 'GET /api/business-dashboard/availability', 'Error: Failed to fetch availability'],
  ])("shows 'Error: ' and the message when %s fail", async (_what, route, text) => {
    storeToken();
    serve({ [route]: { status: 500, body: {} } });
    renderApp('/dashboard/calendar?date=2026-03-11');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(document.querySelector('.rbc-calendar')).toBeNull();
  });

  it("shows the server's own words when it gave some, and recovers with Try again", async () => {
    storeToken();
    let fail = true;
    serve({
      'GET /api/business-dashboard/bookings': () =>
        fail ? { status: 400, body: { error: 'The range starts after it ends.' } } : { body: { bookings: [BOOKING] } },
    });
    const { user } = renderApp('/dashboard/calendar?date=2026-03-11');
    expect(await screen.findByText('Error: The range starts after it ends.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Full Detail · Dana Reyes')).toBeInTheDocument();
  });
});

describe('dragging', () => {
  it('reschedules a dropped booking with requestor business', async () => {
    const { api } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/booking/reschedule': {
        body: withUndo({ ...BOOKING, bookingTime: { day: '2026-03-13', startTime: '14:00', endTime: '15:00' } }),
      },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-13', '14:00'),
        end: wallDate('2026-03-13', '15:00'),
      }),
    );
    await waitFor(() => expect(api.callsTo('PUT /api/business-dashboard/booking/reschedule')).toHaveLength(1));
    expect(api.callsTo('PUT /api/business-dashboard/booking/reschedule')[0]?.body).toEqual({
      bookingId: BOOKING._id,
      newTime: { day: '2026-03-13', startTime: '14:00' },
      requestor: 'business',
    });
    await waitFor(() =>
      expect(within(eventBox('Full Detail · Dana Reyes')).getByText('2:00 PM – 3:00 PM')).toBeInTheDocument(),
    );
    const columns = [...document.querySelectorAll('.rbc-time-content > .rbc-day-slot')];
    expect(columns[4]?.contains(eventBox('Full Detail · Dana Reyes'))).toBe(true);
  });

  it("moves the booking back and alerts the server's message when the move is refused", async () => {
    const answer = deferred<Reply>();
    await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/booking/reschedule': () => answer.promise,
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-12', '15:00'),
        end: wallDate('2026-03-12', '16:00'),
      }),
    );
    // While the server decides, the booking shows where it was dropped.
    await waitFor(() =>
      expect(within(eventBox('Full Detail · Dana Reyes')).getByText('3:00 PM – 4:00 PM')).toBeInTheDocument(),
    );
    const message = 'That time overlaps Wash for Sam Okafor (15:00–15:30). Pick a free time.';
    answer.resolve({ status: 409, body: { error: message } });
    await waitFor(() => expect(shownToasts()).toContainEqual(message));
    await waitFor(() =>
      expect(within(eventBox('Full Detail · Dana Reyes')).getByText('10:00 AM – 11:00 AM')).toBeInTheDocument(),
    );
  });

  it('sends the version it read; a booking changed meanwhile is refused, alerted and shown where it is now', async () => {
    let moved = false;
    const message =
      'This booking was changed meanwhile; it is now on Thursday, March 12, 2026 at 16:00. Reload and try again.';
    const { api } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/bookings': () => ({
        body: {
          bookings: [
            moved
              ? { ...BOOKING, version: 3, bookingTime: { day: '2026-03-12', startTime: '16:00', endTime: '17:00' } }
              : { ...BOOKING, version: 2 },
          ],
        },
      }),
      'PUT /api/business-dashboard/booking/reschedule': () => {
        moved = true;
        return { status: 409, body: { error: message, code: 'BOOKING_CHANGED' } };
      },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-13', '14:00'),
        end: wallDate('2026-03-13', '15:00'),
      }),
    );
    await waitFor(() => expect(shownToasts()).toContainEqual(message));
    expect(api.callsTo('PUT /api/business-dashboard/booking/reschedule')[0]?.body).toMatchObject({ version: 2 });
    await waitFor(() =>
      expect(within(eventBox('Full Detail · Dana Reyes')).getByText('4:00 PM – 5:00 PM')).toBeInTheDocument(),
    );
  });

  it("alerts 'Failed to reschedule booking' when the server gives no reason", async () => {
    await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/booking/reschedule': { status: 500, body: {} },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-11', '13:00'),
        end: wallDate('2026-03-11', '14:00'),
      }),
    );
    await waitFor(() => expect(shownToasts()).toContainEqual('Failed to reschedule booking'));
    expect(within(eventBox('Full Detail · Dana Reyes')).getByText('10:00 AM – 11:00 AM')).toBeInTheDocument();
  });

  it('keeps drops inside business hours, without asking the server', async () => {
    const { api } = await openCalendar();
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-11', '18:30'),
        end: wallDate('2026-03-11', '19:30'),
      }),
    );
    expect(shownToasts()).toContainEqual(
      expect.stringContaining('within business hours (Wednesday 10:00 AM – 7:00 PM)'),
    );
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Lunch Break'),
        start: wallDate('2026-03-14', '12:00'),
        end: wallDate('2026-03-14', '13:00'),
      }),
    );
    expect(shownToasts().at(-1)).toEqual(expect.stringContaining('Saturday (closed)'));
    expect(api.callsTo('PUT /api/business-dashboard/booking/reschedule')).toHaveLength(0);
    expect(api.callsTo('PUT /api/business-dashboard/blocked-time/:id/reschedule')).toHaveLength(0);
  });

  it('moves and resizes a blocked time with instants in the business zone, reverting on failure', async () => {
    let refuse = false;
    const { api } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/blocked-time/:id/reschedule': (req) =>
        refuse
          ? { status: 409, body: { error: 'That time overlaps a booking. Move or decline the booking first.' } }
          : { body: { ...LUNCH, ...(req.body as object) } },
    });
    act(() =>
      props().onEventResize({
        event: eventByTitle('Lunch Break'),
        start: wallDate('2026-03-10', '12:00'),
        end: wallDate('2026-03-10', '14:00'),
      }),
    );
    await waitFor(() =>
      expect(api.callsTo('PUT /api/business-dashboard/blocked-time/:id/reschedule')[0]?.body).toEqual({
        startTime: '2026-03-10T19:00:00.000Z',
        endTime: '2026-03-10T21:00:00.000Z',
      }),
    );
    expect(api.callsTo('PUT /api/business-dashboard/blocked-time/:id/reschedule')[0]?.params.id).toBe(LUNCH._id);
    await waitFor(() => expect(within(eventBox('Lunch Break')).getByText('12:00 PM – 2:00 PM')).toBeInTheDocument());

    refuse = true;
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Lunch Break'),
        start: wallDate('2026-03-11', '10:00'),
        end: wallDate('2026-03-11', '12:00'),
      }),
    );
    await waitFor(() =>
      expect(shownToasts()).toContainEqual('That time overlaps a booking. Move or decline the booking first.'),
    );
    await waitFor(() => expect(within(eventBox('Lunch Break')).getByText('12:00 PM – 2:00 PM')).toBeInTheDocument());
  });

  it('refuses a drop on the all-day row', async () => {
    const { api } = await openCalendar();
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-12'),
        end: wallDate('2026-03-13'),
        isAllDay: true,
      }),
    );
    expect(shownToasts()).toContainEqual(expect.stringContaining('all-day row'));
    expect(api.callsTo('PUT /api/business-dashboard/booking/reschedule')).toHaveLength(0);
  });
});

describe('Block Time Slot dialog', () => {
  /** Selects a range and picks "Block time" of the choice it opens (SlotChoiceDialog). */
  async function selectRange(start: Date, end: Date) {
    act(() => props().onSelectSlot({ start, end, slots: [start], action: 'select' }));
    const choice = await screen.findByRole('dialog', { name: 'This time' });
    fireEvent.click(within(choice).getByRole('button', { name: 'Block time' }));
    return screen.findByRole('dialog', { name: 'Block Time Slot' });
  }

  it('offers a New booking at the selected time beside blocking it', async () => {
    await openCalendar();
    act(() =>
      props().onSelectSlot({
        start: wallDate('2026-03-11', '13:00'),
        end: wallDate('2026-03-11', '14:00'),
        slots: [],
        action: 'select',
      }),
    );
    const choice = await screen.findByRole('dialog', { name: 'This time' });
    expect(within(choice).getByRole('link', { name: 'New booking' })).toHaveAttribute(
      'href',
      '/dashboard/bookings/new?date=2026-03-11&time=13:00',
    );
    expect(within(choice).getByRole('button', { name: 'Block time' })).toBeInTheDocument();
    fireEvent.click(within(choice).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on a selected range, preset from it', async () => {
    await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:30'));
    expect(within(dialog).getByLabelText('Start Time')).toHaveValue('13:00');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('14:30');
    expect(within(dialog).getByText(/Wed, Mar 11, 2026/)).toBeInTheDocument();
    // The zone named as everywhere else (shared zoneLabel), never its IANA id.
    expect(within(dialog).getByText(/times in Pacific Time, Los Angeles$/)).toBeInTheDocument();
    // Focus moves into the dialog.
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
  });

  it('offers the four reasons, and a title only for Custom, with placeholder Blocked Time', async () => {
    const { user } = await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '13:30'));
    const reason = within(dialog).getByLabelText('Reason');
    expect([...(reason as HTMLSelectElement).options].map((o) => [o.textContent, o.value])).toEqual([
      ['Lunch Break', 'lunch'],
      ['Meeting', 'meeting'],
      ['Off-platform Appointment', 'offline'],
      ['Custom', 'custom'],
    ]);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.selectOptions(reason, 'custom');
    expect(within(dialog).getByRole('textbox', { name: 'Title (optional)' })).toHaveAttribute(
      'placeholder',
      'Blocked Time',
    );
    await user.selectOptions(reason, 'meeting');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('offers start and end in 30-minute steps through the day up to 23:59', async () => {
    await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '13:30'));
    for (const label of ['Start Time', 'End Time']) {
      const values = [...(within(dialog).getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value);
      expect(values).toHaveLength(49);
      expect(values.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
      expect(values.slice(-3)).toEqual(['23:00', '23:30', '23:59']);
    }
  });

  it('defaults to 30 minutes: a click, or a whole day picked in the month view, from opening time', async () => {
    const { user } = await openCalendar();
    let dialog = await selectRange(wallDate('2026-03-11', '16:00'), wallDate('2026-03-11', '16:00'));
    expect(within(dialog).getByLabelText('Start Time')).toHaveValue('16:00');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('16:30');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await selectRange(wallDate('2026-03-12'), wallDate('2026-03-13'));
    expect(within(dialog).getByLabelText('Start Time')).toHaveValue('10:00');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('10:30');
    // A selection to midnight ends at 23:59, the last time of the day.
    await user.keyboard('{Escape}');
    dialog = await selectRange(wallDate('2026-03-12', '22:00'), wallDate('2026-03-13', '00:00'));
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('23:59');
  });

  it('saves with the title defaulting to Blocked Time, and draws the new block', async () => {
    const created: BlockedTime = {
      _id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      title: 'Blocked Time',
      reason: 'lunch',
      startTime: '2026-03-11T20:00:00.000Z',
      endTime: '2026-03-11T21:00:00.000Z',
    };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'POST /api/business-dashboard/blocked-time': { status: 201, body: created },
    });
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')[0]?.body).toEqual({
      title: 'Blocked Time',
      reason: 'lunch',
      // 13:00-14:00 in Los Angeles (PDT, UTC-7), whatever the browser's zone.
      startTime: '2026-03-11T20:00:00.000Z',
      endTime: '2026-03-11T21:00:00.000Z',
    });
    expect(screen.getAllByText('Lunch Break')).toHaveLength(2);
  });

  it('sends a Custom title as typed, and Blocked Time when it is left empty', async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'POST /api/business-dashboard/blocked-time': (req) => ({
        status: 201,
        body: { _id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', ...(req.body as object) },
      }),
    });
    let dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'custom');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (optional)' }), '  Dentist ');
    await user.selectOptions(within(dialog).getByLabelText('End Time'), '15:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')[0]?.body).toMatchObject({
      title: 'Dentist',
      reason: 'custom',
      endTime: '2026-03-11T22:30:00.000Z',
    });
    expect(await screen.findByText('Dentist')).toBeInTheDocument();

    dialog = await selectRange(wallDate('2026-03-12', '13:00'), wallDate('2026-03-12', '14:00'));
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'custom');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/business-dashboard/blocked-time')).toHaveLength(2));
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')[1]?.body).toMatchObject({
      title: 'Blocked Time',
      reason: 'custom',
    });
  });

  it('blocks a day the owner picks, not only the day in view', async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'POST /api/business-dashboard/blocked-time': (req) => ({
        status: 201,
        body: { _id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', ...(req.body as object) },
      }),
    });
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    const day = within(dialog).getByLabelText('Day');
    expect(day).toHaveValue('2026-03-11');
    fireEvent.change(day, { target: { value: '2026-03-20' } });
    expect(within(dialog).getByText(/Fri, Mar 20, 2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')[0]?.body).toMatchObject({
      // 13:00-14:00 on Friday 20 March in Los Angeles (PDT, UTC-7).
      startTime: '2026-03-20T20:00:00.000Z',
      endTime: '2026-03-20T21:00:00.000Z',
    });
  });

  it('asks for a day when the day is cleared, without calling the server', async () => {
    const { api, user } = await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a day.');
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')).toHaveLength(0);
  });

  it('refuses an end before the start without calling the server', async () => {
    const { api, user } = await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    await user.selectOptions(within(dialog).getByLabelText('End Time'), '12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('End time must be after start time.');
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')).toHaveLength(0);
  });

  it('moves the end on when the start passes it', async () => {
    const { user } = await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    await user.selectOptions(within(dialog).getByLabelText('Start Time'), '15:00');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('15:30');
  });

  it.each([
    [
      "the server's error",
      { status: 409, body: { error: 'That time overlaps Full Detail for Dana Reyes.' } },
      'That time overlaps Full Detail for Dana Reyes.',
    ],
    ["'Failed to save blocked time' without one", { status: 500, body: {} }, 'Failed to save blocked time'],
  ])('logs and shows %s when saving fails, keeping the dialog open', async (_what, reply, message) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'POST /api/business-dashboard/blocked-time': reply as Reply,
    });
    const dialog = await selectRange(wallDate('2026-03-11', '10:00'), wallDate('2026-03-11', '10:30'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(log).toHaveBeenCalledWith(message);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps Tab inside the dialog, and Escape closes it wherever focus is', async () => {
    const { user } = await openCalendar();
    const dialog = await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    within(dialog).getByRole('button', { name: 'Save' }).focus();
    await user.tab();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus();
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and on Cancel without saving, and the Block Time button opens it too', async () => {
    const { api, user } = await openCalendar();
    await selectRange(wallDate('2026-03-11', '13:00'), wallDate('2026-03-11', '14:00'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block Time' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Time Slot' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/business-dashboard/blocked-time')).toHaveLength(0);
  });
});

describe('clicking an event', () => {
  it('opens from the keyboard too', async () => {
    const { user } = await openCalendar();
    act(() => eventBox('Lunch Break').focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Lunch Break' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the event.
    expect(eventBox('Lunch Break')).toHaveFocus();
  });

  it('opens a month-view event from the keyboard', async () => {
    const { user } = await openCalendar('/dashboard/calendar?view=month&date=2026-03-11');
    const event = await screen.findByRole('button', { name: '10:00 AM Full Detail · Dana Reyes' });
    expect(event.tabIndex).toBe(0);
    act(() => event.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Dana Reyes/ });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(event).toHaveFocus();
  });

  it('lets the owner delete a blocked time', async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'DELETE /api/business-dashboard/blocked-time/:id': { body: { message: 'Blocked time deleted.' } },
    });
    await user.click(eventBox('Lunch Break'));
    const dialog = await screen.findByRole('dialog', { name: 'Lunch Break' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/business-dashboard/blocked-time/:id')[0]?.params.id).toBe(LUNCH._id);
    expect(screen.queryByText('Lunch Break')).not.toBeInTheDocument();
  });

  it('shows why a delete failed', async () => {
    const { user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'DELETE /api/business-dashboard/blocked-time/:id': { status: 500, body: {} },
    });
    await user.click(eventBox('Lunch Break'));
    const dialog = await screen.findByRole('dialog', { name: 'Lunch Break' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete blocked time');
    expect(screen.getAllByText('Lunch Break').length).toBeGreaterThan(0);
  });

  it('moves a booking from its dialog, without dragging, and reverts with an alert on refusal', async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/booking/reschedule': {
        status: 409,
        body: { error: 'That time has already passed. Pick a time in the future.' },
      },
    });
    await user.click(eventBox('Full Detail · Dana Reyes'));
    const dialog = await screen.findByRole('dialog', { name: 'Full Detail · Dana Reyes' });
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Start Time'), '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual('That time has already passed. Pick a time in the future.'),
    );
    expect(api.callsTo('PUT /api/business-dashboard/booking/reschedule')[0]?.body).toMatchObject({
      newTime: { day: '2026-03-11', startTime: '14:00' },
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(eventBox('Full Detail · Dana Reyes')).getByText('10:00 AM – 11:00 AM')).toBeInTheDocument();
  });
});

describe("plans' visits", () => {
  const RESCHEDULE = 'PUT /api/business-dashboard/booking/reschedule';
  const VISIT: Booking = {
    ...APPROVED,
    _id: '4f5a6b7c-8d9e-4f0a-8b1c-2d3e4f5a6b7c',
    firstName: 'Ana',
    lastName: 'Diaz',
    serviceName: 'Pool Cleaning',
    bookingTime: { day: '2026-03-10', startTime: '11:00', endTime: '12:00' },
    plan: { planId: '6f1e2d3c-4b5a-4697-8877-665544332211', label: 'Weekly' },
  };
  const TITLE = 'Pool Cleaning · Ana Diaz';
  const withVisit = { 'GET /api/business-dashboard/bookings': { body: { bookings: [BOOKING, APPROVED, VISIT] } } };
  const drop = (title: string, day: string, from: string, to: string) =>
    act(() => props().onEventDrop({ event: eventByTitle(title), start: wallDate(day, from), end: wallDate(day, to) }));

  it('marks a visit of a plan with a repeat mark named for screen readers, in the week and month views', async () => {
    await openCalendar('/dashboard/calendar?date=2026-03-11', withVisit);
    expect(within(eventBox(TITLE)).getByRole('img', { name: 'Repeats: Weekly' })).toHaveTextContent('↻');
    expect(within(eventBox('Full Detail · Dana Reyes')).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).not.toHaveTextContent('Holds no time');
    await act(async () => {
      screen.getByRole('button', { name: 'Month' }).click();
    });
    const month = await screen.findByRole('button', { name: `11:00 AM Repeats: Weekly ${TITLE}` });
    expect(within(month).getByRole('img', { name: 'Repeats: Weekly' })).toBeInTheDocument();
  });

  it('draws visits that hold no time faint; a skipped one stays put, one that needs a time can be dragged to one', async () => {
    const taken: Booking = { ...VISIT, _id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', status: 'needs_time' };
    const skipped: Booking = {
      ...VISIT,
      _id: '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
      status: 'skipped',
      bookingTime: { day: '2026-03-12', startTime: '11:00', endTime: '12:00' },
    };
    await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/bookings': { body: { bookings: [BOOKING, taken, skipped] } },
    });
    expect(eventBox(`Needs a time: ${TITLE}`)).toHaveClass('cal-event--amber', 'cal-event--timeless');
    expect(eventBox(`Skipped: ${TITLE}`)).toHaveClass('cal-event--grey', 'cal-event--timeless');
    expect(eventBox('Full Detail · Dana Reyes')).not.toHaveClass('cal-event--timeless');
    expect(eventByTitle(`Needs a time: ${TITLE}`).movable).toBe(true);
    expect(eventByTitle(`Skipped: ${TITLE}`).movable).toBe(false);
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Holds no time');
  });

  it('asks before moving a dropped visit; "Move this visit only" sends scope visit and keeps Undo', async () => {
    const moved = { ...VISIT, bookingTime: { day: '2026-03-13', startTime: '14:00', endTime: '15:00' } };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      ...withVisit,
      [RESCHEDULE]: { body: withUndo(moved) },
      'POST /api/business-dashboard/booking/undo/:token': { body: VISIT },
    });
    drop(TITLE, '2026-03-13', '14:00', '15:00');
    const dialog = await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    expect(dialog).toHaveTextContent(
      'Pool Cleaning for Ana Diaz repeats: Weekly. Move it to Fri, Mar 13, 2026 at 2:00 PM:',
    );
    // Nothing is sent until the owner answers; the visit waits where it was dropped.
    expect(api.callsTo(RESCHEDULE)).toHaveLength(0);
    expect(within(eventBox(TITLE)).getByText('2:00 PM – 3:00 PM')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move this visit only' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Move this visit only' }));
    await waitFor(() => expect(api.callsTo(RESCHEDULE)).toHaveLength(1));
    expect(api.callsTo(RESCHEDULE)[0]?.body).toEqual({
      bookingId: VISIT._id,
      newTime: { day: '2026-03-13', startTime: '14:00' },
      requestor: 'business',
      scope: 'visit',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        'Visit moved to Fri, Mar 13, 2026 at 2:00 PM. Ana will be e-mailed in 10 seconds.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Move undone. No e-mail was sent.'));
    await waitFor(() => expect(within(eventBox(TITLE)).getByText('11:00 AM – 12:00 PM')).toBeInTheDocument());
  });

  it('"This and following visits" sends scope following and loads the week again', async () => {
    const moved = { ...VISIT, bookingTime: { day: '2026-03-12', startTime: '16:00', endTime: '17:00' } };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      ...withVisit,
      [RESCHEDULE]: { body: withUndo(moved) },
    });
    const loads = api.callsTo('GET /api/business-dashboard/bookings').length;
    drop(TITLE, '2026-03-12', '16:00', '17:00');
    const dialog = await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    await user.click(within(dialog).getByRole('button', { name: 'This and following visits' }));
    await waitFor(() => expect(api.callsTo(RESCHEDULE)).toHaveLength(1));
    expect(api.callsTo(RESCHEDULE)[0]?.body).toMatchObject({ scope: 'following' });
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        'This and following visits moved, from Thu, Mar 12, 2026 at 4:00 PM. Ana will be e-mailed in 10 seconds.',
      ),
    );
    await waitFor(() => expect(api.callsTo('GET /api/business-dashboard/bookings')).toHaveLength(loads + 1));
  });

  it('Cancel (or Escape) sends nothing and puts the visit back', async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', withVisit);
    drop(TITLE, '2026-03-13', '14:00', '15:00');
    let dialog = await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(eventBox(TITLE)).getByText('11:00 AM – 12:00 PM')).toBeInTheDocument());
    drop(TITLE, '2026-03-13', '14:00', '15:00');
    dialog = await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(RESCHEDULE)).toHaveLength(0);
    expect(shownToasts()).toEqual([]);
  });

  it('never asks about a one-off booking', async () => {
    const { api } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      ...withVisit,
      [RESCHEDULE]: {
        body: withUndo({ ...BOOKING, bookingTime: { day: '2026-03-13', startTime: '14:00', endTime: '15:00' } }),
      },
    });
    drop('Full Detail · Dana Reyes', '2026-03-13', '14:00', '15:00');
    await waitFor(() => expect(api.callsTo(RESCHEDULE)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(RESCHEDULE)[0]?.body).not.toHaveProperty('scope');
  });

  it("asks from the visit's own dialog too, on top of it: Escape closes only the question", async () => {
    const moved = { ...VISIT, bookingTime: { day: '2026-03-10', startTime: '14:00', endTime: '15:00' } };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      ...withVisit,
      [RESCHEDULE]: { body: withUndo(moved) },
    });
    await user.click(eventBox(TITLE));
    const sheet = await screen.findByRole('dialog', { name: TITLE });
    expect(within(sheet).getByText('Weekly')).toBeInTheDocument();
    await user.selectOptions(within(sheet).getByLabelText('Start Time'), '14:00');
    await user.click(within(sheet).getByRole('button', { name: 'Move' }));
    await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Move a repeating visit' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(api.callsTo(RESCHEDULE)).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Move' }));
    const question = await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    await user.click(within(question).getByRole('button', { name: 'Move this visit only' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(RESCHEDULE)[0]?.body).toMatchObject({
      newTime: { day: '2026-03-10', startTime: '14:00' },
      scope: 'visit',
    });
  });

  it('offers Next free time in the dialog of a visit whose day was taken', async () => {
    const taken: Booking = { ...VISIT, status: 'needs_time' };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/bookings': { body: { bookings: [BOOKING, taken] } },
      'PUT /api/business-dashboard/booking/next-free-time/:id': {
        body: { ...VISIT, bookingTime: { day: '2026-03-12', startTime: '11:00', endTime: '12:00' } },
      },
    });
    await user.click(eventBox(`Needs a time: ${TITLE}`));
    const sheet = await screen.findByRole('dialog', { name: `Needs a time: ${TITLE}` });
    expect(within(sheet).getByText('Needs a time')).toHaveAttribute('data-color', 'amber');
    await user.click(within(sheet).getByRole('button', { name: 'Next free time' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Visit booked for Thu, Mar 12, 2026 at 11:00 AM.'));
    expect(api.callsTo('PUT /api/business-dashboard/booking/next-free-time/:id')[0]?.params.id).toBe(VISIT._id);
    await waitFor(() => expect(eventBox(TITLE)).toHaveClass('cal-event--green'));
    expect(eventBox(TITLE)).not.toHaveClass('cal-event--timeless');
  });

  it('gives a visit whose day was taken a time picked in its dialog, asking about the following visits first', async () => {
    const taken: Booking = { ...VISIT, status: 'needs_time' };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/bookings': { body: { bookings: [BOOKING, taken] } },
      [RESCHEDULE]: {
        body: withUndo({ ...VISIT, bookingTime: { day: '2026-03-10', startTime: '15:00', endTime: '16:00' } }),
      },
    });
    await user.click(eventBox(`Needs a time: ${TITLE}`));
    const sheet = await screen.findByRole('dialog', { name: `Needs a time: ${TITLE}` });
    await user.selectOptions(within(sheet).getByLabelText('Start Time'), '15:00');
    await user.click(within(sheet).getByRole('button', { name: 'Move' }));
    const question = await screen.findByRole('dialog', { name: 'Move a repeating visit' });
    await user.click(within(question).getByRole('button', { name: 'Move this visit only' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(RESCHEDULE)[0]?.body).toMatchObject({
      bookingId: VISIT._id,
      newTime: { day: '2026-03-10', startTime: '15:00' },
      scope: 'visit',
    });
    await waitFor(() => expect(eventBox(TITLE)).toHaveClass('cal-event--green'));
  });
});

describe('undo and decisions', () => {
  it('offers Undo after a dropped booking; Undo puts it back where it was', async () => {
    const moved = { ...BOOKING, bookingTime: { day: '2026-03-13', startTime: '14:00', endTime: '15:00' } };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/booking/reschedule': { body: withUndo(moved) },
      'POST /api/business-dashboard/booking/undo/:token': { body: BOOKING },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-13', '14:00'),
        end: wallDate('2026-03-13', '15:00'),
      }),
    );
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        'Booking moved to Fri, Mar 13, 2026 at 2:00 PM. Dana will be e-mailed in 10 seconds.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Move undone. No e-mail was sent.'));
    expect(api.callsTo('POST /api/business-dashboard/booking/undo/:token')[0]?.params.token).toBe('test-undo-token');
    await waitFor(() =>
      expect(within(eventBox('Full Detail · Dana Reyes')).getByText('10:00 AM – 11:00 AM')).toBeInTheDocument(),
    );
  });

  it("undoes a blocked time's move by moving it back, since no one was mailed", async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'PUT /api/business-dashboard/blocked-time/:id/reschedule': (req) => {
        const body = req.body as { startTime: string; endTime: string };
        return { body: { ...LUNCH, startTime: body.startTime, endTime: body.endTime } };
      },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Lunch Break'),
        start: wallDate('2026-03-10', '14:00'),
        end: wallDate('2026-03-10', '15:00'),
      }),
    );
    await waitFor(() => expect(shownToasts()).toContainEqual('Blocked time moved.'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Move undone.'));
    const calls = api.callsTo('PUT /api/business-dashboard/blocked-time/:id/reschedule');
    expect(calls.map((c) => c.body)).toEqual([
      { startTime: '2026-03-10T21:00:00.000Z', endTime: '2026-03-10T22:00:00.000Z' },
      { startTime: LUNCH.startTime, endTime: LUNCH.endTime },
    ]);
  });

  it("approves from the booking's dialog, which also offers Call and, with an address, Navigate", async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/bookings': {
        body: { bookings: [{ ...BOOKING, customerAddress: '500 E 5th St, Austin, TX' }, APPROVED] },
      },
      'PUT /api/business-dashboard/booking/approve/:id': {
        body: { ...BOOKING, customerAddress: '500 E 5th St, Austin, TX', status: 'approved' },
      },
    });
    await user.click(eventBox('Full Detail · Dana Reyes'));
    const dialog = await screen.findByRole('dialog', { name: 'Full Detail · Dana Reyes' });
    expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15550101010');
    expect(within(dialog).getByRole('link', { name: 'Navigate' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=500%20E%205th%20St%2C%20Austin%2C%20TX',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(dialog).getByText('Approved')).toBeInTheDocument());
    expect(within(dialog).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/approve/:id')[0]?.params.id).toBe(BOOKING._id);
    // An approved booking offers no decision.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(eventBox('Wash · Sam Okafor'));
    const other = await screen.findByRole('dialog', { name: 'Wash · Sam Okafor' });
    expect(within(other).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: 'Navigate' })).not.toBeInTheDocument();
  });

  it("says in the booking's sheet what could not be delivered, and sends it again from there", async () => {
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/messages/undelivered': {
        body: {
          days: 14,
          messages: [
            makeUndelivered({ bookingId: BOOKING._id, to: BOOKING.customerEmail, what: 'confirmation' }),
            makeUndelivered({ bookingId: APPROVED._id, to: 'sam@example.com' }),
          ],
        },
      },
      'POST /api/business-dashboard/messages/:id/resend': (req) => ({
        body: { _id: req.params.id, queuedAt: '2026-03-11T18:00:00.000Z' },
      }),
    });
    await user.click(eventBox('Full Detail · Dana Reyes'));
    const dialog = await screen.findByRole('dialog', { name: 'Full Detail · Dana Reyes' });
    expect(
      await within(dialog).findByText(
        `The confirmation could not be delivered to ${BOOKING.customerEmail}: 10 attempts failed; the last: connect ECONNREFUSED 127.0.0.1:25`,
      ),
    ).toBeInTheDocument();
    // Another booking's message is not this sheet's.
    expect(within(dialog).queryByText(/sam@example\.com/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(
      await within(dialog).findByText(`The confirmation was queued again for ${BOOKING.customerEmail}.`),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/business-dashboard/messages/:id/resend')).toHaveLength(1);
  });

  it("shows a booking's deposit in its dialog and refunds it there; one awaiting payment stays put", async () => {
    const paidBooking: Booking = {
      ...APPROVED,
      payment: { state: 'paid', deposit: 45, paid: 45, refunded: 0, balance: 135 },
    };
    const awaiting: Booking = {
      ...BOOKING,
      _id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      status: 'awaiting_payment',
      bookingTime: { day: '2026-03-11', startTime: '14:00', endTime: '15:00' },
      payment: { state: 'awaiting', deposit: 45, paid: 0, refunded: 0, balance: 180 },
    };
    const expired: Booking = { ...awaiting, _id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', status: 'expired' };
    const { api, user } = await openCalendar('/dashboard/calendar?date=2026-03-11', {
      'GET /api/business-dashboard/bookings': { body: { bookings: [BOOKING, paidBooking, awaiting, expired] } },
      'POST /api/business-dashboard/booking/refund/:id': {
        body: { ...paidBooking, payment: { ...paidBooking.payment!, state: 'refunded', refunded: 45 } },
      },
    });
    const held = eventByTitle('Awaiting payment: Full Detail · Dana Reyes');
    expect(held.movable).toBe(false);
    expect(props().events.filter((e) => e.kind === 'booking')).toHaveLength(3);

    await user.click(eventBox('Awaiting payment: Full Detail · Dana Reyes'));
    const heldSheet = await screen.findByRole('dialog', { name: 'Awaiting payment: Full Detail · Dana Reyes' });
    expect(within(heldSheet).getByText('Awaiting payment')).toHaveAttribute('data-color', 'amber');
    expect(within(heldSheet).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(within(heldSheet).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    await user.click(within(heldSheet).getByRole('button', { name: 'Close' }));

    await user.click(eventBox('Wash · Sam Okafor'));
    const sheet = await screen.findByRole('dialog', { name: 'Wash · Sam Okafor' });
    expect(within(sheet).getByText('Deposit paid $45.00')).toBeInTheDocument();
    expect(within(sheet).getByText('Balance due $135.00')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Refund' }));
    const refund = screen.getByRole('dialog', { name: 'Refund through Stripe' });
    await user.click(within(refund).getByRole('button', { name: 'Refund $45.00' }));
    await waitFor(() => expect(within(sheet).getByText('Refunded $45.00')).toBeInTheDocument());
    expect(within(sheet).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(shownToasts()).toContainEqual('Refund of $45.00 sent to Stripe.');
    expect(api.callsTo('POST /api/business-dashboard/booking/refund/:id')[0]?.body).toEqual({ amount: 45 });
  });

  it('opens on one day on a phone, and on the view last chosen after that', async () => {
    onPhone();
    const { user } = await openCalendar('/dashboard/calendar?date=2026-03-11');
    expect(screen.getByRole('button', { name: 'Day' })).toHaveClass('rbc-active');
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(localStorage.getItem('slotwise.calendar.view')).toBe('month');
  });
});
