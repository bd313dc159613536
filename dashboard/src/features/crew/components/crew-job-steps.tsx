/**
 * Checklist on a crew's job (docs/decisions/050): the service's steps, ticked on the job, each tick
 * kept with the crew's name and the time. Folded until asked for (crew-job-fold.tsx), so a day of
 * jobs loads no steps. A file of its own: the crew page (crew-home-page.tsx) only places it.
 */
import type { CrewJob, CrewSchedule } from '@slotwise/shared/api';
import { JobStepsList } from '../../../components/job-steps-list.tsx';
import { client } from '../../../lib/api.ts';
import { CrewJobFold, offersOnJob } from './crew-job-fold.tsx';

export function CrewJobSteps({ job, schedule }: { job: CrewJob; schedule: CrewSchedule }) {
  if (!offersOnJob(job, schedule.today)) return null;
  return (
    <CrewJobFold label="Checklist" hideLabel="Hide checklist">
      {() => (
        <JobStepsList
          load={() => client.crew.jobSteps({ params: { id: job._id } })}
          tick={(step, done) => client.crew.tickJobStep({ params: { id: job._id, step }, body: { done } })}
          timeZone={schedule.timeZone}
          timeFormat={schedule.timeFormat}
          empty="This service has no checklist. The owner adds its steps in Services."
        />
      )}
    </CrewJobFold>
  );
}
