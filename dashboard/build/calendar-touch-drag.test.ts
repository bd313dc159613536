import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { calendarTouchDrag, letTouchDrag, RBC_DND_EVENT_WRAPPER } from './calendar-touch-drag.ts';

const file = createRequire(import.meta.url).resolve('react-big-calendar/lib/addons/dragAndDrop/EventWrapper.js');

describe("the build's fix to react-big-calendar's drag by touch", () => {
  it('finds the drag start in the installed version and lets a touchstart through', () => {
    expect(RBC_DND_EVENT_WRAPPER.test(file)).toBe(true);
    const fixed = letTouchDrag(readFileSync(file, 'utf8'));
    expect(fixed).toContain("if (e.button !== 0 && e.type !== 'touchstart') return;");
    // The resize handles keep their mouse-only check.
    expect(fixed).toContain('if (e.button !== 0) return;');
  });

  it('fails the build, naming the file to update, when an upgrade moves the line', () => {
    expect(() => letTouchDrag('handleStartDragging(e) { if (e.button !== 0) return; }')).toThrow(
      /dashboard\/build\/calendar-touch-drag\.ts/,
    );
  });

  it('leaves every other module alone', () => {
    const transform = calendarTouchDrag().transform as (code: string, id: string) => unknown;
    expect(transform('if (e.button !== 0) return;', '/app/node_modules/react-big-calendar/lib/Selection.js')).toBe(
      undefined,
    );
  });
});
