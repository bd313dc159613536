/**
 * Busiest days and hours: a weekday x hour grid, each cell shaded by its bookings and written with
 * its count, and labelled for screen readers ("Saturday 9 AM: 6 bookings"). Weekdays are rows on a
 * wide screen; on a phone the grid turns (hours down, the seven days across) so it fits 375 px
 * without scrolling sideways (insights.css).
 */
import type { InsightsWork } from '@slotwise/shared/api';
import { formatHour, type TimeFormat } from '@slotwise/shared/clock';
import { WEEKDAY_NAMES } from '@slotwise/shared/insights';
import { type CSSProperties, Fragment } from 'react';
import { heatCounts, heatHours, heatLevel } from '../heat-grid.ts';
import { heatCellLabel } from '../words.ts';

const place = (row: number, col: number) => ({ '--row': row, '--col': col }) as CSSProperties;

export function HeatGrid({ heat, format }: { heat: InsightsWork['heat']; format: TimeFormat }) {
  const hours = heatHours(heat);
  const counts = heatCounts(heat);
  const busiest = Math.max(0, ...counts.values());
  return (
    <div className="heat" style={{ '--hours': hours.length } as CSSProperties}>
      {hours.map((h, i) => (
        <span key={h} className="heat-hour" style={place(-1, i)} aria-hidden="true">
          {formatHour(h, format)}
        </span>
      ))}
      {WEEKDAY_NAMES.map((name, day) => (
        <Fragment key={name}>
          <span className="heat-day" style={place(day, -1)} aria-hidden="true">
            {name.slice(0, 3)}
          </span>
          {hours.map((h, i) => {
            const n = counts.get(`${day}:${h}`) ?? 0;
            const label = heatCellLabel(day, h, n, format);
            return (
              <span
                key={h}
                role="img"
                aria-label={label}
                title={label}
                className={`heat-cell heat-cell--${heatLevel(n, busiest)}`}
                style={place(day, i)}
              >
                {n > 0 ? n : ''}
              </span>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
}
