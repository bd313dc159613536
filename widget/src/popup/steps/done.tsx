import { formatClock } from '@slotwise/shared/clock';
import { formatUsd } from '@slotwise/shared/money';
import { longDate } from '@slotwise/shared/time-zone';
import { googleHref, icsHref } from '../calendar-links.ts';
import { StepHeading } from '../dialog.tsx';
import type { Store } from '../state.ts';
import { PlanVisits } from './plan.tsx';

/**
 * again: inline on a page (data-mode="inline"), the button starts a new booking instead of closing.
 * A booking the business confirms automatically (docs/product.md#confirming-bookings) is approved
 * already: the customer reads that they are booked, not that the business will confirm.
 */
export function DoneStep({ store, onClose, again }: { store: Store; onClose: () => void; again?: boolean }) {
  const booked = store.booked.value;
  if (!booked) return null;
  const { day, startTime, endTime, startZone, endZone } = booked.bookingTime;
  const clock = store.clock();
  const confirmed = booked.status === 'approved';
  const name = store.business.value?.name;
  const event = {
    booked,
    title: `${store.service()?.serviceName ?? 'Booking'} with ${store.business.value?.name ?? ''}`.trim(),
    address: store.place.value,
  };
  return (
    <div className="sw-step">
      <StepHeading>{confirmed ? "You're booked" : 'Booking received'}</StepHeading>
      <dl className="sw-done">
        <dt>Service</dt>
        <dd>{store.service()?.serviceName}</dd>
        <dt>Date</dt>
        <dd>{longDate(day)}</dd>
        <dt>Time</dt>
        <dd>
          {formatClock(startTime, clock, startZone)} to {formatClock(endTime, clock, endZone)}
        </dd>
        {/* A plan says its price per visit below, with its visits. */}
        {!booked.plan && (
          <>
            <dt>Total</dt>
            <dd>{formatUsd(booked.totalQuote)}</dd>
          </>
        )}
      </dl>
      {booked.plan && <PlanVisits plan={booked.plan} />}
      <p>{confirmed ? `Your booking with ${name} is confirmed.` : `${name} will confirm your booking soon.`}</p>
      <p className="sw-strong">A confirmation e-mail is on its way.</p>
      <p className="sw-calendar">
        Add to calendar:{' '}
        <a href={icsHref(event, Date.now())} download="booking.ics">
          Download .ics
        </a>{' '}
        ·{' '}
        <a href={googleHref(event)} target="_blank" rel="noopener">
          Google Calendar
        </a>
      </p>
      <div className="sw-actions">
        <button type="button" className="sw-primary" onClick={onClose}>
          {again ? 'Book again' : 'Close'}
        </button>
      </div>
    </div>
  );
}
