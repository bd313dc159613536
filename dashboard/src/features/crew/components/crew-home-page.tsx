/**
 * /crew: a crew member's jobs, made for a phone in one hand (docs/product.md#crew-members;
 * docs/decisions/024). Today first, then the next days; each job with its time, service,
 * customer, a link that dials the customer, the address as a link that opens directions in the
 * phone's map app, the customer's answer, On my way (today's jobs, once: docs/decisions/048), when
 * a late crew is now expected ("Running late: now about 2:45 PM"; docs/decisions/049) and
 * Start job / Mark completed; once done and not yet
 * paid, its pay code for the customer to scan. No prices: the crew's calls answer none. Below the jobs, the crew member's own calendar feed, to copy or revoke.
 * "Today's route" opens the day in driving order with directions (features/route; docs/decisions/054).
 * An owner who opens it goes to their dashboard; nobody signed in, to log in.
 */

import { useSignals } from '@preact/signals-react/runtime';
import type { CrewJob, CrewPayCode, CrewSchedule } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { formatClockRange } from '@slotwise/shared/clock';
import { StatusBadge } from '@slotwise/ui/status-badge.tsx';
import { useId, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Modal } from '../../../components/modal.tsx';
import { PushSettings } from '../../../components/push-settings.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { directionsLink } from '../../../lib/contact-links.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { ON_MY_WAY, ON_MY_WAY_FAILED, onMyWayLine, onMyWaySentWords } from '../../../lib/on-my-way.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';
import { type Resource, useResource } from '../../../lib/resource.ts';
import { runningLateLine } from '../../../lib/running-late.ts';
import { currentUser, sessionStatus } from '../../../lib/session.ts';
import { signOutHere } from '../../../lib/sign-out.ts';
import { crewDays, jobAction, offersOnMyWay } from '../crew-days.ts';
import { CrewJobPhotos } from './crew-job-photos.tsx';
import { CrewJobSteps } from './crew-job-steps.tsx';
import '../crew.css';

export const JOBS_LOAD_FAILED = 'Could not load your jobs. Check your connection and try again.';
const TAP_FAILED = { start: 'Could not start the job.', complete: 'Could not mark the job completed.' } as const;
const PAY_CODE_FAILED = 'Could not show the pay code.';
const FEED_COPIED = 'Calendar link copied to clipboard!';
const FEED_COPY_FAILED = 'Could not copy the calendar link. Select it in the box and copy it by hand.';
const FEED_REVOKE_CONFIRM =
  'Revoke this calendar link? Calendars subscribed to it stop updating; you will get a new link to subscribe to.';

const STATUS_NOTE: Partial<Record<CrewJob['status'], string>> = {
  pending: 'Not confirmed by the business yet.',
};

function JobCard({
  job,
  schedule,
  onChange,
  onStale,
}: {
  job: CrewJob;
  schedule: CrewSchedule;
  onChange: (job: CrewJob) => void;
  /** The job changed elsewhere (the owner told the customer first), or the day's projection did: read the jobs again. */
  onStale: () => void;
}) {
  // The phone formatter arrives in a signal (lib/phone.ts).
  useSignals();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = jobAction(job, schedule.today);
  const tel = telHref(job.phoneNumber);
  const address = job.customerAddress?.trim();
  const time = job.bookingTime;

  const sentLine = onMyWayLine(job.onMyWayAt, schedule.timeZone, schedule.timeFormat);
  const lateLine = runningLateLine(job.projectedStart, schedule.timeZone, schedule.timeFormat);

  async function onMyWay() {
    setBusy(true);
    setError(null);
    try {
      const { job: after, sent } = await client.crew.onMyWay({ params: { id: job._id } });
      onChange(after);
      showToast(onMyWaySentWords(sent, job.customerName));
    } catch (err) {
      setError(
        `${ON_MY_WAY_FAILED} ${serverErrorOr(err, 'Please try again.', 'Check your connection and try again.')}`,
      );
      if (err instanceof ApiError && err.code === 'ON_MY_WAY_ALREADY_SENT') onStale();
    } finally {
      setBusy(false);
    }
  }

  async function tap(what: 'start' | 'complete') {
    setBusy(true);
    setError(null);
    try {
      const call = what === 'start' ? client.crew.startJob : client.crew.completeJob;
      onChange(await call({ params: { id: job._id } }));
      // The tap projected the rest of the day again (docs/decisions/049): the later jobs' times.
      onStale();
    } catch (err) {
      setError(
        `${TAP_FAILED[what]} ${serverErrorOr(err, 'Please try again.', 'Check your connection and try again.')}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <li>
      <article className="card crew-job" aria-label={`${job.serviceName} for ${job.customerName}`}>
        <header className="crew-job-head">
          <p className="crew-job-time">{formatClockRange(time.startTime, time.endTime, schedule.timeFormat, time)}</p>
          <StatusBadge status={job.status} />
        </header>
        <h3>{job.serviceName}</h3>
        <p className="crew-job-who">{job.customerName}</p>
        {STATUS_NOTE[job.status] && <p className="hint">{STATUS_NOTE[job.status]}</p>}
        {job.notes && <p className="crew-job-notes">{job.notes}</p>}
        {job.placeNotes && <p className="crew-job-notes">At the place: {job.placeNotes}</p>}
        {(address || tel) && (
          <p className="crew-job-contact">
            {address && (
              <a
                className="crew-job-link"
                href={directionsLink(address)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Directions to ${address} (opens your map app)`}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />
                </svg>
                <span>{address}</span>
              </a>
            )}
            {tel && (
              <a
                className="crew-job-link"
                href={tel}
                aria-label={`Call ${job.customerName || 'the customer'} at ${formatPhone(job.phoneNumber)}`}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
                </svg>
                <span>{formatPhone(job.phoneNumber)}</span>
              </a>
            )}
          </p>
        )}
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        {lateLine && <p className="crew-job-late">{lateLine}</p>}
        {sentLine && <p className="crew-job-sent">{sentLine}</p>}
        {offersOnMyWay(job, schedule.today) && (
          <button type="button" className="btn btn--block" disabled={busy} onClick={() => void onMyWay()}>
            {busy ? 'Sending...' : ON_MY_WAY}
          </button>
        )}
        <CrewJobSteps job={job} schedule={schedule} />
        <CrewJobPhotos job={job} schedule={schedule} />
        {job.payable && <PayCodeButton job={job} />}
        {action && (
          <button
            type="button"
            className={`btn btn--block ${action === 'start' ? 'btn--primary' : 'btn--success'}`}
            disabled={busy}
            onClick={() => void tap(action)}
          >
            {action === 'start' ? (busy ? 'Starting...' : 'Start job') : busy ? 'Saving...' : 'Mark completed'}
          </button>
        )}
      </article>
    </li>
  );
}

/**
 * A completed job's pay link as a QR code (issue 43): the customer scans it with their phone's
 * camera at the door and pays there, their tip chosen first. The code comes from the server with
 * the link, so no QR library ships to the phone; no amount is shown (a crew sees no prices).
 */
function PayCodeButton({ job }: { job: CrewJob }) {
  const [code, setCode] = useState<CrewPayCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function open() {
    setBusy(true);
    setError(null);
    try {
      setCode(await client.crew.payCode({ params: { id: job._id } }));
    } catch (err) {
      setError(`${PAY_CODE_FAILED} ${serverErrorOr(err, 'Please try again.', 'Check your connection and try again.')}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--block btn--primary" disabled={busy} onClick={() => void open()}>
        {busy ? 'Opening...' : 'Show pay code'}
      </button>
      {code && (
        <Modal
          title={`Invoice #${code.number}`}
          description={`${job.customerName || 'The customer'} scans this with their phone's camera to pay, and adds a tip if they wish.`}
          onClose={() => setCode(null)}
        >
          <img
            className="crew-pay-code"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`}
            alt={`QR code of the pay link for invoice #${code.number}`}
            width={280}
            height={280}
          />
          <p className="crew-pay-link">
            <a href={code.url} target="_blank" rel="noopener noreferrer">
              Open the pay page
            </a>
          </p>
        </Modal>
      )}
    </>
  );
}

/** The crew member's own calendar feed: their crew's jobs in their phone's calendar app. */
function CrewFeed({ schedule }: { schedule: Resource<CrewSchedule> }) {
  useSignals();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [revoking, setRevoking] = useState(false);
  const url = schedule.data.value?.feedUrl;
  if (!url) return null;

  async function copy() {
    if (!url) return;
    const ok = await copyText(url, field.current);
    showToast(ok ? FEED_COPIED : FEED_COPY_FAILED, ok ? 'success' : 'error');
  }

  async function revoke() {
    const current = schedule.data.value;
    if (!current || !window.confirm(FEED_REVOKE_CONFIRM)) return;
    setRevoking(true);
    try {
      const { url: next } = await client.crew.revokeFeed();
      schedule.set({ ...current, feedUrl: next });
      showToast('Calendar link revoked. Subscribe with the new link.');
    } catch (err) {
      showToast(`Failed to revoke the calendar link. ${serverErrorOr(err, 'Please try again.')}`, 'error');
    } finally {
      setRevoking(false);
    }
  }

  return (
    <section className="card crew-feed" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your calendar</h2>
      <p className="hint">
        Subscribe to this private link in Google, Apple or Outlook Calendar to see your crew's jobs there.
      </p>
      <label className="field-label" htmlFor={`${id}-url`}>
        Private calendar link
      </label>
      <input
        ref={field}
        id={`${id}-url`}
        className="input"
        type="text"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="row section-actions">
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          Copy Link
        </button>
        <button type="button" className="btn btn--danger" disabled={revoking} onClick={() => void revoke()}>
          {revoking ? 'Revoking...' : 'Revoke Link'}
        </button>
      </div>
    </section>
  );
}

function CrewJobs() {
  useSignals();
  const schedule = useResource(
    () => client.crew.schedule(),
    () => JOBS_LOAD_FAILED,
  );
  const data = schedule.data.value;

  function replace(job: CrewJob) {
    const current = schedule.data.value;
    if (current) schedule.set({ ...current, jobs: current.jobs.map((j) => (j._id === job._id ? job : j)) });
  }

  return (
    <div className="crew-shell">
      <header className="crew-topbar">
        <Brand href="/crew" />
        <button type="button" className="btn btn--small" onClick={() => void signOutHere('crew')}>
          Log Out
        </button>
      </header>
      <main className="crew-page">
        {schedule.error.value ? (
          <div className="notice notice--error" role="alert">
            <p>{schedule.error.value}</p>
            <button type="button" className="btn btn--small" onClick={() => void schedule.refresh()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <Skeleton shape="list" rows={3} />
        ) : (
          <>
            <div className="crew-intro">
              <h1>
                <span className="crew-dot" style={{ background: data.crew.color }} aria-hidden="true" />
                {data.crew.name}
              </h1>
              <p className="muted">
                {data.businessName ? `${data.businessName} · ` : ''}
                {data.email}
              </p>
              <Link className="btn" to="/crew/route">
                Today's route
              </Link>
            </div>
            {crewDays(data.jobs, data.today).map((day) => (
              <section key={day.day} className="crew-day" aria-label={day.heading}>
                <h2>{day.heading}</h2>
                {day.jobs.length === 0 ? (
                  <p className="muted">No jobs today.</p>
                ) : (
                  <ol className="crew-jobs">
                    {day.jobs.map((job) => (
                      <JobCard
                        key={job._id}
                        job={job}
                        schedule={data}
                        onChange={replace}
                        onStale={() => void schedule.refresh()}
                      />
                    ))}
                  </ol>
                )}
              </section>
            ))}
            <CrewFeed schedule={schedule} />
            <PushSettings person="crew" />
          </>
        )}
      </main>
    </div>
  );
}

export function CrewHomePage() {
  useSignals();
  const status = sessionStatus.value;
  if (status === 'loading') return <Skeleton shape="page" />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  // An owner's session: their home is the dashboard.
  if (currentUser.value?.k !== 'crew') return <Navigate to="/dashboard" replace />;
  return <CrewJobs />;
}
