/**
 * Photos on a crew's job (docs/decisions/053): before and after photos taken on the job, shrunk
 * on the phone before they are sent. Folded until asked for, so a day of jobs loads no photos.
 * Offered where the Checklist is (crew-job-steps.tsx offersSteps).
 */
import type { CrewJob, CrewSchedule } from '@slotwise/shared/api';
import { useId, useState } from 'react';
import { PhotoGrid } from '../../../components/photo-grid.tsx';
import { client } from '../../../lib/api.ts';
import { offersSteps } from './crew-job-steps.tsx';

export function CrewJobPhotos({ job, schedule }: { job: CrewJob; schedule: CrewSchedule }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!offersSteps(job, schedule.today)) return null;
  const params = { id: job._id };
  return (
    <div className="crew-job-steps">
      <button
        type="button"
        className="btn btn--block"
        aria-expanded={open}
        aria-controls={`${id}-photos`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide photos' : 'Photos'}
      </button>
      <div id={`${id}-photos`} hidden={!open}>
        {open && (
          <PhotoGrid
            load={() => client.crew.jobPhotos({ params })}
            file={(photoId) => client.crew.jobPhotoFile({ params: { photoId } })}
            add={(kind, body) => client.crew.addJobPhoto({ params, query: { kind }, body })}
            remove={(photoId) => client.crew.deleteJobPhoto({ params: { ...params, photoId } })}
            deletable={(photo) => photo.kind !== 'request'}
            timeZone={schedule.timeZone}
            timeFormat={schedule.timeFormat}
            empty="No photos yet. Add one before you start and one when you are done."
          />
        )}
      </div>
    </div>
  );
}
