import { formatUsd } from '@slotwise/shared/money';
import { StepFrame } from '../dialog.tsx';
import type { Store } from '../state.ts';

export function QuestionStep({ store }: { store: Store }) {
  const q = store.question();
  if (!q) return null;
  const invalid = Boolean(store.error.value);
  return (
    <StepFrame store={store} title="A quick question" submit="Next">
      <label className="sw-label" htmlFor="sw-answer">
        {q.question}
      </label>
      {q.type === 'dropdown' ? (
        <select
          id="sw-answer"
          className="sw-input"
          value={store.option.value}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'sw-error' : undefined}
          onChange={(e) => {
            store.option.value = e.currentTarget.value;
            store.error.value = '';
          }}
        >
          <option value="">Select an option</option>
          {q.options.map((o) => (
            <option key={o.text} value={o.text}>
              {o.value > 0 ? `${o.text} (+${formatUsd(o.value)})` : o.text}
            </option>
          ))}
        </select>
      ) : (
        <>
          <input
            id="sw-answer"
            className="sw-input"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={store.quantity.value}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'sw-error sw-rate-hint' : 'sw-rate-hint'}
            onChange={(e) => {
              store.quantity.value = e.currentTarget.value;
              store.error.value = '';
            }}
          />
          <p id="sw-rate-hint" className="sw-hint">
            {formatUsd(q.rate ?? 0)} each
          </p>
        </>
      )}
    </StepFrame>
  );
}
