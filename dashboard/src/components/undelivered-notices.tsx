/**
 * What could not be delivered about a booking (docs/decisions/032): "The reminder could not be
 * delivered to dana@example.com: <reason>" with Send again, on its card in Bookings and its sheet on
 * the calendar; and one message as Settings > Notifications lists it. Nothing while the list loads
 * or when it fails to: the booking itself is what those screens are about.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { UndeliveredMessage } from '@slotwise/shared/api';
import { useState } from 'react';
import { serverErrorOr } from '../lib/errors.ts';
import { useSharedResource } from '../lib/resource.ts';
import { sendAgain, undeliveredMessages, undeliveredSentence } from '../lib/undelivered.ts';
import { Notice } from './notice.tsx';

const SEND_FAILED = 'It could not be sent again. Please try again.';

/** One undelivered message, its Send again, and what came of it. `context`: the booking it is about, for a list. */
export function UndeliveredItem({
  message,
  context,
  onSent,
}: {
  message: UndeliveredMessage;
  context?: string;
  /** Sent again: the message has left the shared list (lib/undelivered.ts), so the caller says so. */
  onSent?: (message: UndeliveredMessage) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function again() {
    setState({ busy: true, error: null });
    try {
      await sendAgain(message._id);
      onSent?.(message);
    } catch (err) {
      setState({ busy: false, error: serverErrorOr(err, SEND_FAILED) });
    }
  }
  return (
    <div className="notice notice--warning undelivered">
      {context && <p className="undelivered-context">{context}</p>}
      <p>{undeliveredSentence(message)}</p>
      {message.cannotResend ? (
        <p className="notice-detail">{`It cannot be sent again: ${message.cannotResend}`}</p>
      ) : (
        <button type="button" className="btn btn--small" disabled={state.busy} onClick={again}>
          {state.busy ? 'Sending…' : 'Send again'}
        </button>
      )}
      {state.error && <Notice kind="error">{state.error}</Notice>}
    </div>
  );
}

/** The undelivered messages about one booking, with what was sent again from here since. */
export function UndeliveredNotices({ bookingId }: { bookingId: string }) {
  useSignals();
  const list = useSharedResource(undeliveredMessages);
  // Sent again from this card: the list no longer holds them, the card still says so.
  const [resent, setResent] = useState<UndeliveredMessage[]>([]);
  const mine = (list.data.value?.messages ?? []).filter((m) => m.bookingId === bookingId);
  if (mine.length === 0 && resent.length === 0) return null;
  return (
    <div className="undelivered-list">
      {mine.map((m) => (
        <UndeliveredItem key={m._id} message={m} onSent={(sent) => setResent((r) => [...r, sent])} />
      ))}
      {resent.map((m) => (
        <Notice key={m._id} kind="success">{`The ${m.what} was queued again for ${m.to}.`}</Notice>
      ))}
    </div>
  );
}
