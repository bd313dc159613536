/**
 * The calendar by crew (issue 25): with two or more crews the day view has a column per crew,
 * bookings carry their crew's colour in every view, a filter shows one crew, a drop on another
 * crew's column (or the dialog's Crew) gives the job to that crew; with one crew nothing changes.
 * Drops call the drag-and-drop calendar's own onEventDrop (jsdom has no layout to drag in).
 */
import type { BlockedTime, Booking, Crew, CrewsResponse } from '@slotwise/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../components/toaster.tsx';
import { withUndo } from '../../testing/bookings.ts';
import { captured } from '../../testing/captured-calendar.tsx';
import { type FakeRequest, fakeApi, type Reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';
import type { CalendarEvent } from './calendar-events.ts';
import { wallDate } from './wall-clock.ts';

interface DnDProps {
  events: CalendarEvent[];
  onEventDrop: (args: EventInteractionArgs<CalendarEvent>) => void;
}

const crew = (over: Partial<Crew> & Pick<Crew, '_id' | 'name' | 'color'>): Crew => ({
  active: true,
  hours: null,
  startAddress: null,
  serviceIds: null,
  member: null,
  ...over,
});
const MAIN = crew({ _id: '0f5c2a7e-1b3d-4c5e-8f9a-0b1c2d3e4f5a', name: 'Main crew', color: '#0f766e' });
const TRUCK = crew({ _id: '1a6d3b8f-2c4e-4d6f-9a0b-1c2d3e4f5a6b', name: 'Truck 2', color: '#7e22ce' });
const VAN = crew({ _id: '2b7e4c9a-3d5f-4e7a-8b1c-2d3e4f5a6b7c', name: 'Old van', color: '#c2410c', active: false });

const DANA: Booking = {
  _id: '0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e12',
  firstName: 'Dana',
  lastName: 'Reyes',
  serviceName: 'Full Detail',
  customerEmail: 'dana@example.com',
  phoneNumber: '+1 5550101010',
  carBodyType: 'SUV',
  totalQuote: 180,
  customerAddress: null,
  status: 'approved',
  bookingTime: { day: '2026-03-11', startTime: '10:00', endTime: '11:00' },
  crewId: MAIN._id,
};
const SAM: Booking = {
  ...DANA,
  _id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  firstName: 'Sam',
  lastName: 'Okafor',
  serviceName: 'Wash',
  status: 'pending',
  bookingTime: { day: '2026-03-11', startTime: '10:00', endTime: '11:00' },
  crewId: TRUCK._id,
};
/** Written before crews: no crew, drawn with the first crew. */
const LEE: Booking = {
  ...DANA,
  _id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  firstName: 'Lee',
  lastName: 'Park',
  serviceName: 'Polish',
  bookingTime: { day: '2026-03-11', startTime: '14:00', endTime: '15:00' },
  crewId: null,
};
// 19:00-20:00 UTC on 2026-03-11 is 12:00-13:00 in Los Angeles (PDT).
const LUNCH: BlockedTime = {
  _id: '5e1d2c3b-4a59-4f68-8a7b-9c0d1e2f3a4b',
  title: 'Blocked Time',
  reason: 'lunch',
  startTime: '2026-03-11T19:00:00.000Z',
  endTime: '2026-03-11T20:00:00.000Z',
};

type Routes = Record<string, Reply | ((req: FakeRequest) => Reply | Promise<Reply>)>;

async function openCalendar(crews: Crew[], path: string, routes: Routes = {}, bookings = [DANA, SAM, LEE]) {
  storeToken();
  const api = fakeApi({
    'GET /api/business-dashboard/availability': { body: [] },
    'GET /api/business-dashboard/bookings': { body: { bookings } },
    'GET /api/business-dashboard/blocked-times': { body: [LUNCH] },
    'GET /api/business-dashboard/travel-blocks': { body: [] },
    'GET /api/business-dashboard/crews': {
      body: { crews, nameCrewInMails: false, lateThresholdMinutes: 20 } satisfies CrewsResponse,
    },
    ...routes,
  });
  const app = renderApp(path);
  await screen.findByText('Full Detail · Dana Reyes', {}, { timeout: 10_000 });
  return { api, ...app };
}

const DAY = '/dashboard/calendar?view=day&date=2026-03-11';
const WEEK = '/dashboard/calendar?view=week&date=2026-03-11';

function grid(): HTMLElement {
  const calendar = document.querySelector<HTMLElement>('.rbc-calendar');
  if (!calendar) throw new Error('The calendar is not on the page.');
  return calendar;
}
function eventBox(title: string): HTMLElement {
  const box = within(grid()).getByText(title).closest('.rbc-event');
  if (!(box instanceof HTMLElement)) throw new Error(`No calendar event titled ${title}`);
  return box;
}
const columns = () => [...document.querySelectorAll<HTMLElement>('.rbc-time-content > .rbc-day-slot')];
const headers = () =>
  [...document.querySelectorAll<HTMLElement>('.rbc-time-header .cal-crew-header')].map((h) => h.textContent);
function props(): DnDProps {
  if (!captured.props) throw new Error('The drag-and-drop calendar has not rendered.');
  return captured.props as unknown as DnDProps;
}
function eventByTitle(title: string): CalendarEvent {
  const e = props().events.find((x) => x.title === title);
  if (!e) throw new Error(`No event titled ${title}`);
  return e;
}
const RESCHEDULE = 'PUT /api/business-dashboard/booking/reschedule';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  captured.props = null;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

describe('the calendar with one crew', () => {
  it('looks as it did before crews: one column, no filter, no crew stripes', async () => {
    await openCalendar([MAIN], DAY);
    expect(columns()).toHaveLength(1);
    expect(headers()).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Show crews' })).not.toBeInTheDocument();
    expect(eventBox('Full Detail · Dana Reyes')).not.toHaveClass('cal-event--crew');
  });

  it('is drawn as one crew when the crews cannot be loaded', async () => {
    await openCalendar([MAIN, TRUCK], DAY, { 'GET /api/business-dashboard/crews': { status: 500 } });
    expect(columns()).toHaveLength(1);
    expect(screen.getByText('Wash · Sam Okafor')).toBeInTheDocument();
  });
});

describe('the calendar with two or more crews', () => {
  it('has a column per crew in the day view; a job with no crew is in the first, a blocked time in each', async () => {
    await openCalendar([MAIN, TRUCK], DAY);
    expect(headers()).toEqual(['Main crew', 'Truck 2']);
    const [main, truck] = columns();
    expect(columns()).toHaveLength(2);
    expect(main?.contains(eventBox('Full Detail · Dana Reyes'))).toBe(true);
    expect(main?.contains(eventBox('Polish · Lee Park'))).toBe(true);
    expect(truck?.contains(eventBox('Wash · Sam Okafor'))).toBe(true);
    // A blocked time stops every crew.
    expect(within(main as HTMLElement).getByText('Lunch Break')).toBeInTheDocument();
    expect(within(truck as HTMLElement).getByText('Lunch Break')).toBeInTheDocument();
  });

  it('gives a paused crew that still has jobs in view a column, so they can be given to another crew', async () => {
    await openCalendar([MAIN, TRUCK, VAN], DAY, {}, [DANA, { ...SAM, crewId: VAN._id }]);
    expect(headers()).toEqual(['Main crew', 'Truck 2', 'Old van (paused)']);
    expect(columns()[2]?.contains(eventBox('Wash · Sam Okafor'))).toBe(true);
  });

  it('gives a paused crew without jobs in view no column', async () => {
    await openCalendar([MAIN, TRUCK, VAN], DAY, {}, [DANA]);
    expect(headers()).toEqual(['Main crew', 'Truck 2']);
  });

  it("marks each booking with its crew's colour and name in the week view, seven day columns", async () => {
    await openCalendar([MAIN, TRUCK], WEEK);
    expect(columns()).toHaveLength(7);
    const sam = eventBox('Wash · Sam Okafor');
    expect(sam).toHaveClass('cal-event--crew', 'cal-event--amber');
    expect(sam.style.getPropertyValue('--crew-color')).toBe(TRUCK.color);
    expect(sam).toHaveTextContent('Truck 2');
    expect(sam).toHaveAttribute('title', expect.stringContaining('Crew: Truck 2.'));
    expect(eventBox('Full Detail · Dana Reyes').style.getPropertyValue('--crew-color')).toBe(MAIN.color);
    expect(eventBox('Lunch Break')).not.toHaveClass('cal-event--crew');
  });

  it('shows one crew at a time: its bookings, every blocked time, its column alone; kept in the address', async () => {
    const { user, location } = await openCalendar([MAIN, TRUCK], DAY);
    const filter = screen.getByRole('group', { name: 'Show crews' });
    expect(within(filter).getByRole('button', { name: 'All crews' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filter).getByRole('button', { name: 'Truck 2' }));
    expect(within(filter).getByRole('button', { name: 'Truck 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(new URLSearchParams(location().search).get('crew')).toBe(TRUCK._id);
    await waitFor(() => expect(headers()).toEqual(['Truck 2']));
    expect(screen.getByText('Wash · Sam Okafor')).toBeInTheDocument();
    expect(screen.queryByText('Full Detail · Dana Reyes')).not.toBeInTheDocument();
    expect(screen.queryByText('Polish · Lee Park')).not.toBeInTheDocument();
    expect(screen.getByText('Lunch Break')).toBeInTheDocument();
    await user.click(within(filter).getByRole('button', { name: 'All crews' }));
    await waitFor(() => expect(headers()).toEqual(['Main crew', 'Truck 2']));
    expect(new URLSearchParams(location().search).get('crew')).toBeNull();
  });

  it("gives a job dropped on another crew's column to that crew, and keeps it when dropped in its own", async () => {
    const given = {
      ...DANA,
      crewId: TRUCK._id,
      bookingTime: { ...DANA.bookingTime, startTime: '13:00', endTime: '14:00' },
    };
    const { api } = await openCalendar([MAIN, TRUCK], DAY, { [RESCHEDULE]: { body: withUndo(given) } });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-11', '13:00'),
        end: wallDate('2026-03-11', '14:00'),
        resourceId: TRUCK._id,
      }),
    );
    await waitFor(() => expect(api.callsTo(RESCHEDULE)).toHaveLength(1));
    expect(api.callsTo(RESCHEDULE)[0]?.body).toEqual({
      bookingId: DANA._id,
      newTime: { day: '2026-03-11', startTime: '13:00' },
      requestor: 'business',
      crewId: TRUCK._id,
    });
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        'Booking moved to Wed, Mar 11, 2026 at 1:00 PM, Truck 2. Dana will be e-mailed in 10 seconds.',
      ),
    );
    await waitFor(() => expect(columns()[1]?.contains(eventBox('Full Detail · Dana Reyes'))).toBe(true));

    // Sam's job, dropped later in its own column: no crewId.
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Wash · Sam Okafor'),
        start: wallDate('2026-03-11', '16:00'),
        end: wallDate('2026-03-11', '17:00'),
        resourceId: TRUCK._id,
      }),
    );
    await waitFor(() => expect(api.callsTo(RESCHEDULE)).toHaveLength(2));
    expect(api.callsTo(RESCHEDULE)[1]?.body).not.toHaveProperty('crewId');
  });

  it('gives a job to another crew at the same time, and says so', async () => {
    const { api } = await openCalendar([MAIN, TRUCK], DAY, {
      [RESCHEDULE]: { body: withUndo({ ...LEE, crewId: TRUCK._id }) },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Polish · Lee Park'),
        start: wallDate('2026-03-11', '14:00'),
        end: wallDate('2026-03-11', '15:00'),
        resourceId: TRUCK._id,
      }),
    );
    await waitFor(() => expect(shownToasts()).toContainEqual('Booking given to Truck 2.'));
    expect(api.callsTo(RESCHEDULE)[0]?.body).toMatchObject({
      newTime: { day: '2026-03-11', startTime: '14:00' },
      crewId: TRUCK._id,
    });
  });

  it('says so when the answer keeps the job with its crew', async () => {
    await openCalendar([MAIN, TRUCK], DAY, { [RESCHEDULE]: { body: withUndo(LEE) } });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Polish · Lee Park'),
        start: wallDate('2026-03-11', '14:00'),
        end: wallDate('2026-03-11', '15:00'),
        resourceId: TRUCK._id,
      }),
    );
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        'The booking stays with its crew: it was not given to Truck 2. Reload and try again.',
      ),
    );
    expect(shownToasts()).not.toContainEqual('Booking given to Truck 2.');
    await waitFor(() => expect(columns()[0]?.contains(eventBox('Polish · Lee Park'))).toBe(true));
  });

  it("springs back to its crew's column when the server refuses the crew", async () => {
    const refusal = 'Truck 2 does not do Full Detail. Give the job to another crew, or add the service to Truck 2.';
    await openCalendar([MAIN, TRUCK], DAY, {
      [RESCHEDULE]: { status: 409, body: { error: refusal, code: 'CREW_CANNOT_DO_SERVICE' } },
    });
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-11', '10:00'),
        end: wallDate('2026-03-11', '11:00'),
        resourceId: TRUCK._id,
      }),
    );
    await waitFor(() => expect(shownToasts()).toContainEqual(refusal));
    await waitFor(() => expect(columns()[0]?.contains(eventBox('Full Detail · Dana Reyes'))).toBe(true));
  });

  it("shades each column by its crew's own hours, and keeps drops on a crew inside them", async () => {
    const early = {
      ...TRUCK,
      hours: (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day) => ({
        day,
        startTime: '08:00',
        endTime: '12:00',
      })),
    };
    const { api } = await openCalendar([MAIN, early], DAY);
    const slot = (column: number, hour: number) =>
      columns()[column]?.querySelectorAll('.rbc-time-slot')[hour * 2] as HTMLElement;
    // The business's default hours (10:00-19:00) for the first crew, 08:00-12:00 for the truck.
    expect(slot(0, 9)).toHaveClass('cal-slot--closed');
    expect(slot(1, 9)).toHaveClass('cal-slot--open');
    expect(slot(0, 13)).toHaveClass('cal-slot--open');
    expect(slot(1, 13)).toHaveClass('cal-slot--closed');
    act(() =>
      props().onEventDrop({
        event: eventByTitle('Full Detail · Dana Reyes'),
        start: wallDate('2026-03-11', '14:00'),
        end: wallDate('2026-03-11', '15:00'),
        resourceId: TRUCK._id,
      }),
    );
    expect(shownToasts()).toContainEqual(
      "Bookings can only be moved within Truck 2's hours (Wednesday 8:00 AM – 12:00 PM). " +
        "Drop it on the white, open hours, or change the crew's hours in Settings.",
    );
    expect(api.callsTo(RESCHEDULE)).toHaveLength(0);
  });

  it("names the crew in a booking's dialog, whose Move form can give it to another crew", async () => {
    const { api, user } = await openCalendar([MAIN, TRUCK, VAN], WEEK, {
      [RESCHEDULE]: { body: withUndo({ ...SAM, crewId: MAIN._id }) },
    });
    await user.click(eventBox('Wash · Sam Okafor'));
    const dialog = await screen.findByRole('dialog', { name: 'Wash · Sam Okafor' });
    expect(within(dialog).getByText('Crew', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Truck 2');
    const select = within(dialog).getByLabelText('Crew');
    // A paused crew is not offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Main crew', 'Truck 2']);
    expect(select).toHaveValue(TRUCK._id);
    await user.selectOptions(select, MAIN._id);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo(RESCHEDULE)).toHaveLength(1));
    expect(api.callsTo(RESCHEDULE)[0]?.body).toMatchObject({
      bookingId: SAM._id,
      newTime: { day: '2026-03-11', startTime: '10:00' },
      crewId: MAIN._id,
    });
    await waitFor(() => expect(shownToasts()).toContainEqual('Booking given to Main crew.'));
  });
});
