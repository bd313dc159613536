/**
 * Asked before a plan's visit is moved, dragged or from its dialog (issue 24,
 * docs/decisions/022): this visit only, or this one and the following ones, which moves the
 * plan's day and time from this visit on. Cancel (or Escape) leaves it where it was. A one-off
 * booking is never asked.
 */
import type { RescheduleByOwnerRequest } from '@slotwise/shared/api';
import { useId } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { formatDay, formatTime } from '../../../lib/format.ts';
import type { BookingEvent } from '../calendar-events.ts';
import { dayOf, timeOf } from '../wall-clock.ts';

export type MoveScope = NonNullable<RescheduleByOwnerRequest['scope']>;

export function MoveScopeDialog({
  event,
  start,
  onChoose,
}: {
  event: BookingEvent;
  /** Where it is being moved to (a wall date). */
  start: Date;
  /** null: Cancel. */
  onChoose: (scope: MoveScope | null) => void;
}) {
  const id = useId();
  const b = event.booking;
  const who = `${b.firstName} ${b.lastName}`.trim() || 'the customer';
  const to = `${formatDay(dayOf(start))} at ${formatTime(timeOf(start))}`;
  return (
    <Modal
      title="Move a repeating visit"
      description={`${b.serviceName} for ${who} repeats: ${b.plan?.label ?? 'on a plan'}. Move it to ${to}:`}
      onClose={() => onChoose(null)}
    >
      <div className="stack">
        <button
          type="button"
          className="btn btn--primary"
          aria-describedby={`${id}-visit`}
          onClick={() => onChoose('visit')}
          data-autofocus
        >
          Move this visit only
        </button>
        <p id={`${id}-visit`} className="hint">
          The visits after it stay as they are.
        </p>
        <button
          type="button"
          className="btn"
          aria-describedby={`${id}-following`}
          onClick={() => onChoose('following')}
        >
          This and following visits
        </button>
        <p id={`${id}-following`} className="hint">
          The plan moves to the new day and time from this visit on.
        </p>
        <button type="button" className="btn" onClick={() => onChoose(null)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
