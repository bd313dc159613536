import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from './components/toaster.tsx';
import { offline } from './lib/offline.ts';
import { resetSharedResources } from './lib/resource.ts';
import { drawnCharts } from './testing/fake-uplot.ts';

// uPlot draws on a canvas and reads matchMedia as it loads; jsdom has neither (testing/fake-uplot.ts).
vi.mock('uplot', () => import('./testing/fake-uplot.ts'));
// The calendar tests read the drag-and-drop calendar's props (testing/captured-calendar.tsx); one mock for every file.
vi.mock('react-big-calendar/lib/addons/dragAndDrop', async (importOriginal) =>
  (await import('./testing/captured-calendar.tsx')).capturingDragAndDrop(importOriginal as never),
);

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
