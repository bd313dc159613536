/**
 * Settings > Sales Tax (issue 43, docs/decisions/043): the tax's name as the customer reads it on
 * the invoice, its rate as a percentage typed exactly ("8.875", never a float), and the services
 * and add-ons it applies to. An add-on is taxed as ticked, whatever its service. The rate is
 * checked by the contract's own rule (shared/src/balance.ts parseTaxRate) as it is typed, so the
 * message is the server's. Invoices already issued keep the tax they were issued with.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Service, TaxSettings } from '@slotwise/shared/api';
import { formatTaxRate, MAX_TAX_RATE, parseTaxRate } from '@slotwise/shared/balance';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { useFlash } from '../../../lib/use-flash.ts';

const LOAD_FAILED = 'Failed to load your sales tax. Please try again.';
const SAVE_FAILED = 'Failed to save your sales tax. Please try again.';
const BAD_RATE = `Write the rate as a percentage from 0 to ${formatTaxRate(MAX_TAX_RATE)}, like 8.25 or 8.875.`;
const NO_NAME = 'Name the tax as your customers should read it, like "Sales tax".';

interface Loaded {
  tax: TaxSettings;
  services: Service[];
}

function toggle(ids: readonly string[], id: string, on: boolean): string[] {
  return on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id);
}

function TaxForm({ loaded, onSaved }: { loaded: Loaded; onSaved: (tax: TaxSettings) => void }) {
  const id = useId();
  const flash = useFlash();
  const [draft, setDraft] = useState<TaxSettings>(loaded.tax);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: 'rate' | 'name'; text: string } | null>(null);
  const rate = parseTaxRate(draft.ratePercent);
  const charges = rate !== null && rate > 0;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (rate === null) return setProblem({ field: 'rate', text: BAD_RATE });
    if (charges && draft.name.trim() === '') return setProblem({ field: 'name', text: NO_NAME });
    setProblem(null);
    setSaving(true);
    try {
      const saved = await client.dashboard.updateTaxSettings({ body: { ...draft, name: draft.name.trim() } });
      setDraft(saved);
      onSaved(saved);
      flash.show({
        kind: 'success',
        text: parseTaxRate(saved.ratePercent)
          ? `Sales tax saved: ${saved.name} at ${saved.ratePercent}%.`
          : 'Sales tax saved: none is charged.',
      });
    } catch (err) {
      flash.show({ kind: 'error', text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  const services = loaded.services;
  return (
    <form onSubmit={save} noValidate className="tax-form">
      <FlashMessage message={flash.message} />
      <div className="row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name on the invoice</label>
          <input
            id={`${id}-name`}
            value={draft.name}
            maxLength={60}
            placeholder="Sales tax"
            aria-invalid={problem?.field === 'name'}
            aria-describedby={problem?.field === 'name' ? `${id}-problem` : undefined}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
        </div>
        <div className="field field--narrow">
          <label htmlFor={`${id}-rate`}>Rate (%)</label>
          <input
            id={`${id}-rate`}
            inputMode="decimal"
            value={draft.ratePercent}
            placeholder="8.25"
            aria-invalid={problem?.field === 'rate'}
            aria-describedby={`${id}-rate-hint${problem?.field === 'rate' ? ` ${id}-problem` : ''}`}
            onChange={(e) => setDraft({ ...draft, ratePercent: e.currentTarget.value })}
          />
        </div>
      </div>
      <p id={`${id}-rate-hint`} className="hint">
        0 charges no tax. It is worked out once on the taxable total of an invoice and rounded to the cent.
      </p>
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem.text}
        </p>
      )}
      {services.length === 0 ? (
        <p className="hint">You have no services yet. Add them on the Services page.</p>
      ) : (
        <fieldset className="tax-items" disabled={!charges}>
          <legend className="field-label">Charged on</legend>
          {services.map((s) => (
            <div key={s._id} className="tax-service">
              <label className="clock-option">
                <input
                  type="checkbox"
                  checked={draft.serviceIds.includes(s._id)}
                  onChange={(e) =>
                    setDraft({ ...draft, serviceIds: toggle(draft.serviceIds, s._id, e.currentTarget.checked) })
                  }
                />
                {s.serviceName}
              </label>
              {(s.addOns ?? []).map((a) => (
                <label key={a._id} className="clock-option tax-add-on">
                  <input
                    type="checkbox"
                    checked={draft.addOnIds.includes(a._id)}
                    onChange={(e) =>
                      setDraft({ ...draft, addOnIds: toggle(draft.addOnIds, a._id, e.currentTarget.checked) })
                    }
                  />
                  {`Add-on: ${a.name}`}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
      )}
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Sales Tax'}
      </button>
    </form>
  );
}

export function TaxSection() {
  useSignals();
  const id = useId();
  const loaded = useResource<Loaded>(
    async () => {
      const [tax, { services }] = await Promise.all([client.dashboard.taxSettings(), client.dashboard.services()]);
      return { tax, services };
    },
    () => LOAD_FAILED,
  );
  const data = loaded.data.value;
  return (
    <section id="sales-tax" className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sales Tax</h2>
      <p className="section-intro">
        The tax your invoices add, and what it is charged on. Lines you add on the day say for themselves.
      </p>
      {loaded.error.value ? (
        <LoadFailed message={loaded.error.value} onRetry={() => void loaded.refresh()} />
      ) : !data ? (
        <Skeleton shape="form" rows={3} />
      ) : (
        <TaxForm loaded={data} onSaved={(tax) => loaded.set({ ...data, tax })} />
      )}
    </section>
  );
}
