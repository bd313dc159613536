import type { AppliedDayRoute, DayRoute, RouteStop } from '@slotwise/shared/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken, storeToken } from '../../../testing/tokens.ts';

const OWNER_ROUTE = 'GET /api/business-dashboard/crews/:id/route';
const APPLY = 'POST /api/business-dashboard/crews/:id/route';
const CREW_ROUTE = 'GET /api/crew/route';
const CREW = '5f0c6d5e-2222-4a1a-8a1a-000000000001';
const DAY = '2026-12-02';
const id = (n: number) => `0b0c6d5e-1111-4a1a-8a1a-00000000000${n}`;

const stop = (n: number, name: string, start: string, minutes: number, fromStart = false): RouteStop => ({
  bookingId: id(n),
  time: { day: DAY, startTime: start, endTime: start.replace(/:00$/, ':30') },
  customerName: name,
  address: `${n}0 Main St, Los Angeles, CA`,
  serviceName: 'Quick Wash',
  fixed: null,
  drive: { minutes, miles: minutes / 2, fromStart },
});

const link = (...places: string[]) =>
  `https://www.google.com/maps/dir/?api=1&origin=${encodeURIComponent(places[0]!)}&destination=${encodeURIComponent(places.at(-1)!)}`;

const route: DayRoute = {
  crew: { _id: CREW, name: 'Sam' },
  day: DAY,
  timeFormat: '12h',
  startAddress: '1 Home Rd, Los Angeles, CA',
  booked: {
    stops: [
      stop(3, 'Far Customer', '10:00', 36, true),
      stop(1, 'Near Customer', '12:00', 24),
      stop(2, 'Middle Customer', '14:00', 12),
    ],
    driveMinutes: 72,
    driveMiles: 36,
    directions: [link('1 Home Rd', '20 Main St')],
  },
  suggestion: {
    stops: [
      stop(1, 'Near Customer', '10:00', 12, true),
      stop(2, 'Middle Customer', '12:00', 12),
      stop(3, 'Far Customer', '14:00', 12),
    ],
    driveMinutes: 36,
    driveMiles: 18,
    directions: [link('1 Home Rd', '30 Main St')],
    savedMinutes: 36,
    moved: [id(1), id(2), id(3)],
  },
};

function owner(routes: Parameters<typeof fakeApi>[0]) {
  storeToken();
  const api = fakeApi(routes);
  return { api, ...renderApp(`/dashboard/route/${CREW}/${DAY}`) };
}

describe("the owner's day route", () => {
  it('shows the booked order with the drives and total, and the suggestion with what it saves and the old times', async () => {
    owner({ [OWNER_ROUTE]: { body: route } });
    expect(await screen.findByRole('heading', { level: 1, name: "Sam's route" })).toBeInTheDocument();
    const booked = screen.getByRole('list', { name: 'Booked order' });
    const items = within(booked).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/Customer$/).textContent)).toEqual([
      'Far Customer',
      'Near Customer',
      'Middle Customer',
    ]);
    expect(within(items[0]!).getByText('36 min · 18 mi from the start')).toBeInTheDocument();
    expect(within(items[1]!).getByText('24 min · 12 mi from the last job')).toBeInTheDocument();
    expect(screen.getByText(/1 h 12 min of driving · 36 mi/)).toBeInTheDocument();
    expect(screen.getByText('Saves 36 min of driving')).toBeInTheDocument();
    const suggested = screen.getByRole('list', { name: 'Suggested order' });
    expect(within(suggested).getAllByRole('listitem')[0]).toHaveTextContent('10:00 AM (was 12:00 PM)');
    const directions = screen.getByRole('link', { name: /Directions for the day/ });
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('href', route.booked.directions[0]);
    expect(screen.getByRole('link', { name: /Directions in this order/ })).toHaveAttribute(
      'href',
      route.suggestion!.directions[0],
    );
  });

  it('asks again with a job pinned, so the suggestion keeps its time', async () => {
    const { api, user } = owner({ [OWNER_ROUTE]: { body: route } });
    const booked = await screen.findByRole('list', { name: 'Booked order' });
    await user.click(within(booked).getAllByRole('checkbox', { name: 'Keep this time' })[0]!);
    await vi.waitFor(() => expect(api.callsTo(OWNER_ROUTE)).toHaveLength(2));
    expect(api.callsTo(OWNER_ROUTE)[1]!.url.searchParams.get('pinned')).toBe(id(3));
    expect(api.callsTo(OWNER_ROUTE)[1]!.url.searchParams.get('day')).toBe(DAY);
  });

  it('applies the suggestion: the moves as shown, then the day as it is now', async () => {
    const after: DayRoute = { ...route, booked: route.suggestion!, suggestion: null };
    const { api, user } = owner({
      [OWNER_ROUTE]: { body: route },
      [APPLY]: { body: { moved: 3, route: after } satisfies AppliedDayRoute },
    });
    await user.click(await screen.findByRole('button', { name: 'Apply this order' }));
    expect(await screen.findByText(/already in the shortest order/)).toBeInTheDocument();
    expect(api.callsTo(APPLY).map((c: FakeRequest) => c.body)).toEqual([
      {
        day: DAY,
        pinned: [],
        moves: [
          { bookingId: id(1), startTime: '10:00' },
          { bookingId: id(2), startTime: '12:00' },
          { bookingId: id(3), startTime: '14:00' },
        ],
      },
    ]);
  });

  it('says the day changed and reads the fresh suggestion when the apply is stale', async () => {
    const { api, user } = owner({
      [OWNER_ROUTE]: { body: route },
      [APPLY]: { status: 409, body: { code: 'ROUTE_CHANGED', error: 'The day changed.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Apply this order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The crew's day changed since you read it");
    await vi.waitFor(() => expect(api.callsTo(OWNER_ROUTE)).toHaveLength(2));
  });
});

describe("the crew's own route", () => {
  it('lists today in driving order with the directions, and no suggestion', async () => {
    storeToken(makeToken({ email: 'sam@example.com', k: 'crew' }));
    fakeApi({ [CREW_ROUTE]: { body: { ...route, suggestion: null } } });
    renderApp('/crew/route');
    expect(await screen.findByRole('heading', { level: 1, name: "Today's route" })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: "Today's jobs in driving order" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply this order' })).toBeNull();
    expect(screen.getByRole('link', { name: /Directions for the day/ })).toHaveAttribute('target', '_blank');
  });
});
