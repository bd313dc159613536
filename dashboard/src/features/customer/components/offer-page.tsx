/**
 * /customer/offer?token=... (docs/product.md#the-waiting-list; docs/decisions/056): a time that
 * opened, offered to a customer on the day's waiting list. It shows the time, the service and its
 * price computed again, and "Book this time", which books through the widget's book call with the
 * offer's token (one booking path, one lock). Someone faster: "Someone else just took this time"
 * (OFFER_TAKEN); a lapsed offer says so (OFFER_EXPIRED). The same page shows a time offered to a
 * recent quote nearby (docs/decisions/059), booked at the quoted price, with where to stop them. Also /customer/waitlist?token=...: the
 * joining mail's link to leave the list (LeaveWaitlistPage).
 */
import type { WaitlistOffer } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { ManagedBookingFrame } from './business-header.tsx';
import { PriceSummary } from './price-summary.tsx';
import '../customer.css';

const INVALID = 'This offer link is not valid. Please check the link in your e-mail.';
const FAILED = 'Something went wrong. Please try again.';

function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.fromServer ? err.message : fallback;
}

type Closed = Record<Exclude<WaitlistOffer['state'], 'open'>, string>;

/** What an offer that no longer books says. */
const CLOSED: Closed = {
  taken: 'You booked this time: the confirmation is in your e-mail.',
  withdrawn:
    'Someone else just took this time. You are still on the waiting list for the day: we will e-mail you if another time opens.',
  expired:
    'This offer has expired. You are still on the waiting list for the day: we will e-mail you if another time opens.',
};

/** The same, for a time offered to a recent quote nearby (docs/decisions/059). */
const QUOTE_CLOSED: Closed = {
  taken: 'You booked this time: the confirmation is in your e-mail.',
  withdrawn: 'Someone else just took this time, or your quote was booked or withdrawn since.',
  expired: 'This offer has expired. We will e-mail you if another time opens near you.',
};

type Load = { state: 'loading' } | { state: 'ready'; offer: WaitlistOffer } | { state: 'failed'; message: string };

/** The route's page: the offer, or leaving the list, by the path (one lazily loaded chunk for both). */
export function WaitlistLinkPage() {
  return useLocation().pathname === '/customer/waitlist' ? <LeaveWaitlistPage /> : <OfferPage />;
}

function OfferPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!token) return;
    client.customer.waitlistOffer({ query: { token } }).then(
      (offer) => setLoad({ state: 'ready', offer }),
      (err) => setLoad({ state: 'failed', message: failureText(err, INVALID) }),
    );
  }, [token]);
  if (!token || load.state === 'failed')
    return (
      <ManagedBookingFrame title="A Time Opened">
        <Notice kind="error">{load.state === 'failed' ? load.message : INVALID}</Notice>
      </ManagedBookingFrame>
    );
  if (load.state === 'loading')
    return (
      <ManagedBookingFrame title="A Time Opened">
        <Skeleton rows={4} />
      </ManagedBookingFrame>
    );
  return load.offer.move ? (
    <MoveUp token={token} offer={load.offer} fromLabel={load.offer.move.fromLabel} />
  ) : (
    <Offer token={token} offer={load.offer} />
  );
}

type Outcome =
  | { state: 'idle' | 'booking' }
  | { state: 'booked'; message: string }
  | { state: 'refused'; message: string };

/** The time, what the visit is, its price: the same summary for a booking and a move. */
function OfferSummary({ offer, heading }: { offer: WaitlistOffer; heading: string }) {
  return (
    <PriceSummary
      label="The time offered"
      heading={heading}
      lines={offer.lines}
      total={offer.totalQuote}
      address={offer.address}
    />
  );
}

/** What an offer to move a plan's visit up says once it no longer moves it. */
const MOVE_CLOSED: Record<Exclude<WaitlistOffer['state'], 'open'>, string> = {
  taken: 'You moved your visit to this time: the confirmation is in your e-mail.',
  withdrawn: 'Someone else just took this time. Your visit stays as it was booked.',
  expired: 'This offer has expired. Your visit stays as it was booked.',
};

/**
 * A time offered to a plan customer whose next visit is due soon (docs/decisions/056): "Move my
 * visit up" sends the book call with the offer's token, which moves that visit here; nothing new
 * is booked.
 */
function MoveUp({ token, offer, fromLabel }: { token: string; offer: WaitlistOffer; fromLabel: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [key] = useState(() => crypto.randomUUID());
  async function move(e: FormEvent) {
    e.preventDefault();
    setOutcome({ state: 'booking' });
    try {
      await client.customer.book({
        body: { ...offer.book, offerToken: token },
        headers: { 'idempotency-key': key },
      });
      setOutcome({
        state: 'booked',
        message: `Your visit is moved up to ${offer.dateLabel} at ${offer.timeLabel}. The confirmation is in your e-mail.`,
      });
    } catch (err) {
      setOutcome({ state: 'refused', message: failureText(err, FAILED) });
    }
  }
  const closed = offer.state === 'open' ? null : MOVE_CLOSED[offer.state];
  return (
    <ManagedBookingFrame title="Move Your Visit Up?" booking={{ businessName: offer.businessName }}>
      <OfferSummary offer={offer} heading={`Move your visit up to ${offer.dateLabel} at ${offer.timeLabel}?`} />
      {closed ? (
        <Notice kind="warning">{closed}</Notice>
      ) : outcome.state === 'booked' ? (
        <Notice kind="success">{outcome.message}</Notice>
      ) : (
        <form onSubmit={(e) => void move(e)} className="customer-actions">
          <p>
            Your next {offer.serviceName} visit is on {fromLabel}. A time opened nearby: move that visit up to{' '}
            {offer.dateLabel} at {offer.timeLabel}, at the same price. A few customers were offered it: the first to
            take it gets it. The offer lasts until {offer.expiresLabel}; if you do nothing, your visit stays as it is.
          </p>
          {outcome.state === 'refused' && <Notice kind="error">{outcome.message}</Notice>}
          <button type="submit" className="btn btn--primary" disabled={outcome.state === 'booking'}>
            {outcome.state === 'booking' ? 'Moving...' : 'Move my visit up'}
          </button>
        </form>
      )}
    </ManagedBookingFrame>
  );
}

function Offer({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [phone, setPhone] = useState(offer.book.phoneNumber);
  const [key] = useState(() => crypto.randomUUID());
  const look = { businessName: offer.businessName };
  async function book(e: FormEvent) {
    e.preventDefault();
    setOutcome({ state: 'booking' });
    try {
      const booked = await client.customer.book({
        body: { ...offer.book, phoneNumber: phone, offerToken: token },
        headers: { 'idempotency-key': key },
      });
      setOutcome({
        state: 'booked',
        message:
          booked.status === 'approved'
            ? `You're booked for ${offer.dateLabel} at ${offer.timeLabel}. The confirmation is in your e-mail.`
            : `Your request for ${offer.dateLabel} at ${offer.timeLabel} is sent. ${offer.businessName} confirms it by e-mail.`,
      });
    } catch (err) {
      setOutcome({ state: 'refused', message: failureText(err, FAILED) });
    }
  }
  const closed = offer.state === 'open' ? null : (offer.quote ? QUOTE_CLOSED : CLOSED)[offer.state];
  return (
    <ManagedBookingFrame title="A Time Opened" booking={look}>
      <OfferSummary offer={offer} heading={`${offer.serviceName}, ${offer.dateLabel} at ${offer.timeLabel}`} />
      {closed ? (
        <Notice kind="warning">{closed}</Notice>
      ) : outcome.state === 'booked' ? (
        <Notice kind="success">{outcome.message}</Notice>
      ) : (
        <form onSubmit={(e) => void book(e)} className="customer-actions">
          {offer.quote ? (
            <p>
              A time opened next to a job near you, at the price you were quoted. A few people nearby were offered it:
              the first to book it gets it. The offer lasts until {offer.expiresLabel}.
            </p>
          ) : (
            <p>
              A few people on the waiting list were offered this time: the first to book it gets it. The offer lasts
              until {offer.expiresLabel}.
            </p>
          )}
          {!offer.book.phoneNumber && (
            <div className="field">
              <label htmlFor="offer-phone">Phone number</label>
              <input
                id="offer-phone"
                className="input"
                type="tel"
                required
                autoComplete="tel"
                placeholder="+1 555 123 4567"
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
              />
            </div>
          )}
          {outcome.state === 'refused' && <Notice kind="error">{outcome.message}</Notice>}
          <button type="submit" className="btn btn--primary" disabled={outcome.state === 'booking'}>
            {outcome.state === 'booking' ? 'Booking...' : 'Book this time'}
          </button>
        </form>
      )}
      {offer.quote && (
        <p className="muted offer-why">
          You get these because you asked to hear when a time opens near you.{' '}
          <a href={offer.quote.quoteUrl}>Stop them on your quote</a>.
        </p>
      )}
    </ManagedBookingFrame>
  );
}

/** /customer/waitlist?token=...: leave the day's waiting list, once confirmed. */
function LeaveWaitlistPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<Outcome>({ state: 'idle' });
  async function leave() {
    setState({ state: 'booking' });
    try {
      const { message } = await client.customer.leaveWaitlist({ query: { token } });
      setState({ state: 'booked', message });
    } catch (err) {
      setState({ state: 'refused', message: failureText(err, FAILED) });
    }
  }
  return (
    <ManagedBookingFrame title="The Waiting List">
      {!token ? (
        <Notice kind="error">{INVALID}</Notice>
      ) : state.state === 'booked' ? (
        <Notice kind="success">{state.message}</Notice>
      ) : (
        <div className="customer-actions">
          <p>No longer need a time that day? Leave the waiting list and we will not e-mail you about it.</p>
          {state.state === 'refused' && <Notice kind="error">{state.message}</Notice>}
          <button
            type="button"
            className="btn btn--primary"
            disabled={state.state === 'booking'}
            onClick={() => void leave()}
          >
            Leave the waiting list
          </button>
        </div>
      )}
    </ManagedBookingFrame>
  );
}
