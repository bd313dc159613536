/**
 * "Tell me if a time opens" (docs/decisions/056): on a full day, the customer joins its waiting
 * list with the quote they had and the details they type; a freed time that fits is offered to
 * them by mail (and text, with their yes). Kept small: the widget has a size budget.
 */
import { longDate } from '@slotwise/shared/time-zone';
import type { Store } from '../state.ts';
import { Check, Field } from './details.tsx';

export function WaitForDay({ store, day }: { store: Store; day: string }) {
  const joined = store.waitJoined.value;
  if (joined)
    return (
      <p className="sw-hint" role="status">
        {joined}
      </p>
    );
  if (!store.waitOpen.value)
    return (
      <p className="sw-hint">
        {longDate(day)} is full.{' '}
        <button type="button" className="sw-secondary" onClick={() => (store.waitOpen.value = true)}>
          Tell me if a time opens
        </button>
      </p>
    );
  return (
    <fieldset className="sw-field sw-wait">
      <legend className="sw-label">Waiting list for {longDate(day)}</legend>
      <p className="sw-hint">If a time opens that fits, we e-mail you a link to book it at your quote's price.</p>
      <div className="sw-row">
        <Field store={store} field="firstName" label="First name" value={store.firstName} autoComplete="given-name" />
        <Field store={store} field="lastName" label="Last name" value={store.lastName} autoComplete="family-name" />
      </div>
      <Field store={store} field="email" label="Email" type="email" value={store.email} autoComplete="email" />
      <Field
        store={store}
        field="phone"
        label="Phone (optional)"
        type="tel"
        value={store.phone}
        autoComplete="tel-national"
      />
      {store.phone.value.trim() ? (
        <Check box={store.textConsent} label="Text me too">
          {' '}
          Reply STOP to opt out. Message and data rates may apply.
        </Check>
      ) : null}
      <button
        type="button"
        className="sw-primary"
        disabled={store.busy.value}
        onClick={() => void store.joinWaitlist(day)}
      >
        Join the waiting list
      </button>
    </fieldset>
  );
}
