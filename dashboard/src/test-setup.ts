import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSharedResources } from './lib/resource.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetSharedResources();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
