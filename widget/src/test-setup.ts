import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';

// jsdom lays nothing out and has no scrollIntoView; the pop-up calls it to show a message (dialog.tsx).
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  // The page goes away: every funnel (popup/funnel.ts) sends what it holds into this test's own
  // stubs now, not into a later test's when its 2 s timer fires.
  dispatchEvent(new Event('pagehide'));
  cleanup();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete window.Slotwise;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
