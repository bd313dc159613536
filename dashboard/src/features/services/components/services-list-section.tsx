import { useSignals } from '@preact/signals-react/runtime';
import type { Service, ServiceInput } from '@slotwise/shared/api';
import type { ServiceConfirmation } from '@slotwise/shared/confirmation';
import { DEFAULT_SERVICE } from '@slotwise/shared/domain';
import { formatUsd } from '@slotwise/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { AmountOrPercentField } from '../../../components/amount-or-percent-field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { type Checked, DEPOSIT_BOUNDS } from '../../../lib/deposit-rule.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import {
  DEPOSIT_CHOICES,
  type DepositChoice,
  type DepositDraft,
  depositDraftFrom,
  depositFrom,
  depositNote,
} from '../service-deposit.ts';
import { type PlansDraft, plansDraftFrom, plansFrom, plansNote } from '../service-plans.ts';
import { AddOnFields, type AddOnRow, addOnsDraftFrom, addOnsFrom } from './add-on-fields.tsx';
import { PlanOfferFields } from './plan-offer-fields.tsx';
import { photoRequestNote, ServicePhotoRequestEditor } from './service-photo-request.tsx';
import { ServiceStepsEditor } from './service-steps.tsx';

const SERVICE_FIELDS_REQUIRED = 'Please provide a service name, duration, and price.';

interface Draft extends DepositDraft {
  serviceName: string;
  duration: string;
  price: string;
  plans: PlansDraft;
  addOns: AddOnRow[];
  confirmation: ServiceConfirmation;
  /** The service's choice when the form opened: an unchanged 'business' is left out of what is sent. */
  confirmationWas: ServiceConfirmation;
}
type Failure = { text: string; detail: string | null };

/**
 * The draft as the API wants it (deposit null: the business's rule; plans always sent, [] for a
 * service booked just once, since the form shows them all), or what is missing or wrong.
 */
function toInput(d: Draft): Checked<ServiceInput> {
  if (!d.serviceName.trim() || d.duration.trim() === '' || d.price.trim() === '')
    return { ok: false, error: SERVICE_FIELDS_REQUIRED };
  const deposit = depositFrom(d);
  if (!deposit.ok) return deposit;
  const plans = plansFrom(d.plans);
  if (!plans.ok) return plans;
  const addOns = addOnsFrom(d.addOns);
  if (!addOns.ok) return addOns;
  return {
    ok: true,
    value: {
      serviceName: d.serviceName.trim(),
      duration: Number(d.duration),
      price: Number(d.price),
      deposit: deposit.value,
      plans: plans.value,
      addOns: addOns.value,
      ...(d.confirmation === 'business' && d.confirmationWas === 'business' ? {} : { confirmation: d.confirmation }),
    },
  };
}

/** Who confirms this service's bookings (docs/product.md#confirming-bookings). */
const CONFIRMATION_CHOICES: readonly { value: ServiceConfirmation; label: string }[] = [
  { value: 'business', label: 'Use the business setting' },
  { value: 'myself', label: 'Confirm myself' },
  { value: 'automatically', label: 'Confirm automatically' },
];

/** The line under a service that does not follow the business setting; nothing for one that does. */
function confirmationNote(c: Service['confirmation']): string | null {
  if (c === 'myself') return 'You confirm its bookings yourself';
  if (c === 'automatically') return 'Its bookings are confirmed automatically';
  return null;
}

function ConfirmationField({
  value,
  onChange,
  idPrefix,
}: {
  value: ServiceConfirmation;
  onChange: (c: ServiceConfirmation) => void;
  idPrefix: string;
}) {
  return (
    <div className="field">
      <label htmlFor={`${idPrefix}-confirmation`}>Confirming bookings</label>
      <select
        id={`${idPrefix}-confirmation`}
        className="input"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as ServiceConfirmation)}
        aria-describedby={`${idPrefix}-confirmation-hint`}
      >
        {CONFIRMATION_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <p id={`${idPrefix}-confirmation-hint`} className="hint">
        The business setting is in <Link to="/dashboard/settings/confirming">Settings</Link>.
      </p>
    </div>
  );
}

/** Deposit: the business's rule or one of the service's own, with its amount or percent when it needs one. */
function DepositFields({
  draft,
  onChange,
  idPrefix,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  idPrefix: string;
}) {
  const fixed = draft.deposit === 'fixed';
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-deposit`}>Deposit</label>
        <select
          id={`${idPrefix}-deposit`}
          className="input"
          value={draft.deposit}
          onChange={(e) => onChange({ ...draft, deposit: e.currentTarget.value as DepositChoice })}
        >
          {DEPOSIT_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {(fixed || draft.deposit === 'percent') && (
        <AmountOrPercentField
          id={`${idPrefix}-deposit-value`}
          label={fixed ? 'Deposit amount ($)' : 'Deposit percent (%)'}
          percent={!fixed}
          bounds={DEPOSIT_BOUNDS[fixed ? 'fixed' : 'percent']}
          value={fixed ? draft.depositAmount : draft.depositPercent}
          onChange={(value) =>
            onChange(fixed ? { ...draft, depositAmount: value } : { ...draft, depositPercent: value })
          }
        />
      )}
    </>
  );
}

function ServiceFields({
  draft,
  onChange,
  idPrefix,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  idPrefix: string;
}) {
  return (
    <div className="service-fields">
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>Service Name</label>
        <input
          id={`${idPrefix}-name`}
          className="input"
          type="text"
          maxLength={120}
          placeholder="e.g. Full Detail"
          value={draft.serviceName}
          onChange={(e) => onChange({ ...draft, serviceName: e.currentTarget.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-duration`}>Duration (minutes)</label>
        <input
          id={`${idPrefix}-duration`}
          className="input"
          type="number"
          inputMode="numeric"
          min={5}
          step={5}
          value={draft.duration}
          onChange={(e) => onChange({ ...draft, duration: e.currentTarget.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-price`}>Price ($)</label>
        <input
          id={`${idPrefix}-price`}
          className="input"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={draft.price}
          onChange={(e) => onChange({ ...draft, price: e.currentTarget.value })}
        />
      </div>
      <DepositFields draft={draft} onChange={onChange} idPrefix={idPrefix} />
      <ConfirmationField
        value={draft.confirmation}
        onChange={(confirmation) => onChange({ ...draft, confirmation })}
        idPrefix={idPrefix}
      />
      <PlanOfferFields plans={draft.plans} onChange={(plans) => onChange({ ...draft, plans })} idPrefix={idPrefix} />
      <AddOnFields rows={draft.addOns} onChange={(addOns) => onChange({ ...draft, addOns })} idPrefix={idPrefix} />
    </div>
  );
}

const emptyDraft = (): Draft => ({
  serviceName: '',
  duration: String(DEFAULT_SERVICE.duration),
  price: String(DEFAULT_SERVICE.price),
  ...depositDraftFrom(null),
  plans: plansDraftFrom(null),
  addOns: [],
  confirmation: 'business',
  confirmationWas: 'business',
});

function ServiceItem({
  service,
  onSaved,
  onDeleted,
  onFailure,
}: {
  service: Service;
  onSaved: (s: Service) => void;
  onDeleted: (id: string) => void;
  onFailure: (f: Failure | null) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [steps, setSteps] = useState(false);
  const [photos, setPhotos] = useState(false);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [busy, setBusy] = useState(false);

  function startEdit() {
    onFailure(null);
    setDraft({
      serviceName: service.serviceName,
      duration: String(service.duration),
      price: String(service.price),
      ...depositDraftFrom(service.deposit),
      plans: plansDraftFrom(service.plans),
      addOns: addOnsDraftFrom(service.addOns),
      confirmation: service.confirmation ?? 'business',
      confirmationWas: service.confirmation ?? 'business',
    });
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const input = toInput(draft);
    if (!input.ok) {
      onFailure({ text: input.error, detail: null });
      return;
    }
    setBusy(true);
    onFailure(null);
    try {
      onSaved(await client.dashboard.editService({ params: { id: service._id }, body: input.value }));
      setEditing(false);
    } catch (err) {
      onFailure({ text: 'Failed to update service', detail: serverDetail(err) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete the service "${service.serviceName}"? Customers will no longer be able to book it.`))
      return;
    setBusy(true);
    onFailure(null);
    try {
      await client.dashboard.deleteService({ params: { id: service._id } });
      onDeleted(service._id);
    } catch (err) {
      onFailure({ text: 'Failed to delete service', detail: serverDetail(err) });
      setBusy(false);
    }
  }

  const note = depositNote(service.deposit);
  const plans = plansNote(service.plans);
  if (editing) {
    return (
      <li className="service-item service-item--editing">
        <form onSubmit={save} noValidate aria-label={`Edit ${service.serviceName}`}>
          <ServiceFields draft={draft} onChange={setDraft} idPrefix={id} />
          <div className="row">
            <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
              Save
            </button>
            <button type="button" className="btn btn--small" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="service-item">
      <div className="service-summary">
        <p className="service-name" id={`${id}-name`}>
          {service.serviceName}
        </p>
        <p className="muted">
          {service.duration} min · {formatUsd(service.price)}
        </p>
        {note && <p className="service-deposit">{note}</p>}
        {confirmationNote(service.confirmation) && <p className="muted">{confirmationNote(service.confirmation)}</p>}
        {service.addOns && service.addOns.length > 0 && (
          <p className="muted">Add-ons: {service.addOns.map((a) => `${a.name} +${formatUsd(a.price)}`).join(', ')}</p>
        )}
        {photoRequestNote(service.photoRequest) && <p className="muted">{photoRequestNote(service.photoRequest)}</p>}
        {plans && (
          <p className="service-plans">
            <span className="visually-hidden">Plans: </span>
            <span aria-hidden="true">↻ </span>
            <span>{plans}</span>
          </p>
        )}
      </div>
      <div className="row">
        <button type="button" className="btn btn--small" aria-describedby={`${id}-name`} onClick={startEdit}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn--small"
          aria-describedby={`${id}-name`}
          aria-expanded={steps}
          onClick={() => setSteps(!steps)}
        >
          Job steps
        </button>
        <button
          type="button"
          className="btn btn--small"
          aria-describedby={`${id}-name`}
          aria-expanded={photos}
          onClick={() => setPhotos(!photos)}
        >
          Customer photos
        </button>
        <button
          type="button"
          className="btn btn--danger btn--small"
          aria-describedby={`${id}-name`}
          disabled={busy}
          onClick={remove}
        >
          Delete
        </button>
      </div>
      {steps && (
        <ServiceStepsEditor serviceId={service._id} serviceName={service.serviceName} onClose={() => setSteps(false)} />
      )}
      {photos && (
        <ServicePhotoRequestEditor
          serviceId={service._id}
          serviceName={service.serviceName}
          request={service.photoRequest}
          onSaved={(photoRequest) =>
            onSaved(photoRequest.ask === 'off' ? { ...service, photoRequest: undefined } : { ...service, photoRequest })
          }
          onClose={() => setPhotos(false)}
        />
      )}
    </li>
  );
}

export function ServicesListSection() {
  useSignals();
  const id = useId();
  const services = useResource(
    async () => (await client.dashboard.services()).services,
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch services'),
  );
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const list = services.data.value;
  const current = () => services.data.peek() ?? [];

  async function add(event: FormEvent) {
    event.preventDefault();
    const input = toInput(draft);
    if (!input.ok) {
      setFailure({ text: input.error, detail: null });
      return;
    }
    setFailure(null);
    setAdding(true);
    try {
      const created = await client.dashboard.addService({ body: input.value });
      services.set([...current(), created]);
      setDraft(emptyDraft());
    } catch (err) {
      setFailure({ text: 'Failed to add service', detail: serverDetail(err) });
    } finally {
      setAdding(false);
    }
  }

  return (
    <section id="services-list" className="card section" aria-labelledby="services-heading">
      <h2 id="services-heading">Services</h2>
      <p className="section-intro">What customers can book, how long it takes and what it costs.</p>
      {failure && (
        <Notice kind="error" detail={failure.detail}>
          {failure.text}
        </Notice>
      )}
      <form className="service-add" onSubmit={add} noValidate aria-label="Add a service">
        <ServiceFields draft={draft} onChange={setDraft} idPrefix={`${id}-new`} />
        <button type="submit" className="btn btn--primary" disabled={adding}>
          Add Service
        </button>
      </form>
      {services.error.value ? (
        <p className="notice notice--error" role="alert">
          {services.error.value}
        </p>
      ) : !list ? (
        <Skeleton shape="list" rows={3} />
      ) : list.length === 0 ? (
        <p className="muted service-empty">No services yet. Add your first one above.</p>
      ) : (
        <ul className="service-list" aria-label="Your services">
          {list.map((s) => (
            <ServiceItem
              key={s._id}
              service={s}
              onFailure={setFailure}
              onSaved={(saved) => services.set(current().map((x) => (x._id === saved._id ? saved : x)))}
              onDeleted={(gone) => services.set(current().filter((x) => x._id !== gone))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
