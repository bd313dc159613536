import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** What the owner does to move the page themselves; after it the page no longer follows the target. */
const OWNER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the section an address's #hash names into view when the page opens on it (the
 * overview's first-day checklist links to /dashboard/services#services-list and the like): the
 * router changes pages without the browser's own jump to the fragment. The sections draw at once,
 * so the element is there on mount, but the ones above it fill in after (a skeleton becomes a
 * long form) and push it down: it is brought back each time the page's size changes, until the
 * owner scrolls, taps or types.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key: following the same link again scrolls again
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const bring = () => document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
    bring();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(bring);
    observer.observe(document.body);
    const target = document.getElementById(id);
    for (const section of target?.parentElement?.children ?? []) observer.observe(section);
    const stop = () => {
      observer.disconnect();
      for (const move of OWNER_MOVES) window.removeEventListener(move, stop);
    };
    for (const move of OWNER_MOVES) window.addEventListener(move, stop, { passive: true });
    return stop;
  }, [hash, key]);
}
