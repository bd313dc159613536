/**
 * The booking steps as the browser's history entries, so the browser's Back (and a phone's back
 * gesture) goes to the step before with every answer kept, and never leaves the page mid-booking.
 *
 * Each step the customer goes on to is pushState'd with a marker in history.state, beside the host
 * page's own state (copied, so a router that reads its keys there still finds them) and at the same
 * URL, so the host page's router sees no new address. The store's step is the truth and history
 * follows it: a step forward pushes an entry; a step back by any other way (the in-widget Back, a
 * refusal that sends the customer to the times) goes back through the entries, so the browser's Back
 * and the in-widget one stay one way (state.ts back()). A browser Back or Forward (popstate) moves
 * the store, or is undone when the store cannot follow it.
 *
 * Pop-up: opening pushes the first step's entry; Back from it closes the pop-up and leaves the host
 * page on its own entry; closing with Close, Escape or Slotwise.close() goes back over the entries
 * pushed, so Back afterwards is the host page's. Inline (the booking page): the page's own entry is
 * the first step's. After a booking, Back never shows Confirm again: the pop-up closes, inline starts
 * a new booking on the page's entry.
 */
import { effect, untracked } from '@preact/signals';
import type { Mode } from '../contract.ts';
import type { Step, Store } from './state.ts';

/** The key of the widget's marker in history.state. */
export const HISTORY_KEY = 'slotwise';

/** One visit (a pop-up opened, or an inline form mounted) and the entry's index in it. */
interface Marker {
  visit: string;
  i: number;
}

function markerOf(state: unknown): Marker | null {
  const m = state && typeof state === 'object' ? (state as Record<string, unknown>)[HISTORY_KEY] : null;
  return m && typeof m === 'object' && typeof (m as Marker).visit === 'string' && typeof (m as Marker).i === 'number'
    ? (m as Marker)
    : null;
}

export interface HistoryOptions {
  inline: boolean;
  /** Closes the pop-up as its Close button does (mount.tsx: event, focus back). */
  close: () => void;
  /** The widget's element: once it is off the page (taken off, a test's page gone) history is left alone. */
  root: Element;
  win?: Window;
}

export function syncHistory(store: Store, { inline, close, root, win = window }: HistoryOptions): () => void {
  const h = win.history;
  /** The index of the entry before the first step's: the host page's (pop-up), or none (inline). */
  const base = inline ? 0 : -1;
  let visit = '';
  /** The steps whose entries are in the history, by index; `at` is the entry the browser is on. */
  let trail: Step[] = [];
  let at = base;
  /** Traversals we started whose popstate is still to come: those events move nothing. */
  let pending = 0;

  const marked = (i: number) => {
    const own: unknown = h.state;
    return { ...(own && typeof own === 'object' ? own : {}), [HISTORY_KEY]: { visit, i } satisfies Marker };
  };
  const push = (step: Step) => {
    trail = [...trail.slice(0, at + 1), step];
    at++;
    h.pushState(marked(at), '');
  };
  const travel = (to: number) => {
    if (to === at) return;
    pending++;
    h.go(to - at);
    at = to;
  };

  const follow = (mode: Mode | null, step: Step) => {
    if (!root.isConnected) return;
    if (mode !== 'book') {
      // Inline, the feedback form comes and goes over the steps, which keep their entries.
      if (inline) return;
      // Closed (or on to the feedback form): the entries it pushed go, so Back is the host page's again.
      if (visit) travel(base);
      visit = '';
      trail = [];
      at = base;
      return;
    }
    if (!visit) {
      visit = Math.random().toString(36).slice(2);
      if (inline) {
        // The page's own entry is the first step's: marked, so a later Back to it is told from the page's own navigation.
        trail = [step];
        at = 0;
        h.replaceState(marked(0), '');
        return;
      }
      // Opened again on a later step (answers are kept): an entry for each step up to it, so Back walks them.
      const list = store.steps();
      for (const s of list.slice(0, list.indexOf(step) + 1)) push(s);
      return;
    }
    const j = trail.indexOf(step);
    if (j === at) return;
    if (j >= 0 && j < at) return travel(j);
    // The confirmation has no entry of its own: Back from it is handled below, never a return to Confirm.
    if (step !== 'done') push(step);
  };

  const onPop = (e: PopStateEvent) => {
    if (!root.isConnected || !visit || store.mode.value !== 'book') return;
    const m = markerOf(e.state);
    const mine = m?.visit === visit ? m.i : null;
    if (pending > 0) {
      pending--;
      at = mine ?? base;
      return;
    }
    // Inline, an entry that is not the form's is the page's own navigation (a #link): not a step.
    if (mine === null && inline) return;
    // Pop-up, the host page's entry (or one from before a reload) is where the pop-up began.
    const to = mine ?? base;
    if (to === at) return;
    const was = at;
    at = to;
    if (store.step.value === 'done') {
      // Booked: the steps behind are over. The pop-up closes, the inline form starts a new booking.
      if (inline) store.open('book');
      else close();
    } else if (to < was) {
      if (to === base && !inline) close();
      else store.back(trail[to]);
    } else {
      const next = trail[to];
      if (to !== was + 1 || !next || !store.forward(next)) travel(was);
    }
  };

  // Only the mode and the step drive it; what follow() reads besides (the steps' list) must not.
  const stop = effect(() => {
    const mode = store.mode.value;
    const step = store.step.value;
    untracked(() => follow(mode, step));
  });
  win.addEventListener('popstate', onPop);
  return () => {
    stop();
    win.removeEventListener('popstate', onPop);
  };
}
