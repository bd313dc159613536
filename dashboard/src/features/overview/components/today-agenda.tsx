/**
 * Today's schedule as an agenda (issue 21): one row per booking in time order, readable
 * on a phone held in one hand. Each row shows the time, the service and status, the
 * customer, the price, the deposit's chips, the address as a link that opens directions in
 * the phone's map app, the phone number as a link that dials it, the crew doing it (a chip in
 * its colour, once the business has two or more crews), Approve / Decline for a
 * pending booking (components/booking-decisions.tsx) and Refund for a paid deposit
 * (components/booking-payment.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking, Crew } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { StatusBadge } from '@slotwise/ui/status-badge.tsx';
import { BillButton } from '../../../components/booking-bill.tsx';
import { BookingDecisions } from '../../../components/booking-decisions.tsx';
import { PaymentChips, RefundButton } from '../../../components/booking-payment.tsx';
import { CrewChip } from '../../../components/crew-chip.tsx';
import { directionsLink } from '../../../lib/contact-links.ts';
import { crewOf } from '../../../lib/crews.ts';
import { formatTime } from '../../../lib/format.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';

function AgendaItem({
  booking,
  crew,
  onChange,
}: {
  booking: Booking;
  crew: Crew | undefined;
  onChange: (booking: Booking) => void;
}) {
  // The phone formatter arrives in a signal (lib/phone.ts).
  useSignals();
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  const time = booking.bookingTime;
  const tel = telHref(booking.phoneNumber);
  const address = booking.customerAddress?.trim();
  return (
    <li className="agenda-item">
      <article className="card agenda-card" aria-label={`${booking.serviceName} for ${name}`}>
        <p className="agenda-time">{`${formatTime(time?.startTime)} – ${formatTime(time?.endTime)}`}</p>
        <div className="agenda-body">
          <header className="agenda-head">
            <h3>{booking.serviceName}</h3>
            <StatusBadge status={booking.status} />
          </header>
          {crew && (
            <p className="agenda-crew">
              <CrewChip crew={crew} />
            </p>
          )}
          <p className="agenda-who">
            <span>{name}</span>
            <span className="agenda-price">{formatUsd(booking.totalQuote)}</span>
          </p>
          <PaymentChips booking={booking} />
          {(address || tel) && (
            <p className="agenda-contact">
              {address && (
                <a
                  className="agenda-link"
                  href={directionsLink(address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Directions to ${address} (opens your map app)`}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />
                  </svg>
                  <span>{address}</span>
                </a>
              )}
              {tel && (
                <a
                  className="agenda-link"
                  href={tel}
                  aria-label={`Call ${name || 'the customer'} at ${formatPhone(booking.phoneNumber)}`}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
                  </svg>
                  <span>{formatPhone(booking.phoneNumber)}</span>
                </a>
              )}
            </p>
          )}
          <div className="agenda-actions">
            <BookingDecisions booking={booking} onChange={onChange} />
            <RefundButton booking={booking} onChange={onChange} />
            <BillButton booking={booking} />
          </div>
        </div>
      </article>
    </li>
  );
}

export function TodayAgenda({
  bookings,
  crews,
  onChange,
}: {
  /** Today's bookings, in time order. */
  bookings: readonly Booking[];
  /** With two or more crews: each job names its crew. */
  crews?: readonly Crew[];
  onChange: (booking: Booking) => void;
}) {
  return (
    <ol className="agenda">
      {bookings.map((b) => (
        <AgendaItem key={b._id} booking={b} crew={crews && crewOf(b, crews)} onChange={onChange} />
      ))}
    </ol>
  );
}
