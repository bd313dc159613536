/**
 * "Notifications on this phone" (docs/decisions/052), for the owner (Settings > Notifications on
 * this phone) and a crew login (the crew page) alike: Turn on (the browser asks its permission only
 * on that tap), Turn off, Send a test, and a switch per kind of notice. Where push cannot work
 * (iPhone Safari outside the home-screen app, notifications blocked, an old browser) it says so
 * and how to fix it, in plain words.
 */
import type { PushKind, PushSettings as Settings } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { useEffect, useId, useState } from 'react';
import { client } from '../lib/api.ts';
import { serverDetail } from '../lib/errors.ts';
import { currentSubscription, type PushSupport, pushSupport, subscriptionInput, turnOn } from '../lib/push.ts';
import { Notice } from './notice.tsx';
import './push-settings.css';

type Role = 'owner' | 'crew';

/** The login's own five calls (the same on both sides). */
function callsOf(role: Role) {
  const c = role === 'owner' ? client.dashboard : client.crew;
  return {
    settings: () => c.pushSettings(),
    subscribe: (body: ReturnType<typeof subscriptionInput>) => c.subscribePush({ body }),
    unsubscribe: (endpoint: string) => c.unsubscribePush({ body: { endpoint } }),
    switches: (off: PushKind[]) => c.updatePushSwitches({ body: { off } }),
    test: (endpoint: string) => c.testPush({ body: { endpoint } }),
  };
}

const KIND_LABEL: Record<Role, Record<PushKind, string>> = {
  owner: {
    request: 'New requests, and a reminder when one still waits for your answer',
    cancelled: 'Cancellations by customers',
    payment: 'Payments received',
    late: 'A crew running late',
  },
  crew: {
    request: 'New requests',
    cancelled: 'Cancellations',
    payment: 'Payments received',
    late: 'Your day running late (the new arrival times)',
  },
};

function Unsupported({ support }: { support: PushSupport }) {
  if (support.kind === 'ios-browser')
    return (
      <Notice kind="warning">
        On an iPhone or iPad, notifications work only in the Slotwise app on your home screen. In Safari, tap Share,
        then Add to Home Screen; open Slotwise from your home screen and turn notifications on there.
      </Notice>
    );
  if (support.kind === 'denied')
    return (
      <Notice kind="warning">
        Notifications are blocked for this site in your browser. Allow them in the browser's site settings (the icon
        beside the address, or Settings, Notifications on your phone), then come back and tap Turn on.
      </Notice>
    );
  return (
    <Notice kind="warning">
      This browser cannot show notifications from Slotwise. Open this page in a current Chrome, Edge, Firefox or Safari
      to turn them on.
    </Notice>
  );
}

export function PushSettings({ person: role }: { person: Role }) {
  const id = useId();
  const calls = callsOf(role);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string; detail?: string | null } | null>(
    null,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once for this login.
  useEffect(() => {
    let live = true;
    calls
      .settings()
      .then((s) => live && setSettings(s))
      .catch(
        (err) =>
          live &&
          setMessage({ kind: 'error', text: 'Failed to load your notification settings.', detail: serverDetail(err) }),
      );
    currentSubscription()
      .then((sub) => live && setEndpoint(sub?.endpoint ?? null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const on = () =>
    act(async () => {
      if (!settings) return;
      try {
        let sub = await turnOn(settings.publicKey);
        if (!sub) {
          setSupport(pushSupport());
          return;
        }
        try {
          setSettings(await calls.subscribe(subscriptionInput(sub)));
        } catch (err) {
          // The browser's subscription is another login's (signed in here before): make a new one.
          if (!(err instanceof ApiError && err.code === 'PUSH_ENDPOINT_TAKEN')) throw err;
          sub = await turnOn(settings.publicKey, true);
          if (!sub) return;
          setSettings(await calls.subscribe(subscriptionInput(sub)));
        }
        setEndpoint(sub.endpoint);
        setMessage({ kind: 'success', text: 'Notifications are on for this phone.' });
      } catch (err) {
        setMessage({
          kind: 'error',
          text: 'Failed to turn notifications on. Please try again.',
          detail: serverDetail(err) ?? (err instanceof Error ? err.message : null),
        });
      }
    });

  const off = () =>
    act(async () => {
      if (!endpoint) return;
      try {
        const sub = await currentSubscription();
        setSettings(await calls.unsubscribe(endpoint));
        await sub?.unsubscribe();
        setEndpoint(null);
        setMessage({ kind: 'success', text: 'Notifications are off for this phone.' });
      } catch (err) {
        setMessage({
          kind: 'error',
          text: 'Failed to turn notifications off. Please try again.',
          detail: serverDetail(err),
        });
      }
    });

  const test = () =>
    act(async () => {
      if (!endpoint) return;
      try {
        await calls.test(endpoint);
        setMessage({ kind: 'success', text: 'Test sent: it should show on this phone within a minute.' });
      } catch (err) {
        setMessage({ kind: 'error', text: 'Failed to send the test. Please try again.', detail: serverDetail(err) });
      }
    });

  const toggle = (kind: PushKind, wanted: boolean) =>
    act(async () => {
      if (!settings) return;
      const next = wanted ? settings.off.filter((k) => k !== kind) : [...settings.off, kind];
      // The box shows the choice at once; a refusal puts it back.
      setSettings({ ...settings, off: next });
      try {
        setSettings(await calls.switches(next));
      } catch (err) {
        setSettings(settings);
        setMessage({ kind: 'error', text: 'Failed to save your choice. Please try again.', detail: serverDetail(err) });
      }
    });

  const headingId = `${id}-heading`;
  const here = endpoint !== null;
  return (
    <section className="card section push-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Notifications on this phone</h2>
      <p>
        {role === 'owner'
          ? 'Get a notice on this phone when a request waits for your answer, a customer cancels, a payment arrives or a crew runs late, even with Slotwise closed.'
          : 'Get a notice on this phone when your day runs late, with the new arrival times, even with Slotwise closed.'}
      </p>
      {support.kind !== 'ok' ? (
        <Unsupported support={support} />
      ) : (
        <div className="push-settings-actions">
          {here ? (
            <>
              <p className="push-settings-state">On for this phone.</p>
              <button type="button" className="btn" disabled={busy} onClick={test}>
                Send a test
              </button>
              <button type="button" className="btn" disabled={busy} onClick={off}>
                Turn off
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--primary" disabled={busy || !settings} onClick={on}>
              Turn on
            </button>
          )}
        </div>
      )}
      {message && (
        <Notice kind={message.kind} detail={message.detail ?? null}>
          {message.text}
        </Notice>
      )}
      {settings && (
        <fieldset className="push-settings-kinds" disabled={busy}>
          <legend>Notify me of</legend>
          {settings.kinds.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={!settings.off.includes(kind)}
                onChange={(e) => toggle(kind, e.target.checked)}
              />{' '}
              {KIND_LABEL[role][kind]}
            </label>
          ))}
          <p className="hint">
            {settings.devices === 0
              ? 'Notifications are not on for any of your devices yet.'
              : `Notifications are on for ${settings.devices} ${settings.devices === 1 ? 'device' : 'devices'} of yours. Signing out of a device turns them off there.`}
          </p>
        </fieldset>
      )}
    </section>
  );
}
