/**
 * A choice of a few, as a segmented control: radio buttons drawn as one bar (arrow keys move the
 * choice, as radios do). Insights' and Payments' periods. The choice shows at once: a page's value
 * often comes from the address, which the router changes in a transition; until it commits, a
 * controlled radio would spring back to the old value (seconds on a slow phone), so the new one is
 * shown optimistically meanwhile.
 */
import { startTransition, useId, useOptimistic } from 'react';
import './segmented-control.css';

export function SegmentedControl<Id extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  /** Read by screen readers only: what is chosen ("Period"). */
  legend: string;
  options: readonly { id: Id; label: string }[];
  value: Id;
  onChange: (id: Id) => void;
}) {
  const name = useId();
  const [shown, show] = useOptimistic(value);
  function choose(id: Id) {
    startTransition(() => {
      show(id);
      onChange(id);
    });
  }
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className="segmented-option">
          <input type="radio" name={name} value={o.id} checked={o.id === shown} onChange={() => choose(o.id)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
