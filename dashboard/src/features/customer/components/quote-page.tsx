/**
 * /customer/quote?token=... (docs/product.md#quotes-you-send; docs/decisions/039): the quote a
 * business sent, itemised, in its colours. While the price holds the customer picks a free day of
 * the month and a time (the reschedule page's picker, asked with the quote's service, its extra
 * minutes and its address) and books it at the quoted price, or declines. A quote booked,
 * declined, withdrawn or expired says so, with how to reach the business. Not booked, it offers the
 * unticked box "Tell me if a time opens near me" (docs/decisions/059).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { QuoteLinkBooked, QuoteLinkView } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { formatClockRange } from '@slotwise/shared/clock';
import { PICK_ANOTHER_TIME } from '@slotwise/shared/errors';
import { formatUsd } from '@slotwise/shared/money';
import { longDate, todayIn, utcMsToLocal, zoneLabel } from '@slotwise/shared/time-zone';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';
import { BusinessPageLink } from './book-again.tsx';
import { ManagedBookingFrame } from './business-header.tsx';
import { FreeTimePicker, useFreeTimes } from './free-time-picker.tsx';
import { PriceSummary } from './price-summary.tsx';
import '../customer.css';

const INVALID = 'This quote link is not valid. Please ask the business for a new one.';
const NETWORK = 'We could not reach the server. Please check your connection and try again.';
const PICK_TIME = 'Please pick a time for the visit.';

/** Why a call failed: the server's sentence when it gave one. */
function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.fromServer) return err.message;
  return isNetworkError(err) ? NETWORK : fallback;
}

type Load = { state: 'loading' } | { state: 'ready'; quote: QuoteLinkView } | { state: 'failed'; message: string };

export function QuotePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!token) return;
    client.quoteLink.openQuote({ query: { token } }).then(
      (quote) => setLoad({ state: 'ready', quote }),
      (err) => setLoad({ state: 'failed', message: failureText(err, INVALID) }),
    );
  }, [token]);
  if (!token || load.state === 'failed')
    return (
      <ManagedBookingFrame title="Your Quote">
        <Notice kind="error">{token ? (load.state === 'failed' ? load.message : INVALID) : INVALID}</Notice>
      </ManagedBookingFrame>
    );
  if (load.state === 'loading')
    return (
      <ManagedBookingFrame title="Your Quote">
        <Skeleton rows={5} />
      </ManagedBookingFrame>
    );
  return <Quote token={token} initial={load.quote} />;
}

function Lines({ quote }: { quote: QuoteLinkView }) {
  return (
    <PriceSummary
      label="The price"
      heading={`${quote.serviceName} with ${quote.businessName}`}
      lines={quote.lines}
      total={quote.totalQuote}
      address={quote.address}
    />
  );
}

/** How to reach the business when the quote no longer books. */
function Contact({ quote, children }: { quote: QuoteLinkView; children: ReactNode }) {
  // The phone is shown by a formatter that arrives in a chunk of its own (lib/phone.ts).
  useSignals();
  const { email, phone } = quote.contact;
  return (
    <section className="customer-locked" aria-label="Contact the business">
      <p role="status" className="customer-locked-reason">
        {children}
      </p>
      {(email || phone) && <p>To ask for a new quote, contact {quote.businessName || 'the business'}:</p>}
      <dl>
        {email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${email}`}>
                <EmailText email={email} />
              </a>
            </dd>
          </>
        )}
        {phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(phone) ?? undefined}>{formatPhone(phone)}</a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Visit({ quote, time }: { quote: QuoteLinkView; time: NonNullable<QuoteLinkView['bookingTime']> }) {
  return (
    <p>
      {longDate(time.day)}, {formatClockRange(time.startTime, time.endTime, quote.timeFormat, time)}{' '}
      <span className="muted">({zoneLabel(quote.timeZone)})</span>
    </p>
  );
}

/**
 * The unticked box "Tell me if a time opens near me" (docs/decisions/059): saved as it is ticked or
 * unticked, its answer read out; on a failure the box goes back to what is saved.
 */
function NearbyBox({ token, nearby }: { token: string; nearby: NonNullable<QuoteLinkView['nearby']> }) {
  const [asked, setAsked] = useState(nearby.asked);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  async function change(next: boolean) {
    setBusy(true);
    setSaid(null);
    setAsked(next);
    try {
      const { message } = await client.quoteLink.nearbyOffers({ query: { token }, body: { nearby: next } });
      setSaid({ kind: 'success', text: message });
    } catch (err) {
      setAsked(!next);
      setSaid({ kind: 'error', text: failureText(err, 'We could not save this. Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="quote-nearby">
      <label className="quote-nearby-check">
        <input type="checkbox" checked={asked} disabled={busy} onChange={(e) => void change(e.currentTarget.checked)} />{' '}
        {nearby.wording}
      </label>
      <p className="muted">Until {longDate(nearby.lastDay)}. Only times that fit next to a job near you.</p>
      <div aria-live="polite">{said && <Notice kind={said.kind}>{said.text}</Notice>}</div>
    </div>
  );
}

function Quote({ token, initial }: { token: string; initial: QuoteLinkView }) {
  const [quote, setQuote] = useState(initial);
  const [booked, setBooked] = useState<QuoteLinkBooked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const times = useFreeTimes({
    businessId: quote.businessId,
    serviceId: quote.serviceId,
    extraMinutes: quote.extraMinutes,
    address: quote.address,
  });
  const open = quote.state === 'open';
  const today = todayIn(quote.timeZone);
  const { show } = times;
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts on today once; `show` only sets state.
  useEffect(() => {
    if (open) show(today);
  }, [open]);

  const lastDay = utcMsToLocal(Date.parse(quote.validUntil) - 1, quote.timeZone).day;

  async function book(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!times.selected) {
      setError(PICK_TIME);
      return;
    }
    setBusy(true);
    try {
      setBooked(
        await client.quoteLink.bookQuote({ query: { token }, body: { date: times.date, time: times.selected } }),
      );
    } catch (err) {
      setError(failureText(err, 'We could not book this time. Please try again.'));
      if (err instanceof ApiError && PICK_ANOTHER_TIME.includes(err.code)) times.reloadSlots();
      if (err instanceof ApiError && err.code === 'QUOTE_CLOSED')
        client.quoteLink.openQuote({ query: { token } }).then(setQuote, () => {});
    } finally {
      setBusy(false);
    }
  }

  async function decline() {
    setError(null);
    setBusy(true);
    try {
      await client.quoteLink.declineQuote({ query: { token } });
      setQuote({ ...quote, state: 'declined' });
    } catch (err) {
      setError(failureText(err, 'We could not decline this quote. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (booked)
    return (
      <ManagedBookingFrame title="You're Booked" booking={quote}>
        <Notice kind="success">
          Your {quote.serviceName} is booked at {formatUsd(booked.totalQuote)}.
        </Notice>
        <Visit quote={quote} time={booked.bookingTime} />
        <p className="muted">A confirmation e-mail with links to reschedule or cancel is on its way.</p>
        <BusinessPageLink url={quote.bookingPageUrl} name={quote.businessName} />
      </ManagedBookingFrame>
    );

  if (!open)
    return (
      <ManagedBookingFrame title="Your Quote" booking={quote}>
        <Lines quote={quote} />
        {quote.state === 'booked' && quote.bookingTime ? (
          <>
            <Notice kind="success">This quote is booked.</Notice>
            <Visit quote={quote} time={quote.bookingTime} />
          </>
        ) : (
          <>
            <Contact quote={quote}>
              {quote.state === 'expired'
                ? `This quote expired after ${longDate(lastDay)}: its price no longer holds.`
                : quote.state === 'declined'
                  ? 'You declined this quote.'
                  : 'The business withdrew this quote.'}
            </Contact>
            {quote.nearby && <NearbyBox token={token} nearby={quote.nearby} />}
          </>
        )}
      </ManagedBookingFrame>
    );

  return (
    <ManagedBookingFrame title="Your Quote" booking={quote}>
      <p>
        Hi {quote.firstName}, here is your quote. The price holds until {longDate(lastDay)}.
      </p>
      <Lines quote={quote} />
      <form onSubmit={book} noValidate>
        <FreeTimePicker
          times={times}
          today={today}
          timeZone={quote.timeZone}
          timeFormat={quote.timeFormat}
          dateLabel="Pick a day"
          titleId="quote-month"
          onPick={() => setError(null)}
        />
        {error && <Notice kind="error">{error}</Notice>}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Booking...' : `Book at ${formatUsd(quote.totalQuote)}`}
        </button>
      </form>
      <div className="quote-decline">
        <button type="button" className="btn btn--block" disabled={busy} onClick={() => void decline()}>
          Decline quote
        </button>
      </div>
      {quote.nearby && <NearbyBox token={token} nearby={quote.nearby} />}
    </ManagedBookingFrame>
  );
}
