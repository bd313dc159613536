/**
 * A price, itemised, as the customer's pages show it (a quote, an offered time): a heading, each
 * line and the total, and where the job is. One shape for the quote page and the offer page.
 */
import { formatUsd } from '@slotwise/shared/money';

export function PriceSummary({
  label,
  heading,
  lines,
  total,
  address,
}: {
  /** The section's name for assistive technology. */
  label: string;
  heading: string;
  lines: readonly { label: string; amount: number }[];
  total: number;
  address: string;
}) {
  return (
    <section className="customer-summary" aria-label={label}>
      <h2>{heading}</h2>
      <table className="quote-table">
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines never change.
            <tr key={i}>
              <th scope="row">{l.label}</th>
              <td>{formatUsd(l.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatUsd(total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="muted">At {address}</p>
    </section>
  );
}
