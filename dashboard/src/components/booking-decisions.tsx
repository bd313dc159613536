/**
 * Approve and Decline for a pending booking, wherever the owner meets it: today's agenda,
 * the Bookings list, the calendar's booking sheet. One place for what a decision does:
 * Approve mails the customer at once; "New price" asks for a total and a reason, and mails the
 * customer a link to accept it (the booking stays pending until then; docs/decisions/026); Decline first asks for an optional reason (it goes
 * into the customer's mail), then offers Undo while the server holds that mail
 * (lib/undo.ts, docs/decisions/014).
 */
import type { Booking } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { client } from '../lib/api.ts';
import { isNetworkError, serverDetail, serverErrorOr } from '../lib/errors.ts';
import { formatDay, formatTime } from '../lib/format.ts';
import { offerUndo } from '../lib/undo.ts';
import { waitingResource } from '../lib/waiting.ts';
import { Modal } from './modal.tsx';
import { Notice } from './notice.tsx';
import { OnMyWayButton } from './on-my-way-button.tsx';
import { RunningLateNote } from './running-late-note.tsx';
import { showToast } from './toaster.tsx';

export const DECISION_FAILED = { approve: 'Failed to approve booking', decline: 'Failed to decline booking' } as const;
export type Decision = keyof typeof DECISION_FAILED;

/** Longest reason the server takes (shared/src/api.ts). */
const REASON_MAX = 500;

function isPending(booking: Booking): boolean {
  return booking.status.toLowerCase() === 'pending';
}

function customerName(b: Booking): string {
  return `${b.firstName} ${b.lastName}`.trim() || 'The customer';
}

function DeclineDialog({
  booking,
  onDecline,
  onClose,
}: {
  booking: Booking;
  /** Resolves null when declined, else the failure to show (the dialog stays open, the reason kept). */
  onDecline: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const time = booking.bookingTime;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const problem = await onDecline(reason.trim());
    setBusy(false);
    if (problem) setFailure(problem);
    else onClose();
  }

  return (
    <Modal
      title="Decline this booking?"
      description={`${booking.serviceName} for ${customerName(booking)}, ${formatDay(time?.day)} at ${formatTime(time?.startTime)}.`}
      onClose={onClose}
    >
      <form className="stack" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (optional)</label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            aria-describedby={`${id}-hint`}
            data-autofocus
          />
          <p id={`${id}-hint`} className="hint">
            {`It goes into the e-mail to ${booking.firstName || 'the customer'}. You can undo for 10 seconds after declining.`}
          </p>
        </div>
        {failure !== null && (
          <Notice kind="error" detail={serverDetail(failure)}>
            {DECISION_FAILED.decline}
          </Notice>
        )}
        <div className="row decision-dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Keep booking
          </button>
          <button type="submit" className="btn btn--danger" disabled={busy}>
            {busy ? 'Declining...' : 'Decline booking'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function PriceDialog({
  booking,
  onPropose,
  onClose,
}: {
  booking: Booking;
  /** Resolves null when proposed, else the failure to show (the dialog stays open). */
  onPropose: (total: number, reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const [total, setTotal] = useState(String(booking.totalQuote));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const problem = await onPropose(Number(total), reason.trim());
    setBusy(false);
    if (problem) setFailure(problem);
    else onClose();
  }

  return (
    <Modal
      title="Approve at a new price?"
      description={`${booking.serviceName} for ${customerName(booking)}, quoted ${formatUsd(booking.totalQuote)}. ${booking.firstName || 'The customer'} is e-mailed the new total and the reason, and accepts or declines it; the booking is approved only once accepted.`}
      onClose={onClose}
    >
      <form className="stack" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-total`}>New total ($)</label>
          <input
            id={`${id}-total`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={total}
            onChange={(e) => setTotal(e.currentTarget.value)}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <input
            id={`${id}-reason`}
            className="input"
            type="text"
            maxLength={300}
            placeholder="e.g. Heavy pet hair: +$40"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </div>
        {failure !== null && (
          <Notice kind="error" detail={serverDetail(failure)}>
            {DECISION_FAILED.approve}
          </Notice>
        )}
        <div className="row decision-dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--success" disabled={busy}>
            {busy ? 'Sending...' : 'Send new price'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The two buttons for a pending booking, On my way (today's, once) and Mark completed for an approved one (nothing for any other). `onChange` gets the
 * booking as the server now has it: after a decision, and again after an Undo.
 * `onFailure` shows a refused Approve where the page wants it (a toast by default); a
 * refused Decline is said in its dialog, which stays open with the reason typed.
 */
export function BookingDecisions({
  booking,
  onChange: changed,
  onFailure = (decision, err) => showToast(failureText(decision, err), 'error'),
}: {
  booking: Booking;
  onChange: (booking: Booking) => void;
  onFailure?: (decision: Decision, err: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [pricing, setPricing] = useState(false);
  const who = booking.firstName || 'The customer';
  // Every decision and undo changes what waits for the owner: the Bookings tab's badge and the
  // overview's list follow, wherever it was made (lib/waiting.ts).
  const onChange = (b: Booking) => {
    changed(b);
    void waitingResource.refresh();
  };
  if (booking.status === 'approved')
    return (
      <>
        <RunningLateNote booking={booking} />
        <OnMyWayButton booking={booking} onChange={changed} />
        <MarkCompleted booking={booking} onChange={changed} who={who} />
      </>
    );
  if (!isPending(booking)) return null;
  // A new price sent: the customer's answer decides; Approve as quoted or Decline stay possible,
  // and withdraw it (the server marks it so, and its link then tells the customer).
  const waiting = booking.priceChange?.state === 'proposed';

  async function approve() {
    setBusy(true);
    try {
      onChange(await client.dashboard.approve({ params: { id: booking._id } }));
      showToast(`Booking approved. ${who} has been e-mailed.`);
    } catch (err) {
      onFailure('approve', err);
    } finally {
      setBusy(false);
    }
  }

  async function propose(total: number, reason: string): Promise<unknown> {
    try {
      onChange(await client.dashboard.approve({ params: { id: booking._id }, body: { total, reason } }));
      showToast(`New price sent. ${who} has been e-mailed to accept it.`);
      return null;
    } catch (err) {
      return err ?? new Error(DECISION_FAILED.approve);
    }
  }

  async function decline(reason: string): Promise<unknown> {
    try {
      const { undo, ...declined } = await client.dashboard.decline({
        params: { id: booking._id },
        body: reason ? { reason } : {},
      });
      setAsking(false);
      onChange(declined);
      offerUndo(
        `Booking declined. ${who} will be e-mailed in 10 seconds.`,
        'Decline undone. No e-mail was sent.',
        async () => onChange(await client.dashboard.undo({ params: { token: undo.token } })),
      );
      return null;
    } catch (err) {
      return err ?? new Error(DECISION_FAILED.decline);
    }
  }

  return (
    <>
      <button type="button" className="btn btn--success btn--small" disabled={busy} onClick={approve}>
        {waiting ? 'Approve as quoted' : 'Approve'}
      </button>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => setPricing(true)}>
        {waiting ? 'Change new price' : 'New price'}
      </button>
      <button type="button" className="btn btn--danger btn--small" disabled={busy} onClick={() => setAsking(true)}>
        Decline
      </button>
      {pricing && <PriceDialog booking={booking} onPropose={propose} onClose={() => setPricing(false)} />}
      {asking && <DeclineDialog booking={booking} onDecline={decline} onClose={() => setAsking(false)} />}
    </>
  );
}

/**
 * An approved job done (a job finished early counts): it reads completed, and its customer's review
 * request follows after the delay set in Settings > Notifications (docs/decisions/027).
 */
function MarkCompleted({ booking, onChange, who }: { booking: Booking; onChange: (b: Booking) => void; who: string }) {
  const [busy, setBusy] = useState(false);
  async function complete() {
    setBusy(true);
    try {
      onChange(await client.dashboard.completeBooking({ params: { id: booking._id } }));
      showToast(`Marked completed. ${who} will be asked for a review if review requests are on.`);
    } catch (err) {
      showToast(isNetworkError(err) ? (err as Error).message : serverErrorOr(err, COMPLETE_FAILED), 'error');
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn--small" disabled={busy} onClick={complete}>
      Mark completed
    </button>
  );
}

const COMPLETE_FAILED = 'Failed to mark the booking completed. Please try again.';

function failureText(decision: Decision, err: unknown): string {
  return isNetworkError(err) ? (err as Error).message : serverErrorOr(err, DECISION_FAILED[decision]);
}
