/**
 * The modal shell and the pieces every step shares. A real dialog: labelled,
 * aria-modal, focus kept inside (Tab wraps), Escape and the backdrop close it.
 */
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { Store } from './state.ts';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

function activeIn(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement;
}

/** Keeps Tab inside `box` (wrapping at both ends) and closes on Escape. */
function trapKeys(box: HTMLElement | null, onClose: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box) return;
    const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = activeIn(box);
    // The dialog box itself (focused while loading) counts as outside: Tab goes to its first control.
    const inside = active !== null && active !== box && box.contains(active);
    if (e.shiftKey && (active === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };
}

/** The dimmed backdrop; a click on it (not on the dialog) closes. */
function Backdrop({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut only; keyboards close with Escape or the Close button
    <div
      className="sw-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {children}
    </div>
  );
}

/** The business's name, after its logo when it has one (the logo is decoration: the name is the heading). */
function Title({ title, logo }: { title: string; logo?: string | null | undefined }) {
  return (
    <h2 id="sw-title" className="sw-title">
      {logo && <img className="sw-logo" src={logo} alt="" />}
      {title}
    </h2>
  );
}

export function Dialog({
  title,
  logo,
  onClose,
  children,
}: {
  title: string;
  logo?: string | null;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog at once, even while it still says Loading...; a step heading
  // (a child, whose effect ran first) keeps the focus it took.
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && !box.contains(activeIn(box))) box.focus();
  }, []);
  return (
    <Backdrop onClose={onClose}>
      <div
        ref={ref}
        className="sw-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sw-title"
        tabIndex={-1}
        onKeyDown={(e) => trapKeys(ref.current, onClose)(e)}
      >
        <div className="sw-head">
          <Title title={title} logo={logo} />
          <button type="button" className="sw-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="sw-body">{children}</div>
      </div>
    </Backdrop>
  );
}

/**
 * The steps inline in the owner's page (data-mode="inline"): no backdrop, no Close, no focus
 * trap. Step headings take focus only once the customer is in the form (data-quiet goes on
 * the first focus inside), so a page that loads never jumps to it.
 */
export function Inline({ title, logo, children }: { title: string; logo?: string | null; children: ReactNode }) {
  const [quiet, setQuiet] = useState(true);
  return (
    <section
      className="sw-inline"
      aria-labelledby="sw-title"
      data-quiet={quiet ? '' : undefined}
      onFocusCapture={() => setQuiet(false)}
    >
      <Title title={title} logo={logo} />
      <div className="sw-body">{children}</div>
    </section>
  );
}

/** A modal frame for content that brings its own role="dialog" (the shared FeedbackForm). */
export function Modal({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <Backdrop onClose={onClose}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: catches Tab and Escape bubbling from the form's own dialog */}
      <div ref={ref} className="sw-feedback sw-modal" onKeyDown={(e) => trapKeys(ref.current, onClose)(e)}>
        {children}
      </div>
    </Backdrop>
  );
}

/** Each step's heading takes focus when the step appears, so keyboard and screen-reader users start there. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Layout effect: focus must move before the customer can type, not a frame later.
  useLayoutEffect(() => {
    if (!ref.current?.closest('[data-quiet]')) ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} className="sw-step-title" tabIndex={-1}>
      {children}
    </h3>
  );
}

/**
 * A message just shown (a refusal, a failed call, a field to fix) is brought to where the customer
 * is looking: focus goes to the field it concerns (the first marked aria-invalid) or else to the
 * message itself (role=alert, also read out), and it is scrolled into view: on a phone a long step's
 * message sits below the visible part, behind the buttons (popup.css gives it a scroll margin).
 * Not while an inline form is quiet (data-quiet): a page that loads never jumps to it.
 */
function bringIntoView(form: HTMLFormElement | null) {
  if (!form || form.closest('[data-quiet]')) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const field = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid;
  const message = form.querySelector<HTMLElement>('#sw-error');
  (field ?? message)?.focus({ preventScroll: true });
  // The step's message, then the field with its own message under it: both in view when they fit.
  message?.scrollIntoView({ block: 'nearest' });
  (field?.closest('.sw-field') ?? field)?.scrollIntoView({ block: 'nearest' });
}

export function StepFrame({
  store,
  title,
  submit,
  busyLabel,
  blocked,
  children,
}: {
  store: Store;
  title: string;
  submit: string;
  busyLabel?: string;
  /** Why the step cannot go on yet: the submit button is disabled and says so (aria-describedby). */
  blocked?: string;
  children: ReactNode;
}) {
  const list = store.steps();
  const index = list.indexOf(store.step.value);
  const error = store.error.value;
  const busy = store.busy.value;
  const form = useRef<HTMLFormElement>(null);
  const shown = store.errorShown.value;
  useLayoutEffect(() => {
    if (shown) bringIntoView(form.current);
  }, [shown]);
  return (
    <form
      ref={form}
      className="sw-step"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void store.next();
      }}
    >
      <StepHeading>{title}</StepHeading>
      <p className="sw-progress">
        Step {index + 1} of {list.length}
      </p>
      {children}
      {error && (
        <p role="alert" id="sw-error" className="sw-error" tabIndex={-1}>
          {error}
        </p>
      )}
      <div className="sw-actions">
        {index > 0 && (
          <button type="button" className="sw-secondary" onClick={() => store.back()}>
            Back
          </button>
        )}
        <button
          type="submit"
          className="sw-primary"
          disabled={busy || !!blocked}
          aria-busy={busy}
          aria-describedby={blocked ? 'sw-blocked' : undefined}
        >
          {busy && busyLabel ? busyLabel : submit}
        </button>
      </div>
      {blocked ? (
        <p id="sw-blocked" className="sw-hint">
          {blocked}
        </p>
      ) : null}
    </form>
  );
}
