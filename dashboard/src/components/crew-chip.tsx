/** A crew's colour as a dot, and a crew as a small chip: the dot beside its name (the agenda, a booking's details). */
import type { Crew } from '@slotwise/shared/api';
import './crew-chip.css';

export function CrewDot({ color }: { color: string }) {
  return <span className="crew-dot" style={{ background: color }} aria-hidden="true" />;
}

export function CrewChip({
  crew,
  label = 'Crew',
}: {
  crew: Pick<Crew, 'name' | 'color'>;
  /** Said before the name to screen readers; null where a label already says it. */
  label?: string | null;
}) {
  return (
    <span className="crew-chip">
      <CrewDot color={crew.color} />
      {label && <span className="visually-hidden">{`${label}: `}</span>}
      {crew.name}
    </span>
  );
}
