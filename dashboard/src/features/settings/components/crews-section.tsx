/**
 * Settings > Crews (issue 25): who does the jobs. Each crew, a person or a truck, does one job
 * at a time, with its own hours, start place and services; a new booking goes to the free crew
 * with the least driving. A solo owner has one crew and is only told what crews are for. The
 * list is the dashboard's shared crews resource (lib/crews.ts), so the calendar sees a change
 * made here without asking again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import {
  type Crew,
  type CrewsResponse,
  LATE_THRESHOLD_MAX,
  LATE_THRESHOLD_MIN,
  type Service,
} from '@slotwise/shared/api';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { CrewDot } from '../../../components/crew-chip.tsx';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { crewsResource } from '../../../lib/crews.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import { useFlash } from '../../../lib/use-flash.ts';
import { hoursWords, servicesWords, startWords } from '../crews.ts';
import { CrewForm } from './crew-form.tsx';
import { CrewMember } from './crew-member.tsx';

const MAILS_FAILED = 'Failed to change what mails say. Please try again.';
const LATE_FAILED = 'Failed to save when customers are told a crew runs late. Please try again.';

/** The crew whose form is open (null: a new one), or no form. */
type Editing = { crew: Crew | null } | null;

function CrewRow({
  crew,
  services,
  onEdit,
  onChange,
}: {
  crew: Crew;
  services: readonly Service[] | undefined;
  onEdit: () => void;
  /** The crew as the server answered a change of its login. */
  onChange: (crew: Crew) => void;
}) {
  const id = useId();
  return (
    <li className={crew.active ? 'crew-item' : 'crew-item is-paused'}>
      <div className="crew-summary">
        <p className="crew-name" id={`${id}-name`}>
          <CrewDot color={crew.color} />
          <span>{crew.name}</span>
          {!crew.active && <span className="crew-paused">Paused</span>}
        </p>
        <dl className="crew-facts">
          <div>
            <dt>Services</dt>
            <dd>{servicesWords(crew, services)}</dd>
          </div>
          <div>
            <dt>Hours</dt>
            <dd>{hoursWords(crew)}</dd>
          </div>
          <div>
            <dt>Starts from</dt>
            <dd>{startWords(crew)}</dd>
          </div>
        </dl>
        <CrewMember crew={crew} onChange={onChange} />
      </div>
      <button type="button" className="btn btn--small" aria-describedby={`${id}-name`} onClick={onEdit}>
        Edit
      </button>
    </li>
  );
}

function MailsSwitch({ on, onSaved }: { on: boolean; onSaved: (answer: CrewsResponse, on: boolean) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function flip(next: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await client.dashboard.crewMails({ body: { nameCrewInMails: next } }), next);
    } catch (err) {
      setFailure(serverDetail(err) ?? MAILS_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="crew-mails">
      <label className="switch-label">
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={on}
          aria-checked={on}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void flip(e.currentTarget.checked)}
        />
        Name the crew in mails to customers
      </label>
      <p id={`${id}-hint`} className="hint">
        Booking mails then say which crew is coming. Saved at once.
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/**
 * Running late (docs/decisions/049): by how many minutes a job's projected arrival may slip
 * before its customer is told, with the new time and a link to pick another.
 */
function LateThreshold({ data, onSaved }: { data: CrewsResponse; onSaved: (answer: CrewsResponse) => void }) {
  const id = useId();
  const [minutes, setMinutes] = useState(String(data.lateThresholdMinutes));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function save(e: FormEvent) {
    e.preventDefault();
    const n = Number(minutes);
    if (!Number.isInteger(n) || n < LATE_THRESHOLD_MIN || n > LATE_THRESHOLD_MAX) {
      setFailure(`Enter whole minutes from ${LATE_THRESHOLD_MIN} to ${LATE_THRESHOLD_MAX}.`);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onSaved(
        await client.dashboard.crewMails({ body: { nameCrewInMails: data.nameCrewInMails, lateThresholdMinutes: n } }),
      );
    } catch (err) {
      setFailure(serverDetail(err) ?? LATE_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="crew-late" onSubmit={(e) => void save(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-late`}>Tell customers a crew runs late by more than (minutes)</label>
        <div className="row">
          <input
            id={`${id}-late`}
            className="input crew-late-input"
            type="number"
            inputMode="numeric"
            min={LATE_THRESHOLD_MIN}
            max={LATE_THRESHOLD_MAX}
            step={5}
            value={minutes}
            aria-describedby={`${id}-late-hint`}
            aria-invalid={failure ? true : undefined}
            onChange={(e) => setMinutes(e.currentTarget.value)}
          />
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
        <p id={`${id}-late-hint`} className="hint">
          When a crew starts a job late or a job runs long, each later customer of its day whose arrival moves by more
          than this gets one text (or mail) with the new time and a link to pick another.
        </p>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </form>
  );
}

export function CrewsSection() {
  useSignals();
  const id = useId();
  const crews = useSharedResource(crewsResource);
  const services = useResource(
    async () => (await client.dashboard.services()).services,
    () => 'Failed to load your services.',
  );
  const flash = useFlash();
  const [editing, setEditing] = useState<Editing>(null);

  const loadError = crews.error.value;
  const { show } = flash;
  useEffect(() => {
    if (loadError) show({ kind: 'error', text: loadError });
  }, [loadError, show]);

  const data = crews.data.value;
  const list = data?.crews;
  const serviceList = services.data.value;

  /** The shared list with this crew as the server answered it. */
  function keep(crew: Crew) {
    const now = crews.data.peek();
    if (!now) return;
    const known = now.crews.some((c) => c._id === crew._id);
    crews.set({
      ...now,
      crews: known ? now.crews.map((c) => (c._id === crew._id ? crew : c)) : [...now.crews, crew],
    });
  }

  function saved(crew: Crew) {
    keep(crew);
    const added = !editing?.crew;
    setEditing(null);
    show({ kind: 'success', text: added ? `Crew "${crew.name}" added.` : `Crew "${crew.name}" saved.` });
  }

  function removed(answer: CrewsResponse) {
    const name = editing?.crew?.name;
    crews.set(answer);
    setEditing(null);
    show({ kind: 'success', text: `Crew "${name}" removed.` });
  }

  let body: ReactNode;
  if (!data || !list)
    body = loadError ? (
      <button type="button" className="btn" onClick={() => void crews.refresh()}>
        Try again
      </button>
    ) : (
      <Skeleton shape="list" rows={2} />
    );
  else
    body = (
      <>
        {list.length < 2 ? (
          <p className="crew-solo">
            Add a crew when more than one job can happen at a time: a second person or truck. New bookings go to the
            free crew with the least driving.
          </p>
        ) : (
          <ul className="crew-list" aria-label="Your crews">
            {list.map((c) => (
              <CrewRow
                key={c._id}
                crew={c}
                services={serviceList}
                onEdit={() => setEditing({ crew: c })}
                onChange={keep}
              />
            ))}
          </ul>
        )}
        <div className="row">
          <button type="button" className="btn btn--primary" onClick={() => setEditing({ crew: null })}>
            Add crew
          </button>
        </div>
        <LateThreshold
          data={data}
          onSaved={(answer) => {
            crews.set(answer);
            show({
              kind: 'success',
              text: `Customers are now told when a crew runs more than ${answer.lateThresholdMinutes} minutes late.`,
            });
          }}
        />
        {list.length >= 2 && (
          <MailsSwitch
            on={data.nameCrewInMails}
            onSaved={(answer, on) => {
              crews.set(answer);
              show({
                kind: 'success',
                text: on ? 'Mails to customers now name the crew.' : 'Mails to customers no longer name the crew.',
              });
            }}
          />
        )}
      </>
    );

  return (
    <section id="crews" className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Crews</h2>
      <p className="section-intro">
        Who does the jobs. Each crew, a person or a truck, does one job at a time, with its own hours, start place and
        services.
      </p>
      <FlashMessage message={flash.message} />
      {body}
      {editing && list && (
        <CrewForm
          crew={editing.crew}
          crews={list}
          services={serviceList}
          onSaved={saved}
          onRemoved={removed}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
