/**
 * The owner's connected calendars on the calendar page (issue 27): their busy times drawn grey,
 * "Busy (Personal)", at the business's times (browser in Tokyo, business in Los Angeles), an
 * all-day one in the all-day row; read-only, a click says what it is; none drawn when they
 * cannot be loaded.
 */
import type { Booking, BusyTime } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, type Reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';

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
const CALENDAR = '4d0b8a2f-3c5e-4f70-9b1c-2d3e4f5a6b7c';
// Los Angeles is on PDT (UTC-7) on 2026-03-11: 22:00Z is 15:00 there, 07:00 the next day in Tokyo.
const GAME: BusyTime = {
  _id: '3c9a7f1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b',
  calendarId: CALENDAR,
  label: 'Personal',
  title: null,
  startTime: '2026-03-11T22:00:00.000Z',
  endTime: '2026-03-11T23:30:00.000Z',
  allDay: false,
  crewId: null,
};
const SUPPLIERS: BusyTime = {
  ...GAME,
  _id: '5e1c9b3a-4d6f-4a81-8c2d-3e4f5a6b7c8d',
  startTime: '2026-03-12T07:00:00.000Z',
  endTime: '2026-03-13T07:00:00.000Z',
  allDay: true,
};

type Routes = Record<string, Reply | ((req: FakeRequest) => Reply | Promise<Reply>)>;

async function openCalendar(routes: Routes = {}, view = 'week') {
  storeToken();
  const api = fakeApi({
    'GET /api/business-dashboard/availability': { body: [] },
    'GET /api/business-dashboard/bookings': { body: { bookings: [JOB] } },
    'GET /api/business-dashboard/blocked-times': { body: [] },
    'GET /api/business-dashboard/travel-blocks': { body: [] },
    'GET /api/business-dashboard/busy-times': { body: [GAME, SUPPLIERS] },
    ...routes,
  });
  const app = renderApp(`/dashboard/calendar?date=2026-03-11&view=${view}`);
  await screen.findByText('Full Detail · Dana Reyes', {}, { timeout: 10_000 });
  return { api, ...app };
}

const busyBoxes = () => [...document.querySelectorAll<HTMLElement>('.rbc-event.cal-event--busy')];

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

describe("the owner's own calendars on the calendar page", () => {
  it('are fetched for the visible week and drawn grey at the business times, whole days in the all-day row', async () => {
    const { api } = await openCalendar();
    await waitFor(() => expect(busyBoxes()).toHaveLength(2));
    const call = api.callsTo('GET /api/business-dashboard/busy-times')[0]!;
    expect([call.url.searchParams.get('from'), call.url.searchParams.get('to')]).toEqual(['2026-03-09', '2026-03-15']);
    const timed = busyBoxes().find((b) => b.closest('.rbc-day-slot'))!;
    expect(within(timed).getByText('Busy (Personal)')).toBeInTheDocument();
    expect(within(timed).getByText('3:00 PM – 4:30 PM')).toBeInTheDocument();
    // Wednesday's column: in Tokyo it would be Thursday.
    const columns = [...document.querySelectorAll('.rbc-time-content > .rbc-day-slot')];
    expect(columns[2]?.contains(timed)).toBe(true);
    const allDay = busyBoxes().find((b) => b.closest('.rbc-allday-cell'))!;
    expect(allDay).toHaveTextContent('Busy (Personal)');
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Busy (your calendars)');
  });

  it('show the title when the owner chose so; cannot be dragged; a click says what and whose they are', async () => {
    const { user } = await openCalendar({
      'GET /api/business-dashboard/busy-times': { body: [{ ...GAME, title: 'Soccer game' }] },
    });
    await waitFor(() => expect(busyBoxes()).toHaveLength(1));
    const box = busyBoxes()[0]!;
    expect(box).toHaveTextContent('Soccer game (Personal)');
    expect(box.closest('.rbc-addons-dnd-resizable')).toBeNull();
    expect(box.querySelector('.rbc-addons-dnd-resize-ns-anchor')).toBeNull();
    await user.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'Soccer game (Personal)' });
    expect(dialog).toHaveTextContent('Wed, Mar 11, 2026, 3:00 PM – 4:30 PM');
    expect(dialog).toHaveTextContent('"Soccer game" is an event of your calendar "Personal".');
    expect(within(dialog).getByRole('link', { name: 'Settings, Connected Calendars' })).toHaveAttribute(
      'href',
      '/dashboard/settings/calendars',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lead with their time in the month view, a whole day with nothing', async () => {
    await openCalendar({}, 'month');
    await waitFor(() => expect(busyBoxes()).toHaveLength(2));
    const texts = busyBoxes().map((b) => b.textContent?.replace(/\s+/g, ' ').trim());
    expect(texts.sort()).toEqual(['3:00 PM Busy (Personal)', 'Busy (Personal)']);
  });

  it('leave the calendar as it is when they cannot be loaded', async () => {
    await openCalendar({ 'GET /api/business-dashboard/busy-times': { status: 500, body: { error: 'boom' } } });
    await waitFor(() => expect(screen.getByText('Full Detail · Dana Reyes')).toBeInTheDocument());
    expect(busyBoxes()).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).not.toHaveTextContent('Busy');
  });
});
