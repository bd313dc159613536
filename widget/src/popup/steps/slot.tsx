import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { formatUsd } from '@slotwise/shared/money';
import { longDate, zoneLabel, zoneShortName } from '@slotwise/shared/time-zone';
import { yourWallTime } from '@slotwise/shared/your-time';
import { StepFrame } from '../dialog.tsx';
import { MESSAGES, type Store } from '../state.ts';
import { MonthGrid } from './month-grid.tsx';
import { WaitForDay } from './wait.tsx';

/**
 * A slot as the customer reads it where their zone differs from the business's: "Pacific -
 * 12:00 PM your time" after the business's "9:00 AM", with the customer's weekday when the
 * date differs. Null when the zones agree at that instant.
 */
function yourTime(day: string, time: string, zone: string, yours: string, format: TimeFormat): string | null {
  const wall = yourWallTime(day, time, zone, yours);
  if (!wall) return null;
  const weekday = wall.weekday ? ` ${wall.weekday}` : '';
  return `${zoneShortName(zone)} - ${formatClock(wall.time, format)}${weekday} your time`;
}

export function SlotStep({ store }: { store: Store }) {
  const business = store.business.value;
  const slots = store.slots.value;
  const timeZone = business?.timeZone ?? 'UTC';
  const format = store.clock();
  const date = store.date.value;
  const free = slots?.some((x) => x.available) ?? false;
  const lastDay = store.days.value?.lastDay;
  // A full day tapped: its waiting list is offered (docs/decisions/056).
  const waitDay = store.waitDay.value;
  let yours: string | null = null;
  try {
    // A zone the runtime does not know (or none) shows the business's times alone.
    yours = date && slots?.[0] ? yourTime(date, slots[0].time, timeZone, store.viewer.timeZone, format ?? '12h') : null;
  } catch {}
  return (
    <StepFrame
      store={store}
      title="Pick a date and time"
      submit="Continue"
      blocked={store.time.value ? undefined : MESSAGES.chooseSlot}
    >
      <div className="sw-cal">
        <MonthGrid store={store} />
        <div className="sw-times">
          {store.noFreeDay.value && lastDay ? (
            <p className="sw-muted">
              {business?.name || 'This business'} has no free times until {longDate(lastDay)}. Please check back later.
            </p>
          ) : null}
          {/* The full day tapped stands in for the chosen one: no other day's times under its waiting list. */}
          {waitDay ? <WaitForDay store={store} day={waitDay} /> : null}
          {date && !waitDay ? <p className="sw-label">{longDate(date)}</p> : null}
          {waitDay ? null : (
            <p className="sw-hint">
              Times are in {zoneLabel(timeZone)}.{yours ? ' Your own time is shown beside each.' : ''}
            </p>
          )}
          {waitDay ? null : store.slotsLoading.value ? (
            <p className="sw-muted">Loading...</p>
          ) : slots && !free ? (
            <>
              <p className="sw-muted">{MESSAGES.noSlots}</p>
              {date ? <WaitForDay store={store} day={date} /> : null}
            </>
          ) : slots && date ? (
            // One time a row when each says more than its time: the customer's own time, or a nearby saving.
            <fieldset className={yours || slots.some((x) => store.savingAt(x.time)) ? 'sw-slots sw-two' : 'sw-slots'}>
              <legend className="sw-sr">Available times</legend>
              {slots.map((slot) => {
                const shown = formatClock(slot.time, format);
                const mine = yours && yourTime(date, slot.time, timeZone, store.viewer.timeZone, format ?? '12h');
                // Price by route fit (docs/decisions/055): the crew is already nearby at this time.
                const saving = slot.available ? store.savingAt(slot.time) : 0;
                return (
                  <button
                    key={slot.time}
                    type="button"
                    className="sw-slot"
                    // A taken time is aria-disabled, not disabled, so a tap on it still reaches the funnel
                    // (funnel.ts: the times customers wanted); out of the Tab order as a disabled one is.
                    aria-disabled={slot.available ? undefined : true}
                    tabIndex={slot.available ? undefined : -1}
                    aria-pressed={store.time.value === slot.time}
                    // The name stays the business's time, as the e2e journeys pick it (docs/widget.md): the
                    // customer's own time is its description, out of the name's content (aria-hidden). Not
                    // an aria-label, which would leave visible words out of the name (axe's label-content-name-mismatch).
                    aria-describedby={
                      [mine && `sw-yt-${slot.time}`, saving && `sw-near-${slot.time}`].filter(Boolean).join(' ') ||
                      undefined
                    }
                    onClick={() => (slot.available ? store.chooseTime(slot.time) : store.tapFull(date, slot.time))}
                  >
                    {shown}
                    {mine ? (
                      <span id={`sw-yt-${slot.time}`} aria-hidden="true">
                        {' '}
                        {mine}
                      </span>
                    ) : null}
                    {saving ? (
                      <span id={`sw-near-${slot.time}`} className="sw-near" aria-hidden="true">
                        {' '}
                        we're nearby, {formatUsd(saving)} less
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </fieldset>
          ) : null}
        </div>
      </div>
    </StepFrame>
  );
}
