/**
 * "Possible duplicates" on the clients list (docs/decisions/037): pairs of records that may be
 * one person (the same phone under two e-mails, the same name at the same street), each with a
 * Merge that first says what moves. Nothing shows when there are none.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ClientDuplicate, ClientSummary } from '@slotwise/shared/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { serverErrorOr } from '../../../lib/errors.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { useResource } from '../../../lib/resource.ts';
import { clientName, loadDuplicates, mergeClient, mergeSummary, REASONS } from '../clients-data.ts';

export function PossibleDuplicates() {
  useSignals();
  const duplicates = useResource(loadDuplicates, () => 'Failed to load possible duplicates.');
  const [merging, setMerging] = useState<ClientDuplicate | null>(null);
  const pairs = duplicates.data.value?.duplicates ?? [];
  if (pairs.length === 0) return null;
  return (
    <section className="card section clients-duplicates" aria-labelledby="clients-duplicates-heading">
      <h2 id="clients-duplicates-heading">Possible duplicates</h2>
      <p className="section-intro">These records may be one person. Merge them to see one history.</p>
      <ul className="clients-duplicate-list">
        {pairs.map((p) => (
          <li key={`${p.a._id}-${p.b._id}`} className="clients-duplicate">
            <span>
              <strong>{clientName(p.a)}</strong> and <strong>{clientName(p.b)}</strong>
              <span className="muted"> · {REASONS[p.reason]}</span>
            </span>
            <button type="button" className="btn btn--small" onClick={() => setMerging(p)}>
              Merge…
            </button>
          </li>
        ))}
      </ul>
      {merging && (
        <MergeDialog
          pair={merging}
          onClose={() => setMerging(null)}
          onMerged={() => {
            setMerging(null);
            void duplicates.refresh();
          }}
        />
      )}
    </section>
  );
}

function contact(c: ClientSummary): string {
  return [c.email, c.phone ? formatPhone(c.phone) : ''].filter(Boolean).join(' · ') || 'No e-mail or phone';
}

/** The confirm: which record stays (the one with more bookings first), and what moves into it. */
function MergeDialog({
  pair,
  onClose,
  onMerged,
}: {
  pair: ClientDuplicate;
  onClose: () => void;
  onMerged: () => void;
}) {
  const navigate = useNavigate();
  const [keepA, setKeepA] = useState(pair.a.bookings >= pair.b.bookings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const into = keepA ? pair.a : pair.b;
  const from = keepA ? pair.b : pair.a;

  async function merge() {
    setBusy(true);
    setError(null);
    try {
      const kept = await mergeClient(from._id, into._id);
      showToast(`Merged into ${clientName(kept)}.`);
      onMerged();
      void navigate(`/dashboard/clients/${kept._id}`);
    } catch (err) {
      setError(serverErrorOr(err, 'The merge failed. Please try again.', 'Check your connection and try again.'));
      setBusy(false);
    }
  }

  return (
    <Modal title="Merge two clients" onClose={onClose}>
      <fieldset className="clients-merge-keep">
        <legend>Keep which record?</legend>
        {[pair.a, pair.b].map((c, i) => (
          <label key={c._id} className="clients-merge-choice">
            <input type="radio" name="keep" checked={keepA === (i === 0)} onChange={() => setKeepA(i === 0)} />
            <span>
              <strong>{clientName(c)}</strong> ({c.bookings === 1 ? '1 booking' : `${c.bookings} bookings`})
              <br />
              <span className="muted">{contact(c)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <h3>What moves</h3>
      <ul className="clients-merge-moves">
        {mergeSummary(from, into).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="row section-actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void merge()}>
          {busy ? 'Merging...' : `Merge into ${clientName(into)}`}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
