/**
 * A fold-out on a crew's job (the Checklist, the Photos): folded until asked for, so a day of jobs
 * loads nothing of it, and offered only where work is done on the job (offersOnJob). Its panel is
 * mounted when opened, so each opening loads it fresh.
 */
import type { CrewJob } from '@slotwise/shared/api';
import { type ReactNode, useId, useState } from 'react';

/**
 * Offered on the day's jobs being worked or done (ticks and photos are made on the job, and one
 * forgotten before Mark completed can still be added); not on a request not yet confirmed, nor a
 * later day.
 */
export function offersOnJob(job: CrewJob, today: string): boolean {
  return job.bookingTime.day === today && job.status !== 'pending';
}

export function CrewJobFold({
  label,
  hideLabel,
  children,
}: {
  label: string;
  hideLabel: string;
  children: () => ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="crew-job-steps">
      <button
        type="button"
        className="btn btn--block"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {open ? hideLabel : label}
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open && children()}
      </div>
    </div>
  );
}
