/**
 * A build-time fix to react-big-calendar's time grid (week and day views). It starts not
 * knowing whether its body scrolls (`isOverflowing: null`) and finds out on its first
 * update, then renders every column again for a flag that only sets the header's
 * scrollbar margin, which calendar.css overrides (both header and body reserve the
 * scrollbar gutter). That second render of ~1,500 components lands while the calendar's
 * data is arriving, so the grid mounts later and the events wait for it (measured:
 * bench/calendar.ts). Its 24 hours of
 * 40-pixel rows always scroll inside the calendar's frame, so the grid starts knowing
 * that; where it does not scroll after all, its own check still corrects the flag.
 * Applied to the ESM build Vite bundles (and pre-bundles in dev); the build fails if
 * an upgrade moves the line, so the fix is never silently lost.
 */
import type { Plugin } from 'vite';

export const RBC_ESM = /react-big-calendar[\\/]dist[\\/]react-big-calendar\.esm\.js$/;
const FROM = 'isOverflowing: null';
const TO = 'isOverflowing: true';

/** The source with the time grid's initial state changed; throws unless the line is there exactly once. */
export function startOverflowing(code: string): string {
  const parts = code.split(FROM);
  if (parts.length !== 2)
    throw new Error(
      `react-big-calendar's time grid has ${parts.length - 1} "${FROM}" (expected 1): ` +
        'update dashboard/build/calendar-starts-overflowing.ts for this version.',
    );
  return parts.join(TO);
}

export function calendarStartsOverflowing(): Plugin {
  return {
    name: 'calendar-starts-overflowing',
    transform(code, id) {
      return RBC_ESM.test(id) ? { code: startOverflowing(code), map: null } : undefined;
    },
  };
}
