import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the section an address's #hash names into view when the page opens on it (the
 * overview's first-day checklist links to /dashboard/services#embed-code and the like): the
 * router changes pages without the browser's own jump to the fragment. The sections draw at
 * once, their data filling in after, so the element is there on mount.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key: following the same link again scrolls again
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash, key]);
}
