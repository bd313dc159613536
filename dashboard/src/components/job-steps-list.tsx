/**
 * A job's steps, its service's checklist (docs/decisions/050), as ticks: one checkbox per step,
 * with who ticked it and when on the business's clock. The same list on the crew's phone
 * (features/crew/components/crew-job-steps.tsx) and in the owner's booking (job-steps-button.tsx);
 * each passes its own calls. Not the owner's first-day onboarding checklist.
 */
import type { JobStep, JobSteps } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import { useEffect, useId, useState } from 'react';
import { serverErrorOr } from '../lib/errors.ts';
import './job-steps-list.css';

const STEPS_LOAD_FAILED = "Could not load the job's steps.";
const STEP_TICK_FAILED = 'Could not save the tick.';

/** "Sam at 11:31 AM": who ticked a step and when, on the business's clock; null when not ticked. */
function tickedLine(step: JobStep, timeZone: string, timeFormat: TimeFormat): string | null {
  if (!step.doneAt) return null;
  const at = formatClock(utcMsToLocal(Date.parse(step.doneAt), timeZone).time, timeFormat);
  return `${step.doneBy ?? 'Someone'} at ${at}`;
}

export function JobStepsList({
  load,
  tick,
  timeZone,
  timeFormat,
  empty,
}: {
  load: () => Promise<JobSteps>;
  tick: (step: number, done: boolean) => Promise<JobSteps>;
  timeZone: string;
  timeFormat: TimeFormat;
  /** What is said when the service has no steps. */
  empty: string;
}) {
  const id = useId();
  const [steps, setSteps] = useState<JobStep[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The ticks on their way to the server, shown at once (a phone on a slow network); a refusal takes one back.
  const [sending, setSending] = useState<ReadonlyMap<number, boolean>>(new Map());

  // Loaded once when shown; the caller mounts the list only when asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load's function is the one wanted.
  useEffect(() => {
    let gone = false;
    load().then(
      (answer) => !gone && setSteps(answer.steps),
      (err) => !gone && setError(`${STEPS_LOAD_FAILED} ${serverErrorOr(err, 'Please try again.')}`),
    );
    return () => {
      gone = true;
    };
  }, []);

  const without = (step: number) => (m: ReadonlyMap<number, boolean>) => {
    const next = new Map(m);
    next.delete(step);
    return next;
  };

  async function toggle(step: JobStep) {
    const done = step.doneAt === null;
    setSending((m) => new Map(m).set(step.step, done));
    setError(null);
    try {
      setSteps((await tick(step.step, done)).steps);
    } catch (err) {
      setError(
        `${STEP_TICK_FAILED} ${serverErrorOr(err, 'Please try again.', 'Check your connection and try again.')}`,
      );
    } finally {
      setSending(without(step.step));
    }
  }

  const done = steps?.filter((s) => s.doneAt !== null).length ?? 0;
  return (
    <div className="job-steps">
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {steps === null ? (
        !error && <p className="hint">Loading steps...</p>
      ) : steps.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        <>
          <p className="hint" id={`${id}-count`} aria-live="polite">
            {done} of {steps.length} done
          </p>
          <ul className="job-steps-list" aria-describedby={`${id}-count`}>
            {steps.map((step) => {
              const line = tickedLine(step, timeZone, timeFormat);
              return (
                <li key={step.step}>
                  <label className="job-step">
                    <input
                      type="checkbox"
                      checked={sending.get(step.step) ?? step.doneAt !== null}
                      disabled={sending.has(step.step)}
                      aria-describedby={line ? `${id}-who-${step.step}` : undefined}
                      onChange={() => void toggle(step)}
                    />
                    <span>{step.text}</span>
                  </label>
                  {line && (
                    <span className="job-step-who hint" id={`${id}-who-${step.step}`}>
                      {line}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
