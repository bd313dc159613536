import { formatUsd } from '@slotwise/shared/money';
import { ratePrice } from '@slotwise/shared/rate-unit';
import { StepFrame } from '../dialog.tsx';
import type { Store } from '../state.ts';

/** "+$25.00", "+$25.00, 30 min longer", "30 min longer", or nothing: what an option or add-on adds. */
function adds(dollars: number, minutes: number): string {
  const parts = [dollars > 0 ? `+${formatUsd(dollars)}` : '', minutes > 0 ? `${minutes} min longer` : ''];
  return parts.filter(Boolean).join(', ');
}

/** The questions asked for the chosen service and its add-ons, on one screen (docs/decisions/026). */
export function QuestionStep({ store }: { store: Store }) {
  const questions = store.questions();
  const addOns = store.addOns();
  const errorFor = (id: string) => store.invalidQuestion.value === id && Boolean(store.error.value);
  return (
    <StepFrame store={store} title={questions.length > 1 ? 'A few questions' : 'A quick question'} submit="Next">
      {questions.map((q, i) => {
        const id = `sw-q${i}`;
        const value = store.answers.value[q._id] ?? '';
        const invalid = errorFor(q._id);
        const described = [invalid ? 'sw-error' : '', q.type === 'rate' ? `${id}-hint` : ''].filter(Boolean).join(' ');
        const label = `${q.question}${q.required ? '' : ' (optional)'}`;
        if (q.type === 'yes_no')
          return (
            <fieldset key={q._id} className="sw-choices sw-field" aria-invalid={invalid}>
              <legend className="sw-label">{label}</legend>
              {(['yes', 'no'] as const).map((v) => (
                <label key={v} className="sw-choice">
                  <input
                    type="radio"
                    name={id}
                    value={v}
                    checked={value === v}
                    onChange={() => store.answer(q._id, v)}
                  />
                  {v === 'yes' ? `Yes${q.rate ? ` (+${formatUsd(q.rate)})` : ''}` : 'No'}
                </label>
              ))}
            </fieldset>
          );
        return (
          <div key={q._id} className="sw-field">
            <label className="sw-label" htmlFor={id}>
              {label}
            </label>
            {q.type === 'dropdown' ? (
              <select
                id={id}
                className="sw-input"
                value={value}
                aria-invalid={invalid}
                aria-describedby={described || undefined}
                onChange={(e) => store.answer(q._id, e.currentTarget.value)}
              >
                <option value="">{q.required ? 'Select an option' : 'No answer'}</option>
                {q.options.map((o) => {
                  const more = adds(o.value, o.extraMinutes);
                  return (
                    <option key={o.text} value={o.text}>
                      {more ? `${o.text} (${more})` : o.text}
                    </option>
                  );
                })}
              </select>
            ) : (
              <>
                <input
                  id={id}
                  className="sw-input"
                  type="number"
                  inputMode="decimal"
                  min={q.minQuantity ?? 0}
                  max={q.maxQuantity ?? undefined}
                  step="any"
                  value={value}
                  aria-invalid={invalid}
                  aria-describedby={described || undefined}
                  onChange={(e) => store.answer(q._id, e.currentTarget.value)}
                />
                <p id={`${id}-hint`} className="sw-hint">
                  {ratePrice(q.rate ?? 0, q.unit)}
                </p>
              </>
            )}
          </div>
        );
      })}
      {addOns.length > 0 && (
        <fieldset className="sw-choices sw-field">
          <legend className="sw-label">Add-ons</legend>
          {addOns.map((a) => (
            <label key={a._id} className="sw-choice">
              <input
                type="checkbox"
                checked={store.ticked.value.includes(a._id)}
                onChange={() => store.toggleAddOn(a._id)}
              />
              <span className="sw-choice-main">
                <span className="sw-choice-name">{a.name}</span>
                {a.description && <span className="sw-muted">{a.description}</span>}
              </span>
              <span className="sw-choice-price">{adds(a.price, a.extraMinutes) || 'Free'}</span>
            </label>
          ))}
        </fieldset>
      )}
    </StepFrame>
  );
}
