import type { Signal } from '@preact/signals';
import type { PublicBusiness } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { COUNTRY_CODES } from '@slotwise/shared/domain';
import { formatUsd } from '@slotwise/shared/money';
import { QUOTE_PHOTOS_MAX } from '@slotwise/shared/photo-limits';
import { longDate } from '@slotwise/shared/time-zone';
import type { ReactNode } from 'react';
import { StepFrame } from '../dialog.tsx';
import type { DetailField, Store } from '../state.ts';
import { PlanDates, planWords } from './plan.tsx';

export function Field({
  store,
  field,
  label,
  value,
  type = 'text',
  autoComplete,
}: {
  store: Store;
  field: DetailField;
  label: string;
  value: Signal<string>;
  type?: string;
  autoComplete: string;
}) {
  const error = store.fieldErrors.value[field];
  const id = `sw-${field}`;
  return (
    <div className="sw-field">
      <label className="sw-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="sw-input"
        type={type}
        autoComplete={autoComplete}
        value={value.value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          value.value = e.currentTarget.value;
        }}
      />
      {error && (
        <p id={`${id}-error`} className="sw-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The one consent sentence, with the business's privacy notice (docs/product.md#customer-data). */
function Consent({ business }: { business: PublicBusiness | null }) {
  if (!business) return null;
  return (
    <p className="sw-hint sw-consent">
      By booking, you agree that {business.name || 'this business'} uses these details to handle your booking, as its{' '}
      <a href={business.privacyUrl} target="_blank" rel="noopener noreferrer">
        privacy notice
      </a>{' '}
      says.
    </p>
  );
}

/** "We're holding 10:00 AM for you for 10 minutes.": the chosen time is kept from others meanwhile (docs/decisions/035). */
function Held({ store }: { store: Store }) {
  const held = store.held.value;
  if (!held || held.date !== store.date.value || held.time !== store.time.value) return null;
  return (
    <p className="sw-hint" aria-live="polite">
      We're holding {formatClock(held.time, store.clock())} for you for {held.minutes}{' '}
      {held.minutes === 1 ? 'minute' : 'minutes'}.
    </p>
  );
}

/** An unticked box the customer may tick (a consent), its words and a hint after them. */
export function Check({ box, label, children }: { box: Signal<boolean>; label: string; children: ReactNode }) {
  return (
    <label className="sw-check">
      <input
        type="checkbox"
        checked={box.value}
        onChange={(e) => {
          box.value = e.currentTarget.checked;
        }}
      />
      <span>
        {label}
        <span className="sw-hint">{children}</span>
      </span>
    </label>
  );
}

/**
 * Photos with the request, when the service asks for them (docs/decisions/053): the owner's words,
 * an Add photo button (the camera or the gallery), and what was attached, each removable.
 */
function Photos({ store }: { store: Store }) {
  const ask = store.service()?.photoRequest;
  if (!ask || ask.ask === 'off') return null;
  // What just went wrong with a photo sent says more than "Please add a photo".
  const error = store.photoError.value || store.fieldErrors.value.photos;
  const required = ask.ask === 'required';
  const photos = store.photos.value;
  return (
    <fieldset className="sw-field sw-photos" aria-describedby={error ? 'sw-photos-error' : 'sw-photos-hint'}>
      <legend className="sw-label">{required ? 'Photo (required)' : 'Photos (optional)'}</legend>
      <p id="sw-photos-hint" className="sw-hint">
        {ask.prompt ?? 'A photo of the job helps the business give you a price you can count on.'}
      </p>
      {photos.length > 0 && (
        <ul className="sw-photo-list">
          {photos.map((p, i) => (
            <li key={p.token}>
              <img src={p.preview} alt={`Attached ${i + 1}: ${p.name}`} width={64} height={48} />
              <button type="button" className="sw-secondary" onClick={() => store.detachPhoto(p.token)}>
                Remove photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < QUOTE_PHOTOS_MAX && (
        <label className="sw-secondary sw-photo-add">
          {store.photoBusy.value ? 'Adding photo...' : photos.length > 0 ? 'Add another photo' : 'Add photo'}
          <input
            className="sw-file"
            type="file"
            accept="image/*"
            disabled={store.photoBusy.value}
            aria-invalid={Boolean(error)}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void store.attachPhoto(file);
            }}
          />
        </label>
      )}
      {error && (
        <p id="sw-photos-error" className="sw-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function DetailsStep({ store }: { store: Store }) {
  const phoneError = store.fieldErrors.value.phone;
  const quote = store.quote.value;
  const plan = store.plan();
  // A plan's deposit is its first visit's, at the plan's price (the quote says it per plan).
  const deposit = plan ? plan.deposit : quote?.deposit;
  // "Book weekly plan". A deposit keeps its one line (a longer one wraps at 375 px and moves the
  // button); its hint says the deposit is the first visit's.
  const book = plan ? `Book ${planWords(plan.label).replace(/^./, (c) => c.toLowerCase())}` : 'Confirm booking';
  return (
    <StepFrame
      store={store}
      title="Your details"
      submit={deposit ? `Book and pay ${formatUsd(deposit.dueNow)} deposit` : book}
      busyLabel={deposit ? 'Going to payment...' : 'Booking...'}
    >
      <p className="sw-summary">
        {store.service()?.serviceName}, {longDate(store.date.value)} at {formatClock(store.time.value, store.clock())}
        {plan
          ? `, ${formatUsd(plan.perVisit)} per visit`
          : quote
            ? `, ${formatUsd(store.total() ?? quote.totalQuote)}`
            : ''}
        {!plan && store.savingAt(store.time.value) ? " (we're nearby)" : ''}
      </p>
      <Held store={store} />
      <PlanDates store={store} />
      {/* The catalogue says it per service (shared/src/confirmation.ts); a deposit's hint says what comes first. */}
      {!deposit && store.service()?.confirmsAutomatically && (
        <p className="sw-hint">You're booked as soon as you confirm: no waiting for an answer.</p>
      )}
      {deposit && (
        <p className="sw-hint">
          You pay the {formatUsd(deposit.dueNow)} deposit{plan ? ' for the first visit' : ''} on Stripe's secure page;
          your time is held for 15 minutes.
          {plan && 'everyVisit' in deposit && deposit.everyVisit
            ? ' Each later visit asks its deposit too, paid from the link in its e-mail.'
            : ''}
        </p>
      )}
      <div className="sw-row">
        <Field store={store} field="firstName" label="First name" value={store.firstName} autoComplete="given-name" />
        <Field store={store} field="lastName" label="Last name" value={store.lastName} autoComplete="family-name" />
      </div>
      <Field store={store} field="email" label="Email" type="email" value={store.email} autoComplete="email" />
      <div className="sw-field">
        <label className="sw-label" htmlFor="sw-phone">
          Phone number
        </label>
        <div className="sw-phone">
          <select
            className="sw-input"
            aria-label="Country code"
            value={store.country.value}
            onChange={(e) => {
              store.country.value = e.currentTarget.value;
            }}
          >
            {COUNTRY_CODES.map((c, i) => (
              <option key={`${c.code}-${c.country}`} value={String(i)}>
                {c.code} {c.country}
              </option>
            ))}
          </select>
          <input
            id="sw-phone"
            className="sw-input"
            type="tel"
            autoComplete="tel-national"
            value={store.phone.value}
            aria-invalid={Boolean(phoneError)}
            aria-describedby={phoneError ? 'sw-phone-error' : undefined}
            onChange={(e) => {
              store.phone.value = e.currentTarget.value;
            }}
          />
        </div>
        {phoneError && (
          <p id="sw-phone-error" className="sw-field-error">
            {phoneError}
          </p>
        )}
      </div>
      <Photos store={store} />
      <Check box={store.textConsent} label="Text me updates about this booking">
        {' '}
        Reply STOP to opt out. Message and data rates may apply.
      </Check>
      {store.offersCardSaving() && (
        <Check box={store.saveCard} label="Save my card for this business's future visits">
          {' '}
          Stripe keeps it; {store.business.value?.name || 'the business'} charges it when a visit is done, and removes
          it when you ask.
        </Check>
      )}
      <Consent business={store.business.value} />
    </StepFrame>
  );
}
