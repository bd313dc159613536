import { formatUsd } from '@slotwise/shared/money';
import { StepFrame } from '../dialog.tsx';
import type { Store } from '../state.ts';
import { PlanChoice } from './plan.tsx';

/** The street was kept but located by its ZIP code or city: the miles are close, not exact. */
const ESTIMATED_FROM = {
  zip: 'Distance estimated from your ZIP code.',
  city: 'Distance estimated from your city.',
} as const;

export function QuoteStep({ store }: { store: Store }) {
  const quote = store.quote.value;
  if (!quote) return null;
  return (
    <StepFrame store={store} title="Your instant quote" submit="Choose a time">
      <table className="sw-quote">
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{formatUsd(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatUsd(quote.totalQuote)}</td>
          </tr>
        </tfoot>
      </table>
      {/* Right under the price, so on a phone the choice is in view above the step's button (issue 40). */}
      <PlanChoice store={store} />
      <p className="sw-hint">
        {store.service()?.serviceName} at {store.place.value}
        {quote.miles !== null ? ` (${quote.miles} miles away)` : ''}
      </p>
      {quote.distanceEstimatedFrom && <p className="sw-hint">{ESTIMATED_FROM[quote.distanceEstimatedFrom]}</p>}
      {quote.deposit && (
        <p className="sw-strong">
          Due now: {formatUsd(quote.deposit.dueNow)} deposit, {formatUsd(quote.deposit.dueLater)} on the day
        </p>
      )}
    </StepFrame>
  );
}
