/**
 * Bill, on an approved or completed booking's card (issue 43): opens the booking's bill
 * (booking-bill-dialog.tsx), loaded the first time it is asked for, so the cards' first
 * download carries only this button.
 */
import type { Booking } from '@slotwise/shared/api';
import { lazy, Suspense, useState } from 'react';

const BillDialog = lazy(async () => ({ default: (await import('./booking-bill-dialog.tsx')).BillDialog }));

/** The statuses a bill means something for: the job is on, or done. */
const BILLED = new Set(['approved', 'completed']);

export function BillButton({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  if (!BILLED.has(booking.status.toLowerCase())) return null;
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
        {booking.status.toLowerCase() === 'completed' ? 'Bill and invoice' : 'Bill'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BillDialog booking={booking} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
