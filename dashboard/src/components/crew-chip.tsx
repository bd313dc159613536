/** A crew's colour as a dot, and a crew as a small chip: the dot beside its name (the agenda, a booking's details). */
import type { Crew } from '@slotwise/shared/api';
import './crew-chip.css';

export function CrewDot({ color }: { color: string }) {
  return <span className="crew-dot" style={{ background: color }} aria-hidden="true" />;
}

export function CrewChip({ crew, label = 'Crew' }: { crew: Pick<Crew, 'name' | 'color'>; label?: string }) {
  return (
    <span className="crew-chip">
      <CrewDot color={crew.color} />
      <span className="visually-hidden">{`${label}: `}</span>
      {crew.name}
    </span>
  );
}
