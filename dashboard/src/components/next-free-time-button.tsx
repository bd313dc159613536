/**
 * "Next free time" for a plan's visit whose day was taken (status needs_time, docs/decisions/022):
 * the server gives it the first free time from its own day on, at the plan's time where that is
 * free, or refuses with NO_FREE_TIME (then the owner picks a time on the calendar). Nothing for
 * any other booking.
 */
import type { Booking } from '@slotwise/shared/api';
import { useState } from 'react';
import { client } from '../lib/api.ts';
import { isNetworkError, serverErrorOr } from '../lib/errors.ts';
import { formatDay, formatTime } from '../lib/format.ts';
import { showToast } from './toaster.tsx';

export const NEXT_FREE_TIME_FAILED = 'Failed to find a free time';

export function NextFreeTimeButton({
  booking,
  onChange,
  onFailure = (err) =>
    showToast(isNetworkError(err) ? (err as Error).message : serverErrorOr(err, NEXT_FREE_TIME_FAILED), 'error'),
}: {
  booking: Booking;
  /** The visit as the server now has it, with its new time. */
  onChange: (booking: Booking) => void;
  onFailure?: (err: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (booking.status.toLowerCase() !== 'needs_time') return null;

  async function find() {
    setBusy(true);
    try {
      const updated = await client.dashboard.nextFreeTime({ params: { id: booking._id } });
      const t = updated.bookingTime;
      showToast(`Visit booked for ${formatDay(t.day)} at ${formatTime(t.startTime, t.startZone)}.`);
      onChange(updated);
    } catch (err) {
      onFailure(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={find}>
      {busy ? 'Finding a time...' : 'Next free time'}
    </button>
  );
}
