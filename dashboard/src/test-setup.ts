import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { offline } from './lib/offline.ts';
import { resetSharedResources } from './lib/resource.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  offline.value = false;
  resetSharedResources();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
