/**
 * react-big-calendar (1.20) marks its views up as an ARIA table that is not one: a "row" holding
 * event buttons and rows in place of cells, "cell"s and "columnheader"s with no row around them,
 * a "columnheader" inside a button. Screen readers announce a broken grid, and axe counts each as
 * a critical violation (aria-required-children, aria-required-parent; e2e/accessibility.spec.ts).
 * It takes no option to leave them out, so they are taken off the rendered DOM: what remains is
 * plain text and the buttons (each event is a button named by its time and title, each day
 * heading a button). The time views' scroller becomes a named region reachable by Tab, so the
 * hours can be scrolled from the keyboard on a day with nothing to focus in it.
 */
import { type RefObject, useEffect } from 'react';

const TABLE_ROLES = ['table', 'rowgroup', 'row', 'cell', 'gridcell', 'columnheader', 'rowheader'];
const SELECTOR = TABLE_ROLES.map((role) => `[role="${role}"]`).join(',');

/** The name of the time views' scroller, as a screen reader announces the region. */
const HOURS_REGION_NAME = 'Hours of the day';

/** Takes react-big-calendar's table roles (and what only they allow) off everything inside `root`. */
function plainCalendarRoles(root: Element): void {
  for (const el of root.querySelectorAll(SELECTOR)) {
    el.removeAttribute('role');
    el.removeAttribute('aria-sort');
    // "Month View" names the table; a name on a plain element is not allowed.
    el.removeAttribute('aria-label');
  }
  for (const scroller of root.querySelectorAll<HTMLElement>('.rbc-time-content')) {
    if (scroller.tabIndex === 0 && scroller.getAttribute('role') === 'region') continue;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', HOURS_REGION_NAME);
  }
}

/** Keeps `plainCalendarRoles` applied to the calendar under `ref` as its views and weeks render. */
export function usePlainCalendarRoles(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    plainCalendarRoles(root);
    // Roles only arrive with new elements (a view, a week, a re-measured row): watching those is enough.
    const observer = new MutationObserver(() => plainCalendarRoles(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
