/**
 * A booking's bill (issue 43, docs/decisions/043), opened from its card: what the customer owes
 * as the server works it out (shared/src/balance.ts, one function for every screen), the lines
 * the owner adds on the day (extra work, or a discount as a negative amount) until the invoice
 * is issued, and the invoice's number once it is. Completing a job issues its invoice; a job the
 * end-of-day sweep completed gets Issue invoice here. Its own chunk (booking-bill.tsx loads it):
 * the Bookings page is in the dashboard's first download.
 */
import type { Booking, BookingBill, InvoiceDetail } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { client } from '../lib/api.ts';
import { serverDetail } from '../lib/errors.ts';
import { formatDay } from '../lib/format.ts';
import { typedDollars } from '../lib/typed-dollars.ts';
import { InvoicePanel } from './booking-invoice-panel.tsx';
import { Modal } from './modal.tsx';
import { Notice } from './notice.tsx';
import { showToast } from './toaster.tsx';
import './booking-bill.css';

const LOAD_FAILED = 'Failed to load the bill. Please try again.';
const ADD_FAILED = 'Failed to add the line. Please try again.';
const REMOVE_FAILED = 'Failed to remove the line. Please try again.';
const ISSUE_FAILED = 'Failed to issue the invoice. Please try again.';
const NO_SHOW_FAILED = 'Failed to charge the no-show fee. Please try again.';
const BAD_AMOUNT = 'Write the amount in dollars, like 25 or 12.50; a discount is negative, like -10.';

const STATE_WORDS: Record<NonNullable<BookingBill['invoice']>['state'], string> = {
  open: 'Not paid yet',
  paid: 'Paid',
  void: 'Void',
};

function Figure({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className={strong ? 'bill-row bill-row--strong' : 'bill-row'}>
      <dt>{label}</dt>
      <dd>{formatUsd(amount)}</dd>
    </div>
  );
}

function AddLineForm({ booking, onAdded }: { booking: Booking; onAdded: (bill: BookingBill) => void }) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [taxable, setTaxable] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const dollars = typedDollars(amount, { negative: true });
    if (description.trim() === '') return setProblem('Say what the line is for, like "Pet hair removal".');
    if (dollars === null || dollars === 0) return setProblem(BAD_AMOUNT);
    setBusy(true);
    setProblem(null);
    try {
      const bill = await client.dashboard.addDayLine({
        params: { id: booking._id },
        body: { description: description.trim(), amount: dollars, taxable },
      });
      setDescription('');
      setAmount('');
      onAdded(bill);
    } catch (err) {
      setProblem(serverDetail(err) ?? ADD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="bill-add" noValidate onSubmit={add} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bill-subhead">
        Add a line
      </h3>
      <div className="row">
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <input
            id={`${id}-description`}
            className="input"
            maxLength={120}
            value={description}
            placeholder="Pet hair removal"
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        </div>
        <div className="field field--narrow">
          <label htmlFor={`${id}-amount`}>Amount ($)</label>
          <input
            id={`${id}-amount`}
            className="input bill-amount"
            inputMode="decimal"
            value={amount}
            placeholder="25.00"
            aria-describedby={`${id}-amount-hint`}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
        </div>
      </div>
      <p id={`${id}-amount-hint`} className="hint">
        A discount is a negative amount, like -10.
      </p>
      <label className="bill-check">
        <input type="checkbox" checked={taxable} onChange={(e) => setTaxable(e.currentTarget.checked)} />
        Sales tax applies
      </label>
      {problem && <Notice kind="error">{problem}</Notice>}
      <button type="submit" className="btn btn--small" disabled={busy}>
        {busy ? 'Adding...' : 'Add line'}
      </button>
    </form>
  );
}

export function BillDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [bill, setBill] = useState<BookingBill | null>(null);
  // An issued invoice's payments, refunds and pay link (booking-invoice-panel.tsx).
  const [detail, setDetail] = useState<InvoiceDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Charging a card is asked twice: the button, then Charge in its confirmation (docs/decisions/046).
  const [confirmingFee, setConfirmingFee] = useState(false);
  const name = `${booking.firstName} ${booking.lastName}`.trim() || 'the customer';
  const invoiceId = bill?.invoice?._id;

  useEffect(() => {
    let live = true;
    client.dashboard.bookingBill({ params: { id: booking._id } }).then(
      (b) => live && setBill(b),
      (err) => live && setProblem(serverDetail(err) ?? LOAD_FAILED),
    );
    return () => {
      live = false;
    };
  }, [booking._id]);

  useEffect(() => {
    if (!invoiceId) return;
    let live = true;
    client.dashboard.invoice({ params: { id: invoiceId } }).then(
      (d) => live && setDetail(d),
      (err) => live && setProblem(serverDetail(err) ?? LOAD_FAILED),
    );
    return () => {
      live = false;
    };
  }, [invoiceId]);

  async function remove(lineId: string) {
    setBusy(true);
    setProblem(null);
    try {
      setBill(await client.dashboard.removeDayLine({ params: { id: booking._id, lineId } }));
    } catch (err) {
      setProblem(serverDetail(err) ?? REMOVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function issue() {
    setBusy(true);
    setProblem(null);
    try {
      const issued = await client.dashboard.issueInvoice({ params: { id: booking._id } });
      setBill(issued);
      if (issued.invoice) showToast(`Invoice #${issued.invoice.number} issued.`);
    } catch (err) {
      setProblem(serverDetail(err) ?? ISSUE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function chargeNoShow() {
    setBusy(true);
    setProblem(null);
    try {
      const charged = await client.dashboard.chargeNoShowFee({ params: { id: booking._id } });
      setBill(charged.bill);
      const number = charged.bill.invoice?.number;
      showToast(
        charged.chargedTo
          ? `No-show fee invoice #${number} issued and charged to ${charged.chargedTo}.`
          : `No-show fee invoice #${number} issued; ${name} was e-mailed the pay link.`,
      );
    } catch (err) {
      setProblem(serverDetail(err) ?? NO_SHOW_FAILED);
    } finally {
      setBusy(false);
      setConfirmingFee(false);
    }
  }

  // Once issued, the invoice's own figures: its payments counted.
  const balance = detail?.balance ?? bill?.balance;
  const invoice = detail?.invoice ?? bill?.invoice ?? null;
  const status = booking.status.toLowerCase();

  return (
    <Modal
      title={invoice ? `Invoice #${invoice.number}` : 'Bill'}
      description={`${booking.serviceName} for ${name}, ${formatDay(booking.bookingTime?.day)}.`}
      onClose={onClose}
    >
      <div className="stack bill">
        {invoice && (
          <p className="bill-invoice">
            <span className={`pay-chip pay-chip--${invoice.state === 'paid' ? 'green' : 'grey'}`}>
              {STATE_WORDS[invoice.state]}
            </span>{' '}
            {`Issued ${formatDay(invoice.issuedAt.slice(0, 10))}. Its lines no longer change.`}
          </p>
        )}
        {!balance ? (
          problem ? null : (
            <p aria-live="polite">Loading...</p>
          )
        ) : (
          <>
            <ul className="bill-lines" aria-label="Lines">
              {/* Issued, the invoice's frozen lines; before, the price's lines and the day lines, which can go. */}
              {(invoice ? balance.lines : balance.lines.filter((l) => l.kind === 'price')).map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two lines may read the same; the order is the bill's
                <li key={i} className="bill-row">
                  <span>
                    {line.description}
                    {line.kind === 'day' && <span className="bill-tag">Added on the day</span>}
                  </span>
                  <span>{formatUsd(line.amount)}</span>
                </li>
              ))}
              {!invoice &&
                (bill?.dayLines ?? []).map((line) => (
                  <li key={line._id} className="bill-row">
                    <span>
                      {line.description}
                      <span className="bill-tag">{line.taxable ? 'Added on the day' : 'Added on the day, no tax'}</span>
                    </span>
                    <span className="bill-amount-cell">
                      {formatUsd(line.amount)}
                      <button
                        type="button"
                        className="btn btn--small"
                        disabled={busy}
                        aria-label={`Remove ${line.description}`}
                        onClick={() => void remove(line._id)}
                      >
                        Remove
                      </button>
                    </span>
                  </li>
                ))}
            </ul>
            <dl className="bill-figures">
              {balance.tax && (
                <Figure label={`${balance.tax.name} (${balance.tax.ratePercent}%)`} amount={balance.tax.amount} />
              )}
              <Figure label="Total" amount={balance.total} strong />
              {balance.paid > 0 && <Figure label="Paid" amount={-balance.paid} />}
              {balance.credit > 0 ? (
                <Figure label="Credit" amount={balance.credit} strong />
              ) : (
                <Figure label="Due" amount={balance.due} strong />
              )}
            </dl>
          </>
        )}
        {detail && <InvoicePanel detail={detail} onChange={setDetail} />}
        {problem && <Notice kind="error">{problem}</Notice>}
        {bill && !invoice && (status === 'approved' || status === 'completed') && (
          <AddLineForm booking={booking} onAdded={setBill} />
        )}
        {bill && !invoice && status === 'completed' && (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void issue()}>
            {busy ? 'Issuing...' : 'Issue invoice'}
          </button>
        )}
        {bill && !invoice && status === 'approved' && (
          <p className="hint">The invoice is issued when you mark the job completed.</p>
        )}
        {bill &&
          !invoice &&
          status === 'approved' &&
          (confirmingFee ? (
            <fieldset className="row" aria-label="Charge the no-show fee">
              <p className="hint">
                Charge your no-show fee to {name}'s saved card (or e-mail them the pay link when none is saved)?
              </p>
              <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void chargeNoShow()}>
                {busy ? 'Charging...' : 'Charge'}
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => setConfirmingFee(false)}>
                Keep the booking as it is
              </button>
            </fieldset>
          ) : (
            <button type="button" className="btn" disabled={busy} onClick={() => setConfirmingFee(true)}>
              Charge no-show fee
            </button>
          ))}
        <div className="row">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
