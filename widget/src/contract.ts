/**
 * The seam between the loader (widget.js, on every page view of the owner's site)
 * and the pop-up chunk (downloaded when the customer reaches for it). Types only:
 * the two bundles must share no module, or the pop-up chunk would import the
 * loader back as a second copy.
 */

import type { SourceKind } from '@slotwise/shared/insights';

export type Mode = 'book' | 'feedback';

/** Namespaced events dispatched on the widget's host element; they bubble to window. */
export type WidgetEventName = 'open' | 'close' | 'booked';

export interface PopupContext {
  /** Origin widget.js was loaded from: the API lives there. */
  apiOrigin: string;
  businessId: string;
  shadow: ShadowRoot;
  /** Adds a stylesheet to the shadow root (constructable sheet, so a strict host CSP allows it). */
  adopt(css: string): void;
  emit(name: WidgetEventName, detail?: unknown): void;
  /** The business id is unknown: take everything off the page and warn once. */
  disable(message: string): void;
  /** Where focus goes when the pop-up closes and nothing else asked for it. */
  launcher: HTMLElement;
  /** data-mode="inline": the steps sit in the owner's page, not in a modal (docs/widget.md). */
  inline?: boolean;
  /**
   * Where the funnel says visits came from (popup/funnel.ts): inline() reads the tag's
   * data-source and the page's ?via=qr; the loader's pop-up sets none, so `site`.
   */
  source?: SourceKind;
}

/** What the loader hands the chunk for data-mode="inline": the chunk places and mounts the form itself. */
export interface InlineStart {
  /** The widget.js tag: its data-target names the element, and the form goes after it when that is missing. */
  script: HTMLScriptElement;
  businessId: string;
  apiOrigin: string;
  adopt(root: ShadowRoot, css: string): void;
  warn(message: string): void;
}

export interface PopupHandle {
  /** returnFocus: the element to focus again on close (the owner's own button, say). */
  open(mode: Mode, returnFocus?: HTMLElement | null): void;
  close(): void;
}

/** What the page sees as window.Slotwise; Slotwise('open') works too (queue-stub style). */
export interface SlotwiseApi {
  (command: string, ...args: unknown[]): void;
  open(): void;
  close(): void;
  feedback(): void;
  /** Marks the real object, so a second copy of widget.js on a page stands down. */
  readonly loaded: true;
}

/** A stub pasted before the tag keeps calls in q: window.Slotwise=window.Slotwise||function(){(Slotwise.q=Slotwise.q||[]).push(arguments)} */
export interface SlotwiseStub {
  q?: ArrayLike<unknown>[];
}

declare global {
  interface Window {
    Slotwise?: SlotwiseApi | SlotwiseStub;
  }
}
