/**
 * One quote on the Quotes page: who it is for, the service, the total, its state, until when the
 * price holds, and what the owner can do: Send a draft (by mail, or text when the person agreed to
 * texts), send it again, or Withdraw it while the customer has not answered.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { OwnerQuote, QuoteChannel } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type ReactNode, useId, useState } from 'react';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { formatDay } from '../../../lib/format.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { dayIn, lastDayOf, QUOTE_STATUS } from '../quote-words.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="booking-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const SENT_WORDS: Record<string, string> = {
  mail: 'Quote sent by mail.',
  text: 'Quote sent by text.',
  'mail,text': 'Quote sent by mail and text.',
};

export function QuoteCard({
  quote,
  timeZone,
  onChange,
  onFailure,
}: {
  quote: OwnerQuote;
  timeZone: string;
  onChange: (quote: OwnerQuote) => void;
  onFailure: (text: string, err: unknown) => void;
}) {
  // The phone is shown by a formatter that arrives in a chunk of its own (lib/phone.ts).
  useSignals();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const status = QUOTE_STATUS[quote.status];
  const name = `${quote.firstName} ${quote.lastName}`.trim();
  const open = quote.status === 'draft' || quote.status === 'sent' || quote.status === 'viewed';
  const lastDay = lastDayOf(quote.validUntil, timeZone);

  async function send(channels: QuoteChannel[]) {
    setBusy(true);
    try {
      const sent = await client.dashboard.sendOwnerQuote({ params: { id: quote._id }, body: { channels } });
      onChange(sent);
      showToast(SENT_WORDS[channels.join(',')] ?? 'Quote sent.');
    } catch (err) {
      onFailure('Failed to send the quote', err);
    } finally {
      setBusy(false);
    }
  }

  async function withdraw() {
    setBusy(true);
    try {
      onChange(await client.dashboard.withdrawOwnerQuote({ params: { id: quote._id } }));
      showToast('Quote withdrawn. Its link now says so.');
    } catch (err) {
      onFailure('Failed to withdraw the quote', err);
    } finally {
      setBusy(false);
    }
  }

  const button = (label: string, act: () => void, kind = '') => (
    <button
      type="button"
      className={`btn btn--small ${kind}`.trim()}
      aria-describedby={`${id}-name`}
      disabled={busy}
      onClick={act}
    >
      {label}
    </button>
  );
  const again = quote.status !== 'draft';
  return (
    <article className="card booking-card quote-card" aria-label={`Quote for ${name}`}>
      <header className="booking-card-head">
        <h3 id={`${id}-name`}>
          {name} <span className="visually-hidden">, {quote.serviceName}</span>
        </h3>
        <span className={`sw-badge sw-badge--${status.color}`} data-color={status.color}>
          {status.label}
        </span>
      </header>
      <dl className="booking-details">
        <Detail label="Service">{quote.serviceName}</Detail>
        <Detail label="Total">{formatUsd(quote.totalQuote)}</Detail>
        <Detail label="Sent to">
          {[quote.email, quote.phoneNumber && formatPhone(quote.phoneNumber)].filter(Boolean).join(' · ')}
        </Detail>
        {lastDay && (
          <Detail label={quote.status === 'expired' ? 'Expired after' : 'Price holds until'}>
            {formatDay(lastDay)}
          </Detail>
        )}
        {quote.sentAt && <Detail label="Sent on">{formatDay(dayIn(quote.sentAt, timeZone))}</Detail>}
        {quote.viewedAt && <Detail label="Viewed on">{formatDay(dayIn(quote.viewedAt, timeZone))}</Detail>}
        {quote.followUpSentAt && (
          <Detail label="Reminder sent on">{formatDay(dayIn(quote.followUpSentAt, timeZone))}</Detail>
        )}
        {quote.nearbyAskedAt && (
          <Detail label="Wants a time nearby">
            Asked on {formatDay(dayIn(quote.nearbyAskedAt, timeZone))}: offered times that open near them
          </Detail>
        )}
      </dl>
      <details className="quote-lines">
        <summary>Lines</summary>
        <ul>
          {quote.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines never change once made.
            <li key={i}>
              <span>{l.label}</span> <span>{formatUsd(l.amount)}</span>
            </li>
          ))}
        </ul>
      </details>
      {open && (
        <div className="booking-card-actions">
          {quote.email &&
            button(
              again ? 'Send again by mail' : 'Send by mail',
              () => void send(['mail']),
              again ? '' : 'btn--primary',
            )}
          {quote.phoneNumber &&
            quote.textConsent &&
            button(again ? 'Text again' : 'Send by text', () => void send(['text']))}
          {button('Withdraw', () => void withdraw(), 'btn--danger')}
        </div>
      )}
    </article>
  );
}
