/**
 * What a click on an event opens (a bottom sheet on a phone, components/modal.tsx): its
 * details; for a booking, Approve and Decline while it is pending, Next free time for a plan's
 * visit whose day was taken, Refund while a deposit is paid and not all refunded, Call and
 * Navigate; what could not be delivered about it, with Send again; its deposit's chips, its plan
 * and, with two or more crews, its crew; a
 * Move form (the same move as a drag, for keyboard users and anyone who cannot drag
 * precisely, with a Crew choice as a drop on a crew's column); and Delete for a blocked time.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking, Crew } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { zoneLabel } from '@slotwise/shared/time-zone';
import { StatusBadge } from '@slotwise/ui/status-badge.tsx';
import { addMinutes, differenceInMinutes } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { BillButton } from '../../../components/booking-bill.tsx';
import { BookingDecisions } from '../../../components/booking-decisions.tsx';
import { PaymentChips, RefundButton } from '../../../components/booking-payment.tsx';
import { CrewChip } from '../../../components/crew-chip.tsx';
import { DoorHangerLink } from '../../../components/door-hanger-link.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { JobStepsButton } from '../../../components/job-steps-button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { NextFreeTimeButton } from '../../../components/next-free-time-button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PhotosButton } from '../../../components/photos-button.tsx';
import { UndeliveredNotices } from '../../../components/undelivered-notices.tsx';
import { directionsLink } from '../../../lib/contact-links.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { paymentChips } from '../../../lib/payment.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';
import { type CalendarEvent, reasonLabel } from '../calendar-events.ts';
import { dayOf, timeOf, wallDate } from '../wall-clock.ts';
import { STEPS } from './block-time-dialog.tsx';

const DELETE_FAILED = 'Failed to delete blocked time';

function When({ event }: { event: CalendarEvent }) {
  const sameDay = dayOf(event.start) === dayOf(event.end) || timeOf(event.end) === '00:00';
  return (
    <>
      {formatDay(dayOf(event.start))}, {formatTime(timeOf(event.start))} –{' '}
      {sameDay ? formatTime(timeOf(event.end)) : `${formatDay(dayOf(event.end))}, ${formatTime(timeOf(event.end))}`}
    </>
  );
}

export function EventDialog({
  event,
  timeZone,
  crews,
  onMove,
  onDelete,
  onBookingChange,
  onClose,
}: {
  event: CalendarEvent;
  timeZone: string;
  /** With two or more crews: the crews a booking can be given to from its Move form. */
  crews?: readonly Crew[];
  /**
   * Resolves true when the server accepted the move (a refusal is alerted by the caller);
   * `crewId`: give the booking to that crew.
   */
  onMove: (event: CalendarEvent, start: Date, end: Date, isAllDay?: boolean, crewId?: string) => Promise<boolean>;
  onDelete: (blockedId: string) => Promise<void>;
  /** The booking as the server has it after Approve, Decline or an Undo. */
  onBookingChange: (booking: Booking) => void;
  onClose: () => void;
}) {
  // The phone's formatter arrives in a chunk of its own (lib/phone.ts).
  useSignals();
  const id = useId();
  const isBlocked = event.kind === 'blocked';
  const minutes = differenceInMinutes(event.end, event.start);
  const [day, setDay] = useState(dayOf(event.start));
  const [startTime, setStartTime] = useState(timeOf(event.start));
  const [endTime, setEndTime] = useState(timeOf(event.end));
  const crew = event.kind === 'booking' ? event.crew : undefined;
  const [crewId, setCrewId] = useState(crew?.id ?? '');
  // The crews it can go to: those taking jobs, and its own even when paused.
  const crewChoices = crews && crew ? crews.filter((c) => c.active || c._id === crew.id) : [];
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function move(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setProblem('Choose a day to move it to.');
      return;
    }
    const start = wallDate(day, startTime);
    const end = isBlocked ? wallDate(day, endTime) : addMinutes(start, minutes);
    if (end <= start) {
      setProblem('End time must be after start time.');
      return;
    }
    setProblem(null);
    setBusy(true);
    const moved = await onMove(event, start, end, false, crewId && crewId !== crew?.id ? crewId : undefined);
    setBusy(false);
    if (moved) onClose();
  }

  async function remove() {
    if (busy || event.kind !== 'blocked') return;
    setBusy(true);
    setProblem(null);
    try {
      await onDelete(event.blocked._id);
      onClose();
    } catch (err) {
      setProblem(serverErrorOr(err, DELETE_FAILED));
      setBusy(false);
    }
  }

  const booking = event.kind === 'booking' ? event.booking : null;
  const tel = booking ? telHref(booking.phoneNumber) : null;
  const address = booking?.customerAddress?.trim();
  return (
    <Modal title={event.title} description={<When event={event} />} onClose={onClose}>
      {booking && (
        <div className="cal-quick-actions">
          <BookingDecisions booking={booking} onChange={onBookingChange} />
          <NextFreeTimeButton booking={booking} onChange={onBookingChange} />
          <RefundButton booking={booking} onChange={onBookingChange} />
          <BillButton booking={booking} />
          <JobStepsButton booking={booking} />
          <PhotosButton booking={booking} />
          <DoorHangerLink booking={booking} />
          {tel && (
            <a className="btn btn--small" href={tel}>
              Call
            </a>
          )}
          {address && (
            <a className="btn btn--small" href={directionsLink(address)} target="_blank" rel="noopener noreferrer">
              Navigate
            </a>
          )}
        </div>
      )}
      {booking && <UndeliveredNotices bookingId={booking._id} />}
      {booking ? (
        <dl className="cal-details">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={booking.status} />
          </dd>
          {paymentChips(booking).length > 0 && (
            <>
              <dt>Payment</dt>
              <dd>
                <PaymentChips booking={booking} />
              </dd>
            </>
          )}
          {booking.plan && (
            <>
              <dt>Repeats</dt>
              <dd>
                <span aria-hidden="true">↻ </span>
                {booking.plan.label}
              </dd>
            </>
          )}
          {crew && (
            <>
              <dt>Crew</dt>
              <dd>
                <CrewChip crew={crew} label={null} />
              </dd>
            </>
          )}
          <dt>Customer</dt>
          <dd>{`${booking.firstName} ${booking.lastName}`.trim()}</dd>
          <dt>Contact</dt>
          <dd>
            <EmailText email={booking.customerEmail} /> · {formatPhone(booking.phoneNumber)}
          </dd>
          <dt>Price</dt>
          <dd>{formatUsd(booking.totalQuote)}</dd>
          {booking.customerAddress && (
            <>
              <dt>Address</dt>
              <dd>{booking.customerAddress}</dd>
            </>
          )}
        </dl>
      ) : (
        event.kind === 'blocked' && (
          <dl className="cal-details">
            <dt>Reason</dt>
            <dd>{reasonLabel(event.blocked.reason)}</dd>
            <dt>Title</dt>
            <dd>{event.blocked.title}</dd>
          </dl>
        )
      )}
      {event.movable ? (
        <form className="cal-form cal-move" noValidate onSubmit={move}>
          <h3>Move to</h3>
          <p className="hint">Times in {zoneLabel(timeZone)}.</p>
          <div className="cal-form-row">
            <div className="field">
              <label htmlFor={`${id}-day`}>Day</label>
              <input
                id={`${id}-day`}
                className="input"
                type="date"
                required
                value={day}
                onChange={(e) => setDay(e.currentTarget.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-start`}>Start Time</label>
              <select
                id={`${id}-start`}
                className="input"
                value={startTime}
                onChange={(e) => setStartTime(e.currentTarget.value)}
              >
                {(STEPS.includes(startTime) ? STEPS : [startTime, ...STEPS]).map((t) => (
                  <option key={t} value={t}>
                    {formatTime(t)}
                  </option>
                ))}
              </select>
            </div>
            {crewChoices.length > 1 && (
              <div className="field">
                <label htmlFor={`${id}-crew`}>Crew</label>
                <select
                  id={`${id}-crew`}
                  className="input"
                  value={crewId}
                  onChange={(e) => setCrewId(e.currentTarget.value)}
                >
                  {crewChoices.map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.active ? c.name : `${c.name} (paused)`}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {isBlocked && (
              <div className="field">
                <label htmlFor={`${id}-end`}>End Time</label>
                <select
                  id={`${id}-end`}
                  className="input"
                  value={endTime}
                  onChange={(e) => setEndTime(e.currentTarget.value)}
                >
                  {(STEPS.includes(endTime) ? STEPS : [endTime, ...STEPS]).map((t) => (
                    <option key={t} value={t}>
                      {formatTime(t)}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          {problem && <Notice kind="error">{problem}</Notice>}
          <div className="cal-form-actions">
            {isBlocked && (
              <button type="button" className="btn btn--danger" disabled={busy} onClick={remove}>
                Delete
              </button>
            )}
            <button type="button" className="btn" onClick={onClose} data-autofocus>
              Close
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Move
            </button>
          </div>
        </form>
      ) : (
        <div className="cal-form-actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            Close
          </button>
        </div>
      )}
    </Modal>
  );
}
