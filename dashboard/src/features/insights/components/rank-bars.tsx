/** Horizontal bars that rank rows (sources, services): a name, its figures in words, a bar. Drawn in CSS. */
import type { ReactNode } from 'react';

export interface RankRow {
  key: string;
  label: string;
  /** Beside the name: "19% booked", "18 bookings". */
  figure: string;
  /** Under the bar. */
  detail?: ReactNode;
  /** The bar's length, 0-1 of the longest. */
  share: number;
  /** A darker part of the bar from its start, 0-1 of the bar (booked of opened). */
  inner?: number;
}

export function RankBars({ rows }: { rows: readonly RankRow[] }) {
  return (
    <ul className="insights-rank">
      {rows.map((row) => (
        <li key={row.key}>
          <div className="insights-rank-head">
            <span className="insights-rank-label">{row.label}</span>
            <span className="insights-rank-figure">{row.figure}</span>
          </div>
          <div className="insights-track">
            <span className="insights-fill" style={{ width: `${Math.max(row.share * 100, 1)}%` }}>
              {row.inner !== undefined && (
                <span className="insights-fill-inner" style={{ width: `${Math.max(row.inner * 100, 0)}%` }} />
              )}
            </span>
          </div>
          {row.detail && <p className="insights-rank-detail">{row.detail}</p>}
        </li>
      ))}
    </ul>
  );
}
