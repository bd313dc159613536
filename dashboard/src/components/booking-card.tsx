/**
 * One booking, as the overview (compact) and the Bookings page (detailed) show it, with its
 * deposit's chips and, for a plan's visit, a repeat mark with the plan's words. A visit whose
 * day was taken (needs_time) holds no time, so it shows none. A pending request says when it
 * expires unanswered, and one that did reads Expired (docs/decisions/051).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking, PriceChange } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { StatusBadge } from '@slotwise/ui/status-badge.tsx';
import type { ReactNode } from 'react';
import { businessProfile } from '../lib/business.ts';
import { formatDay, formatTime, useTimeFormat } from '../lib/format.ts';
import { formatPhone, telHref } from '../lib/phone.ts';
import { requestExpiryLine } from '../lib/request-expiry.ts';
import { useSharedResource } from '../lib/resource.ts';
import { PaymentChips } from './booking-payment.tsx';
import { EmailText } from './email-text.tsx';
import './booking-card.css';

/** A plan's visit whose day was taken: it waits for the owner to give it a time. */
const NO_TIME = 'Not set yet';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="booking-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function BookingCard({
  booking,
  detailed = false,
  actions,
  notices,
  withDay = false,
}: {
  booking: Booking;
  detailed?: boolean;
  /** The compact card's date too: a list of several days (the overview's waiting requests). */
  withDay?: boolean;
  actions?: ReactNode;
  /** Above its actions: what could not be delivered about it (components/undelivered-notices.tsx). */
  notices?: ReactNode;
}) {
  // Times follow the owner's clock (lib/format.ts) and the phone its formatter (lib/phone.ts), both signals.
  useSignals();
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  const time = booking.bookingTime;
  const timeless = booking.status.toLowerCase() === 'needs_time';
  const timeFormat = useTimeFormat();
  const timeZone = useSharedResource(businessProfile).data.value?.timeZone;
  // A request that expired unanswered is stored declined (docs/decisions/051); the owner reads it as expired.
  const expiry = timeZone ? requestExpiryLine(booking, timeZone, timeFormat) : null;
  return (
    <article className="card booking-card" aria-label={`${booking.serviceName} for ${name}`}>
      <header className="booking-card-head">
        <h3>{booking.serviceName}</h3>
        <StatusBadge status={booking.expiredAt ? 'expired' : booking.status} />
      </header>
      {expiry && (
        <p className={booking.expiredAt ? 'booking-expiry' : 'booking-expiry booking-expiry--due'}>{expiry}</p>
      )}
      {booking.plan && (
        <p className="booking-plan">
          <span aria-hidden="true">↻</span> <span className="visually-hidden">Repeats: </span>
          {booking.plan.label}
        </p>
      )}
      <PaymentChips booking={booking} />
      {detailed ? (
        <dl className="booking-details">
          <Detail label="Customer">{name}</Detail>
          <Detail label="Email">
            <a href={`mailto:${booking.customerEmail}`}>
              <EmailText email={booking.customerEmail} />
            </a>
          </Detail>
          <Detail label="Phone">
            <a href={telHref(booking.phoneNumber) ?? undefined}>{formatPhone(booking.phoneNumber)}</a>
          </Detail>
          <Detail label="Service">{booking.serviceName}</Detail>
          {booking.answers ? (
            booking.answers.map((a) => (
              <Detail key={a.question} label={a.question}>
                {a.answer}
              </Detail>
            ))
          ) : (
            <Detail label="Car type">{booking.carBodyType || 'N/A'}</Detail>
          )}
          <Detail label="Price">{formatUsd(booking.totalQuote)}</Detail>
          {booking.priceChange && <Detail label="Price change">{priceChangeText(booking.priceChange)}</Detail>}
          {booking.ownerPrice && <Detail label="Price set by you">{ownerPriceText(booking.ownerPrice)}</Detail>}
          <Detail label="Address">{booking.customerAddress || 'N/A'}</Detail>
          <Detail label="Date">{formatDay(time?.day)}</Detail>
          {timeless ? (
            <Detail label="Time">{NO_TIME}</Detail>
          ) : (
            <>
              <Detail label="Start time">{formatTime(time?.startTime, time?.startZone)}</Detail>
              <Detail label="End time">{formatTime(time?.endTime, time?.endZone)}</Detail>
            </>
          )}
        </dl>
      ) : (
        <dl className="booking-details">
          <Detail label="Customer">{name}</Detail>
          {withDay && <Detail label="Date">{formatDay(time?.day)}</Detail>}
          <Detail label="Time">
            {timeless
              ? NO_TIME
              : `${formatTime(time?.startTime, time?.startZone)} – ${formatTime(time?.endTime, time?.endZone)}`}
          </Detail>
          <Detail label="Price">{formatUsd(booking.totalQuote)}</Detail>
          {booking.priceChange && <Detail label="Price change">{priceChangeText(booking.priceChange)}</Detail>}
          {booking.ownerPrice && <Detail label="Price set by you">{ownerPriceText(booking.ownerPrice)}</Detail>}
          {booking.customerAddress && <Detail label="Address">{booking.customerAddress}</Detail>}
        </dl>
      )}
      {notices}
      {actions && <div className="booking-card-actions">{actions}</div>}
    </article>
  );
}

/** "Calculated $145.00: Regular customer" (a booking the owner entered at their own total, decision 038). */
function ownerPriceText(p: NonNullable<Booking['ownerPrice']>): string {
  return `Calculated ${formatUsd(p.calculated)}: ${p.reason}`;
}

/** "Quoted $199.00, new price $239.00 (waiting for the customer): Heavy pet hair: +$40". */
function priceChangeText(c: PriceChange): string {
  const state = {
    proposed: 'waiting for the customer',
    accepted: 'accepted',
    declined: 'declined',
    withdrawn: 'withdrawn',
  }[c.state];
  return `Quoted ${formatUsd(c.quoted)}, new price ${formatUsd(c.proposed)} (${state}): ${c.reason}`;
}
