/**
 * Checklist, on an approved or completed booking wherever the owner meets it (Bookings, the
 * calendar's booking sheet, the client's page): the job's steps with who ticked each and when (docs/decisions/050).
 * The owner may tick one too (a crew without a phone, a step done by the owner), recorded as
 * "Owner". Not the owner's first-day onboarding checklist (features/overview).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { useState } from 'react';
import { client } from '../lib/api.ts';
import { businessProfile } from '../lib/business.ts';
import { useTimeFormat } from '../lib/format.ts';
import { useSharedResource } from '../lib/resource.ts';
import { JobStepsList } from './job-steps-list.tsx';
import { Modal } from './modal.tsx';

/** The statuses a checklist means something for: the job is on, or done. */
const WORKED = new Set(['approved', 'completed']);

/** What the button needs of a booking: a whole one (Bookings) or a client page's line. */
type StepsBooking = Pick<Booking, '_id' | 'status' | 'serviceName'> & Partial<Pick<Booking, 'firstName' | 'lastName'>>;

export function JobStepsButton({
  booking,
  describedBy,
}: {
  booking: StepsBooking;
  /** The id of the words that say which booking, where several are listed together. */
  describedBy?: string;
}) {
  useSignals();
  const timeFormat = useTimeFormat();
  const timeZone = useSharedResource(businessProfile).data.value?.timeZone;
  const [open, setOpen] = useState(false);
  if (!WORKED.has(booking.status.toLowerCase()) || !timeZone) return null;
  const who = `${booking.firstName ?? ''} ${booking.lastName ?? ''}`.trim();
  return (
    <>
      <button type="button" className="btn btn--small" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        Checklist
      </button>
      {open && (
        <Modal
          title="Checklist"
          description={who ? `${booking.serviceName} for ${who}` : booking.serviceName}
          onClose={() => setOpen(false)}
        >
          <JobStepsList
            load={() => client.dashboard.bookingSteps({ params: { id: booking._id } })}
            tick={(step, done) =>
              client.dashboard.tickBookingStep({ params: { id: booking._id, step }, body: { done } })
            }
            timeZone={timeZone}
            timeFormat={timeFormat}
            empty="This service has no checklist. Add its steps in Services (Job steps)."
          />
          <div className="row">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
