import { formatUsd } from '@slotwise/shared/money';
import { StepFrame } from '../dialog.tsx';
import type { Store } from '../state.ts';

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
      <p className="sw-hint">
        {store.service()?.serviceName} at {store.house.value.trim()}, {store.place.value}
        {quote.miles !== null ? ` (${quote.miles} miles away)` : ''}
      </p>
    </StepFrame>
  );
}
