import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from './components/toaster.tsx';
import { offline } from './lib/offline.ts';
import { resetSharedResources } from './lib/resource.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  offline.value = false;
  resetSharedResources();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
