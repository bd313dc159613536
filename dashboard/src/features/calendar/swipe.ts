/**
 * A horizontal swipe across the calendar turns the page (issue 21: a phone moves between
 * days with a thumb). Only a quick, mostly sideways stroke that starts off any event
 * counts: a press on an event is react-big-calendar's drag, and a slow or vertical one is
 * a scroll of the day's hours.
 */
import type { TouchEvent } from 'react';

const MIN_DISTANCE_PX = 60;
const MAX_DURATION_MS = 600;

export interface SwipeHandlers {
  onTouchStart: (e: TouchEvent) => void;
  onTouchEnd: (e: TouchEvent) => void;
}

/** `onSwipe(1)` for a stroke to the left (the next page), `onSwipe(-1)` for one to the right. */
export function swipeHandlers(onSwipe: (direction: 1 | -1) => void, now: () => number = Date.now): SwipeHandlers {
  let start: { x: number; y: number; at: number } | null = null;
  return {
    onTouchStart(e) {
      const touch = e.touches[0];
      const onEvent = (e.target as Element | null)?.closest?.('.rbc-event, .rbc-toolbar, .rbc-show-more');
      start = touch && e.touches.length === 1 && !onEvent ? { x: touch.clientX, y: touch.clientY, at: now() } : null;
    },
    onTouchEnd(e) {
      const from = start;
      start = null;
      const touch = e.changedTouches[0];
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (now() - from.at > MAX_DURATION_MS) return;
      if (Math.abs(dx) < MIN_DISTANCE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
