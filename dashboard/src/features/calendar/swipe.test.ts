import type { TouchEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { swipeHandlers } from './swipe.ts';

function touch(x: number, y: number, target: Element = document.body, fingers = 1): TouchEvent {
  const point = { clientX: x, clientY: y };
  return {
    target,
    touches: Array.from({ length: fingers }, () => point),
    changedTouches: [point],
  } as unknown as TouchEvent;
}

function setup() {
  let t = 0;
  const onSwipe = vi.fn();
  const h = swipeHandlers(onSwipe, () => t);
  const stroke = (from: [number, number], to: [number, number], ms = 200, target?: Element, fingers = 1) => {
    t = 0;
    h.onTouchStart(touch(...from, target, fingers));
    t = ms;
    h.onTouchEnd(touch(...to, target));
  };
  return { onSwipe, stroke };
}

describe('swiping the calendar', () => {
  it('a quick stroke to the left turns to the next page, to the right to the previous', () => {
    const { onSwipe, stroke } = setup();
    stroke([300, 400], [150, 410]);
    stroke([100, 400], [260, 390]);
    expect(onSwipe.mock.calls).toEqual([[1], [-1]]);
  });

  it('ignores short, slow, mostly vertical and two-finger strokes', () => {
    const { onSwipe, stroke } = setup();
    stroke([300, 400], [250, 400]);
    stroke([300, 400], [100, 400], 900);
    stroke([300, 400], [200, 200]);
    stroke([300, 400], [100, 400], 200, document.body, 2);
    expect(onSwipe).not.toHaveBeenCalled();
  });

  it('leaves a stroke that starts on an event to the drag', () => {
    const { onSwipe, stroke } = setup();
    const event = document.createElement('div');
    event.className = 'rbc-event';
    const label = event.appendChild(document.createElement('span'));
    stroke([300, 400], [100, 400], 200, label);
    expect(onSwipe).not.toHaveBeenCalled();
  });
});
