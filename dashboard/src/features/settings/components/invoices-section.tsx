/**
 * Settings > Invoices and Tips (issue 43; docs/decisions/045): the tips the customer's pay link
 * offers (up to three whole percents of the amount due; none leaves only an amount or no tip) and
 * whether unpaid invoices are reminded by mail (and text, where the customer agreed) 3 and 7 days
 * after they were issued; and the no-show fee charged to a client's card on file, or asked by the
 * pay link (docs/decisions/046).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { TipSettings } from '@slotwise/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { typedDollars } from '../../../lib/typed-dollars.ts';
import { useFlash } from '../../../lib/use-flash.ts';

const LOAD_FAILED = 'Failed to load your invoice settings. Please try again.';
const SAVE_FAILED = 'Failed to save your invoice settings. Please try again.';
const BAD_PRESET = 'Each tip is a whole percent from 1 to 100, like 15; leave a box empty to offer fewer.';
const BAD_FEE = 'The no-show fee is an amount like 40 or 25.50, at least $0.50; leave it empty (or 0) for none.';
const SLOTS = 3;

/** The three boxes' text: the presets, then empty ones. */
const boxesOf = (presets: readonly number[]) => Array.from({ length: SLOTS }, (_, i) => String(presets[i] ?? ''));

function InvoicesForm({ initial, onSaved }: { initial: TipSettings; onSaved: (s: TipSettings) => void }) {
  const id = useId();
  const flash = useFlash();
  const [boxes, setBoxes] = useState(boxesOf(initial.presets));
  const [reminders, setReminders] = useState(initial.reminders ?? true);
  const [fee, setFee] = useState(initial.noShowFee ? initial.noShowFee.toFixed(2) : '');
  const [feeProblem, setFeeProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const filled = boxes.map((b) => b.trim().replace(/%$/, '')).filter((b) => b !== '');
    if (filled.some((b) => !/^\d{1,3}$/.test(b) || Number(b) < 1 || Number(b) > 100)) return setProblem(BAD_PRESET);
    const presets = [...new Set(filled.map(Number))];
    setProblem(null);
    // Empty is none; else whole cents, at least Stripe's smallest charge.
    const noShowFee = fee.trim() === '' ? 0 : typedDollars(fee);
    if (noShowFee === null || (noShowFee > 0 && noShowFee < 0.5)) return setFeeProblem(BAD_FEE);
    setFeeProblem(null);
    setSaving(true);
    try {
      const saved = await client.dashboard.updateTipSettings({ body: { presets, reminders, noShowFee } });
      setBoxes(boxesOf(saved.presets));
      setFee(saved.noShowFee ? saved.noShowFee.toFixed(2) : '');
      onSaved(saved);
      flash.show({ kind: 'success', text: 'Invoice settings saved.' });
    } catch (err) {
      flash.show({ kind: 'error', text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="tax-form">
      <FlashMessage message={flash.message} />
      <fieldset className="tip-presets" aria-describedby={`${id}-hint`}>
        <legend className="field-label">Tips offered on the pay link (%)</legend>
        {boxes.map((b, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: three fixed boxes
            key={i}
            className="input tip-preset"
            inputMode="numeric"
            aria-label={`Tip ${i + 1} (%)`}
            aria-invalid={problem !== null}
            value={b}
            onChange={(e) => {
              const next = [...boxes];
              next[i] = e.currentTarget.value;
              setBoxes(next);
            }}
          />
        ))}
      </fieldset>
      <p id={`${id}-hint`} className="hint">
        Percents of what is due, shown with their amounts; the customer may also type an amount or tip nothing.
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <label className="clock-option">
        <input type="checkbox" checked={reminders} onChange={(e) => setReminders(e.currentTarget.checked)} />
        Remind customers of unpaid invoices 3 and 7 days after they were sent
      </label>
      <label className="field-label" htmlFor={`${id}-fee`}>
        No-show fee ($)
      </label>
      <input
        id={`${id}-fee`}
        className="input"
        inputMode="decimal"
        placeholder="None"
        aria-describedby={`${id}-fee-hint`}
        aria-invalid={feeProblem !== null}
        value={fee}
        onChange={(e) => setFee(e.currentTarget.value)}
      />
      <p id={`${id}-fee-hint`} className="hint">
        Charged when you choose Charge no-show fee on a booking nobody was there for: to the client's saved card, or by
        the pay link.
      </p>
      {feeProblem && (
        <p className="field-error" role="alert">
          {feeProblem}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Invoice Settings'}
      </button>
    </form>
  );
}

export function InvoicesSection() {
  useSignals();
  const id = useId();
  const settings = useResource(
    () => client.dashboard.tipSettings(),
    () => LOAD_FAILED,
  );
  const data = settings.data.value;
  return (
    <section id="invoices" className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Invoices and Tips</h2>
      <p className="section-intro">
        A completed job's invoice goes to the customer with a link to pay it by card (Payments must be connected).
      </p>
      {settings.error.value ? (
        <LoadFailed message={settings.error.value} onRetry={() => void settings.refresh()} />
      ) : !data ? (
        <Skeleton shape="form" rows={2} />
      ) : (
        <InvoicesForm initial={data} onSaved={settings.set} />
      )}
    </section>
  );
}
