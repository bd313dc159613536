/**
 * What an empty slot is for, asked when the owner taps or drags across one: a booking for a
 * customer (New booking, prefilled with the day and start: docs/product.md#bookings-you-enter), or
 * a blocked time (the Block Time Slot dialog, as before).
 */
import { zoneLabel } from '@slotwise/shared/time-zone';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { newBookingHref } from '../../../lib/new-booking-link.ts';
import type { BlockTimeDraft } from './block-time-dialog.tsx';

export function SlotChoiceDialog({
  draft,
  timeZone,
  onBlock,
  onCancel,
}: {
  draft: BlockTimeDraft;
  timeZone: string;
  onBlock: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title="This time"
      description={`${formatDay(draft.day)}, ${formatTime(draft.startTime)} – ${formatTime(draft.endTime)} · ${zoneLabel(timeZone)}`}
      onClose={onCancel}
    >
      <div className="stack">
        <Link
          className="btn btn--primary btn--block"
          data-autofocus
          to={newBookingHref({ date: draft.day, time: draft.startTime })}
        >
          New booking
        </Link>
        <button type="button" className="btn btn--block" onClick={onBlock}>
          Block time
        </button>
        <button type="button" className="btn btn--link" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
