/**
 * The floating Feedback button (docs/product.md#feedback: on every page) that opens
 * FeedbackForm above it. Plain React API only, so the widget can render it on
 * preact/compat. Apps import feedback.css (or adopt it into a shadow root).
 */
import { useCallback, useRef, useState } from 'react';
import { FeedbackForm, type FeedbackFormProps } from './feedback-form.tsx';

export interface FeedbackButtonProps extends Pick<FeedbackFormProps, 'where' | 'send' | 'alert'> {
  /** Which bottom corner the button sits in. */
  position?: 'left' | 'right';
}

export function FeedbackButton({ where, send, alert, position = 'right' }: FeedbackButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <div className={`sw-feedback sw-feedback--${position}`}>
      {open && <FeedbackForm where={where} send={send} alert={alert} onClose={close} />}
      <button
        ref={button}
        type="button"
        className="sw-feedback-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Feedback
      </button>
    </div>
  );
}
