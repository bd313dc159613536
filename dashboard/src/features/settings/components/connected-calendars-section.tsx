/**
 * Settings > Connected Calendars (issue 27, docs/decisions/025): the owner's own calendars
 * (Google, Apple, Outlook, any CalDAV server's ICS export), connected by their secret address,
 * whose events block the booking times. Each one shows when it was last read, how many busy
 * events it had and, when reading it fails, the server's words for why; Refresh reads it again
 * now, Remove disconnects it. The address is sent once and never shown again: only a hint of it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ConnectedCalendar, ConnectedCalendars, Crew } from '@slotwise/shared/api';
import { NOT_TURNED_ON } from '@slotwise/shared/not-turned-on';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { crewsResource, namesCrews } from '../../../lib/crews.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { readWords, whenWords, whoseWords } from '../connected-calendars.ts';

const LOAD_FAILED = 'Failed to load your connected calendars.';
const CONNECT_FAILED = 'Failed to connect the calendar. Please try again.';
const REFRESH_FAILED = 'Failed to read the calendar again. Please try again.';
const REMOVE_FAILED = 'Failed to disconnect the calendar. Please try again.';
const TITLES_FAILED = 'Failed to change how your calendar shows these events. Please try again.';
const NEEDS_KEY = NOT_TURNED_ON.calendars;
// The server's own words for empty fields (shared/src/api.ts ConnectCalendarRequest).
const NO_LABEL = 'Label is required.';
const NO_ADDRESS = "Paste the calendar's secret address (it starts with https:// or webcal://).";

type Change = (answer: ConnectedCalendars) => void;

const events = (n: number) => `${n} busy event${n === 1 ? '' : 's'}`;

function CalendarRow({
  calendar,
  crews,
  timeZone,
  onChange,
  flash,
}: {
  calendar: ConnectedCalendar;
  crews: readonly Crew[] | undefined;
  timeZone: string;
  onChange: Change;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState<'refresh' | 'remove' | null>(null);
  const now = Date.now();
  const whose = whoseWords(calendar, crews);

  async function refresh() {
    setBusy('refresh');
    try {
      const answer = await client.dashboard.refreshCalendar({ params: { id: calendar._id } });
      onChange(answer);
      const after = answer.calendars.find((c) => c._id === calendar._id);
      if (after?.lastError)
        flash({ kind: 'error', text: `"${calendar.label}" could not be read.`, detail: after.lastError });
      else if (after) flash({ kind: 'success', text: `"${calendar.label}" read again: ${events(after.eventsFound)}.` });
    } catch (err) {
      flash({ kind: 'error', text: REFRESH_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!window.confirm(`Disconnect "${calendar.label}"? Its events stop blocking your booking times at once.`)) return;
    setBusy('remove');
    try {
      onChange(await client.dashboard.removeCalendar({ params: { id: calendar._id } }));
      flash({ kind: 'success', text: `"${calendar.label}" disconnected.` });
    } catch (err) {
      flash({ kind: 'error', text: REMOVE_FAILED, detail: serverDetail(err) });
      setBusy(null);
    }
  }

  return (
    <li className="conn-item">
      <div className="conn-summary">
        <p className="conn-name" id={`${id}-name`}>
          {calendar.label}
        </p>
        <p className="hint conn-hint">
          {calendar.hint}
          {whose ? ` · ${whose}` : ''}
        </p>
        <p className="conn-read">{readWords(calendar, now, timeZone)}</p>
        {calendar.lastError && (
          <p className="conn-error">
            {calendar.stale
              ? 'Not read for a day: its events no longer block your times. '
              : 'Its last events read still block your times. '}
            {calendar.lastFetchedAt ? `Last try ${whenWords(calendar.lastFetchedAt, now, timeZone)}: ` : ''}
            {calendar.lastError}
          </p>
        )}
      </div>
      <div className="row conn-actions">
        <button
          type="button"
          className="btn btn--small"
          aria-describedby={`${id}-name`}
          disabled={busy !== null}
          onClick={() => void refresh()}
        >
          {busy === 'refresh' ? 'Reading...' : 'Refresh'}
        </button>
        <button
          type="button"
          className="btn btn--small btn--danger"
          aria-describedby={`${id}-name`}
          disabled={busy !== null}
          onClick={() => void remove()}
        >
          {busy === 'remove' ? 'Removing...' : 'Remove'}
        </button>
      </div>
    </li>
  );
}

function AddCalendarForm({
  canConnect,
  crews,
  onChange,
  flash,
}: {
  canConnect: boolean;
  crews: readonly Crew[] | undefined;
  onChange: Change;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [crewId, setCrewId] = useState('');
  const [busy, setBusy] = useState(false);
  // Why the calendar was refused stays until the next try: it says what to copy instead.
  const [problem, setProblem] = useState<string | null>(null);
  const named = namesCrews(crews);

  async function connect(event: FormEvent) {
    event.preventDefault();
    const name = label.trim();
    const secretUrl = address.trim();
    if (!name || !secretUrl) {
      setProblem(name ? NO_ADDRESS : NO_LABEL);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await client.dashboard.connectCalendar({
        body: { label: name, secretUrl, crewId: named && crewId ? crewId : null },
      });
      const added = answer.calendars.at(-1);
      onChange(answer);
      setLabel('');
      setAddress('');
      setCrewId('');
      flash({ kind: 'success', text: `"${name}" connected${added ? `: ${events(added.eventsFound)}` : ''}.` });
    } catch (err) {
      setProblem(serverDetail(err) ?? CONNECT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="conn-add" onSubmit={connect} noValidate aria-label="Connect a calendar">
      <h3 className="conn-add__title">Connect a calendar</h3>
      <fieldset className="conn-add__fields" disabled={!canConnect || busy}>
        <div className="field field--narrow">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            className="input"
            type="text"
            maxLength={40}
            placeholder="Personal"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-url`}>Secret address (iCal)</label>
          <input
            id={`${id}-url`}
            className="input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://calendar.google.com/calendar/ical/.../basic.ics"
            aria-describedby={`${id}-url-hint`}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
          <p id={`${id}-url-hint`} className="hint">
            Keep it private: anyone with it can read your calendar. Slotwise stores it encrypted and shows only its end.
          </p>
        </div>
        <details className="conn-howto">
          <summary>Where do I find it?</summary>
          <ul>
            <li>
              Google Calendar: Settings, your calendar, Integrate calendar, <q>Secret address in iCal format</q>.
            </li>
            <li>Apple (iCloud): Calendar, share the calendar as a Public Calendar, copy its link (webcal:// works).</li>
            <li>Outlook: Settings, Calendar, Shared calendars, Publish a calendar, copy the ICS link.</li>
            <li>Other calendars (CalDAV): the calendar's export or subscription address ending in .ics.</li>
          </ul>
        </details>
        {named && crews && (
          <div className="field field--narrow">
            <label htmlFor={`${id}-crew`}>Whose calendar</label>
            <select
              id={`${id}-crew`}
              className="input"
              value={crewId}
              aria-describedby={`${id}-crew-hint`}
              onChange={(e) => setCrewId(e.currentTarget.value)}
            >
              <option value="">Everyone's (blocks every crew)</option>
              {crews.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
            <p id={`${id}-crew-hint`} className="hint">
              A crew member's own calendar blocks only that crew's times.
            </p>
          </div>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn--primary">
          {busy ? 'Reading your calendar...' : 'Connect Calendar'}
        </button>
      </fieldset>
    </form>
  );
}

function TitlesSwitch({ on, onChange, flash }: { on: boolean; onChange: Change; flash: (f: Flash) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  async function flip(next: boolean) {
    setBusy(true);
    try {
      onChange(await client.dashboard.calendarTitles({ body: { showTitles: next } }));
    } catch (err) {
      flash({ kind: 'error', text: TITLES_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="conn-titles">
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
        Show event titles on my calendar
      </label>
      <p id={`${id}-hint`} className="hint">
        Off: your Calendar page shows them as "Busy (Personal)". Customers never see them either way. Saved at once.
      </p>
    </div>
  );
}

export function ConnectedCalendarsSection() {
  useSignals();
  const id = useId();
  const calendars = useResource(
    () => client.dashboard.connectedCalendars(),
    () => LOAD_FAILED,
  );
  const crews = useSharedResource(crewsResource);
  const profile = useSharedResource(businessProfile);
  const flash = useFlash();
  const data = calendars.data.value;
  const crewList = crews.data.value?.crews;
  const timeZone = profile.data.value?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <section id="calendars" className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Connected Calendars</h2>
      <p className="section-intro">
        Your own appointments block your booking times: connect your Google, Apple or Outlook calendar by its secret
        address, and customers are never offered a time over your events. Slotwise reads it every 10 minutes.
      </p>
      <FlashMessage message={flash.message} />
      {calendars.error.value ? (
        <LoadFailed message={calendars.error.value} onRetry={() => void calendars.refresh()} />
      ) : !data ? (
        <Skeleton shape="form" rows={2} />
      ) : (
        <>
          {!data.canConnect && <Notice kind="warning">{NEEDS_KEY}</Notice>}
          {data.calendars.length > 0 && (
            <ul className="conn-list" aria-label="Your connected calendars">
              {data.calendars.map((c) => (
                <CalendarRow
                  key={c._id}
                  calendar={c}
                  crews={crewList}
                  timeZone={timeZone}
                  onChange={calendars.set}
                  flash={flash.show}
                />
              ))}
            </ul>
          )}
          <AddCalendarForm canConnect={data.canConnect} crews={crewList} onChange={calendars.set} flash={flash.show} />
          {data.calendars.length > 0 && (
            <TitlesSwitch on={data.showTitles} onChange={calendars.set} flash={flash.show} />
          )}
        </>
      )}
    </section>
  );
}
