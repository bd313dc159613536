import { formatClock } from '@slotwise/shared/clock';
import { todayIn, zoneLabel } from '@slotwise/shared/time-zone';
import { StepFrame } from '../dialog.tsx';
import { MESSAGES, type Store } from '../state.ts';

export function SlotStep({ store }: { store: Store }) {
  const business = store.business.value;
  const slots = store.slots.value;
  const timeZone = business?.timeZone ?? 'UTC';
  const free = slots?.some((x) => x.available) ?? false;
  return (
    <StepFrame store={store} title="Pick a date and time" submit="Continue">
      <label className="sw-label" htmlFor="sw-date">
        Date
      </label>
      <input
        id="sw-date"
        className="sw-input sw-short"
        type="date"
        min={todayIn(timeZone)}
        value={store.date.value}
        onChange={(e) => void store.setDate(e.currentTarget.value)}
      />
      <p className="sw-hint">Times are in {zoneLabel(timeZone)}.</p>
      {store.slotsLoading.value ? (
        <p className="sw-muted">Loading...</p>
      ) : slots && !free ? (
        <p className="sw-muted">{MESSAGES.noSlots}</p>
      ) : slots ? (
        <fieldset className="sw-slots">
          <legend className="sw-sr">Available times</legend>
          {slots.map((slot) => (
            <button
              key={slot.time}
              type="button"
              className="sw-slot"
              disabled={!slot.available}
              aria-pressed={store.time.value === slot.time}
              onClick={() => store.chooseTime(slot.time)}
            >
              {formatClock(slot.time, business?.timeFormat)}
            </button>
          ))}
        </fieldset>
      ) : null}
    </StepFrame>
  );
}
