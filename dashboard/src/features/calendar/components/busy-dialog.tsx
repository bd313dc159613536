/**
 * What a click on a connected calendar's busy time opens (docs/decisions/025): what it is, when,
 * and which calendar it comes from. Read-only: it changes in the owner's own calendar app, and
 * Slotwise reads it again within 10 minutes.
 */
import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { type BusyEvent, busyWhen } from '../busy-events.ts';

export function BusyDialog({ event, onClose }: { event: BusyEvent; onClose: () => void }) {
  const { label, title } = event.busy;
  return (
    <Modal title={event.title} description={busyWhen(event)} onClose={onClose}>
      <div className="stack">
        <p>
          {title ? `"${title}" is an event` : 'An event'} of your calendar "{label}". Customers cannot book this time,
          and bookings cannot be moved onto it.
        </p>
        <p className="hint">
          To change it, change it in your calendar app: Slotwise reads it again within 10 minutes. Titles, and the
          calendars themselves, are in <Link to="/dashboard/settings/calendars">Settings, Connected Calendars</Link>.
        </p>
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
