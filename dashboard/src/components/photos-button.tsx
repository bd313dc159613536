/**
 * Photos, on a booking wherever the owner meets it (Bookings, the calendar's booking sheet, the
 * client's page; docs/decisions/053): the crew's before and after photos, and the customer's with
 * the request. The owner may add and delete too. Beside the job's Checklist (job-steps-button.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { lazy, Suspense, useState } from 'react';
import { businessProfile } from '../lib/business.ts';
import { useTimeFormat } from '../lib/format.ts';
import { useSharedResource } from '../lib/resource.ts';

// Loaded the first time a booking's Photos is opened (the grid, the shrinking, the uploads).
const PhotosDialog = lazy(async () => ({ default: (await import('./photos-dialog.tsx')).PhotosDialog }));

/** The statuses photos mean something for: a request (the customer's), a job on or done. */
const SHOWN = new Set(['pending', 'approved', 'completed']);

type PhotosBooking = Pick<Booking, '_id' | 'status' | 'serviceName'> & Partial<Pick<Booking, 'firstName' | 'lastName'>>;

export function PhotosButton({ booking, describedBy }: { booking: PhotosBooking; describedBy?: string }) {
  useSignals();
  const timeFormat = useTimeFormat();
  const timeZone = useSharedResource(businessProfile).data.value?.timeZone;
  const [open, setOpen] = useState(false);
  if (!SHOWN.has(booking.status.toLowerCase()) || !timeZone) return null;
  const who = `${booking.firstName ?? ''} ${booking.lastName ?? ''}`.trim();
  return (
    <>
      <button type="button" className="btn btn--small" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        Photos
      </button>
      {open && (
        <Suspense fallback={null}>
          <PhotosDialog
            bookingId={booking._id}
            description={who ? `${booking.serviceName} for ${who}` : booking.serviceName}
            timeZone={timeZone}
            timeFormat={timeFormat}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
