/**
 * Travel blocks on the calendar (issue 8): the drives between jobs of an owner who
 * travels to customers, drawn as grey-striped background events at the business's
 * times (browser in Tokyo, business in Los Angeles), never dragged or opened.
 */
import type { Booking, TravelBlock } from '@slotwise/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withUndo } from '../../testing/bookings.ts';
import { type FakeRequest, fakeApi, type Reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';
import { travelEvent } from './calendar-events.ts';

const JOB: Booking = {
  _id: '0b9c7a1e-7f5d-4c1a-9e3b-2d4f6a8c0e12',
  firstName: 'Dana',
  lastName: 'Reyes',
  serviceName: 'Full Detail',
  customerEmail: 'dana@example.com',
  phoneNumber: '+1 5550101010',
  carBodyType: 'SUV',
  totalQuote: 180,
  customerAddress: '5, Santa Monica, CA 90401, USA',
  status: 'approved',
  bookingTime: { day: '2026-03-11', startTime: '10:00', endTime: '11:00' },
};
const NEXT: Booking = {
  ...JOB,
  _id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  firstName: 'Sam',
  lastName: 'Okafor',
  serviceName: 'Wash',
  bookingTime: { day: '2026-03-11', startTime: '13:00', endTime: '14:00' },
};
// Los Angeles is on PDT (UTC-7) on 2026-03-11: 16:46Z is 09:46 there, 01:46 the next day in Tokyo.
const FROM_HOME: TravelBlock = {
  startTime: '2026-03-11T16:46:00.000Z',
  endTime: '2026-03-11T17:00:00.000Z',
  minutes: 14,
  fromBookingId: null,
  toBookingId: JOB._id,
};
const BETWEEN: TravelBlock = {
  startTime: '2026-03-11T18:00:00.000Z',
  endTime: '2026-03-11T19:30:00.000Z',
  minutes: 90,
  fromBookingId: JOB._id,
  toBookingId: NEXT._id,
};

type Routes = Record<string, Reply | ((req: FakeRequest) => Reply | Promise<Reply>)>;

async function openCalendar(routes: Routes = {}) {
  storeToken();
  const api = fakeApi({
    'GET /api/business-dashboard/availability': { body: [] },
    'GET /api/business-dashboard/bookings': { body: { bookings: [JOB, NEXT] } },
    'GET /api/business-dashboard/blocked-times': { body: [] },
    'GET /api/business-dashboard/travel-blocks': { body: [FROM_HOME, BETWEEN] },
    ...routes,
  });
  const app = renderApp('/dashboard/calendar?date=2026-03-11');
  await screen.findByText('Full Detail · Dana Reyes', {}, { timeout: 10_000 });
  return { api, ...app };
}

function travelBoxes(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.rbc-background-event.cal-travel')];
}

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

describe('travel blocks', () => {
  it('are read as wall times in the business zone, never movable', () => {
    const e = travelEvent(BETWEEN, 'America/Los_Angeles');
    expect([e.start.getHours(), e.start.getMinutes(), e.end.getHours(), e.end.getMinutes()]).toEqual([11, 0, 12, 30]);
    expect(e).toMatchObject({ title: 'Travel · 90 min', movable: false, resizable: false, kind: 'travel' });
    expect(e.tooltip).toBe('90 minutes of driving from the previous job (11:00 AM – 12:30 PM)');
    expect(travelEvent(FROM_HOME, 'America/Los_Angeles').tooltip).toMatch(/from your business address/);
  });

  it('are fetched for the visible week and drawn behind the jobs, striped, at the business times', async () => {
    const { api } = await openCalendar();
    await waitFor(() => expect(travelBoxes()).toHaveLength(2));
    const call = api.callsTo('GET /api/business-dashboard/travel-blocks')[0]!;
    expect([call.url.searchParams.get('from'), call.url.searchParams.get('to')]).toEqual(['2026-03-09', '2026-03-15']);
    const [home, between] = travelBoxes();
    expect(within(home!).getByText('Travel · 14 min')).toBeInTheDocument();
    expect(within(home!).getByText('9:46 AM – 10:00 AM')).toBeInTheDocument();
    expect(within(between!).getByText('11:00 AM – 12:30 PM')).toBeInTheDocument();
    // Wednesday's column, the jobs' day: in Tokyo it would be Thursday.
    const columns = [...document.querySelectorAll('.rbc-time-content > .rbc-day-slot')];
    expect(columns[2]?.contains(between!)).toBe(true);
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Travel');
  });

  it('cannot be dragged, and opens nothing when clicked or pressed', async () => {
    const { user } = await openCalendar();
    await waitFor(() => expect(travelBoxes()).toHaveLength(2));
    const box = travelBoxes()[1]!;
    // The drag-and-drop addon reads `movable` (draggableAccessor): false leaves the box unwrapped, with no anchors.
    expect(box.querySelector('.rbc-addons-dnd-resizable, .rbc-addons-dnd-resize-ns-anchor')).toBeNull();
    await user.click(box);
    act(() => box.focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('are fetched again after a job moves, and follow it', async () => {
    let answer: TravelBlock[] = [FROM_HOME, BETWEEN];
    const { api, user } = await openCalendar({
      'GET /api/business-dashboard/travel-blocks': () => ({ body: answer }),
      'PUT /api/business-dashboard/booking/reschedule': () => {
        answer = [FROM_HOME, { ...BETWEEN, endTime: '2026-03-11T19:45:00.000Z', minutes: 105 }];
        return {
          body: withUndo({ ...NEXT, bookingTime: { day: '2026-03-11', startTime: '15:00', endTime: '16:00' } }),
        };
      },
    });
    await waitFor(() => expect(travelBoxes()).toHaveLength(2));
    await user.click(screen.getByText('Wash · Sam Okafor').closest<HTMLElement>('.rbc-event')!);
    const dialog = await screen.findByRole('dialog', { name: 'Wash · Sam Okafor' });
    await user.selectOptions(within(dialog).getByLabelText('Start Time'), '15:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo('GET /api/business-dashboard/travel-blocks')).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Travel · 105 min')).toBeInTheDocument());
  });

  it('leave the calendar as it is when they cannot be loaded', async () => {
    await openCalendar({ 'GET /api/business-dashboard/travel-blocks': { status: 500, body: { error: 'boom' } } });
    await waitFor(() => expect(screen.getByText('Wash · Sam Okafor')).toBeInTheDocument());
    expect(travelBoxes()).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).not.toHaveTextContent('Travel');
  });
});
