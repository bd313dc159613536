/**
 * Movements of money as the owner reads them (docs/decisions/047): the Payments view's list and a
 * client's payments on their page. A deposit, an invoice payment (its tip beside it) or a refund,
 * each with its day, who, how and how much; a refund reads negative. And the invoices still owed,
 * oldest first.
 */
import type { LedgerEntry, OutstandingInvoice } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { PAYMENT_METHOD_WORDS } from '@slotwise/shared/payment-words';
import { Link } from 'react-router';
import { formatDay } from '../lib/format.ts';
import './ledger-entries.css';

/** What a movement was for: "Deposit", "Invoice #12", "Refund of invoice #12", "Refund of a deposit". */
function entryTitle(e: LedgerEntry): string {
  if (e.kind === 'deposit') return 'Deposit';
  const invoice = e.invoice ? `invoice #${e.invoice.number}` : 'a deposit';
  return e.kind === 'refund' ? `Refund of ${invoice}` : `Invoice #${e.invoice?.number ?? ''}`.trim();
}

const signed = (dollars: number) => (dollars < 0 ? `−${formatUsd(-dollars)}` : formatUsd(dollars));

/** A customer's name links to their page when they have one (an erased customer has none). */
function Who({ name, clientId, linked }: { name: string; clientId: string | null; linked: boolean }) {
  const shown = name || 'Erased customer';
  return linked && clientId ? <Link to={`/dashboard/clients/${clientId}`}>{shown}</Link> : <span>{shown}</span>;
}

export function LedgerEntries({
  entries,
  linkClients = true,
  label,
}: {
  entries: readonly LedgerEntry[];
  /** On a client's own page their name is not a link to it. */
  linkClients?: boolean;
  label: string;
}) {
  return (
    <ul className="ledger" aria-label={label}>
      {entries.map((e) => (
        <li key={`${e.kind}-${e._id}`} className={`ledger-row${e.kind === 'refund' ? ' ledger-row--refund' : ''}`}>
          <div className="ledger-what">
            <strong>{entryTitle(e)}</strong>
            <span className="muted">
              {formatDay(e.day)} · <Who name={e.customerName} clientId={e.clientId} linked={linkClients} /> ·{' '}
              {e.serviceName}
            </span>
            {e.note && <span className="ledger-note">{e.note}</span>}
          </div>
          <div className="ledger-money">
            <strong>{signed(e.total)}</strong>
            <span className="muted">
              {PAYMENT_METHOD_WORDS[e.method]}
              {e.tip > 0 ? ` · ${formatUsd(e.tip)} tip` : ''}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Issued today", "Issued 1 day ago", "Issued 9 days ago". */
function openFor(days: number): string {
  if (days === 0) return 'Issued today';
  return `Issued ${days === 1 ? '1 day' : `${days} days`} ago`;
}

export function OutstandingInvoices({
  invoices,
  linkClients = true,
  label,
}: {
  invoices: readonly OutstandingInvoice[];
  linkClients?: boolean;
  label: string;
}) {
  return (
    <ul className="ledger" aria-label={label}>
      {invoices.map((i) => (
        <li key={i._id} className="ledger-row">
          <div className="ledger-what">
            <strong>Invoice #{i.number}</strong>
            <span className="muted">
              <Who name={i.customerName} clientId={i.clientId} linked={linkClients} /> · {i.serviceName}
            </span>
            <span className={i.daysOpen >= 7 ? 'ledger-late' : 'muted'}>{openFor(i.daysOpen)}</span>
          </div>
          <div className="ledger-money">
            <strong>{formatUsd(i.due)}</strong>
            <span className="muted">due</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
