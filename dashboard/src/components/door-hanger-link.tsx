/**
 * Door-hanger, on a job done or approved for today (docs/decisions/058): opens the printable card for
 * the neighbours (features/door-hanger, a lazy page). Only a link here, so nothing of the card's page
 * is in the chunk that shows the booking.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { todayIn } from '@slotwise/shared/time-zone';
import { Link } from 'react-router';
import { businessProfile } from '../lib/business.ts';
import { useSharedResource } from '../lib/resource.ts';

/** A booking as the calendar has it (bookingTime) or as a client's page lists it (day). */
type HangerBooking = Pick<Booking, '_id' | 'status'> & ({ bookingTime: { day: string } } | { day: string });

export function DoorHangerLink({ booking }: { booking: HangerBooking }) {
  useSignals();
  const timeZone = useSharedResource(businessProfile).data.value?.timeZone;
  const status = booking.status.toLowerCase();
  const today = timeZone ? todayIn(timeZone) : null;
  if (
    status !== 'completed' &&
    !(status === 'approved' && ('day' in booking ? booking.day : booking.bookingTime.day) === today)
  )
    return null;
  return (
    <Link className="btn btn--small" to={`/dashboard/door-hanger/${booking._id}`}>
      Door-hanger
    </Link>
  );
}
