/**
 * Moving a booking with a finger (issue "The owner's front door", item 9): press and hold it,
 * then drag. react-big-calendar starts a touch drag after a long press (with a build fix:
 * dashboard/build/calendar-touch-drag.ts), but alone it fails a finger three ways, each made up
 * for here:
 * - any touchmove cancels its press, so a finger's tremble does: one under SLOP_PX does not reach it;
 * - it never stops the page from scrolling under the drag: once the press has held, it does not;
 * - as the drag begins it draws the booking anew, and a touch's later events go to the element the
 *   finger first pressed, now out of the page, so they never reach the document it listens on:
 *   they are passed on to it.
 * A stroke that moves first is a scroll of the day's hours, as before; a tap still opens the
 * booking, whose sheet can move it too.
 */

/** The addon's long press (its Selection's default, which it does not let us set). */
export const HOLD_MS = 250;
const SLOP_PX = 10;
/** Set by business-calendar.tsx on the events a drag may move. */
const MOVABLE = '.cal-event--movable';

/** The same touch from `to`, still in the page: a detached element's events do not bubble to the document. */
function passOn(e: TouchEvent, to: Element): void {
  to.dispatchEvent(
    new TouchEvent(e.type, {
      bubbles: true,
      cancelable: true,
      touches: [...e.touches],
      targetTouches: [...e.targetTouches],
      changedTouches: [...e.changedTouches],
    }),
  );
}

/** Listens on `root`; returns the way to stop. */
export function holdToDrag(root: HTMLElement, holdMs = HOLD_MS): () => void {
  let press: {
    x: number;
    y: number;
    target: EventTarget;
    timer: ReturnType<typeof setTimeout> | null;
    lifted: boolean;
  } | null = null;

  const onMove = (e: Event) => {
    const p = press;
    const move = e as TouchEvent;
    if (!p) return;
    if (p.lifted) {
      // The booking moves, not the page.
      if (move.cancelable) move.preventDefault();
      if (!(p.target as Node).isConnected) passOn(move, root);
      return;
    }
    const touch = move.touches[0];
    if (touch && Math.hypot(touch.clientX - p.x, touch.clientY - p.y) < SLOP_PX) {
      // A tremble, not a scroll: the calendar's press goes on.
      move.stopPropagation();
      return;
    }
    end();
  };
  const onEnd = (e: Event) => {
    if (press?.lifted && !(press.target as Node).isConnected) passOn(e as TouchEvent, root);
    end();
  };
  function end() {
    if (!press) return;
    if (press.timer) clearTimeout(press.timer);
    press.target.removeEventListener('touchmove', onMove);
    press.target.removeEventListener('touchend', onEnd);
    press.target.removeEventListener('touchcancel', onEnd);
    press = null;
  }
  const onStart = (e: TouchEvent) => {
    end();
    const touch = e.touches[0];
    const target = e.target;
    const onMovable = target instanceof Element && target.closest(MOVABLE) !== null;
    if (!touch || e.touches.length !== 1 || !target || !onMovable) return;
    const p = {
      x: touch.clientX,
      y: touch.clientY,
      target,
      timer: null as ReturnType<typeof setTimeout> | null,
      lifted: false,
    };
    p.timer = setTimeout(() => {
      p.timer = null;
      p.lifted = true;
    }, holdMs);
    press = p;
    // On the pressed element itself: its touch's events keep going there once it has left the page.
    target.addEventListener('touchmove', onMove, { passive: false });
    target.addEventListener('touchend', onEnd);
    target.addEventListener('touchcancel', onEnd);
  };
  // A held finger opens the browser's menu or selects text otherwise.
  const onMenu = (e: Event) => {
    if (press) e.preventDefault();
  };
  root.addEventListener('touchstart', onStart, { passive: true });
  root.addEventListener('contextmenu', onMenu);
  return () => {
    end();
    root.removeEventListener('touchstart', onStart);
    root.removeEventListener('contextmenu', onMenu);
  };
}
