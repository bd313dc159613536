/**
 * Settings > Payments (issue 23, docs/decisions/021): the owner's own Stripe account, connected
 * with its secret key and a webhook's signing secret (checked by the server with a live call,
 * stored encrypted, never shown again but for its last characters), and the deposit rules
 * (payment-rules-form.tsx), editable whether or not Stripe is connected yet.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { PaymentSettings } from '@slotwise/shared/api';
import { NOT_TURNED_ON } from '@slotwise/shared/not-turned-on';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { PaymentRulesForm } from './payment-rules-form.tsx';

/** A key pasted from Stripe: masked, never autocompleted or spell-checked. */
function SecretField(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="input pay-secret"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </div>
  );
}

const LOAD_FAILED = 'Failed to load your payment settings.';
const CONNECT_FAILED = 'Failed to connect Stripe. Please try again.';
const CONNECTED = 'Stripe connected.';
const DISCONNECT_CONFIRM = 'Disconnect Stripe? Customers will no longer be asked for a deposit.';
const DISCONNECTED = 'Stripe disconnected.';
const DISCONNECT_FAILED = 'Failed to disconnect Stripe. Please try again.';
const URL_COPIED = 'Webhook URL copied to clipboard!';
const URL_COPY_FAILED = 'Could not copy the webhook URL. Select it in the box and copy it by hand.';
const NEEDS_KEY = NOT_TURNED_ON.payments;
// The server's own words for an empty field (shared/src/api.ts StripeConnectRequest).
const NO_SECRET_KEY = 'Paste your Stripe secret key (it starts with sk_test_ or sk_live_).';
const NO_WEBHOOK_SECRET = 'Paste the webhook signing secret (it starts with whsec_).';

type Change = (settings: PaymentSettings) => void;

function WebhookUrl({ url }: { url: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  async function copy() {
    const ok = await copyText(url, field.current);
    showToast(ok ? URL_COPIED : URL_COPY_FAILED, ok ? 'success' : 'error');
  }
  return (
    <div className="field">
      <label htmlFor={`${id}-url`}>Webhook URL</label>
      <div className="pay-url">
        <input
          ref={field}
          id={`${id}-url`}
          className="input pay-url__input"
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn" aria-label="Copy webhook URL" onClick={copy}>
          Copy
        </button>
      </div>
    </div>
  );
}

function ConnectForm({
  settings,
  onChange,
  flash,
}: {
  settings: PaymentSettings;
  onChange: Change;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [busy, setBusy] = useState(false);

  async function connect(event: FormEvent) {
    event.preventDefault();
    const key = secretKey.trim();
    const secret = webhookSecret.trim();
    if (!key || !secret) {
      flash({ kind: 'error', text: key ? NO_WEBHOOK_SECRET : NO_SECRET_KEY });
      return;
    }
    setBusy(true);
    try {
      const connected = await client.dashboard.connectStripe({ body: { secretKey: key, webhookSecret: secret } });
      flash({ kind: 'success', text: CONNECTED });
      onChange(connected);
    } catch (err) {
      flash({ kind: 'error', text: serverDetail(err) ?? CONNECT_FAILED });
      setBusy(false);
    }
  }

  return (
    <form className="pay-connect" onSubmit={connect} noValidate aria-label="Connect Stripe">
      {!settings.canConnect && <Notice kind="warning">{NEEDS_KEY}</Notice>}
      <fieldset className="pay-connect__fields" disabled={!settings.canConnect || busy}>
        <SecretField
          id={`${id}-key`}
          label="Stripe secret key"
          placeholder="sk_live_… or sk_test_…"
          value={secretKey}
          onChange={setSecretKey}
        />
        <p className="pay-howto">
          In Stripe, add a webhook endpoint with this URL, for the events checkout.session.completed and
          checkout.session.expired, then paste its signing secret:
        </p>
        <WebhookUrl url={settings.webhookUrl} />
        <SecretField
          id={`${id}-whsec`}
          label="Webhook signing secret"
          placeholder="whsec_…"
          value={webhookSecret}
          onChange={setWebhookSecret}
        />
        <button type="submit" className="btn btn--primary">
          {busy ? 'Checking with Stripe…' : 'Connect Stripe'}
        </button>
      </fieldset>
    </form>
  );
}

function ConnectedAccount({
  settings,
  onChange,
  flash,
}: {
  settings: PaymentSettings;
  onChange: Change;
  flash: (f: Flash) => void;
}) {
  const [busy, setBusy] = useState(false);
  const stripe = settings.stripe;
  if (!stripe) return null;
  const live = stripe.mode === 'live';

  async function disconnect() {
    if (!window.confirm(DISCONNECT_CONFIRM)) return;
    setBusy(true);
    try {
      const after = await client.dashboard.disconnectStripe();
      flash({ kind: 'success', text: DISCONNECTED });
      onChange(after);
    } catch (err) {
      flash({ kind: 'error', text: serverDetail(err) ?? DISCONNECT_FAILED });
      setBusy(false);
    }
  }

  return (
    <div className="pay-account">
      <p className="pay-account__name">
        <span>{`Connected to ${stripe.accountName} (${stripe.accountId})`}</span>
        <span className={`pay-mode pay-mode--${live ? 'live' : 'test'}`}>{live ? 'Live mode' : 'Test mode'}</span>
      </p>
      <p className="hint pay-account__key">{`Key ${stripe.keyHint}`}</p>
      <WebhookUrl url={settings.webhookUrl} />
      <div className="row">
        <button type="button" className="btn btn--danger" disabled={busy} onClick={disconnect}>
          {busy ? 'Disconnecting...' : 'Disconnect'}
        </button>
      </div>
    </div>
  );
}

/** The Stripe account: connected, or the form to connect it; its messages outlive the switch between the two. */
function StripeAccount({ settings, onChange }: { settings: PaymentSettings; onChange: Change }) {
  const flash = useFlash();
  return (
    <div className="pay-stripe">
      <FlashMessage message={flash.message} />
      {settings.stripe ? (
        <ConnectedAccount settings={settings} onChange={onChange} flash={flash.show} />
      ) : (
        <ConnectForm settings={settings} onChange={onChange} flash={flash.show} />
      )}
    </div>
  );
}

export function PaymentsSection() {
  useSignals();
  const id = useId();
  const settings = useResource(
    () => client.dashboard.paymentSettings(),
    () => LOAD_FAILED,
  );
  const data = settings.data.value;
  return (
    <section id="payments" className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Payments</h2>
      <p className="section-intro">Take a deposit when customers book, paid by card through your own Stripe account.</p>
      {settings.error.value ? (
        <LoadFailed message={settings.error.value} onRetry={() => void settings.refresh()} />
      ) : !data ? (
        <Skeleton shape="form" rows={3} />
      ) : (
        <>
          <StripeAccount settings={data} onChange={settings.set} />
          <PaymentRulesForm initial={data} connected={data.stripe !== null} onSaved={settings.set} />
        </>
      )}
    </section>
  );
}
