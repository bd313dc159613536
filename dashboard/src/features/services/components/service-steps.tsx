/**
 * Job steps on a service (docs/decisions/050): the checklist its crew ticks on the job, one step a
 * line, the trade's suggested steps a tap away, and whether the receipt shows the ticked ones.
 * Saved on its own (PUT .../services/:id/steps), not with the service's form. Not the owner's
 * first-day onboarding checklist.
 */
import { type ServiceSteps, STEP_MAX_CHARS, STEPS_MAX } from '@slotwise/shared/api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail, serverErrorOr } from '../../../lib/errors.ts';

const LOAD_FAILED = "Failed to load the service's steps.";
const SAVE_FAILED = 'Failed to save the steps';

/** The steps as typed: one a line, blank lines left out. */
export const stepsFromText = (text: string): string[] =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** What is wrong with the typed steps before they are sent, or null; the server says the same. */
export function stepsProblem(steps: readonly string[]): string | null {
  if (steps.length > STEPS_MAX) return `At most ${STEPS_MAX} steps: this list has ${steps.length}.`;
  const long = steps.findIndex((s) => s.length > STEP_MAX_CHARS);
  if (long >= 0) return `Step ${long + 1} is longer than ${STEP_MAX_CHARS} characters: shorten it.`;
  return null;
}

export function ServiceStepsEditor({
  serviceId,
  serviceName,
  onClose,
}: {
  serviceId: string;
  serviceName: string;
  onClose: () => void;
}) {
  const id = useId();
  const [saved, setSaved] = useState<ServiceSteps | null>(null);
  const [text, setText] = useState('');
  const [onReceipt, setOnReceipt] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; detail: string | null } | null>(null);

  useEffect(() => {
    let gone = false;
    client.dashboard.serviceSteps({ params: { id: serviceId } }).then(
      (s) => {
        if (gone) return;
        setSaved(s);
        setText(s.steps.join('\n'));
        setOnReceipt(s.showOnReceipt);
      },
      (err) => !gone && setProblem({ text: LOAD_FAILED, detail: serverErrorOr(err, 'Please try again.') }),
    );
    return () => {
      gone = true;
    };
  }, [serviceId]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const steps = stepsFromText(text);
    const wrong = stepsProblem(steps);
    if (wrong) return setProblem({ text: wrong, detail: null });
    setBusy(true);
    setProblem(null);
    try {
      const answer = await client.dashboard.updateServiceSteps({
        params: { id: serviceId },
        body: { steps, showOnReceipt: onReceipt },
      });
      setSaved(answer);
      setText(answer.steps.join('\n'));
      showToast(
        answer.steps.length === 0 ? `${serviceName} has no checklist now.` : `Saved ${answer.steps.length} steps.`,
      );
      onClose();
    } catch (err) {
      setProblem({ text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(false);
    }
  }

  if (!saved)
    return problem ? (
      <Notice kind="error" detail={problem.detail}>
        {problem.text}
      </Notice>
    ) : (
      <p className="hint">Loading steps...</p>
    );
  return (
    <form className="service-steps stack" noValidate onSubmit={save} aria-label={`Job steps of ${serviceName}`}>
      {problem && (
        <Notice kind="error" detail={problem.detail}>
          {problem.text}
        </Notice>
      )}
      <div className="field">
        <label htmlFor={`${id}-steps`}>Job steps, one a line</label>
        <textarea
          id={`${id}-steps`}
          className="input"
          rows={Math.min(12, Math.max(4, stepsFromText(text).length + 1))}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="hint">
          Your crew ticks them on the job; you see who ticked each and when. At most {STEPS_MAX} steps of{' '}
          {STEP_MAX_CHARS} characters. Jobs already ticked keep their list.
        </p>
      </div>
      {saved.templateSteps.length > 0 && (
        <button
          type="button"
          className="btn btn--small service-steps-suggest"
          onClick={() => setText(saved.templateSteps.join('\n'))}
        >
          Use the suggested steps for your trade
        </button>
      )}
      <label className="service-steps-switch">
        <input type="checkbox" checked={onReceipt} onChange={(e) => setOnReceipt(e.currentTarget.checked)} />
        <span>Show the checklist on the receipt</span>
      </label>
      <div className="row">
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {busy ? 'Saving...' : 'Save steps'}
        </button>
        <button type="button" className="btn btn--small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
