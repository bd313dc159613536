import { useSignals } from '@preact/signals-react/runtime';
import type { SpecificQuestion } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';

const QUESTION_SAVED = 'Specific question configuration updated successfully';
const QUESTION_EMPTY = 'Question cannot be empty.';
const SAVE_FAILED = 'Failed to update specific question configuration';

type QuestionType = SpecificQuestion['type'];
const TYPE_NAMES: Record<QuestionType, string> = { dropdown: 'Dropdown', rate: 'Rate' };
interface OptionRow {
  key: number;
  text: string;
  value: string;
}

let nextKey = 1;
const row = (text = '', value = ''): OptionRow => ({ key: nextKey++, text, value });

function QuestionForm({
  initial,
  onSaved,
}: {
  initial: SpecificQuestion | null;
  onSaved: (q: SpecificQuestion) => void;
}) {
  const id = useId();
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [type, setType] = useState<QuestionType>(initial?.type ?? 'dropdown');
  const [options, setOptions] = useState<OptionRow[]>(() =>
    initial ? initial.options.map((o) => row(o.text, String(o.value))) : [row()],
  );
  const [rate, setRate] = useState(initial?.rate != null ? String(initial.rate) : '');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const [saving, setSaving] = useState(false);

  // A type change that would clear something waits for the owner's yes (docs/product.md#specific-question).
  const [pendingType, setPendingType] = useState<QuestionType | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const typeRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (pendingType) keepRef.current?.focus();
  }, [pendingType]);

  /** What switching away from the current type clears, in words; null when nothing would be lost. */
  function loss(): string | null {
    if (type === 'dropdown') {
      const kept = options.filter((o) => o.text.trim() || o.value.trim());
      if (kept.length === 0) return null;
      const names = kept.map((o) => o.text.trim() || `an option worth ${formatUsd(Number(o.value) || 0)}`).join(', ');
      return kept.length === 1 ? `the option: ${names}` : `the ${kept.length} options: ${names}`;
    }
    if (rate.trim() === '') return null;
    const amount = Number(rate);
    return `the rate of ${Number.isFinite(amount) ? formatUsd(amount) : rate} per unit`;
  }

  function switchType(next: QuestionType) {
    // Switching the type clears the options and the rate.
    setType(next);
    setOptions([]);
    setRate('');
    setPendingType(null);
  }

  function changeType(next: QuestionType) {
    if (next === type) return;
    if (loss() === null) switchType(next);
    else setPendingType(next);
  }

  function keepType() {
    setPendingType(null);
    typeRef.current?.focus();
  }

  function updateOption(key: number, change: Partial<OptionRow>) {
    setOptions((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!question.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSaving(true);
    try {
      const saved = await client.dashboard.updateSpecificQuestion({
        body: {
          question: question.trim(),
          type,
          // Rows left completely blank are not options.
          options:
            type === 'dropdown'
              ? options
                  .filter((o) => o.text.trim() || o.value.trim())
                  .map((o) => ({ text: o.text.trim(), value: o.value.trim() === '' ? 0 : Number(o.value) }))
              : [],
          rate: type === 'rate' && rate.trim() !== '' ? Number(rate) : null,
        },
      });
      onSaved(saved);
      showToast(QUESTION_SAVED);
    } catch (err) {
      setFailure({ detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {failure && (
        <Notice kind="error" detail={failure.detail}>
          {SAVE_FAILED}
        </Notice>
      )}
      <div className="field">
        <label htmlFor={`${id}-question`}>Question</label>
        <input
          id={`${id}-question`}
          className="input"
          type="text"
          maxLength={300}
          placeholder="e.g. What type of vehicle do you have?"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-question-error` : undefined}
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
        />
        {invalid && (
          <p id={`${id}-question-error`} className="field-error" role="alert">
            {QUESTION_EMPTY}
          </p>
        )}
      </div>
      <div className="field field--narrow">
        <label htmlFor={`${id}-type`}>Question Type</label>
        <select
          ref={typeRef}
          id={`${id}-type`}
          className="input"
          value={type}
          onChange={(e) => changeType(e.currentTarget.value as QuestionType)}
        >
          <option value="dropdown">{TYPE_NAMES.dropdown}</option>
          <option value="rate">{TYPE_NAMES.rate}</option>
        </select>
      </div>
      {pendingType && (
        <div
          className="notice notice--warning type-confirm"
          role="alertdialog"
          aria-labelledby={`${id}-confirm-title`}
          aria-describedby={`${id}-confirm-text`}
        >
          <p id={`${id}-confirm-title`} className="type-confirm-title">
            Switch to {TYPE_NAMES[pendingType]}?
          </p>
          <p id={`${id}-confirm-text`}>
            Switching to {TYPE_NAMES[pendingType]} removes {loss()}.
          </p>
          <div className="row">
            <button type="button" className="btn btn--danger btn--small" onClick={() => switchType(pendingType)}>
              Switch to {TYPE_NAMES[pendingType]}
            </button>
            <button ref={keepRef} type="button" className="btn btn--small" onClick={keepType}>
              Keep {TYPE_NAMES[type]}
            </button>
          </div>
        </div>
      )}
      {type === 'dropdown' ? (
        <fieldset className="option-list">
          <legend className="field-label">Options</legend>
          <p className="hint">The customer picks one; its value is added to the quote.</p>
          {options.length === 0 ? (
            <p className="muted option-empty">No options yet.</p>
          ) : (
            <div className="option-row option-head" aria-hidden="true">
              <span>Option</span>
              <span>Value ($)</span>
            </div>
          )}
          {options.map((o, i) => (
            <div key={o.key} className="option-row">
              <div className="field">
                <label className="visually-hidden" htmlFor={`${id}-opt-${o.key}-text`}>{`Option ${i + 1} text`}</label>
                <input
                  id={`${id}-opt-${o.key}-text`}
                  className="input"
                  type="text"
                  maxLength={120}
                  placeholder="e.g. SUV"
                  value={o.text}
                  onChange={(e) => updateOption(o.key, { text: e.currentTarget.value })}
                />
              </div>
              <div className="field">
                <label
                  className="visually-hidden"
                  htmlFor={`${id}-opt-${o.key}-value`}
                >{`Option ${i + 1} value ($)`}</label>
                <input
                  id={`${id}-opt-${o.key}-value`}
                  className="input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  placeholder="0.00"
                  value={o.value}
                  onChange={(e) => updateOption(o.key, { value: e.currentTarget.value })}
                />
              </div>
              <button
                type="button"
                className="btn btn--danger btn--small option-remove"
                aria-label={`Remove option ${i + 1}`}
                onClick={() => setOptions((rows) => rows.filter((r) => r.key !== o.key))}
              >
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="btn btn--small" onClick={() => setOptions((rows) => [...rows, row()])}>
            Add Option
          </button>
        </fieldset>
      ) : (
        <div className="field field--narrow">
          <label htmlFor={`${id}-rate`}>Rate ($ per unit)</label>
          <input
            id={`${id}-rate`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="e.g. 0.15"
            value={rate}
            onChange={(e) => setRate(e.currentTarget.value)}
          />
          <p className="hint">The customer enters a number (like square feet); the quote adds rate × number.</p>
        </div>
      )}
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Question'}
        </button>
      </div>
    </form>
  );
}

export function SpecificQuestionSection() {
  useSignals();
  const config = useResource(
    () => client.dashboard.specificQuestion(),
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch specific question configuration'),
  );
  const data = config.data.value;
  return (
    <section className="card section" aria-labelledby="question-heading">
      <h2 id="question-heading">Specific Question Configuration</h2>
      <p className="section-intro">
        One question customers answer when they ask for a quote; the answer adjusts the price.
      </p>
      {config.error.value ? (
        <p className="notice notice--error" role="alert">
          {config.error.value}
        </p>
      ) : data === undefined ? (
        <Skeleton shape="form" rows={2} />
      ) : (
        <QuestionForm initial={data} onSaved={config.set} />
      )}
    </section>
  );
}
