/**
 * Checklist on a crew's job (docs/decisions/050): the service's steps, ticked on the job, each tick
 * kept with the crew's name and the time. Folded until asked for, so a day of jobs loads no steps.
 * A file of its own: the crew page (crew-home-page.tsx) only places it.
 */
import type { CrewJob, CrewSchedule } from '@slotwise/shared/api';
import { useId, useState } from 'react';
import { JobStepsList } from '../../../components/job-steps-list.tsx';
import { client } from '../../../lib/api.ts';

/**
 * Offered on the day's jobs being worked or done (ticks are made on the job, and one forgotten
 * before Mark completed can still be ticked); not on a request not yet confirmed, nor a later day.
 */
export function offersSteps(job: CrewJob, today: string): boolean {
  return job.bookingTime.day === today && job.status !== 'pending';
}

export function CrewJobSteps({ job, schedule }: { job: CrewJob; schedule: CrewSchedule }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!offersSteps(job, schedule.today)) return null;
  return (
    <div className="crew-job-steps">
      <button
        type="button"
        className="btn btn--block"
        aria-expanded={open}
        aria-controls={`${id}-steps`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide checklist' : 'Checklist'}
      </button>
      <div id={`${id}-steps`} hidden={!open}>
        {open && (
          <JobStepsList
            load={() => client.crew.jobSteps({ params: { id: job._id } })}
            tick={(step, done) => client.crew.tickJobStep({ params: { id: job._id, step }, body: { done } })}
            timeZone={schedule.timeZone}
            timeFormat={schedule.timeFormat}
            empty="This service has no checklist. The owner adds its steps in Services."
          />
        )}
      </div>
    </div>
  );
}
