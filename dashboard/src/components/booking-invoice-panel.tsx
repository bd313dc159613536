/**
 * An issued invoice's money, inside a booking's bill (booking-bill-dialog.tsx; issue 43,
 * docs/decisions/045): the payments (card ones come only from Stripe's signed webhook), their
 * refunds, the customer's pay link to copy or open, a payment by cash, check or other recorded by
 * hand (part of what is due is fine), a refund of a payment, and Void for an invoice nothing was
 * paid on. Every change answers the invoice as it now is, which replaces what is shown.
 */
import type { InvoiceDetail, RecordPaymentRequest } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { PAYMENT_METHOD_WORDS } from '@slotwise/shared/payment-words';
import { type FormEvent, useId, useRef, useState } from 'react';
import { client } from '../lib/api.ts';
import { copyText } from '../lib/copy-text.ts';
import { serverDetail } from '../lib/errors.ts';
import { formatDay } from '../lib/format.ts';
import { typedDollars } from '../lib/typed-dollars.ts';
import { Notice } from './notice.tsx';
import { showToast } from './toaster.tsx';

const RECORD_FAILED = 'Failed to record the payment. Please try again.';
const REFUND_FAILED = 'Failed to refund. Please try again.';
const VOID_FAILED = 'Failed to void the invoice. Please try again.';
const VOID_CONFIRM = 'Void this invoice? It keeps its number, and nothing is owed on it any more.';
const BAD_AMOUNT = 'Write the amount in dollars, like 50 or 12.50.';

const METHODS: readonly { value: RecordPaymentRequest['method']; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'other', label: 'Other' },
];

/** "12.50" -> 12.5; null unless dollars and at most cents, above 0 (or 0 when `zero`). */
function dollarsOf(text: string, zero = false): number | null {
  const n = typedDollars(text);
  return n !== null && (n > 0 || (zero && n === 0)) ? n : null;
}

function RecordPayment({ detail, onChange }: { detail: InvoiceDetail; onChange: (d: InvoiceDetail) => void }) {
  const id = useId();
  const [method, setMethod] = useState<RecordPaymentRequest['method']>('cash');
  const [amount, setAmount] = useState(detail.balance.due.toFixed(2));
  const [tip, setTip] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per payment being entered: a retry after a lost answer records it once (the server's idempotency).
  const key = useRef(crypto.randomUUID());

  async function record(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const dollars = dollarsOf(amount);
    const tipDollars = tip.trim() === '' ? 0 : dollarsOf(tip, true);
    if (dollars === null || tipDollars === null) return setProblem(BAD_AMOUNT);
    setBusy(true);
    setProblem(null);
    try {
      const body: RecordPaymentRequest = { method, amount: dollars };
      if (tipDollars > 0) body.tip = tipDollars;
      if (note.trim()) body.note = note.trim();
      const after = await client.dashboard.recordInvoicePayment({
        params: { id: detail.invoice._id },
        body,
        headers: { 'idempotency-key': key.current },
      });
      key.current = crypto.randomUUID();
      setNote('');
      setTip('');
      setAmount(after.balance.due.toFixed(2));
      showToast(`${METHODS.find((m) => m.value === method)?.label} payment of ${formatUsd(dollars)} recorded.`);
      onChange(after);
    } catch (err) {
      setProblem(serverDetail(err) ?? RECORD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bill-add" noValidate onSubmit={record} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bill-subhead">
        Record a payment
      </h3>
      <div className="row">
        <div className="field field--narrow">
          <label htmlFor={`${id}-method`}>Paid by</label>
          <select
            id={`${id}-method`}
            className="input"
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value as RecordPaymentRequest['method'])}
          >
            {METHODS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--narrow">
          <label htmlFor={`${id}-amount`}>Amount ($)</label>
          <input
            id={`${id}-amount`}
            className="input bill-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
        </div>
        <div className="field field--narrow">
          <label htmlFor={`${id}-tip`}>Tip ($, optional)</label>
          <input
            id={`${id}-tip`}
            className="input bill-amount"
            inputMode="decimal"
            value={tip}
            onChange={(e) => setTip(e.currentTarget.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <input
          id={`${id}-note`}
          className="input"
          maxLength={200}
          value={note}
          placeholder="Check #1042"
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </div>
      {problem && <Notice kind="error">{problem}</Notice>}
      <button type="submit" className="btn btn--small" disabled={busy}>
        {busy ? 'Recording...' : 'Record payment'}
      </button>
    </form>
  );
}

function RefundForm({
  detail,
  payment,
  onChange,
  onDone,
}: {
  detail: InvoiceDetail;
  payment: InvoiceDetail['payments'][number];
  onChange: (d: InvoiceDetail) => void;
  onDone: () => void;
}) {
  const id = useId();
  const left = Math.round((payment.amount + payment.tip - payment.refunded) * 100) / 100;
  const [amount, setAmount] = useState(left.toFixed(2));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());

  async function refund(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const dollars = dollarsOf(amount);
    if (dollars === null) return setProblem(BAD_AMOUNT);
    setBusy(true);
    setProblem(null);
    try {
      const after = await client.dashboard.refundInvoicePayment({
        params: { id: detail.invoice._id, paymentId: payment._id },
        body: reason.trim() ? { amount: dollars, reason: reason.trim() } : { amount: dollars },
        headers: { 'idempotency-key': key.current },
      });
      showToast(
        payment.method === 'card'
          ? `Refund of ${formatUsd(dollars)} sent to Stripe.`
          : `Refund of ${formatUsd(dollars)} recorded.`,
      );
      onChange(after);
      onDone();
    } catch (err) {
      setProblem(serverDetail(err) ?? REFUND_FAILED);
      setBusy(false);
    }
  }

  return (
    <form
      className="bill-add"
      noValidate
      onSubmit={refund}
      aria-label={`Refund the ${PAYMENT_METHOD_WORDS[payment.method]} payment`}
    >
      <div className="row">
        <div className="field field--narrow">
          <label htmlFor={`${id}-amount`}>Refund ($)</label>
          <input
            id={`${id}-amount`}
            className="input bill-amount"
            inputMode="decimal"
            value={amount}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (optional)</label>
          <input
            id={`${id}-reason`}
            className="input"
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="hint">
        {payment.method === 'card'
          ? `At most ${formatUsd(left)}. It goes back to the card through Stripe.`
          : `At most ${formatUsd(left)}. Give it back as you took it; this records it.`}
      </p>
      {problem && <Notice kind="error">{problem}</Notice>}
      <div className="row">
        <button type="button" className="btn btn--small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--small btn--primary" disabled={busy}>
          {busy ? 'Refunding...' : 'Refund'}
        </button>
      </div>
    </form>
  );
}

function PayLink({ url }: { url: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="field">
      <label htmlFor={`${id}-link`}>Pay link for the customer</label>
      <div className="row bill-link">
        <input id={`${id}-link`} ref={field} className="input" readOnly value={url} />
        <button
          type="button"
          className="btn btn--small"
          onClick={async () =>
            showToast((await copyText(url, field.current)) ? 'Pay link copied.' : 'Select the link and copy it.')
          }
        >
          Copy
        </button>
        <a className="btn btn--small" href={url} target="_blank" rel="noreferrer">
          Open
        </a>
      </div>
    </div>
  );
}

export function InvoicePanel({ detail, onChange }: { detail: InvoiceDetail; onChange: (d: InvoiceDetail) => void }) {
  const [refunding, setRefunding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { invoice, balance, payments, refunds } = detail;

  async function voidIt() {
    if (!window.confirm(VOID_CONFIRM)) return;
    setBusy(true);
    setProblem(null);
    try {
      onChange(await client.dashboard.voidInvoice({ params: { id: invoice._id } }));
      showToast(`Invoice #${invoice.number} voided.`);
    } catch (err) {
      setProblem(serverDetail(err) ?? VOID_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      {payments.length > 0 && (
        <section aria-label="Payments">
          <h3 className="bill-subhead">Payments</h3>
          <ul className="bill-lines">
            {payments.map((p) => {
              // In cents: dollars as floats would read $0.00 left as a fraction of a cent.
              const leftCents = Math.round((p.amount + p.tip - p.refunded) * 100);
              return (
                <li key={p._id} className="bill-payment">
                  <div className="bill-row">
                    <span>
                      {`${PAYMENT_METHOD_WORDS[p.method]}, ${formatDay(p.createdAt.slice(0, 10))}`}
                      {p.note && <span className="bill-tag">{p.note}</span>}
                      {p.tip > 0 && <span className="bill-tag">{`Tip ${formatUsd(p.tip)}`}</span>}
                      {p.refunded > 0 && <span className="bill-tag">{`Refunded ${formatUsd(p.refunded)}`}</span>}
                    </span>
                    <span className="bill-amount-cell">
                      {formatUsd(p.amount)}
                      {leftCents > 0 && refunding !== p._id && (
                        <button type="button" className="btn btn--small" onClick={() => setRefunding(p._id)}>
                          Refund
                        </button>
                      )}
                    </span>
                  </div>
                  {refunding === p._id && (
                    <RefundForm detail={detail} payment={p} onChange={onChange} onDone={() => setRefunding(null)} />
                  )}
                </li>
              );
            })}
          </ul>
          {refunds.some((r) => r.status === 'failed') && (
            <Notice kind="warning">
              Stripe refused a refund: nothing of it was sent back. Try again, or refund by hand.
            </Notice>
          )}
        </section>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
      {invoice.state === 'open' && detail.payUrl && <PayLink url={detail.payUrl} />}
      {invoice.state === 'open' && balance.due > 0 && <RecordPayment detail={detail} onChange={onChange} />}
      {invoice.state === 'open' && payments.length === 0 && (
        <button type="button" className="btn btn--small btn--danger" disabled={busy} onClick={() => void voidIt()}>
          {busy ? 'Voiding...' : 'Void invoice'}
        </button>
      )}
    </div>
  );
}
