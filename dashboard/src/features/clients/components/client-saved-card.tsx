/**
 * A client's card on file (docs/decisions/046): what it is ("Visa ending 4242, expires 12/29"),
 * saved with the customer's consent when they booked, and Remove, asked twice, after which no
 * later visit or fee is charged to it. Its own call, so the client's page loads as before.
 */
import type { ClientCard } from '@slotwise/shared/api';
import { useEffect, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';

const LOAD_FAILED = 'Failed to load the saved card. Please try again.';
const REMOVE_FAILED = 'Failed to remove the card. Please try again.';

export function ClientSavedCard({ clientId }: { clientId: string }) {
  const [card, setCard] = useState<ClientCard['card'] | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    client.dashboard.clientCard({ params: { id: clientId } }).then(
      (c) => live && setCard(c.card),
      (err) => live && setProblem(serverDetail(err) ?? LOAD_FAILED),
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  async function remove() {
    setBusy(true);
    setProblem(null);
    try {
      setCard((await client.dashboard.removeClientCard({ params: { id: clientId } })).card);
      showToast('Card removed.');
    } catch (err) {
      setProblem(serverDetail(err) ?? REMOVE_FAILED);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section className="card section" aria-labelledby="client-card">
      <h2 id="client-card">Card on file</h2>
      {card === undefined ? (
        problem ? null : (
          <p aria-live="polite">Loading...</p>
        )
      ) : card === null ? (
        <p className="muted">No card saved. A customer saves one when booking, if they agree.</p>
      ) : (
        <>
          <p>
            <strong>{card.label}</strong>, expires {String(card.expMonth).padStart(2, '0')}/
            {String(card.expYear).slice(-2)}. Plan visits are charged to it when completed, and a no-show fee when you
            charge one.
          </p>
          {confirming ? (
            <fieldset className="row" aria-label="Remove the card">
              <p className="hint">Remove {card.label}? Nothing more will be charged to it.</p>
              <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void remove()}>
                {busy ? 'Removing...' : 'Remove card'}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </fieldset>
          ) : (
            <button type="button" className="btn btn--small" onClick={() => setConfirming(true)}>
              Remove
            </button>
          )}
        </>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
    </section>
  );
}
