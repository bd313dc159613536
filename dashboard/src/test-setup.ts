import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from './components/toaster.tsx';
import { offline } from './lib/offline.ts';
import { resetSharedResources } from './lib/resource.ts';
import { drawnCharts } from './testing/fake-uplot.ts';

// uPlot draws on a canvas and reads matchMedia as it loads; jsdom has neither (testing/fake-uplot.ts).
vi.mock('uplot', () => import('./testing/fake-uplot.ts'));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  offline.value = false;
  resetSharedResources();
  clearToasts();
  drawnCharts.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
