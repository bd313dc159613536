/**
 * Photos on a crew's job (docs/decisions/053): before and after photos taken on the job, shrunk
 * on the phone before they are sent. Folded until asked for (crew-job-fold.tsx), so a day of jobs
 * loads no photos.
 */
import type { CrewJob, CrewSchedule } from '@slotwise/shared/api';
import { PhotoGrid } from '../../../components/photo-grid.tsx';
import { client } from '../../../lib/api.ts';
import { CrewJobFold, offersOnJob } from './crew-job-fold.tsx';

export function CrewJobPhotos({ job, schedule }: { job: CrewJob; schedule: CrewSchedule }) {
  if (!offersOnJob(job, schedule.today)) return null;
  const params = { id: job._id };
  return (
    <CrewJobFold label="Photos" hideLabel="Hide photos">
      {() => (
        <PhotoGrid
          load={() => client.crew.jobPhotos({ params })}
          file={(photoId) => client.crew.jobPhotoFile({ params: { photoId } })}
          add={(kind, body) => client.crew.addJobPhoto({ params, query: { kind }, body })}
          remove={(photoId) => client.crew.deleteJobPhoto({ params: { ...params, photoId } })}
          deletable={(photo) => photo.yours === true}
          timeZone={schedule.timeZone}
          timeFormat={schedule.timeFormat}
          empty="No photos yet. Add one before you start and one when you are done."
        />
      )}
    </CrewJobFold>
  );
}
