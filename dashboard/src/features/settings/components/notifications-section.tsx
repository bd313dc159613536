/**
 * Settings > Notifications (issue 26, docs/decisions/027): every message a booking sends with its
 * channels (the mail always goes; the text has a switch), the exact text of each for a sample
 * booking with its length in characters and segments, the owner's own Twilio account (checked by
 * the server with Twilio, its token stored encrypted and never shown again), review requests,
 * "Send me a test", and the messages that could not be delivered with Send again (docs/decisions/032).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { NotificationSettings, TextKind } from '@slotwise/shared/api';
import { NOT_TURNED_ON } from '@slotwise/shared/not-turned-on';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { formatPhone, loadPhoneFormat } from '../../../lib/phone.ts';
import { useResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { UndeliveredSection } from './undelivered-section.tsx';

const LOAD_FAILED = 'Failed to load your notification settings.';
const SAVED = 'Notification settings saved.';
const SAVE_FAILED = 'Failed to save your notification settings. Please try again.';
const CONNECT_FAILED = 'Failed to connect Twilio. Please try again.';
const TEST_FAILED = 'Failed to send the test. Please try again.';
const DISCONNECT_CONFIRM = 'Disconnect Twilio? No more texts will be sent; mails go on as before.';
/** The delays a review request may wait after a job is completed, in hours; null: no requests. */
const REVIEW_DELAYS: [string, number | null][] = [
  ['Off', null],
  ['Right away', 0],
  ['1 hour later', 1],
  ['2 hours later', 2],
  ['4 hours later', 4],
  ['The next day', 24],
  ['2 days later', 48],
];

type Change = (s: NotificationSettings) => void;

function lengthWords(p: NotificationSettings['messages'][number]['preview']): string {
  return `${p.characters} characters, ${p.segments} ${p.segments === 1 ? 'segment' : 'segments'} (${p.encoding})`;
}

function TwilioForm({
  settings,
  onChange,
  flash,
}: {
  settings: NotificationSettings;
  onChange: Change;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [accountSid, setSid] = useState('');
  const [authToken, setToken] = useState('');
  const [sender, setSender] = useState('');
  const [busy, setBusy] = useState(false);
  async function connect(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      onChange(await client.dashboard.connectTwilio({ body: { accountSid, authToken, sender } }));
      flash({ kind: 'success', text: 'Twilio connected.' });
    } catch (err) {
      flash({ kind: 'error', text: serverDetail(err) ?? CONNECT_FAILED });
      setBusy(false);
    }
  }
  return (
    <form className="notif-connect" onSubmit={connect} noValidate aria-label="Connect Twilio">
      {!settings.canConnect && <Notice kind="warning">{NOT_TURNED_ON.texts}</Notice>}
      <fieldset className="notif-connect__fields" disabled={!settings.canConnect || busy}>
        <div className="field">
          <label htmlFor={`${id}-sid`}>Account SID</label>
          <input
            id={`${id}-sid`}
            className="input"
            autoComplete="off"
            spellCheck={false}
            placeholder="AC…"
            value={accountSid}
            onChange={(e) => setSid(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-token`}>Auth token</label>
          <input
            id={`${id}-token`}
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={authToken}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-sender`}>Texts come from</label>
          <input
            id={`${id}-sender`}
            className="input"
            autoComplete="off"
            spellCheck={false}
            placeholder="+1 512 555 0100 or MG…"
            value={sender}
            onChange={(e) => setSender(e.currentTarget.value)}
          />
          <p className="hint">One of your Twilio numbers, or a Messaging Service SID.</p>
        </div>
        <button type="submit" className="btn btn--primary">
          {busy ? 'Checking with Twilio…' : 'Connect Twilio'}
        </button>
      </fieldset>
    </form>
  );
}

function TwilioAccount({ settings, onChange }: { settings: NotificationSettings; onChange: Change }) {
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  const twilio = settings.twilio;
  async function disconnect() {
    if (!window.confirm(DISCONNECT_CONFIRM)) return;
    setBusy(true);
    try {
      onChange(await client.dashboard.disconnectTwilio());
      flash.show({ kind: 'success', text: 'Twilio disconnected.' });
    } catch (err) {
      flash.show({ kind: 'error', text: serverDetail(err) ?? 'Failed to disconnect Twilio. Please try again.' });
    }
    setBusy(false);
  }
  return (
    <div className="notif-twilio">
      <FlashMessage message={flash.message} />
      {settings.delivery === 'log' && <Notice kind="warning">{NOT_TURNED_ON.textsToFiles}</Notice>}
      {twilio ? (
        <div className="notif-account">
          <p>{`Texting from ${twilio.sender.startsWith('+') ? formatPhone(twilio.sender) : twilio.sender} (Twilio account ${twilio.accountSid})`}</p>
          <p className="hint">{`Auth token ${twilio.tokenHint}`}</p>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={disconnect}>
            {busy ? 'Disconnecting...' : 'Disconnect'}
          </button>
        </div>
      ) : (
        <TwilioForm settings={settings} onChange={onChange} flash={flash.show} />
      )}
      <div className="field">
        <label htmlFor="notif-webhook">Incoming messages webhook</label>
        <input
          id="notif-webhook"
          className="input"
          readOnly
          value={settings.webhookUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <p className="hint">
          In Twilio, set it as your number's “A message comes in” webhook (HTTP POST), so replies of STOP, START and
          HELP reach Slotwise.
        </p>
      </div>
    </div>
  );
}

function MessagesForm({ settings, onChange }: { settings: NotificationSettings; onChange: Change }) {
  const id = useId();
  const flash = useFlash();
  const [texts, setTexts] = useState(() => Object.fromEntries(settings.messages.map((m) => [m.kind, m.text])));
  const [reviewUrl, setReviewUrl] = useState(settings.reviewUrl ?? '');
  const [delay, setDelay] = useState(settings.reviewDelayHours === null ? '' : String(settings.reviewDelayHours));
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await client.dashboard.updateNotificationSettings({
        body: {
          ownerTexts: texts.ownerNew === true,
          reminder2h: texts.reminder2h === true,
          textsOff: settings.messages.filter((m) => !texts[m.kind]).map((m) => m.kind as TextKind),
          reviewUrl: reviewUrl.trim() || null,
          reviewDelayHours: delay === '' ? null : Number(delay),
        },
      });
      onChange(saved);
      flash.show({ kind: 'success', text: SAVED });
    } catch (err) {
      flash.show({ kind: 'error', text: serverDetail(err) ?? SAVE_FAILED });
    }
    setBusy(false);
  }

  async function test() {
    try {
      const sent = await client.dashboard.sendTestText();
      showToast(`Test text sent to ${formatPhone(sent.to)}.`, 'success');
    } catch (err) {
      showToast(serverDetail(err) ?? TEST_FAILED, 'error');
    }
  }

  return (
    <form className="notif-messages" onSubmit={save} noValidate aria-label="Messages">
      <ul className="notif-list">
        {settings.messages.map((m) => (
          <li key={m.kind} className="notif-item">
            <div className="notif-item__head">
              <span className="notif-item__name">{m.label}</span>
              <span className="notif-item__to">{m.to === 'owner' ? 'To you' : 'To the customer'}</span>
            </div>
            <div className="notif-item__channels">
              <span className="notif-channel">
                {m.mail === null ? 'Mail: none' : m.mail ? 'Mail: always' : 'Mail: off'}
              </span>
              <label className="notif-channel notif-switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={texts[m.kind] === true}
                  aria-label={`Text: ${m.label}`}
                  checked={texts[m.kind] === true}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setTexts((t) => ({ ...t, [m.kind]: on }));
                  }}
                />
                <span>Text</span>
              </label>
            </div>
            <p className="notif-preview">{m.preview.text}</p>
            <p className="hint">{lengthWords(m.preview)}</p>
          </li>
        ))}
      </ul>
      <p className="hint">
        Previews show a customer's first text, which ends with “Reply STOP to opt out.”; later ones leave it out.
        Customers get texts only when they tick “Text me updates about this booking”.
      </p>
      <h3 className="notif-subhead">Review requests</h3>
      <div className="field">
        <label htmlFor={`${id}-delay`}>Ask for a review</label>
        <select id={`${id}-delay`} className="input" value={delay} onChange={(e) => setDelay(e.currentTarget.value)}>
          {REVIEW_DELAYS.map(([label, hours]) => (
            <option key={label} value={hours === null ? '' : String(hours)}>
              {label}
            </option>
          ))}
        </select>
        <p className="hint">After a job is marked completed, once per booking.</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>Your review link</label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          placeholder="https://g.page/r/…/review"
          value={reviewUrl}
          onChange={(e) => setReviewUrl(e.currentTarget.value)}
        />
        <p className="hint">
          Every customer who rates is offered this link (your Google Business Profile's “Ask for reviews” link),
          whatever the stars, and may also send you a private note.
        </p>
      </div>
      <FlashMessage message={flash.message} />
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn" onClick={test}>
          Send me a test
        </button>
      </div>
    </form>
  );
}

export function NotificationsSection() {
  useSignals();
  const id = useId();
  useEffect(() => {
    void loadPhoneFormat();
  }, []);
  const settings = useResource(
    () => client.dashboard.notificationSettings(),
    () => LOAD_FAILED,
  );
  const data = settings.data.value;
  return (
    <section id="notifications" className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Notifications</h2>
      <p className="section-intro">
        Mails always go. Texts go through your own Twilio account to customers who agree to them, and to you if you
        like.
      </p>
      {settings.error.value ? (
        <LoadFailed message={settings.error.value} onRetry={() => void settings.refresh()} />
      ) : !data ? (
        <Skeleton shape="form" rows={4} />
      ) : (
        <>
          <TwilioAccount settings={data} onChange={settings.set} />
          <MessagesForm
            key={JSON.stringify(data.messages.map((m) => m.text))}
            settings={data}
            onChange={settings.set}
          />
        </>
      )}
      <UndeliveredSection headingId={`${id}-undelivered`} />
    </section>
  );
}
