/**
 * /customer/price?token=... (docs/decisions/026): the business approved the booking at an
 * adjusted price; the customer reads the new total and the reason, then accepts it (the booking
 * is confirmed at it) or declines it (the booking is cancelled). States: loading, the question,
 * done, error; a server error is shown as the state text.
 */
import type { ManagedBooking, PriceChange } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { formatUsd } from '@slotwise/shared/money';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { linkPageState, useManagedBooking } from '../use-managed-booking.ts';
import { BookingSummary } from './booking-summary.tsx';
import { ManagedBookingFrame } from './business-header.tsx';
import '../customer.css';

export const PRICE_FAILED = 'An error occurred. Please try again later.';
export const INVALID_PRICE_LINK = 'Invalid link. Please check the link in your e-mail.';
export const NOTHING_WAITING = 'No new price is waiting for your answer on this booking.';

type State =
  | { name: 'loading' }
  | { name: 'ask'; booking: ManagedBooking; submitting: boolean }
  | { name: 'done'; booking: ManagedBooking; message: string }
  | { name: 'error'; message: string };

const stateText = (err: unknown) => (err instanceof ApiError && err.fromServer ? err.message : PRICE_FAILED);

function Frame({ booking, children }: { booking?: ManagedBooking | undefined; children: ReactNode }) {
  return (
    <ManagedBookingFrame title="A New Price for Your Booking" booking={booking}>
      {children}
    </ManagedBookingFrame>
  );
}

/** The owner decided without waiting for the answer: say what that left, in the customer's words. */
function withdrawnText(booking: ManagedBooking, change: PriceChange): string {
  if (booking.status === 'approved')
    return `The business withdrew the new price and confirmed your booking at the quoted ${formatUsd(change.quoted)}.`;
  if (booking.status === 'declined') return 'The business withdrew the new price and declined the booking.';
  return NOTHING_WAITING;
}

export function PricePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { load } = useManagedBooking(token, stateText);
  /** What the customer did with the booking, once they act: it then decides what the page shows. */
  const [action, setAction] = useState<State | null>(null);
  const state: State = linkPageState(token, INVALID_PRICE_LINK, load, action, (booking) => ({
    name: 'ask',
    booking,
    submitting: false,
  }));

  async function answer(booking: ManagedBooking, accept: boolean) {
    setAction({ name: 'ask', booking, submitting: true });
    try {
      const { message } = await client.customer.answerPriceChange({ query: { token }, body: { accept } });
      setAction({ name: 'done', booking, message });
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
  if (state.name === 'error')
    return (
      <Frame>
        <Notice kind="error">{state.message}</Notice>
      </Frame>
    );
  if (state.name === 'done')
    return (
      <Frame booking={state.booking}>
        <Notice kind="success">{state.message}</Notice>
      </Frame>
    );
  const { booking, submitting } = state;
  const change = booking.priceChange;
  if (change?.state !== 'proposed' || booking.status !== 'pending')
    return (
      <Frame booking={booking}>
        <BookingSummary booking={booking} heading="Your booking" />
        <Notice kind="warning">
          {change?.state === 'withdrawn' ? withdrawnText(booking, change) : NOTHING_WAITING}
        </Notice>
      </Frame>
    );
  return (
    <Frame booking={booking}>
      <BookingSummary booking={booking} heading="Your booking" />
      <dl className="price-change">
        <dt>Quoted</dt>
        <dd>{formatUsd(change.quoted)}</dd>
        <dt>New total</dt>
        <dd>
          <strong>{formatUsd(change.proposed)}</strong>
        </dd>
        <dt>Why</dt>
        <dd>{change.reason}</dd>
      </dl>
      <p>Your booking is confirmed once you accept the new total. Declining cancels it.</p>
      <div className="row">
        <button type="button" className="btn btn--primary" disabled={submitting} onClick={() => answer(booking, true)}>
          Accept {formatUsd(change.proposed)}
        </button>
        <button type="button" className="btn btn--danger" disabled={submitting} onClick={() => answer(booking, false)}>
          Decline and cancel
        </button>
      </div>
    </Frame>
  );
}
