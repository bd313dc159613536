/**
 * The chosen service's quote questions and add-ons, answered by the owner for the customer on the
 * phone: a dropdown's options, a rate's quantity, a yes/no tick, and the add-ons to tick. The
 * engine prices them on the server (ownerBookingPrice); nothing is priced here.
 */
import type { AddOn, QuoteQuestion } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { useId } from 'react';
import type { RawAnswer } from '../booking-draft.ts';

export function JobAnswers({
  questions,
  addOns,
  answers,
  chosenAddOns,
  onAnswer,
  onAddOns,
}: {
  questions: readonly QuoteQuestion[];
  addOns: readonly AddOn[];
  answers: Readonly<Record<string, RawAnswer>>;
  chosenAddOns: readonly string[];
  onAnswer: (questionId: string, answer: RawAnswer) => void;
  onAddOns: (ids: string[]) => void;
}) {
  const id = useId();
  if (questions.length === 0 && addOns.length === 0) return null;
  // Each field keeps its own space below (.field), as the rest of the form's.
  return (
    <div>
      {questions.map((q) => {
        const field = `${id}-${q._id}`;
        const answer = answers[q._id];
        if (q.type === 'yes_no')
          return (
            <label key={q._id} className="nb-check">
              <input
                type="checkbox"
                checked={answer === true}
                onChange={(e) => onAnswer(q._id, e.currentTarget.checked)}
              />
              {q.question}
            </label>
          );
        if (q.type === 'dropdown')
          return (
            <div key={q._id} className="field">
              <label htmlFor={field}>{q.question}</label>
              <select
                id={field}
                className="input"
                value={typeof answer === 'string' ? answer : ''}
                onChange={(e) => onAnswer(q._id, e.currentTarget.value)}
              >
                <option value="">{q.required ? 'Choose one' : 'No answer'}</option>
                {q.options.map((o) => (
                  <option key={o.text} value={o.text}>
                    {o.text}
                  </option>
                ))}
              </select>
            </div>
          );
        return (
          <div key={q._id} className="field field--narrow">
            <label htmlFor={field}>
              {q.question}
              {q.unit ? ` (${q.unit})` : ''}
            </label>
            <input
              id={field}
              className="input"
              type="number"
              inputMode="decimal"
              min={q.minQuantity ?? 0}
              max={q.maxQuantity ?? undefined}
              value={typeof answer === 'string' ? answer : ''}
              onChange={(e) => onAnswer(q._id, e.currentTarget.value)}
            />
          </div>
        );
      })}
      {addOns.length > 0 && (
        <fieldset className="nb-fieldset">
          <legend className="field-label">Add-ons</legend>
          {addOns.map((a) => (
            <label key={a._id} className="nb-check">
              <input
                type="checkbox"
                checked={chosenAddOns.includes(a._id)}
                onChange={(e) =>
                  onAddOns(e.currentTarget.checked ? [...chosenAddOns, a._id] : chosenAddOns.filter((x) => x !== a._id))
                }
              />
              {a.name} (+{formatUsd(a.price)})
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
