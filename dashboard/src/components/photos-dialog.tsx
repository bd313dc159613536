/**
 * A booking's photos for the owner (docs/decisions/053), opened from Photos (photos-button.tsx):
 * loaded the first time it is asked for, so the cards' first download carries only the button.
 */
import type { TimeFormat } from '@slotwise/shared/clock';
import { client } from '../lib/api.ts';
import { Modal } from './modal.tsx';
import { PhotoGrid } from './photo-grid.tsx';

export function PhotosDialog({
  bookingId,
  description,
  timeZone,
  timeFormat,
  onClose,
}: {
  bookingId: string;
  description: string;
  timeZone: string;
  timeFormat: TimeFormat;
  onClose: () => void;
}) {
  const params = { id: bookingId };
  return (
    <Modal title="Photos" description={description} onClose={onClose}>
      <PhotoGrid
        load={() => client.dashboard.bookingPhotos({ params })}
        file={(photoId) => client.dashboard.photoFile({ params: { photoId } })}
        add={(kind, body) => client.dashboard.addBookingPhoto({ params, query: { kind }, body })}
        remove={(photoId) => client.dashboard.deleteBookingPhoto({ params: { ...params, photoId } })}
        timeZone={timeZone}
        timeFormat={timeFormat}
        empty="No photos yet. The crew adds before and after photos from their phone; the customer's come with the request."
      />
      <div className="row">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
