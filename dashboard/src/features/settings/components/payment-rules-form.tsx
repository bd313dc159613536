/**
 * Settings > Payments: the deposit taken when booking, the refund window, whether paid
 * bookings are approved at once and whether a recurring plan asks the deposit of every visit,
 * with an example that follows the rule as it is typed.
 */
import type { PaymentSettings, PlanDeposit } from '@slotwise/shared/api';
import { refundPolicyText } from '@slotwise/shared/deposit';
import { type FormEvent, useId, useState } from 'react';
import { AmountOrPercentField } from '../../../components/amount-or-percent-field.tsx';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { client } from '../../../lib/api.ts';
import { DEPOSIT_BOUNDS, type DepositKind, draftFrom, type RuleDraft, ruleFrom } from '../../../lib/deposit-rule.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useFlash } from '../../../lib/use-flash.ts';
import { depositExample, refundChoices } from '../payments.ts';

const SAVED = 'Payment rules saved.';
const SAVE_FAILED = 'Failed to save your payment rules. Please try again.';

const KINDS: readonly { kind: DepositKind; label: string }[] = [
  { kind: 'none', label: 'No deposit' },
  { kind: 'fixed', label: 'A fixed amount' },
  { kind: 'percent', label: 'A percentage of the quote' },
  { kind: 'full', label: 'The full price' },
];

const PLAN_DEPOSITS: readonly { value: PlanDeposit; label: string }[] = [
  { value: 'first', label: 'For the first visit only' },
  { value: 'every', label: 'For every visit' },
];

interface RulesForm {
  deposit: RuleDraft;
  refundWindowHours: number;
  approvePaid: boolean;
  planDeposit: PlanDeposit;
}

const formFrom = (s: PaymentSettings): RulesForm => ({
  deposit: draftFrom(s.deposit),
  refundWindowHours: s.refundWindowHours,
  approvePaid: s.approvePaid,
  planDeposit: s.planDeposit,
});

/** A recurring plan's deposit (docs/decisions/022): its first visit's, or every visit's. */
function PlanDepositChoice({ value, onChange }: { value: PlanDeposit; onChange: (v: PlanDeposit) => void }) {
  const id = useId();
  return (
    <fieldset className="pay-kinds" aria-describedby={`${id}-hint`}>
      <legend className="field-label">Plans: ask the deposit</legend>
      {PLAN_DEPOSITS.map((p) => (
        <label key={p.value} className="clock-option">
          <input type="radio" name={`${id}-plan`} checked={value === p.value} onChange={() => onChange(p.value)} />
          {p.label}
        </label>
      ))}
      <p id={`${id}-hint`} className="hint">
        {value === 'every'
          ? 'Each visit keeps its time; the customer pays its deposit online before it, from the link in its e-mails.'
          : 'Later visits are paid on the day.'}
      </p>
    </fieldset>
  );
}

/** The amount or percent beside its choice, shown only while that choice is picked. */
function RuleValue({ draft, onChange }: { draft: RuleDraft; onChange: (d: RuleDraft) => void }) {
  const id = useId();
  if (draft.kind !== 'fixed' && draft.kind !== 'percent') return null;
  const fixed = draft.kind === 'fixed';
  return (
    <AmountOrPercentField
      id={`${id}-value`}
      className="field pay-rule-value"
      label={fixed ? 'Deposit amount ($)' : 'Deposit percent (%)'}
      percent={!fixed}
      bounds={DEPOSIT_BOUNDS[draft.kind]}
      value={fixed ? draft.amount : draft.percent}
      onChange={(value) => onChange(fixed ? { ...draft, amount: value } : { ...draft, percent: value })}
    />
  );
}

function DepositChoice({ draft, onChange }: { draft: RuleDraft; onChange: (d: RuleDraft) => void }) {
  const id = useId();
  const checked = ruleFrom(draft);
  const example = checked.ok ? depositExample(checked.value) : null;
  return (
    <fieldset className="pay-kinds">
      <legend className="field-label">Deposit when booking</legend>
      {KINDS.map((k) => (
        <div key={k.kind} className="pay-kind">
          <label className="clock-option">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={draft.kind === k.kind}
              onChange={() => onChange({ ...draft, kind: k.kind })}
            />
            {k.label}
          </label>
          {draft.kind === k.kind && <RuleValue draft={draft} onChange={onChange} />}
        </div>
      ))}
      {example && <p className="pay-example">{example}</p>}
    </fieldset>
  );
}

export function PaymentRulesForm({
  initial,
  connected,
  onSaved,
}: {
  initial: PaymentSettings;
  connected: boolean;
  onSaved: (s: PaymentSettings) => void;
}) {
  const id = useId();
  const [form, setForm] = useState<RulesForm>(() => formFrom(initial));
  const [saving, setSaving] = useState(false);
  const flash = useFlash();
  const change = (part: Partial<RulesForm>) => setForm((f) => ({ ...f, ...part }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const deposit = ruleFrom(form.deposit);
    if (!deposit.ok) {
      flash.show({ kind: 'error', text: deposit.error });
      return;
    }
    setSaving(true);
    try {
      const saved = await client.dashboard.updatePaymentRules({
        body: {
          deposit: deposit.value,
          refundWindowHours: form.refundWindowHours,
          approvePaid: form.approvePaid,
          planDeposit: form.planDeposit,
        },
      });
      setForm(formFrom(saved));
      onSaved(saved);
      flash.show({ kind: 'success', text: SAVED });
    } catch (err) {
      flash.show({ kind: 'error', text: serverDetail(err) ?? SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="pay-rules" onSubmit={save} noValidate aria-label="Payment rules">
      {!connected && <p className="hint pay-rules__note">The rule applies once Stripe is connected.</p>}
      <DepositChoice draft={form.deposit} onChange={(deposit) => change({ deposit })} />
      <div className="field pay-refund">
        <label htmlFor={`${id}-refund`}>Full refund if they cancel</label>
        <select
          id={`${id}-refund`}
          className="input"
          aria-describedby={`${id}-refund-hint`}
          value={form.refundWindowHours}
          onChange={(e) => change({ refundWindowHours: Number(e.currentTarget.value) })}
        >
          {refundChoices(form.refundWindowHours).map((c) => (
            <option key={c.hours} value={c.hours}>
              {c.label}
            </option>
          ))}
        </select>
        <p id={`${id}-refund-hint`} className="hint">
          {refundPolicyText(form.refundWindowHours)}
        </p>
      </div>
      <label className="clock-option pay-approve">
        <input
          type="checkbox"
          checked={form.approvePaid}
          onChange={(e) => change({ approvePaid: e.currentTarget.checked })}
        />
        Approve paid bookings automatically
      </label>
      <PlanDepositChoice value={form.planDeposit} onChange={(planDeposit) => change({ planDeposit })} />
      <FlashMessage message={flash.message} />
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save payment rules'}
        </button>
      </div>
    </form>
  );
}
