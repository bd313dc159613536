/**
 * The Block Time Slot dialog (docs/product.md#calendar): a reason, an optional title for
 * Custom, the day (preset from the selection or the day in view, any day may be picked), and
 * start and end in 30-minute steps through that day up to 23:59.
 * Times are the business's wall clock; they are sent as ISO instants.
 */
import type { BlockedTimeRequest } from '@slotwise/shared/api';
import { type BlockReason, DEFAULT_BLOCK_TITLE } from '@slotwise/shared/domain';
import { timeSteps } from '@slotwise/shared/time';
import { zoneLabel } from '@slotwise/shared/time-zone';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { serverErrorOr } from '../../../lib/errors.ts';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { REASONS } from '../calendar-events.ts';
import { fromWallDate, wallDate } from '../wall-clock.ts';

const SAVE_FAILED = 'Failed to save blocked time';
export const STEPS: readonly string[] = timeSteps(30);
/** A date input's value: YYYY-MM-DD, or '' while the owner has cleared it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface BlockTimeDraft {
  /** Business-local day, YYYY-MM-DD. */
  day: string;
  startTime: string;
  endTime: string;
}

export function BlockTimeDialog({
  draft,
  timeZone,
  onSave,
  onCancel,
}: {
  draft: BlockTimeDraft;
  timeZone: string;
  /** Sends the block; throws (an ApiError) when the server refuses it. */
  onSave: (body: BlockedTimeRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<BlockReason>('lunch');
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(draft.day);
  const [startTime, setStartTime] = useState(draft.startTime);
  const [endTime, setEndTime] = useState(draft.endTime);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function changeStart(value: string) {
    setStartTime(value);
    // Keep a sensible span: a start at or after the end pushes the end 30 minutes on.
    const next = STEPS[STEPS.indexOf(value) + 1];
    if (next && endTime <= value) setEndTime(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!DAY.test(day)) {
      setProblem('Choose a day.');
      return;
    }
    if (!startTime || !endTime) {
      setProblem('Choose a start time and an end time.');
      return;
    }
    if (endTime <= startTime) {
      setProblem('End time must be after start time.');
      return;
    }
    setProblem(null);
    setSaving(true);
    const toIso = (hhmm: string) => fromWallDate(wallDate(day, hhmm), timeZone).toISOString();
    try {
      await onSave({
        title: reason === 'custom' ? title.trim() || DEFAULT_BLOCK_TITLE : DEFAULT_BLOCK_TITLE,
        reason,
        startTime: toIso(startTime),
        endTime: toIso(endTime),
      });
    } catch (err) {
      const message = serverErrorOr(err, SAVE_FAILED);
      // Logged to the console, and told to the owner in the dialog, where they can try again.
      console.error(message);
      setProblem(message);
      setSaving(false);
    }
  }

  return (
    <Modal
      title="Block Time Slot"
      description={
        DAY.test(day) ? `${formatDay(day)} · times in ${zoneLabel(timeZone)}` : `Times in ${zoneLabel(timeZone)}`
      }
      onClose={onCancel}
    >
      <form className="cal-form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            id={`${id}-reason`}
            className="input"
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value as BlockReason)}
          >
            {REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {reason === 'custom' && (
          <div className="field">
            <label htmlFor={`${id}-title`}>Title (optional)</label>
            <input
              id={`${id}-title`}
              className="input"
              type="text"
              maxLength={120}
              placeholder={DEFAULT_BLOCK_TITLE}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-day`}>Day</label>
          <input
            id={`${id}-day`}
            className="input"
            type="date"
            required
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
          />
        </div>
        <div className="cal-form-row">
          <div className="field">
            <label htmlFor={`${id}-start`}>Start Time</label>
            <select
              id={`${id}-start`}
              className="input"
              value={startTime}
              onChange={(e) => changeStart(e.currentTarget.value)}
            >
              {STEPS.map((t) => (
                <option key={t} value={t}>
                  {formatTime(t)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-end`}>End Time</label>
            <select
              id={`${id}-end`}
              className="input"
              value={endTime}
              onChange={(e) => setEndTime(e.currentTarget.value)}
            >
              {STEPS.map((t) => (
                <option key={t} value={t}>
                  {formatTime(t)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {problem && <Notice kind="error">{problem}</Notice>}
        <div className="cal-form-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
