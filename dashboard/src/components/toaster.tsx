/**
 * Short messages that do not block: what was a native alert() (docs/product.md#messages).
 * showToast() may be called from anywhere (a drop handler, after a save); <Toaster /> is
 * rendered once by the root layout. The live regions are always in the page, so a screen
 * reader announces each message as it is added: successes politely, errors at once. They
 * carry aria-live but no role, so an empty one is not a "status" or an "alert" to look for.
 * Each message goes by itself after a while, or with its Dismiss button. A message may
 * carry one action (Undo after a Decline or a calendar drop, lib/undo.ts): it stays for
 * exactly its window, and the action's button runs the action once and dismisses it.
 */
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';

export type ToastKind = 'success' | 'error';
interface ToastAction {
  label: string;
  run: () => void;
}
export interface ToastOptions {
  action?: ToastAction;
  /** How long it shows, instead of the kind's default. */
  ms?: number;
}
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
  ms: number;
}

/** Long enough to read a sentence twice; an error stays longer, as it usually asks for something. */
const SHOWN_MS: Record<ToastKind, number> = { success: 6_000, error: 10_000 };

const toasts = signal<readonly Toast[]>([]);
let nextId = 0;

/** Shows a message; returns a function that takes it away early (say, once its action is done). */
export function showToast(text: string, kind: ToastKind = 'success', options: ToastOptions = {}): () => void {
  const id = ++nextId;
  toasts.value = [...toasts.value, { id, kind, text, action: options.action, ms: options.ms ?? SHOWN_MS[kind] }];
  return () => dismiss(id);
}

function dismiss(id: number): void {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

/** The messages showing now, oldest first (for tests). */
export function shownToasts(): string[] {
  return toasts.value.map((t) => t.text);
}

/** Drops every message (tests, between cases). */
export function clearToasts(): void {
  toasts.value = [];
}

function Item({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.ms);
    return () => clearTimeout(timer);
  }, [toast]);
  const { action } = toast;
  return (
    <div className={`toast notice notice--${toast.kind}`}>
      <p>{toast.text}</p>
      {action && (
        <button
          type="button"
          className="btn btn--small toast-action"
          onClick={() => {
            dismiss(toast.id);
            action.run();
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  useSignals();
  const list = toasts.value;
  return (
    <div className="toasts">
      <div aria-live="polite">
        {list
          .filter((t) => t.kind === 'success')
          .map((t) => (
            <Item key={t.id} toast={t} />
          ))}
      </div>
      <div aria-live="assertive">
        {list
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <Item key={t.id} toast={t} />
          ))}
      </div>
    </div>
  );
}
