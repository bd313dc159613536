/**
 * Settings > Customer data (docs/product.md#customer-data): the privacy notice the booking
 * widget links, how long customers' details are kept, and the owner's answer to a
 * customer's access or deletion request (export or erase everything held about one e-mail).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type CustomerDataSettingsAnswer, RETENTION_MONTHS } from '@slotwise/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';

const LOAD_FAILED = 'Failed to load your customer data settings.';
const SAVED = 'Customer data settings updated successfully!';
const SAVE_FAILED = 'Failed to update customer data settings. Please try again.';
const EMAIL_NEEDED = "Enter the customer's e-mail address first.";
const EXPORT_FAILED = "Failed to export the customer's data. Please try again.";
const ERASE_FAILED = "Failed to erase the customer's data.";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "customer-data-ada-example.com.json": the file an access request is answered with. */
export function exportFileName(email: string): string {
  return `customer-data-${email.replace(/[^a-z0-9.-]+/gi, '-')}.json`;
}

function SettingsForm({
  initial,
  onSaved,
  flash,
}: {
  initial: CustomerDataSettingsAnswer;
  onSaved: (s: CustomerDataSettingsAnswer) => void;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [privacyUrl, setPrivacyUrl] = useState(initial.privacyUrl ?? '');
  const [months, setMonths] = useState(String(initial.retentionMonths));
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await client.dashboard.updateCustomerDataSettings({
        body: { privacyUrl: privacyUrl.trim() === '' ? null : privacyUrl.trim(), retentionMonths: Number(months) },
      });
      setPrivacyUrl(saved.privacyUrl ?? '');
      setMonths(String(saved.retentionMonths));
      onSaved(saved);
      flash({ kind: 'success', text: SAVED });
    } catch (err) {
      flash({ kind: 'error', text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <div className="field ops-wide">
        <label htmlFor={`${id}-privacy`}>Privacy notice URL</label>
        <input
          id={`${id}-privacy`}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://your-website.com/privacy"
          aria-describedby={`${id}-privacy-hint`}
          value={privacyUrl}
          onChange={(e) => setPrivacyUrl(e.currentTarget.value)}
        />
        <p id={`${id}-privacy-hint`} className="hint">
          The booking window links it beside its consent sentence. Leave it empty to use{' '}
          <a href={initial.defaultPrivacyUrl} target="_blank" rel="noopener noreferrer">
            our default notice
          </a>
          , which names your business and says what is kept and for how long.
        </p>
      </div>
      <div className="field ops-wide">
        <label htmlFor={`${id}-months`}>Anonymise customer details after (months)</label>
        <input
          id={`${id}-months`}
          className="input"
          type="number"
          inputMode="numeric"
          min={RETENTION_MONTHS.min}
          max={RETENTION_MONTHS.max}
          step={1}
          aria-describedby={`${id}-months-hint`}
          value={months}
          onChange={(e) => setMonths(e.currentTarget.value)}
        />
        <p id={`${id}-months-hint`} className="hint">
          Months after a booking ends, its customer's name, e-mail, phone and address are erased. The date, service and
          price stay in your books.
        </p>
      </div>
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/**
 * Its own message, under its buttons (on a phone the section's top is a screen away), kept
 * longer than the 3 s of a "saved": it names the bookings in the way or what was erased.
 */
const REQUEST_MESSAGE_MS = 12_000;

function Requests() {
  const id = useId();
  const message = useFlash(REQUEST_MESSAGE_MS);
  const flash = message.show;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);

  function wanted(): string | null {
    const e = email.trim();
    if (e) return e;
    flash({ kind: 'error', text: EMAIL_NEEDED });
    return null;
  }

  async function exportData() {
    const e = wanted();
    if (!e) return;
    setBusy('export');
    try {
      const data = await client.dashboard.exportCustomerData({ query: { email: e } });
      if (data.bookings.length === 0 && data.mails.length === 0 && data.waitlist.length === 0) {
        flash({ kind: 'success', text: `Nothing is held about ${data.email}.` });
        return;
      }
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), exportFileName(data.email));
      flash({
        kind: 'success',
        text: `Exported ${plural(data.bookings.length, 'booking')}${data.waitlist.length > 0 ? `, ${plural(data.waitlist.length, 'waiting list entry', 'waiting list entries')}` : ''} and ${plural(data.mails.length, 'mail')} about ${data.email}. Send the file to the customer.`,
      });
    } catch (err) {
      flash({ kind: 'error', text: EXPORT_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(null);
    }
  }

  async function erase() {
    const e = wanted();
    if (!e) return;
    const sure = window.confirm(
      `Erase everything held about ${e}? Their name, e-mail, phone and address are removed from every past booking, and the mails about them are deleted. This cannot be undone.`,
    );
    if (!sure) return;
    setBusy('erase');
    try {
      const done = await client.dashboard.eraseCustomerData({ body: { email: e } });
      flash({
        kind: 'success',
        text:
          done.erasedBookings === 0 && done.deletedMails === 0
            ? `Nothing is held about ${e}.`
            : `Erased ${e} from ${plural(done.erasedBookings, 'booking')}; ${plural(done.deletedMails, 'mail')} deleted.`,
      });
    } catch (err) {
      flash({ kind: 'error', text: ERASE_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="ops-group">
      <legend>Access and deletion requests</legend>
      <p className="hint">
        When a customer asks what you hold about them, or asks you to delete it, enter their e-mail.
      </p>
      <div className="field ops-wide">
        <label htmlFor={`${id}-email`}>Customer e-mail</label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
      </div>
      <div className="row section-actions">
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void exportData()}>
          {busy === 'export' ? 'Exporting...' : 'Export Data'}
        </button>
        <button type="button" className="btn btn--danger" disabled={busy !== null} onClick={() => void erase()}>
          {busy === 'erase' ? 'Erasing...' : 'Erase Data'}
        </button>
      </div>
      <FlashMessage message={message.message} />
    </fieldset>
  );
}

export function CustomerDataSection() {
  useSignals();
  const id = useId();
  const settings = useResource(
    () => client.dashboard.customerDataSettings(),
    () => LOAD_FAILED,
  );
  const flash = useFlash();
  const loaded = settings.data.value;

  return (
    <section className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Customer Data</h2>
      <p className="section-intro">
        What your customers are told about their details, how long you keep them, and their requests to see or delete
        them.
      </p>
      <FlashMessage message={flash.message} />
      {settings.error.value ? (
        <div className="notice notice--error" role="alert">
          <p>{settings.error.value}</p>
          <button type="button" className="btn btn--small" onClick={() => void settings.refresh()}>
            Try again
          </button>
        </div>
      ) : !loaded ? (
        <Skeleton shape="form" rows={2} />
      ) : (
        <SettingsForm initial={loaded} onSaved={(s) => settings.set(s)} flash={flash.show} />
      )}
      <Requests />
      <p className="hint">
        Switching tools? <Link to="/dashboard/clients/import">Import or export clients</Link> as a CSV file.
      </p>
    </section>
  );
}
