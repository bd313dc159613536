/**
 * The owner's On my way on a booking of today (docs/decisions/048), beside Mark completed wherever
 * the owner meets the job (today's agenda, Bookings, the calendar's booking sheet): the same
 * message, once per job, as the crew's tap on its phone. Sent, it reads "On my way sent at 11:31
 * AM" instead. Today is the business's (its profile's time zone); until that is known, nothing is
 * offered.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { todayIn } from '@slotwise/shared/time-zone';
import { useState } from 'react';
import { client } from '../lib/api.ts';
import { businessProfile } from '../lib/business.ts';
import { serverErrorOr } from '../lib/errors.ts';
import { useTimeFormat } from '../lib/format.ts';
import { ON_MY_WAY, ON_MY_WAY_FAILED, onMyWayLine, onMyWaySentWords } from '../lib/on-my-way.ts';
import { useSharedResource } from '../lib/resource.ts';
import { showToast } from './toaster.tsx';
import './on-my-way-button.css';

export function OnMyWayButton({ booking, onChange }: { booking: Booking; onChange: (b: Booking) => void }) {
  useSignals();
  const timeFormat = useTimeFormat();
  const timeZone = useSharedResource(businessProfile).data.value?.timeZone;
  const [busy, setBusy] = useState(false);
  if (!timeZone) return null;
  const sent = onMyWayLine(booking.onMyWayAt, timeZone, timeFormat);
  if (sent) return <span className="hint on-my-way-sent">{sent}</span>;
  // Started: the crew is there, and the server would refuse it.
  if (booking.startedAt || booking.bookingTime.day !== todayIn(timeZone)) return null;

  async function tap() {
    setBusy(true);
    try {
      const answer = await client.dashboard.bookingOnMyWay({ params: { id: booking._id } });
      onChange(answer.booking);
      showToast(onMyWaySentWords(answer.sent, booking.firstName));
    } catch (err) {
      showToast(`${ON_MY_WAY_FAILED} ${serverErrorOr(err, 'Please try again.')}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn--small" disabled={busy} onClick={() => void tap()}>
      {busy ? 'Sending...' : ON_MY_WAY}
    </button>
  );
}
