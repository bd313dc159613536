/**
 * A service's add-ons in its form (docs/decisions/026): name, price, the minutes it adds to the
 * job, and a line the customer reads. Rows left with no name are not add-ons.
 */
import type { AddOn, ServiceInput } from '@slotwise/shared/api';
import type { Checked } from '../../../lib/deposit-rule.ts';

export interface AddOnRow {
  key: number;
  name: string;
  price: string;
  minutes: string;
  description: string;
}

let nextKey = 1;
const addOnRow = (a?: AddOn): AddOnRow => ({
  key: nextKey++,
  name: a?.name ?? '',
  price: a ? String(a.price) : '',
  minutes: a?.extraMinutes ? String(a.extraMinutes) : '',
  description: a?.description ?? '',
});

export const addOnsDraftFrom = (addOns: AddOn[] | undefined): AddOnRow[] => (addOns ?? []).map(addOnRow);

/** The rows as the API takes them, or why not: an add-on needs a name and a price. */
export function addOnsFrom(rows: readonly AddOnRow[]): Checked<NonNullable<ServiceInput['addOns']>> {
  const kept = rows.filter((r) => r.name.trim() || r.price.trim());
  if (kept.some((r) => !r.name.trim() || r.price.trim() === ''))
    return { ok: false, error: 'Give each add-on a name and a price.' };
  return {
    ok: true,
    value: kept.map((r) => ({
      name: r.name.trim(),
      price: Number(r.price),
      extraMinutes: r.minutes.trim() === '' ? 0 : Number(r.minutes),
      description: r.description.trim() || null,
    })),
  };
}

export function AddOnFields({
  rows,
  onChange,
  idPrefix,
}: {
  rows: AddOnRow[];
  onChange: (rows: AddOnRow[]) => void;
  idPrefix: string;
}) {
  const set = (key: number, change: Partial<AddOnRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <fieldset className="option-list add-ons">
      <legend className="field-label">Add-ons</legend>
      <p className="hint">Extras the customer may tick, each priced on the quote; minutes make the job longer.</p>
      {rows.map((r, i) => (
        <div key={r.key} className="add-on-row">
          <div className="field">
            <label htmlFor={`${idPrefix}-a${r.key}-name`}>{`Add-on ${i + 1} name`}</label>
            <input
              id={`${idPrefix}-a${r.key}-name`}
              className="input"
              type="text"
              maxLength={120}
              placeholder="e.g. Pet hair removal"
              value={r.name}
              onChange={(e) => set(r.key, { name: e.currentTarget.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-a${r.key}-price`}>{`Add-on ${i + 1} price ($)`}</label>
            <input
              id={`${idPrefix}-a${r.key}-price`}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={r.price}
              onChange={(e) => set(r.key, { price: e.currentTarget.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-a${r.key}-min`}>{`Add-on ${i + 1} extra minutes`}</label>
            <input
              id={`${idPrefix}-a${r.key}-min`}
              className="input"
              type="number"
              inputMode="numeric"
              min={0}
              step={5}
              value={r.minutes}
              onChange={(e) => set(r.key, { minutes: e.currentTarget.value })}
            />
          </div>
          <div className="field add-on-description">
            <label htmlFor={`${idPrefix}-a${r.key}-desc`}>{`Add-on ${i + 1} description (optional)`}</label>
            <input
              id={`${idPrefix}-a${r.key}-desc`}
              className="input"
              type="text"
              maxLength={300}
              value={r.description}
              onChange={(e) => set(r.key, { description: e.currentTarget.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn--danger btn--small option-remove"
            onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
          >
            {`Remove add-on ${i + 1}`}
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--small" onClick={() => onChange([...rows, addOnRow()])}>
        Add Add-on
      </button>
    </fieldset>
  );
}
