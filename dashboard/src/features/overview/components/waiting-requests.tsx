/**
 * "Waiting for your answer" (issue "The owner's front door"): every request the owner must act on,
 * whatever its day, soonest first, each a compact booking card with its date and the one decision
 * flow of every other place (components/booking-decisions.tsx: Approve, New price, Decline with
 * Undo). A plan's visit whose day was taken offers Next free time. Decisions refresh the shared
 * list (lib/waiting.ts), so a decided request leaves it and the Bookings badge drops.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { Link } from 'react-router';
import { BookingCard } from '../../../components/booking-card.tsx';
import { BookingDecisions } from '../../../components/booking-decisions.tsx';
import { NextFreeTimeButton } from '../../../components/next-free-time-button.tsx';
import { useSharedResource } from '../../../lib/resource.ts';
import { waitingResource } from '../../../lib/waiting.ts';

/** Puts a decided booking's new state in the list at once, before the refreshed list arrives. */
function replaced(b: Booking): void {
  const now = waitingResource.data.peek();
  if (now) waitingResource.set({ ...now, bookings: now.bookings.map((x) => (x._id === b._id ? b : x)) });
}

/** onChange: a booking decided here, for the rest of the page (today's schedule shows it too). */
export function WaitingRequests({ onChange }: { onChange: (booking: Booking) => void }) {
  useSignals();
  const waiting = useSharedResource(waitingResource);
  const answer = waiting.data.value;
  const error = waiting.error.value;
  // A failed load is said once, here; the cards above and the badge simply show nothing.
  if (error && !answer)
    return (
      <section className="section" aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">Waiting for your answer</h2>
        <p className="notice notice--error" role="alert">{`Error: ${error}`}</p>
      </section>
    );
  if (!answer || answer.count === 0) return null;
  const more = answer.count - answer.bookings.length;
  return (
    <section className="section" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">
        Waiting for your answer <span className="waiting-count">{answer.count}</span>
      </h2>
      <div className="booking-list waiting-list">
        {answer.bookings.map((b) => (
          <BookingCard
            key={b._id}
            booking={b}
            withDay
            actions={
              <>
                <BookingDecisions
                  booking={b}
                  onChange={(updated) => {
                    replaced(updated);
                    onChange(updated);
                  }}
                />
                <NextFreeTimeButton booking={b} onChange={() => void waiting.refresh()} />
              </>
            }
          />
        ))}
      </div>
      {more > 0 && (
        <p className="muted">
          {`And ${more} more. `}
          <Link to="/dashboard/bookings?status=pending">See them all in Bookings</Link>
        </p>
      )}
    </section>
  );
}
