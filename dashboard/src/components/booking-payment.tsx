/**
 * A booking's deposit wherever the owner meets the booking (the Bookings list, today's agenda,
 * the calendar's booking sheet): chips for what was paid, refunded and is due on the day
 * (lib/payment.ts), and Refund, which sends part or all of what was paid back through Stripe.
 */
import type { Booking } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { client } from '../lib/api.ts';
import { serverDetail } from '../lib/errors.ts';
import { checkRefundAmount, paymentChips, refundableCents } from '../lib/payment.ts';
import { Modal } from './modal.tsx';
import { Notice } from './notice.tsx';
import { showToast } from './toaster.tsx';
import './booking-payment.css';

const REFUND_FAILED = 'Failed to refund. Please try again.';
/** Longest reason the server takes (shared/src/api.ts RefundRequest). */
const REASON_MAX = 300;

export function PaymentChips({ booking }: { booking: Booking }) {
  const chips = paymentChips(booking);
  if (chips.length === 0) return null;
  return (
    <p className="pay-chips">
      {chips.map((c) => (
        <span key={c.text} className={`pay-chip pay-chip--${c.tone}`}>
          {c.text}
        </span>
      ))}
    </p>
  );
}

function RefundDialog({
  booking,
  leftCents,
  onRefunded,
  onClose,
}: {
  booking: Booking;
  leftCents: number;
  onRefunded: (booking: Booking, amount: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState((leftCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const checked = checkRefundAmount(amount, leftCents);
  const name = `${booking.firstName} ${booking.lastName}`.trim() || 'the customer';
  const paid = booking.payment?.paid ?? 0;
  const refunded = booking.payment?.refunded ?? 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!checked.ok) {
      setProblem(checked.error);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const note = reason.trim();
      const updated = await client.dashboard.refund({
        params: { id: booking._id },
        body: note ? { amount: checked.value, reason: note } : { amount: checked.value },
      });
      onRefunded(updated, checked.value);
    } catch (err) {
      setProblem(serverDetail(err) ?? REFUND_FAILED);
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Refund through Stripe"
      description={`${booking.serviceName} for ${name}: ${formatUsd(paid)} paid${refunded > 0 ? `, ${formatUsd(refunded)} refunded already` : ''}.`}
      onClose={onClose}
    >
      <form className="stack" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount ($)</label>
          <input
            id={`${id}-amount`}
            className="input pay-refund-amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            max={leftCents / 100}
            step="0.01"
            value={amount}
            aria-invalid={!checked.ok}
            aria-describedby={`${id}-amount-hint`}
            onChange={(e) => setAmount(e.currentTarget.value)}
            data-autofocus
          />
          <p id={`${id}-amount-hint`} className="hint">
            {`At most ${formatUsd(leftCents / 100)}. It goes back to the card the customer paid with.`}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (optional)</label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </div>
        {problem && <Notice kind="error">{problem}</Notice>}
        <div className="row pay-refund-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Refunding...' : checked.ok ? `Refund ${formatUsd(checked.value)}` : 'Refund'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Refund, on a booking with money paid and not yet refunded (nothing otherwise). */
export function RefundButton({ booking, onChange }: { booking: Booking; onChange: (booking: Booking) => void }) {
  const [open, setOpen] = useState(false);
  const left = refundableCents(booking.payment);
  if (left <= 0 && !open) return null;
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
        Refund
      </button>
      {open && (
        <RefundDialog
          booking={booking}
          leftCents={left}
          onClose={() => setOpen(false)}
          onRefunded={(updated, amount) => {
            setOpen(false);
            onChange(updated);
            showToast(`Refund of ${formatUsd(amount)} sent to Stripe.`);
          }}
        />
      )}
    </>
  );
}
