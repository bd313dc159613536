/**
 * A small modal dialog: labelled by its heading, focus moved in on open, kept inside
 * with Tab, Escape closes it (a stray click outside does not lose what was typed),
 * focus returns on close. On a phone (modal.css) it is a bottom sheet: full width,
 * along the bottom edge, in reach of a thumb. A dialog opened from another (the calendar's
 * "Move this visit only?" over a booking's sheet) is on top: Escape closes it alone.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

/** The open dialogs, the last on top. */
const open: symbol[] = [];

const FOCUSABLE =
  'button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea, [href], [tabindex="0"]';

export function Modal({
  title,
  description,
  onClose,
  wide = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** Room for a longer form (a week of hours in a row per day). */
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current;
    first?.focus();
    const me = Symbol('modal');
    open.push(me);
    // Escape closes it wherever focus went (a click on the backdrop leaves it on the page).
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && open.at(-1) === me) closeRef.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      open.splice(open.indexOf(me), 1);
      before?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={panel}
        className={wide ? 'modal modal--wide card' : 'modal card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {description && (
          <p id={`${id}-description`} className="muted modal-description">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
