/**
 * The calendar's data, on the dashboard's one resource pattern (lib/resource.ts):
 * bookings and blocked times of the visible range only (react-big-calendar filters
 * every event it is given on every render), and the business hours.
 */
import type { BlockedTime, Booking, BusyTime, TravelBlock } from '@slotwise/shared/api';
import type { ApiError } from '@slotwise/shared/client';
import { useEffect, useRef, useState } from 'react';
import { client } from '../../lib/api.ts';
import { isNetworkError, serverErrorOr } from '../../lib/errors.ts';
import { createResource, type Resource, useResource } from '../../lib/resource.ts';
import type { VisibleRange } from './wall-clock.ts';

const FETCH_FAILED = {
  bookings: 'Failed to fetch bookings',
  blocked: 'Failed to fetch blocked times',
  availability: 'Failed to fetch availability',
} as const;

/** The server's words when it gave some, the network's when it was unreachable, else the page's fixed text. */
function describeFailure(fallback: string) {
  return (err: unknown) => (isNetworkError(err) ? (err as ApiError).message : serverErrorOr(err, fallback));
}

export function useAvailability() {
  return useResource(() => client.dashboard.availability(), describeFailure(FETCH_FAILED.availability));
}

/** Bookings and blocked times of `range`, refetched whenever the range changes. */
export function useRangeData(range: VisibleRange): { bookings: Resource<Booking[]>; blocked: Resource<BlockedTime[]> } {
  const current = useRef(range);
  const [resources] = useState(() => ({
    bookings: createResource(
      async () => (await client.dashboard.bookings({ query: current.current })).bookings,
      describeFailure(FETCH_FAILED.bookings),
    ),
    blocked: createResource(
      () => client.dashboard.blockedTimes({ query: current.current }),
      describeFailure(FETCH_FAILED.blocked),
    ),
  }));
  const { from, to } = range;
  useEffect(() => {
    current.current = { from, to };
    void resources.bookings.refresh();
    void resources.blocked.refresh();
  }, [resources, from, to]);
  return resources;
}

/**
 * The drives between jobs of `range` (issue 8), fetched once the range's bookings are
 * in and again whenever they change (a drag moves a drive too). A decoration: when it
 * fails the calendar simply shows no drives, so its error is not the page's.
 */
export function useTravelBlocks(range: VisibleRange, bookings: readonly Booking[] | undefined): TravelBlock[] | null {
  const current = useRef(range);
  current.current = range;
  const [blocks, setBlocks] = useState<TravelBlock[] | null>(null);
  useEffect(() => {
    if (!bookings) return;
    let live = true;
    client.dashboard.travelBlocks({ query: current.current }).then(
      // An owner who does not travel always gets []: keep the same array, so nothing re-renders.
      (list) => live && setBlocks((prev) => (prev?.length === 0 && list.length === 0 ? prev : list)),
      () => live && setBlocks(null),
    );
    return () => {
      live = false;
    };
  }, [bookings]);
  return blocks;
}

/**
 * The connected calendars' busy times of `range` (docs/decisions/025), fetched again whenever the
 * range changes. A decoration like the drives: when it fails the calendar shows none, and the
 * server still keeps customers off those times.
 */
export function useBusyTimes(range: VisibleRange): BusyTime[] {
  const [busy, setBusy] = useState<BusyTime[]>([]);
  const { from, to } = range;
  useEffect(() => {
    let live = true;
    client.dashboard.busyTimes({ query: { from, to } }).then(
      // Most owners connect no calendar: keep the same empty array, so nothing re-renders.
      (list) => live && setBusy((prev) => (prev.length === 0 && list.length === 0 ? prev : list)),
      () => live && setBusy([]),
    );
    return () => {
      live = false;
    };
  }, [from, to]);
  return busy;
}

/**
 * Applies a change the server confirmed. While a load of a new range is in flight its
 * answer is the truth (and may or may not include the change), so it is fetched again
 * instead: Resource.set would drop that load.
 */
export function patchList<T>(resource: Resource<T[]>, change: (list: T[]) => T[]): void {
  const list = resource.data.peek();
  if (!list || resource.loading.peek()) void resource.refresh();
  else resource.set(change(list));
}
