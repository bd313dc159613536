/**
 * /customer/invoice?token=... (issue 43; docs/product.md#the-customers-invoice; docs/decisions/045):
 * the invoice a business sent, as its customer reads it: the lines, the tax, the deposit and
 * payments already made, refunds, and what is due. With something due and the business taking
 * cards, the customer chooses a tip first (the business's presets, an amount, or none) and pays
 * through Stripe Checkout. Back from Checkout (`&payment=paid`) the page waits for Stripe's signed
 * webhook, the only proof of payment, re-reading every 3 s. Paid, it is a receipt the browser
 * prints (or saves as a PDF) with the page's print styles.
 */
import type { InvoiceLinkView } from '@slotwise/shared/api';
import { tipForPercent } from '@slotwise/shared/balance';
import { ApiError } from '@slotwise/shared/client';
import { formatUsd } from '@slotwise/shared/money';
import { PAYMENT_METHOD_WORDS } from '@slotwise/shared/payment-words';
import { longDate } from '@slotwise/shared/time-zone';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { typedDollars } from '../../../lib/typed-dollars.ts';
import { ManagedBookingFrame } from './business-header.tsx';
import '../customer.css';

const INVALID = 'This invoice link is not valid. Please ask the business for a new one.';
const NETWORK = 'We could not reach the server. Please check your connection and try again.';
const PAY_FAILED = 'We could not open the payment page. Please try again.';
const BAD_TIP = 'Write the tip in dollars, like 10 or 12.50.';
/** How often the page asks again while Stripe's confirmation is on its way. */
const CONFIRM_EVERY_MS = 3_000;

function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.fromServer) return err.message;
  return isNetworkError(err) ? NETWORK : fallback;
}

/** An ISO instant's day as the customer reads it ("Monday, December 7, 2026"). */
const dayOf = (iso: string) => longDate(iso.slice(0, 10));

type Load = { state: 'loading' } | { state: 'ready'; invoice: InvoiceLinkView } | { state: 'failed'; message: string };

export function InvoicePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const returned = params.get('payment');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      client.invoiceLink.openInvoice({ query: { token } }).then(
        (invoice) => {
          if (!live) return;
          setLoad({ state: 'ready', invoice });
          // Back from Checkout and not yet recorded: the webhook is on its way.
          if (returned === 'paid' && invoice.state === 'open' && invoice.due > 0)
            timer = setTimeout(read, CONFIRM_EVERY_MS);
        },
        (err) => live && setLoad({ state: 'failed', message: failureText(err, INVALID) }),
      );
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, returned]);

  if (!token || load.state === 'failed')
    return (
      <ManagedBookingFrame title="Your Invoice">
        <Notice kind="error">{load.state === 'failed' ? load.message : INVALID}</Notice>
      </ManagedBookingFrame>
    );
  if (load.state === 'loading')
    return (
      <ManagedBookingFrame title="Your Invoice">
        <Skeleton rows={5} />
      </ManagedBookingFrame>
    );
  const invoice = load.invoice;
  const confirming = returned === 'paid' && invoice.state === 'open' && invoice.due > 0;
  return (
    <ManagedBookingFrame title={invoice.state === 'paid' ? 'Your Receipt' : 'Your Invoice'}>
      <InvoiceSheet invoice={invoice} />
      {invoice.state === 'void' ? (
        <Notice kind="warning">{`${invoice.businessName} cancelled this invoice: nothing is owed on it.`}</Notice>
      ) : invoice.state === 'paid' ? (
        <PaidNote invoice={invoice} thanks={returned === 'paid'} />
      ) : confirming ? (
        <p className="notice" role="status" aria-live="polite">
          Confirming your payment with Stripe. This page updates by itself.
        </p>
      ) : (
        <>
          {returned === 'cancelled' && <Notice kind="warning">Payment cancelled. Nothing was charged.</Notice>}
          {invoice.canPay ? (
            <PayForm token={token} invoice={invoice} />
          ) : (
            <p className="notice">{`Pay ${invoice.businessName} as they ask: cash, check or at the door.`}</p>
          )}
        </>
      )}
    </ManagedBookingFrame>
  );
}

function Row({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'invoice-strong' : undefined}>
      <th scope="row">{label}</th>
      <td>{formatUsd(amount)}</td>
    </tr>
  );
}

/** The invoice itself: what a printed receipt shows. */
function InvoiceSheet({ invoice }: { invoice: InvoiceLinkView }) {
  return (
    <section className="customer-summary invoice-sheet" aria-label={`Invoice #${invoice.number}`}>
      <h2>{`Invoice #${invoice.number} from ${invoice.businessName}`}</h2>
      <p className="muted">{`Issued ${dayOf(invoice.issuedAt)}`}</p>
      <table className="quote-table">
        <tbody>
          {invoice.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change.
            <Row key={i} label={l.description} amount={l.amount} />
          ))}
          {invoice.tax && (
            <Row label={`${invoice.tax.name} (${invoice.tax.ratePercent}%)`} amount={invoice.tax.amount} />
          )}
          <Row label="Total" amount={invoice.total} strong />
          {invoice.deposit > 0 && <Row label="Deposit paid when booking" amount={-invoice.deposit} />}
          {invoice.payments.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: payments are listed in the order they came.
            <Row key={`p${i}`} label={`${PAYMENT_METHOD_WORDS[p.method]} payment, ${dayOf(p.at)}`} amount={-p.amount} />
          ))}
          {invoice.payments
            .filter((p) => p.tip > 0)
            .map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <tr key={`t${i}`} className="invoice-tip">
                <th scope="row">{`Tip, with thanks (${dayOf(p.at)})`}</th>
                <td>{formatUsd(p.tip)}</td>
              </tr>
            ))}
          {invoice.refunds.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <tr key={`r${i}`}>
              <th scope="row">{`Refunded to you, ${dayOf(r.at)}`}</th>
              <td>{formatUsd(r.amount)}</td>
            </tr>
          ))}
          <Row
            label={invoice.state === 'paid' ? 'Paid in full' : 'Due'}
            amount={invoice.state === 'paid' ? invoice.paid : invoice.due}
            strong
          />
        </tbody>
      </table>
      {invoice.workDone.length > 0 && (
        // The job's ticked steps, when the owner shows its checklist on the receipt (docs/decisions/050).
        <div className="invoice-work">
          <h3>Work done</h3>
          <ul>
            {invoice.workDone.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function PaidNote({ invoice, thanks }: { invoice: InvoiceLinkView; thanks: boolean }) {
  return (
    <div className="invoice-paid">
      <Notice kind="success">
        {thanks ? `Thank you! Your payment to ${invoice.businessName} is confirmed.` : 'This invoice is paid.'}
      </Notice>
      <button type="button" className="btn invoice-print" onClick={() => window.print()}>
        Print or save the receipt
      </button>
    </div>
  );
}

type TipChoice = { kind: 'percent'; percent: number } | { kind: 'amount' } | { kind: 'none' };

/** "12.50" -> 1250 cents; null when it is not dollars and cents. */
function centsOf(text: string): number | null {
  const dollars = typedDollars(text);
  return dollars === null ? null : Math.round(dollars * 100);
}

function PayForm({ token, invoice }: { token: string; invoice: InvoiceLinkView }) {
  const id = useId();
  const dueCents = Math.round(invoice.due * 100);
  const presets = invoice.tipPresets;
  const [choice, setChoice] = useState<TipChoice>(
    presets.length > 0 ? { kind: 'percent', percent: presets[Math.min(1, presets.length - 1)]! } : { kind: 'none' },
  );
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const tipCents =
    choice.kind === 'percent'
      ? tipForPercent(dueCents, choice.percent)
      : choice.kind === 'amount'
        ? centsOf(amount)
        : 0;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (tipCents === null) return setProblem(BAD_TIP);
    setBusy(true);
    setProblem(null);
    try {
      const tip =
        choice.kind === 'percent'
          ? { percent: choice.percent }
          : choice.kind === 'amount'
            ? { cents: tipCents }
            : undefined;
      const { url } = await client.invoiceLink.payInvoice({ query: { token }, body: tip ? { tip } : {} });
      window.location.assign(url);
    } catch (err) {
      setProblem(failureText(err, PAY_FAILED));
      setBusy(false);
    }
  }

  const total = (dueCents + (tipCents ?? 0)) / 100;
  return (
    <form className="stack invoice-pay" noValidate onSubmit={pay} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="invoice-pay-title">
        Add a tip?
      </h2>
      <fieldset className="invoice-tips">
        <legend className="visually-hidden">Tip</legend>
        {presets.map((p) => (
          <label key={p} className="invoice-tip-option">
            <input
              type="radio"
              name={`${id}-tip`}
              checked={choice.kind === 'percent' && choice.percent === p}
              onChange={() => setChoice({ kind: 'percent', percent: p })}
            />
            <span>{`${p}%`}</span> <span className="muted">{formatUsd(tipForPercent(dueCents, p) / 100)}</span>
          </label>
        ))}
        <label className="invoice-tip-option">
          <input
            type="radio"
            name={`${id}-tip`}
            checked={choice.kind === 'amount'}
            onChange={() => setChoice({ kind: 'amount' })}
          />
          <span>Other amount</span>
        </label>
        <label className="invoice-tip-option">
          <input
            type="radio"
            name={`${id}-tip`}
            checked={choice.kind === 'none'}
            onChange={() => setChoice({ kind: 'none' })}
          />
          <span>No tip</span>
        </label>
      </fieldset>
      {choice.kind === 'amount' && (
        <div className="field">
          <label htmlFor={`${id}-amount`}>Tip ($)</label>
          <input
            id={`${id}-amount`}
            className="input invoice-tip-amount"
            inputMode="decimal"
            value={amount}
            placeholder="10.00"
            aria-invalid={tipCents === null && amount !== ''}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
        </div>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
      <button type="submit" className="btn btn--primary invoice-pay-button" disabled={busy}>
        {busy ? 'Opening the payment page...' : `Pay ${formatUsd(total)}`}
      </button>
      <p className="hint">Paid by card through Stripe. The tip goes to {invoice.businessName}.</p>
    </form>
  );
}
