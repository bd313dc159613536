/**
 * An amount in dollars or a whole percent as the owner types it: one number field, labelled for
 * what it holds, with the server's bounds. A deposit rule's value (Settings > Payments, a service's
 * own rule; bounds in lib/deposit-rule.ts) and a plan's discount (the service form; bounds in
 * features/services/service-plans.ts) both show it beside the choice that needs it.
 */
export function AmountOrPercentField({
  id,
  label,
  percent,
  bounds,
  value,
  onChange,
  className = 'field',
}: {
  id: string;
  label: string;
  /** A whole percent (steps of 1), else dollars and cents. */
  percent: boolean;
  bounds: { min: number; max: number };
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode={percent ? 'numeric' : 'decimal'}
        min={bounds.min}
        max={bounds.max}
        step={percent ? 1 : '0.01'}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}
