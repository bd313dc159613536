/**
 * On a visit's manage page: the card the customer saved with the business ("Visa ending 4242";
 * docs/decisions/046), and Remove my card, which takes back their consent: nothing more is charged
 * to it. Shown only when one is saved.
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';

const REMOVE_FAILED = 'We could not remove your card just now. Please try again in a minute.';

export function SavedCard({ booking, token }: { booking: ManagedBooking; token: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!booking.savedCard) return null;

  async function remove() {
    setBusy(true);
    setProblem(null);
    try {
      setDone((await client.customer.removeSavedCard({ query: { token } })).message);
    } catch (err) {
      setProblem(err instanceof ApiError && err.fromServer ? err.message : REMOVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (done) return <Notice kind="success">{done}</Notice>;
  return (
    <div className="stack">
      <p>
        Your {booking.savedCard} is saved with {booking.businessName || 'the business'}: your visits are charged to it
        when they are done, as you agreed.
      </p>
      <button type="button" className="btn" disabled={busy} onClick={() => void remove()}>
        {busy ? 'Removing...' : 'Remove my card'}
      </button>
      {problem && <Notice kind="error">{problem}</Notice>}
    </div>
  );
}
