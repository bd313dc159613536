/**
 * The account menu in a phone's top bar (issue 21): who is signed in, Insights (not one of the
 * tab bar's five, dashboard-layout.tsx says why), Import or export clients (issue 42), Send feedback (the floating Feedback button's
 * place on a phone, lib/feedback.ts) and Log Out. A disclosure:
 * the button says whether it is open; Escape or a tap outside closes it and focus goes
 * back to the button.
 */

import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { feedbackOpen } from '../../lib/feedback.ts';
import { currentUser } from '../../lib/session.ts';
import { signOutHere } from '../../lib/sign-out.ts';

export const ACCOUNT_BUTTON_ID = 'account-menu-button';

export function AccountMenu() {
  useSignals();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const email = currentUser.value?.email;
  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        id={ACCOUNT_BUTTON_ID}
        type="button"
        className="account-menu-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />
        </svg>
        <span>Account</span>
      </button>
      {open && (
        <div id={`${id}-menu`} className="account-menu-panel card">
          {email && (
            <p className="account-menu-email">
              Signed in as <strong>{email}</strong>
            </p>
          )}
          <Link to="/dashboard/clients" className="btn account-menu-item" onClick={() => setOpen(false)}>
            Clients
          </Link>
          <Link to="/dashboard/insights" className="btn account-menu-item" onClick={() => setOpen(false)}>
            Insights
          </Link>
          <Link to="/dashboard/payments" className="btn account-menu-item" onClick={() => setOpen(false)}>
            Payments
          </Link>
          <Link to="/dashboard/clients/import" className="btn account-menu-item" onClick={() => setOpen(false)}>
            Import or export clients
          </Link>
          <button
            type="button"
            className="btn account-menu-item"
            onClick={() => {
              setOpen(false);
              feedbackOpen.value = true;
            }}
          >
            Send feedback
          </button>
          <button type="button" className="btn account-menu-item" onClick={() => void signOutHere('owner')}>
            Log Out
          </button>
        </div>
      )}
    </div>
  );
}
