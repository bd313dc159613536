/**
 * A build-time fix to react-big-calendar's drag and drop (issue "The owner's front door", item 9):
 * an event's drag begins only for the primary mouse button (`e.button !== 0` returns), and a
 * touchstart has no button, so a finger could never move a booking although the addon listens for
 * touchstart and long presses. The fix lets a touchstart through; the long press, and the page not
 * scrolling under the drag, are dashboard/src/features/calendar/touch-drag.ts's. Applied to the
 * addon's CommonJS module (and its pre-bundle in dev); the build fails if an upgrade moves the
 * line, so the fix is never silently lost.
 */
import type { Plugin } from 'vite';

export const RBC_DND_EVENT_WRAPPER = /react-big-calendar[\\/]lib[\\/]addons[\\/]dragAndDrop[\\/]EventWrapper\.js$/;
const FROM = `_this.handleStartDragging = function (e) {
      var _e$target$getAttribut;
      if (e.button !== 0) return;`;
const TO = `_this.handleStartDragging = function (e) {
      var _e$target$getAttribut;
      if (e.button !== 0 && e.type !== 'touchstart') return;`;

/** The source with a touchstart allowed to begin a drag; throws unless the lines are there exactly once. */
export function letTouchDrag(code: string): string {
  const parts = code.split(FROM);
  if (parts.length !== 2)
    throw new Error(
      `react-big-calendar's drag-and-drop EventWrapper has ${parts.length - 1} handleStartDragging button checks ` +
        '(expected 1): update dashboard/build/calendar-touch-drag.ts for this version.',
    );
  return parts.join(TO);
}

export function calendarTouchDrag(): Plugin {
  return {
    name: 'calendar-touch-drag',
    transform(code, id) {
      return RBC_DND_EVENT_WRAPPER.test(id) ? { code: letTouchDrag(code), map: null } : undefined;
    },
  };
}
