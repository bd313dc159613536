import type { Signal } from '@preact/signals';
import type { PublicBusiness } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { COUNTRY_CODES } from '@slotwise/shared/domain';
import { formatUsd } from '@slotwise/shared/money';
import { longDate } from '@slotwise/shared/time-zone';
import { StepFrame } from '../dialog.tsx';
import type { DetailField, Store } from '../state.ts';
import { PlanDates, planWords } from './plan.tsx';

function Field({
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
        {plan ? `, ${formatUsd(plan.perVisit)} per visit` : quote ? `, ${formatUsd(quote.totalQuote)}` : ''}
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
      <label className="sw-check">
        <input
          type="checkbox"
          checked={store.textConsent.value}
          onChange={(e) => {
            store.textConsent.value = e.currentTarget.checked;
          }}
        />
        <span>
          Text me updates about this booking
          <span className="sw-hint"> Reply STOP to opt out. Message and data rates may apply.</span>
        </span>
      </label>
      <Consent business={store.business.value} />
    </StepFrame>
  );
}
