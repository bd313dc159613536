/**
 * The Plans part of a service's add and edit forms (service-plans.ts): a checkbox per frequency
 * and, for each one ticked, its discount per visit. Each frequency is a group named after it, so
 * its "Discount" field is announced as the weekly one, the monthly one...
 */
import type { PlanFrequency } from '@slotwise/shared/plans';
import { AmountOrPercentField } from '../../../components/amount-or-percent-field.tsx';
import {
  DISCOUNT_BOUNDS,
  DISCOUNT_CHOICES,
  type DiscountChoice,
  PLAN_CHOICES,
  type PlanOfferDraft,
  type PlansDraft,
} from '../service-plans.ts';

export function PlanOfferFields({
  plans,
  onChange,
  idPrefix,
}: {
  plans: PlansDraft;
  onChange: (plans: PlansDraft) => void;
  idPrefix: string;
}) {
  const change = (frequency: PlanFrequency, part: Partial<PlanOfferDraft>) =>
    onChange({ ...plans, [frequency]: { ...plans[frequency], ...part } });
  return (
    <fieldset className="plan-offers">
      <legend className="field-label">Plans</legend>
      <p className="hint">Let customers book this service to repeat, with a discount per visit if you like.</p>
      {PLAN_CHOICES.map(({ frequency, label }) => {
        const d = plans[frequency];
        const id = `${idPrefix}-plan-${frequency}`;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset would name each row twice (legend and checkbox); the group only names its discount fields.
          <div key={frequency} className="plan-offer" role="group" aria-label={label}>
            <label className="plan-offer-check">
              <input
                type="checkbox"
                checked={d.offered}
                onChange={(e) => change(frequency, { offered: e.currentTarget.checked })}
              />
              {label}
            </label>
            {d.offered && (
              <div className="plan-offer-discount">
                <div className="field">
                  <label htmlFor={`${id}-discount`}>Discount</label>
                  <select
                    id={`${id}-discount`}
                    className="input"
                    value={d.discount}
                    onChange={(e) => change(frequency, { discount: e.currentTarget.value as DiscountChoice })}
                  >
                    {DISCOUNT_CHOICES.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </div>
                {d.discount !== 'none' && (
                  <AmountOrPercentField
                    id={`${id}-value`}
                    label={d.discount === 'percent' ? 'Percent off (%)' : 'Amount off ($)'}
                    percent={d.discount === 'percent'}
                    bounds={DISCOUNT_BOUNDS[d.discount]}
                    value={d.discount === 'percent' ? d.percent : d.amount}
                    onChange={(value) =>
                      change(frequency, d.discount === 'percent' ? { percent: value } : { amount: value })
                    }
                  />
                )}
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
