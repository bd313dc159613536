/**
 * /customer/reschedule?token=...&businessId=... (docs/product.md#reschedule-and-cancel-pages): the
 * customer sees which booking the link is about, picks a free day on the month (the widget's grid,
 * packages/ui month-grid.tsx) and a free slot (unavailable ones disabled) and confirms. Days and
 * slots come from the server with the link's token, so the booking's own time never blocks a move
 * within it. A customer whose browser is in another zone reads each time as theirs beside the
 * business's (yourTimeBeside). A plan's visit (issue 24) moves alone: the plan keeps its usual day and time.
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { PICK_ANOTHER_TIME } from '@slotwise/shared/errors';
import { todayIn } from '@slotwise/shared/time-zone';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { BookAgain, BusinessPageLink } from './book-again.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { ManagedBookingFrame } from './business-header.tsx';
import { ChangeLocked } from './change-locked.tsx';
import { FreeTimePicker, useFreeTimes } from './free-time-picker.tsx';
import {
  ClosedVisit,
  closedReason,
  needsTimeText,
  ONLY_THIS_VISIT,
  ONLY_THIS_VISIT_MOVED,
  PlanSummary,
} from './plan-visit.tsx';
import '../customer.css';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useManagedBooking } from '../use-managed-booking.ts';

export const INVALID_LINK = 'Invalid reschedule link. Please try again.';
export const SELECT_SLOT = 'Please select a time slot.';
export const RESCHEDULE_FAILED = 'Failed to reschedule booking.';
export const RESCHEDULE_NETWORK = 'An error occurred while rescheduling. Please try again.';
export const RESCHEDULED = 'Your booking has been successfully rescheduled.';
const BOOKING_FAILED = 'We could not load this booking. Please try again later.';

/** Why the booking could not be loaded: the server's sentence (an expired link says so), or ours. */
function bookingError(err: unknown): string {
  if (err instanceof ApiError && err.fromServer) return err.message;
  return isNetworkError(err) ? RESCHEDULE_NETWORK : BOOKING_FAILED;
}

function rescheduleError(err: unknown): string {
  if (isNetworkError(err)) return RESCHEDULE_NETWORK;
  return `Error: ${err instanceof ApiError && err.fromServer ? err.message : RESCHEDULE_FAILED}`;
}

export function ReschedulePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const businessId = params.get('businessId') ?? '';
  if (!token || !businessId)
    return (
      <Frame>
        <Notice kind="error">{INVALID_LINK}</Notice>
      </Frame>
    );
  return <Reschedule token={token} businessId={businessId} />;
}

/** `booking`, once known: the page carries the business's name, logo and colours. */
function Frame({ booking, children }: { booking?: ManagedBooking | undefined; children: ReactNode }) {
  return (
    <ManagedBookingFrame title="Reschedule Your Booking" booking={booking}>
      {children}
    </ManagedBookingFrame>
  );
}

function Reschedule({ token, businessId }: { token: string; businessId: string }) {
  const times = useFreeTimes({ businessId, token });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The booking as moved, once the move is done: the page then says so. */
  const [done, setDone] = useState<ManagedBooking | null>(null);

  const { load: booking, reload } = useManagedBooking(token, bookingError, (b) => {
    // Past the change cut-off, or a visit skipped or of an ended plan: nothing to pick, no slots to load.
    if (b.changeLocked || closedReason(b)) return;
    const today = todayIn(b.timeZone);
    // A booking's own day, unless that has passed: then today.
    let day = b.bookingTime.day;
    if (day < today) day = today;
    times.show(day);
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!times.selected) {
      setError(SELECT_SLOT);
      return;
    }
    setSubmitting(true);
    try {
      // The version the page read: a booking the business moved meanwhile is refused
      // (409 BOOKING_CHANGED, naming its time now) instead of silently overwritten.
      const version = booking.state === 'ready' ? booking.booking.version : undefined;
      // Said on the page, with the new time, rather than in a blocking alert (docs/product.md#reschedule-and-cancel-pages).
      setDone(
        await client.customer.reschedule({ body: { token, newDateTime: `${times.date}T${times.selected}`, version } }),
      );
    } catch (err) {
      setError(rescheduleError(err));
      setSubmitting(false);
      // A slot taken meanwhile should show as taken now.
      if (err instanceof ApiError && PICK_ANOTHER_TIME.includes(err.code)) times.reloadSlots();
      // Changed meanwhile: show the booking as it is now (its time and version), and the day's slots again.
      if (err instanceof ApiError && err.code === 'BOOKING_CHANGED') {
        reload();
        times.reloadSlots();
      }
    }
  }

  if (done)
    return (
      <Frame booking={done}>
        <Notice kind="success">{RESCHEDULED}</Notice>
        <BookingSummary booking={done} heading="Your new booking" />
        {done.plan && <p>{ONLY_THIS_VISIT_MOVED}</p>}
        <p className="muted">A confirmation e-mail is on its way.</p>
        <BusinessPageLink url={done.bookingPageUrl} name={done.businessName} />
      </Frame>
    );
  if (booking.state === 'loading')
    return (
      <Frame>
        <Skeleton rows={4} />
      </Frame>
    );
  if (booking.state === 'failed')
    return (
      <Frame>
        <Notice kind="error">{booking.message}</Notice>
        <BookAgain token={token} businessId={businessId} />
      </Frame>
    );

  const current = booking.booking;
  const closed = closedReason(current);
  if (closed)
    return (
      <Frame booking={current}>
        <ClosedVisit booking={current} reason={closed} />
      </Frame>
    );
  if (current.changeLocked)
    return (
      <Frame booking={current}>
        <BookingSummary booking={current} heading="Your current booking" />
        <PlanSummary booking={current} />
        <ChangeLocked lock={current.changeLocked} />
      </Frame>
    );
  return (
    <Frame booking={current}>
      <p className="muted">Pick a new date and time for your booking.</p>
      <BookingSummary booking={current} heading="Your current booking" />
      {current.status === 'needs_time' && (
        <Notice kind="warning">{needsTimeText(current)} You can also pick a time yourself below.</Notice>
      )}
      <PlanSummary booking={current} />
      {current.plan && <p className="customer-plan-note">{ONLY_THIS_VISIT}</p>}
      <form onSubmit={submit} noValidate>
        <FreeTimePicker
          times={times}
          today={todayIn(current.timeZone)}
          timeZone={current.timeZone}
          timeFormat={current.timeFormat}
          dateLabel="New date"
          titleId="reschedule-month"
          onPick={() => setError(null)}
        />
        {error && <Notice kind="error">{error}</Notice>}
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          {submitting ? 'Rescheduling...' : 'Confirm Reschedule'}
        </button>
      </form>
    </Frame>
  );
}
