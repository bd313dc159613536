/**
 * uPlot in the component tests (test-setup.ts mocks the module with this): jsdom has no canvas and
 * no matchMedia, which uPlot reads as it loads. The fake keeps what each chart was asked to draw,
 * so a test can check the drawing got the table's numbers.
 */
import type uPlot from 'uplot';

export const drawnCharts: { options: uPlot.Options; data: uPlot.AlignedData }[] = [];

export default class FakeUPlot {
  static pxRatio = 1;
  static paths = { bars: () => () => null };
  constructor(options: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
    drawnCharts.push({ options, data });
    target.append(document.createElement('canvas'));
  }
  setSize(): void {}
  destroy(): void {}
}
