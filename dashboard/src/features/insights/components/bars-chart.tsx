/**
 * The insights' time series as bars on a canvas, drawn by uPlot (MIT, about 21 KB gzip, no
 * dependencies; it lives only in this page's chunk). The x axis is the series' index (a day or a
 * week), labelled by the caller; each series is a bar in its slot, a series placed like one before
 * it drawn over it (completed over booked, booked over opened), `right` ones beside them. Bands
 * tint a stretch of slots behind the bars (this week, the weeks booked ahead).
 *
 * The canvas says nothing to screen readers: ChartFrame's table carries the same rows. The key
 * under the chart is words, so the colours are never the only way to tell the series apart.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarSeries {
  label: string;
  values: readonly number[];
  color: string;
  /** `full` fills its slot, `left` and `right` share it side by side. */
  place?: 'full' | 'left' | 'right';
}

export interface Band {
  from: number;
  to: number;
  label: string;
  fill: string;
}

const AXIS_INK = '#5b6472'; // --c-muted: 4.5:1 on the white card
const GRID = '#e5e7eb';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Steps between ticks: whole slots, then weeks and months of days; 1-2-5 for the values. */
const X_STEPS = [1, 2, 3, 4, 7, 14, 28, 56, 91];
const Y_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 2.5e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

const ALIGN = { full: 0, left: -1, right: 1 } as const;
const SIZE = { full: 0.78, left: 0.38, right: 0.38 } as const;

/** Tints each band behind the bars, and writes its label at the top when it fits (the key under the chart always names them). */
function drawBands(bands: readonly Band[]) {
  return (u: uPlot) => {
    const { ctx } = u;
    const { top, height } = u.bbox;
    const ratio = uPlot.pxRatio;
    ctx.save();
    for (const band of bands) {
      const x0 = u.valToPos(band.from - 0.5, 'x', true);
      const x1 = u.valToPos(band.to + 0.5, 'x', true);
      ctx.fillStyle = band.fill;
      ctx.fillRect(x0, top, x1 - x0, height);
      ctx.font = `600 ${11 * ratio}px system-ui, sans-serif`;
      // A label may spill a little past its band (a week is narrow), never onto the next band's.
      if (ctx.measureText(band.label).width <= x1 - x0 + 12 * ratio) {
        ctx.fillStyle = '#3f4652';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText(band.label, (x0 + x1) / 2, top + 4 * ratio);
      }
    }
    ctx.restore();
  };
}

export function BarsChart({
  labels,
  series,
  bands = [],
  format,
  height = 220,
}: {
  /** One per slot: what the x axis writes under it. */
  labels: readonly string[];
  series: readonly BarSeries[];
  bands?: readonly Band[];
  /** A value as the y axis writes it. */
  format: (n: number) => string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const n = labels.length;
    // Room at the top for the bands' labels.
    const headroom = bands.length ? 1.25 : 1.1;
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [-0.5, n - 0.5] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * headroom : 1] },
      },
      axes: [
        {
          stroke: AXIS_INK,
          font: FONT,
          grid: { show: false },
          ticks: { show: false },
          incrs: X_STEPS,
          space: 56,
          size: 28,
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
        },
        {
          stroke: AXIS_INK,
          font: FONT,
          grid: { stroke: GRID, width: 1 },
          ticks: { show: false },
          incrs: Y_STEPS,
          space: 36,
          size: 56,
          values: (_u, splits) => splits.map(format),
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          fill: s.color,
          stroke: s.color,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars?.({ align: ALIGN[s.place ?? 'full'], size: [SIZE[s.place ?? 'full'], 48, 1] }),
        })),
      ],
      hooks: bands.length ? { drawClear: [drawBands(bands)] } : {},
    };
    const data: uPlot.AlignedData = [Array.from({ length: n }, (_, i) => i), ...series.map((s) => [...s.values])];
    const chart = new uPlot(options, data, el);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 200), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [labels, series, bands, format, height]);

  return <div ref={box} className="insights-canvas" style={{ minHeight: height }} />;
}

export type KeyMark = 'bar' | 'band' | 'ring' | 'dashed' | 'dot' | 'home';

/** The words under a chart: each series', band's or ring's mark and name, so colour is never the only cue. */
export function ChartKey({ items }: { items: readonly { label: string; color: string; mark?: KeyMark }[] }) {
  return (
    <ul className="insights-key">
      {items.map((item) => (
        <li key={item.label}>
          <span
            className={`insights-swatch insights-swatch--${item.mark ?? 'bar'}`}
            style={
              item.mark === 'ring' || item.mark === 'dashed' ? { borderColor: item.color } : { background: item.color }
            }
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
