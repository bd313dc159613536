/**
 * A week of hours as rows: per weekday a switch (on or off) and a start and end in 30-minute
 * steps, on the owner's clock. Business Hours saves a switch the moment it is flipped; a crew's
 * own hours (crew-form.tsx) are saved with the rest of its form. The rows are the caller's
 * (hours.ts DayRow).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { timeSteps } from '@slotwise/shared/time';
import { formatTime } from '../../../lib/format.ts';
import type { DayRow } from '../hours.ts';

const TIMES = timeSteps(30);

function TimeSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  useSignals();
  return (
    <select
      className="input hours-select"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      {TIMES.map((t) => (
        <option key={t} value={t}>
          {formatTime(t)}
        </option>
      ))}
    </select>
  );
}

export function WeekHoursFields({
  rows,
  legend,
  onChange,
  onToggle,
  pendingDay = null,
  words = ['Open', 'Closed'],
}: {
  rows: readonly DayRow[];
  /** Names the group for screen readers ("Weekly hours"). */
  legend: string;
  onChange: (day: DayRow['day'], change: Partial<DayRow>) => void;
  /** A day's switch was flipped. */
  onToggle: (row: DayRow) => void;
  /** A day whose switch is being saved: disabled meanwhile. */
  pendingDay?: string | null;
  /** What a day on and a day off read as. */
  words?: readonly [on: string, off: string];
}) {
  return (
    <fieldset className="hours-table">
      <legend className="visually-hidden">{legend}</legend>
      {rows.map((r) => {
        const invalid = r.enabled && r.endTime <= r.startTime;
        return (
          <div key={r.day} className={r.enabled ? 'hours-row' : 'hours-row is-off'}>
            <label className="hours-day">
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked={r.enabled}
                aria-checked={r.enabled}
                disabled={pendingDay === r.day}
                onChange={() => onToggle(r)}
              />
              <span>{r.day}</span>
            </label>
            <span className="hours-state">{r.enabled ? words[0] : words[1]}</span>
            <div className="hours-times">
              <TimeSelect
                label={`${r.day} start time`}
                value={r.startTime}
                disabled={!r.enabled}
                onChange={(v) => onChange(r.day, { startTime: v })}
              />
              <span aria-hidden="true">to</span>
              <TimeSelect
                label={`${r.day} end time`}
                value={r.endTime}
                disabled={!r.enabled}
                onChange={(v) => onChange(r.day, { endTime: v })}
              />
            </div>
            {invalid && <p className="field-error hours-error">End time must be after start time.</p>}
          </div>
        );
      })}
    </fieldset>
  );
}
