/**
 * The amount or percent of a deposit rule as the owner types it: one field, labelled for what it
 * holds, with the server's bounds (lib/deposit-rule.ts). Settings > Payments and a service's own
 * rule both show it beside the choice that needs it.
 */
import { DEPOSIT_BOUNDS } from '../lib/deposit-rule.ts';

export function DepositValueField({
  id,
  kind,
  value,
  onChange,
  className = 'field',
}: {
  id: string;
  kind: 'fixed' | 'percent';
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const fixed = kind === 'fixed';
  const bounds = DEPOSIT_BOUNDS[kind];
  return (
    <div className={className}>
      <label htmlFor={id}>{fixed ? 'Deposit amount ($)' : 'Deposit percent (%)'}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode={fixed ? 'decimal' : 'numeric'}
        min={bounds.min}
        max={bounds.max}
        step={fixed ? '0.01' : 1}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}
