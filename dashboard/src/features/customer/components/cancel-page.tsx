/**
 * /customer/cancel?token=... (docs/product.md#reschedule-and-cancel-pages): shows which booking the
 * link is about, asks for confirmation, then cancels. States: pending confirm,
 * success, error; a server error is shown as the state text. A plan's visit (issue 24) offers
 * Skip this visit and Cancel the whole plan instead (plan-choices.tsx). A saved card can be removed
 * here (saved-card.tsx).
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { formatUsd } from '@slotwise/shared/money';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { linkPageState, useManagedBooking } from '../use-managed-booking.ts';
import { BookAgain, BusinessPageLink } from './book-again.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { ManagedBookingFrame } from './business-header.tsx';
import { ChangeLocked } from './change-locked.tsx';
import { KEPT_INSIDE_CUT_OFF, type PlanChoice, PlanChoices } from './plan-choices.tsx';
import { ClosedVisit, closedReason, needsTimeText, nextVisitText, PlanSummary } from './plan-visit.tsx';
import { SavedCard } from './saved-card.tsx';
import '../customer.css';
import { Skeleton } from '../../../components/skeleton.tsx';

export const CANCELLED = 'Your booking has been successfully canceled. Sorry to see you go!';
export const CANCEL_FAILED = 'An error occurred. Please try again later.';
export const INVALID_CANCEL_LINK = 'Invalid cancellation link. Please check the link in your e-mail.';
export const PLAN_CANCELLED = 'Your plan is cancelled.';

type State =
  | { name: 'loading' }
  | { name: 'confirm'; booking: ManagedBooking; submitting: boolean }
  /** What was done: the booking cancelled, or for a plan's visit, the visit skipped or the plan cancelled. */
  | { name: 'success'; booking: ManagedBooking; done: 'cancel' | PlanChoice }
  | { name: 'error'; message: string };

/** The server's sentence as the state text when it sent one, otherwise the catch-all. */
function stateText(err: unknown): string {
  return err instanceof ApiError && err.fromServer ? err.message : CANCEL_FAILED;
}

/**
 * What was paid and what cancelling now gives back, under the business's refund policy (the
 * server works it out: packages/server/src/domain/payments.ts), said before the customer confirms.
 */
export function RefundNote({ payment }: { payment: ManagedBooking['payment'] }) {
  if (!payment) return null;
  const kept = payment.paid - payment.refunded;
  if (kept <= 0) return null;
  return (
    <p className="refund-note">
      You paid a {formatUsd(payment.paid)} deposit.{' '}
      {payment.refundOnCancel > 0
        ? `Cancelling now refunds ${formatUsd(payment.refundOnCancel)} to your card.`
        : `Cancelling now does not refund it. ${payment.policy}`}
    </p>
  );
}

/** After a cancellation that gives back some of a deposit: when the customer sees it. */
function RefundSent({ booking }: { booking: ManagedBooking }) {
  const refund = booking.payment?.refundOnCancel ?? 0;
  if (refund <= 0) return null;
  return <p>A refund of {formatUsd(refund)} is on its way to your card; banks take 5 to 10 days to show it.</p>;
}

/** `booking`, once known: the page carries the business's name, logo and colours. */
function Frame({ booking, children }: { booking?: ManagedBooking | undefined; children: ReactNode }) {
  return (
    <ManagedBookingFrame title="Cancel Your Booking" booking={booking}>
      {children}
    </ManagedBookingFrame>
  );
}

export function CancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { load } = useManagedBooking(token, stateText);
  /** What the customer did with the booking, once they act: it then decides what the page shows. */
  const [action, setAction] = useState<State | null>(null);
  const state: State = linkPageState(token, INVALID_CANCEL_LINK, load, action, (booking) => ({
    name: 'confirm',
    booking,
    submitting: false,
  }));

  async function confirm(booking: ManagedBooking) {
    setAction({ name: 'confirm', booking, submitting: true });
    try {
      await client.customer.cancel({ query: { token } });
      setAction({ name: 'success', booking, done: 'cancel' });
    } catch (err) {
      setAction({ name: 'error', message: stateText(err) });
    }
  }

  if (state.name === 'loading')
    return (
      <Frame>
        <Skeleton rows={3} />
      </Frame>
    );
  if (state.name === 'success' && state.done === 'skip') {
    const next = nextVisitText(state.booking);
    return (
      <Frame booking={state.booking}>
        <Notice kind="success">
          This visit is skipped. {next ? `The visit after it is on ${next}.` : 'Your plan goes on.'}
        </Notice>
        <BusinessPageLink url={state.booking.bookingPageUrl} name={state.booking.businessName} />
      </Frame>
    );
  }
  if (state.name === 'success' && state.done === 'plan')
    return (
      <Frame booking={state.booking}>
        <Notice kind="success">{PLAN_CANCELLED}</Notice>
        <p>
          {KEPT_INSIDE_CUT_OFF} To call one off, contact {state.booking.businessName || 'the business'}.
        </p>
        <RefundSent booking={state.booking} />
        <BusinessPageLink url={state.booking.bookingPageUrl} name={state.booking.businessName} again />
      </Frame>
    );
  if (state.name === 'success')
    return (
      <Frame booking={state.booking}>
        <Notice kind="success">{CANCELLED}</Notice>
        <RefundSent booking={state.booking} />
        <BusinessPageLink url={state.booking.bookingPageUrl} name={state.booking.businessName} again />
      </Frame>
    );
  if (state.name === 'error')
    return (
      <Frame>
        <Notice kind="error">{state.message}</Notice>
        <BookAgain token={token} />
      </Frame>
    );
  const closed = closedReason(state.booking);
  if (closed)
    return (
      <Frame booking={state.booking}>
        <ClosedVisit booking={state.booking} reason={closed} />
      </Frame>
    );
  if (state.booking.changeLocked)
    return (
      <Frame booking={state.booking}>
        <BookingSummary booking={state.booking} heading="The booking to cancel" />
        <PlanSummary booking={state.booking} />
        <ChangeLocked lock={state.booking.changeLocked} />
      </Frame>
    );
  const rescheduleLink = (
    <p className="center-foot">
      Need another time instead?{' '}
      <Link to={`/customer/reschedule?${new URLSearchParams({ token, businessId: state.booking.businessId })}`}>
        Reschedule
      </Link>
    </p>
  );
  const { plan } = state.booking;
  if (plan) {
    const booking = state.booking;
    return (
      <Frame booking={booking}>
        <BookingSummary booking={booking} heading="This visit" />
        {booking.status === 'needs_time' && <Notice kind="warning">{needsTimeText(booking)}</Notice>}
        <PlanSummary booking={booking} />
        <SavedCard booking={booking} token={token} />
        <PlanChoices
          booking={booking}
          plan={plan}
          token={token}
          errorText={stateText}
          refundNote={<RefundNote payment={booking.payment} />}
          onDone={(done) => setAction({ name: 'success', booking, done })}
        />
        {rescheduleLink}
      </Frame>
    );
  }
  return (
    <Frame booking={state.booking}>
      <BookingSummary booking={state.booking} heading="The booking to cancel" />
      <RefundNote payment={state.booking.payment} />
      <SavedCard booking={state.booking} token={token} />
      <p>Are you sure you want to cancel this booking? This cannot be undone.</p>
      <div className="customer-actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={state.submitting}
          onClick={() => void confirm(state.booking)}
        >
          {state.submitting ? 'Cancelling...' : 'Yes, cancel my booking'}
        </button>
        <a className="btn" href={state.booking.bookingPageUrl ?? '/'}>
          Keep my booking
        </a>
      </div>
      {rescheduleLink}
    </Frame>
  );
}
