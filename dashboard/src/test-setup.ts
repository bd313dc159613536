import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from './components/toaster.tsx';
import { resetSharedResources } from './lib/resource.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetSharedResources();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
