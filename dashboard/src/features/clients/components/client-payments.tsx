/**
 * A client's money on their page (issue 43 item 5; docs/decisions/047): what they still owe, and
 * every deposit, payment and refund of their bookings, newest first. Its own call, so the page
 * shows the client at once and this section when it comes (or fails alone). Loaded when shown
 * (lib/resource.ts); its page keys it by client, so another client's page loads theirs.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatUsd } from '@slotwise/shared/money';
import { useId } from 'react';
import { LedgerEntries, OutstandingInvoices } from '../../../components/ledger-entries.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { isNetworkError } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { loadClientPayments, PAYMENTS_FAILED } from '../clients-data.ts';

export function ClientPayments({ clientId }: { clientId: string }) {
  useSignals();
  const id = useId();
  const payments = useResource(
    () => loadClientPayments(clientId),
    (err) => (isNetworkError(err) ? (err as Error).message : PAYMENTS_FAILED),
  );
  const p = payments.data.value;
  let body: React.ReactNode;
  if (payments.error.value)
    body = <LoadFailed message={payments.error.value} onRetry={() => void payments.refresh()} />;
  else if (!p) body = <Skeleton shape="chart" rows={3} />;
  else if (p.entries.length === 0 && p.outstanding.length === 0) body = <p className="muted">No payments yet.</p>;
  else
    body = (
      <>
        <p className="section-intro">
          {formatUsd(p.collected)} collected
          {p.outstanding.length > 0
            ? `; ${formatUsd(p.outstanding.reduce((sum, i) => sum + i.due, 0))} owed on ${p.outstanding.length === 1 ? '1 invoice' : `${p.outstanding.length} invoices`}.`
            : '.'}
        </p>
        {p.outstanding.length > 0 && (
          <OutstandingInvoices invoices={p.outstanding} linkClients={false} label="Invoices this client owes" />
        )}
        {p.entries.length > 0 && (
          <LedgerEntries entries={p.entries} linkClients={false} label="This client's payments and refunds" />
        )}
      </>
    );
  return (
    <section className="card section" aria-labelledby={id}>
      <h2 id={id}>Payments</h2>
      {body}
    </section>
  );
}
