/**
 * A service offered as a recurring plan (issue 24): how often, on the quote step; the plan's
 * first visits before booking; the visits booked with it, on the confirmation. Days are the
 * business's (the server answers them so), written short enough to list four in a sentence.
 */
import type { BookResponse } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { formatUsd } from '@slotwise/shared/money';
import type { PlanFrequency } from '@slotwise/shared/plans';
import { shortDate } from '@slotwise/shared/time-zone';
import { MESSAGES, type Store } from '../state.ts';

const PROPOSE = 'we will propose another time';

/** "2026-12-03" -> "Thu Dec 3". */
function visitDay(day: string): string {
  return shortDate(day)
    .replace(/,? \d{4}$/, '')
    .replace(',', '');
}

/** "Weekly" -> "Weekly plan"; "Every 2 weeks" -> "Plan every 2 weeks" (a phrase does not read before "plan"). */
export function planWords(label: string): string {
  return label.includes(' ') ? `Plan ${label[0]?.toLowerCase()}${label.slice(1)}` : `${label} plan`;
}

/** ["a", "b", "c"] -> "a, b and c". */
const and = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]);

/** The quote step's "How often?": just once at the quote's total, or a plan at its price per visit. */
export function PlanChoice({ store }: { store: Store }) {
  const quote = store.quote.value;
  if (!quote?.plans?.length) return null;
  const chosen = store.plan()?.frequency ?? '';
  const option = (value: PlanFrequency | '', name: string, discount: string | null, price: string) => (
    <label key={value} className="sw-choice">
      <input
        type="radio"
        name="sw-often"
        value={value}
        checked={chosen === value}
        onChange={() => store.chooseFrequency(value)}
      />
      <span className="sw-choice-main">
        <span className="sw-choice-name">{name}</span>
        {discount && <span className="sw-muted">{discount}</span>}
      </span>
      <span className="sw-choice-price">{price}</span>
    </label>
  );
  return (
    <fieldset className="sw-choices">
      <legend className="sw-label">How often?</legend>
      {option('', 'Just once', null, formatUsd(quote.totalQuote))}
      {quote.plans.map((p) => option(p.frequency, p.label, p.discount, `${formatUsd(p.perVisit)} per visit`))}
    </fieldset>
  );
}

/** Before booking: which of the plan's first visits are free. A failed check says so and books all the same. */
export function PlanDates({ store }: { store: Store }) {
  if (!store.plan()) return null;
  const dates = store.planDates.value;
  let text = MESSAGES.planDatesFailed as string;
  if (!dates) text = 'Checking the dates of your plan...';
  else if (dates !== 'failed') {
    const free = dates.visits.filter((v) => v.state === 'free').map((v) => visitDay(v.date));
    const taken = dates.visits.filter((v) => v.state !== 'free').map((v) => visitDay(v.date));
    const parts = [];
    if (free.length) parts.push(`${and(free)} ${free.length > 1 ? 'are' : 'is'} free`);
    if (taken.length) parts.push(`${and(taken)}: we will propose ${taken.length > 1 ? 'other times' : 'another time'}`);
    text = `${dates.label} at ${formatClock(store.time.value, store.clock())}${parts.length ? ': ' : ''}${parts.join('; ')}.`;
  }
  return (
    <div role="status" className="sw-plan">
      <p>{text}</p>
      {dates && dates !== 'failed' && dates.note && <p className="sw-hint">{dates.note}</p>}
    </div>
  );
}

/** The confirmation of a plan: its price per visit and the visits booked with it. */
export function PlanVisits({ plan }: { plan: NonNullable<BookResponse['plan']> }) {
  return (
    <>
      <p className="sw-strong">
        {planWords(plan.label)} booked: {formatUsd(plan.perVisit)} per visit
      </p>
      <ul className="sw-visits">
        {plan.visits.map((v) => (
          // A new plan's visits are booked (pending, approved or awaiting payment) or need a time.
          <li key={v.date}>
            {visitDay(v.date)}: {v.status === 'needs_time' ? PROPOSE : 'booked'}
          </li>
        ))}
      </ul>
    </>
  );
}
