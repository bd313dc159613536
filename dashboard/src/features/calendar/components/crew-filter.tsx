/**
 * With two or more crews, which crew's jobs the calendar shows (issue 25): all, or one. Chips
 * that say whether they are pressed; each crew's carries its colour, so the row is also the
 * legend of the stripes beside the bookings. The choice is kept in the address (?crew=).
 */
import { CrewDot } from '../../../components/crew-chip.tsx';
import type { CrewColumn } from '../crew-columns.ts';

export function CrewFilter({
  columns,
  shown,
  onShow,
}: {
  /** The crews with a column (taking jobs, or paused with jobs in view). */
  columns: readonly CrewColumn[];
  /** The crew shown alone, or null for all. */
  shown: string | null;
  onShow: (crewId: string | null) => void;
}) {
  return (
    <fieldset className="cal-crews">
      <legend className="visually-hidden">Show crews</legend>
      <button type="button" className="cal-crew-chip" aria-pressed={shown === null} onClick={() => onShow(null)}>
        All crews
      </button>
      {columns.map((c) => (
        <button
          key={c.id}
          type="button"
          className="cal-crew-chip"
          aria-pressed={shown === c.id}
          onClick={() => onShow(shown === c.id ? null : c.id)}
        >
          <CrewDot color={c.color} />
          {c.title}
        </button>
      ))}
    </fieldset>
  );
}
