/**
 * The quote questions (docs/product.md#quote-questions; docs/decisions/026): up to 5, in order,
 * each a dropdown (options with a value and the minutes they add), a rate (price per unit, a
 * unit, a least and most quantity) or yes/no (a fixed amount); required or optional; asked for
 * every service or chosen ones. Saved all at once. Switching a question's type keeps what was
 * typed for the other type until the save, which sends only the chosen type's fields.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { QUESTIONS_MAX, type QuoteQuestion, type QuoteQuestionInput, type Service } from '@slotwise/shared/api';
import type { QuestionType } from '@slotwise/shared/quote';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { type PricedRow, PricedRows, pricedRow } from './priced-rows.tsx';

const SAVED = 'Quote questions saved';
const SAVE_FAILED = 'Failed to save the quote questions';
const TYPE_NAMES: Record<QuestionType, string> = { dropdown: 'Dropdown', rate: 'Rate', yes_no: 'Yes / no' };

/** An option's row: `name` is its text, `amount` its value. */
type OptionRow = PricedRow;
const OPTION_LABELS = { name: 'text', amount: 'value ($)', minutes: 'extra minutes' } as const;
interface QuestionDraft {
  key: number;
  question: string;
  type: QuestionType;
  options: OptionRow[];
  rate: string;
  unit: string;
  min: string;
  max: string;
  required: boolean;
  /** null: every service. */
  serviceIds: string[] | null;
}

let nextKey = 1;
const num = (n: number | null) => (n === null ? '' : String(n));

function draftOf(q?: QuoteQuestion): QuestionDraft {
  return {
    key: nextKey++,
    question: q?.question ?? '',
    type: q?.type ?? 'dropdown',
    options: q?.options.map((o) =>
      pricedRow(o.text, String(o.value), o.extraMinutes ? String(o.extraMinutes) : ''),
    ) ?? [pricedRow()],
    rate: num(q?.rate ?? null),
    unit: q?.unit ?? '',
    min: num(q?.minQuantity ?? null),
    max: num(q?.maxQuantity ?? null),
    required: q?.required ?? true,
    serviceIds: q?.serviceIds ?? null,
  };
}

/** A number typed, or null when left blank. */
const typed = (text: string) => (text.trim() === '' ? null : Number(text));

/** What the save sends for a draft: only its type's fields; option rows left blank are not options. */
function inputOf(d: QuestionDraft): QuoteQuestionInput {
  const common = { question: d.question.trim(), type: d.type, required: d.required, serviceIds: d.serviceIds };
  if (d.type === 'dropdown')
    return {
      ...common,
      options: d.options
        .filter((o) => o.name.trim() || o.amount.trim())
        .map((o) => ({ text: o.name.trim(), value: typed(o.amount) ?? 0, extraMinutes: typed(o.minutes) ?? 0 })),
    };
  if (d.type === 'yes_no') return { ...common, rate: typed(d.rate) };
  return {
    ...common,
    rate: typed(d.rate),
    unit: d.unit.trim() || null,
    minQuantity: typed(d.min),
    maxQuantity: typed(d.max),
  };
}

function QuestionEditor({
  draft,
  index,
  count,
  services,
  onChange,
  onMove,
  onRemove,
}: {
  draft: QuestionDraft;
  index: number;
  count: number;
  services: Service[];
  onChange: (change: Partial<QuestionDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const n = index + 1;
  return (
    <fieldset className="question-card">
      <legend className="field-label">Question {n}</legend>
      <div className="question-head">
        <div className="field">
          <label htmlFor={`${id}-q`}>{`Question ${n} text`}</label>
          <input
            id={`${id}-q`}
            className="input"
            type="text"
            maxLength={300}
            placeholder="e.g. What size is your vehicle?"
            value={draft.question}
            onChange={(e) => onChange({ question: e.currentTarget.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{`Question ${n} type`}</label>
          <select
            id={`${id}-type`}
            className="input"
            value={draft.type}
            onChange={(e) => onChange({ type: e.currentTarget.value as QuestionType })}
          >
            {(Object.keys(TYPE_NAMES) as QuestionType[]).map((t) => (
              <option key={t} value={t}>
                {TYPE_NAMES[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {draft.type === 'dropdown' && (
        <div className="option-list">
          <p className="hint">The customer picks one; its value is added to the quote, its minutes to the job.</p>
          {draft.options.length > 0 && (
            <div className="option-row option-row--minutes option-head" aria-hidden="true">
              <span>Option</span>
              <span>Value ($)</span>
              <span>Extra minutes</span>
            </div>
          )}
          <PricedRows
            rows={draft.options}
            onChange={(options) => onChange({ options })}
            newRow={() => pricedRow()}
            rowClassName="option-row option-row--minutes"
            text={{
              label: (field, i) => `Question ${n} option ${i + 1} ${OPTION_LABELS[field]}`,
              hiddenLabels: true,
              placeholder: { name: 'e.g. SUV', amount: '$ 0.00', minutes: '+ min' },
              idPrefix: `${id}-o`,
              idSuffix: { name: 't', amount: 'v', minutes: 'm' },
              remove: (i) => ({ text: 'Remove', ariaLabel: `Remove question ${n} option ${i + 1}` }),
              add: 'Add Option',
            }}
          />
        </div>
      )}
      {draft.type !== 'dropdown' && (
        <div className="question-head">
          <div className="field">
            <label htmlFor={`${id}-rate`}>
              {draft.type === 'rate' ? `Question ${n} rate ($ per unit)` : `Question ${n} amount for yes ($)`}
            </label>
            <input
              id={`${id}-rate`}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.rate}
              onChange={(e) => onChange({ rate: e.currentTarget.value })}
            />
          </div>
          {draft.type === 'rate' && (
            <>
              <div className="field">
                <label htmlFor={`${id}-unit`}>{`Question ${n} unit`}</label>
                <input
                  id={`${id}-unit`}
                  className="input"
                  type="text"
                  maxLength={60}
                  placeholder="e.g. per 1,000 sq ft"
                  value={draft.unit}
                  onChange={(e) => onChange({ unit: e.currentTarget.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-min`}>{`Question ${n} minimum`}</label>
                <input
                  id={`${id}-min`}
                  className="input"
                  type="number"
                  min={0}
                  value={draft.min}
                  onChange={(e) => onChange({ min: e.currentTarget.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-max`}>{`Question ${n} maximum`}</label>
                <input
                  id={`${id}-max`}
                  className="input"
                  type="number"
                  min={0}
                  value={draft.max}
                  onChange={(e) => onChange({ max: e.currentTarget.value })}
                />
              </div>
            </>
          )}
        </div>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={draft.required}
          onChange={(e) => onChange({ required: e.currentTarget.checked })}
        />{' '}
        {`Question ${n} must be answered`}
      </label>
      <fieldset className="question-services">
        <legend className="field-label">{`Question ${n} is asked for`}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.serviceIds === null}
            onChange={(e) => onChange({ serviceIds: e.currentTarget.checked ? null : [] })}
          />{' '}
          Every service
        </label>
        {draft.serviceIds !== null &&
          services.map((s) => (
            <label key={s._id} className="check">
              <input
                type="checkbox"
                checked={draft.serviceIds?.includes(s._id) ?? false}
                onChange={(e) => {
                  const ids = draft.serviceIds ?? [];
                  onChange({
                    serviceIds: e.currentTarget.checked ? [...ids, s._id] : ids.filter((x) => x !== s._id),
                  });
                }}
              />{' '}
              {s.serviceName}
            </label>
          ))}
      </fieldset>
      <div className="row">
        <button type="button" className="btn btn--small" disabled={index === 0} onClick={() => onMove(-1)}>
          {`Move question ${n} up`}
        </button>
        <button type="button" className="btn btn--small" disabled={index === count - 1} onClick={() => onMove(1)}>
          {`Move question ${n} down`}
        </button>
        <button type="button" className="btn btn--danger btn--small" onClick={onRemove}>
          {`Remove question ${n}`}
        </button>
      </div>
    </fieldset>
  );
}

function QuestionsForm({
  initial,
  services,
  onSaved,
}: {
  initial: QuoteQuestion[];
  services: Service[];
  onSaved: (questions: QuoteQuestion[]) => void;
}) {
  const [drafts, setDrafts] = useState<QuestionDraft[]>(() => initial.map(draftOf));
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (key: number, patch: Partial<QuestionDraft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((list) => {
      const next = [...list];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaving(true);
    try {
      const saved = await client.dashboard.updateQuoteQuestions({ body: { questions: drafts.map(inputOf) } });
      onSaved(saved.questions);
      showToast(SAVED);
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
      {drafts.length === 0 && <p className="muted">No questions: the quote is the service price (and distance).</p>}
      {drafts.map((d, i) => (
        <QuestionEditor
          key={d.key}
          draft={d}
          index={i}
          count={drafts.length}
          services={services}
          onChange={(patch) => change(d.key, patch)}
          onMove={(by) => move(i, by)}
          onRemove={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}
        />
      ))}
      <div className="row section-actions">
        <button
          type="button"
          className="btn"
          disabled={drafts.length >= QUESTIONS_MAX}
          onClick={() => setDrafts((list) => [...list, draftOf()])}
        >
          Add Question
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Questions'}
        </button>
      </div>
    </form>
  );
}

export function QuoteQuestionsSection() {
  useSignals();
  const config = useResource(
    async () => {
      const [{ questions }, { services }] = await Promise.all([
        client.dashboard.quoteQuestions(),
        client.dashboard.services(),
      ]);
      return { questions, services };
    },
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch the quote questions'),
  );
  const data = config.data.value;
  return (
    <section className="card section" aria-labelledby="question-heading">
      <h2 id="question-heading">Quote Questions</h2>
      <p className="section-intro">
        Up to {QUESTIONS_MAX} questions customers answer when they ask for a quote; each answer adjusts the price, and a
        dropdown option may make the job longer.
      </p>
      {config.error.value ? (
        <p className="notice notice--error" role="alert">
          {config.error.value}
        </p>
      ) : data === undefined ? (
        <Skeleton shape="form" rows={2} />
      ) : (
        <QuestionsForm
          initial={data.questions}
          services={data.services}
          onSaved={(questions) => config.set({ ...data, questions })}
        />
      )}
    </section>
  );
}
