/**
 * The feedback form (docs/product.md#feedback): Type, Where, a required Description.
 * After success it thanks the user and closes itself after FEEDBACK_CLOSE_MS.
 * Plain React API only (hooks, no signals, no router): the widget renders it on
 * preact/compat inside a shadow root, with feedback.css adopted there.
 */
import type { FeedbackRequest } from '@slotwise/shared/api';
import { FEEDBACK_CLOSE_MS, FEEDBACK_PLACES, FEEDBACK_TYPES } from '@slotwise/shared/domain';
import { ApiError } from '@slotwise/shared/http';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

export type FeedbackType = FeedbackRequest['type'];
export type FeedbackPlace = FeedbackRequest['where'];

export const FEEDBACK_SENT = 'Thank you for your feedback!';
export const FEEDBACK_SERVER_FAILED = 'Failed to send feedback. Please try again.';
export const FEEDBACK_FAILED = 'Error submitting feedback.';

export interface FeedbackFormProps {
  /** Preselected "Where": the page the user is on. */
  where: FeedbackPlace;
  /** Sends the feedback; throws ApiError on failure (the shared client does). */
  send: (body: FeedbackRequest) => Promise<unknown>;
  onClose: () => void;
  /** How failures are announced: window.alert by default; the widget shows them inside itself instead. */
  alert?: (message: string) => void;
}

export function FeedbackForm({ where, send, onClose, alert = (m) => window.alert(m) }: FeedbackFormProps) {
  const id = useId();
  const [type, setType] = useState<FeedbackType>(FEEDBACK_TYPES[0]);
  const [place, setPlace] = useState<FeedbackPlace>(where);
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const firstField = useRef<HTMLSelectElement>(null);
  const descriptionField = useRef<HTMLTextAreaElement>(null);
  // The parent may pass a new onClose on every render; the close timer must not restart.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Before the browser paints (a layout effect): a passive effect can run after the person
  // has already clicked into a field, and would pull the focus away mid-word.
  useLayoutEffect(() => {
    firstField.current?.focus();
  }, []);

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => closeRef.current(), FEEDBACK_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state !== 'editing') return;
    const text = description.trim();
    if (!text) {
      setMissing(true);
      descriptionField.current?.focus();
      return;
    }
    setState('sending');
    try {
      await send({ type, where: place, description: text });
      setState('sent');
    } catch (err) {
      setState('editing');
      alert(err instanceof ApiError && err.code !== 'NETWORK_ERROR' ? FEEDBACK_SERVER_FAILED : FEEDBACK_FAILED);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') onClose();
  }

  return (
    <div className="sw-feedback-panel" role="dialog" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="sw-feedback-header">
        <h2 className="sw-feedback-title" id={`${id}-title`}>
          Send Feedback
        </h2>
        <button type="button" className="sw-feedback-close" aria-label="Close feedback form" onClick={onClose}>
          ×
        </button>
      </div>
      {state === 'sent' ? (
        <p className="sw-feedback-thanks" role="status">
          {FEEDBACK_SENT}
        </p>
      ) : (
        <form className="sw-feedback-form" noValidate onSubmit={submit}>
          <label className="sw-feedback-label" htmlFor={`${id}-type`}>
            Type
          </label>
          <select
            ref={firstField}
            id={`${id}-type`}
            className="sw-feedback-input"
            value={type}
            onChange={(e) => setType(e.currentTarget.value as FeedbackType)}
          >
            {FEEDBACK_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <label className="sw-feedback-label" htmlFor={`${id}-where`}>
            Where
          </label>
          <select
            id={`${id}-where`}
            className="sw-feedback-input"
            value={place}
            onChange={(e) => setPlace(e.currentTarget.value as FeedbackPlace)}
          >
            {FEEDBACK_PLACES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <label className="sw-feedback-label" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            ref={descriptionField}
            id={`${id}-description`}
            className="sw-feedback-input sw-feedback-textarea"
            required
            aria-required="true"
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
            rows={4}
            maxLength={5000}
            placeholder="What happened, or what would help you?"
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              if (e.currentTarget.value.trim()) setMissing(false);
            }}
          />
          {missing && (
            <p className="sw-feedback-error" id={`${id}-missing`} role="alert">
              Please enter a description.
            </p>
          )}
          <div className="sw-feedback-actions">
            <button type="button" className="sw-feedback-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="sw-feedback-primary" disabled={state === 'sending'}>
              {state === 'sending' ? 'Sending...' : 'Submit'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
