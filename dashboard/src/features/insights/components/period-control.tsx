/** The period, as a segmented control: four radio buttons drawn as one bar (arrow keys move the choice). */
import { startTransition, useId, useOptimistic } from 'react';
import { PERIODS, type PeriodId } from '../period.ts';

export function PeriodControl({ value, onChange }: { value: PeriodId; onChange: (period: PeriodId) => void }) {
  const name = useId();
  // The choice shows at once. The page's period is the address's, which the router changes in a
  // transition: until it commits, a controlled radio would spring back to the old period (seconds
  // on a slow phone), so the new one is shown optimistically meanwhile.
  const [shown, show] = useOptimistic(value);
  function choose(period: PeriodId) {
    startTransition(() => {
      show(period);
      onChange(period);
    });
  }
  return (
    <fieldset className="insights-period">
      <legend className="visually-hidden">Period</legend>
      {PERIODS.map((p) => (
        <label key={p.id} className="insights-period-option">
          <input type="radio" name={name} value={p.id} checked={p.id === shown} onChange={() => choose(p.id)} />
          <span>{p.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
