/**
 * The owner's line on a booking whose crew runs late (docs/decisions/049): "Running late: now
 * about 2:45 PM", as the crew's last Start job or Mark completed projected it, wherever the owner
 * meets the job (today's agenda, Bookings, the calendar's booking sheet). Nothing while on time,
 * or until the business's time zone is known.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { businessProfile } from '../lib/business.ts';
import { useTimeFormat } from '../lib/format.ts';
import { useSharedResource } from '../lib/resource.ts';
import { runningLateLine } from '../lib/running-late.ts';
import './running-late-note.css';

export function RunningLateNote({ booking }: { booking: Pick<Booking, 'projectedStart'> }) {
  useSignals();
  const timeFormat = useTimeFormat();
  const timeZone = useSharedResource(businessProfile).data.value?.timeZone;
  const line = timeZone ? runningLateLine(booking.projectedStart, timeZone, timeFormat) : null;
  return line ? <span className="running-late-note">{line}</span> : null;
}
