/**
 * A service's add-ons in its form (docs/decisions/026): name, price, the minutes it adds to the
 * job, and a line the customer reads. Rows left with no name are not add-ons.
 */
import type { AddOn, ServiceInput } from '@slotwise/shared/api';
import type { Checked } from '../../../lib/deposit-rule.ts';
import { type PricedRow, PricedRows, pricedRow, RowField } from './priced-rows.tsx';

/** `amount` is the add-on's price. */
export interface AddOnRow extends PricedRow {
  description: string;
}

const addOnRow = (a?: AddOn): AddOnRow => ({
  ...pricedRow(a?.name ?? '', a ? String(a.price) : '', a?.extraMinutes ? String(a.extraMinutes) : ''),
  description: a?.description ?? '',
});

export const addOnsDraftFrom = (addOns: AddOn[] | undefined): AddOnRow[] => (addOns ?? []).map(addOnRow);

/** The rows as the API takes them, or why not: an add-on needs a name and a price. */
export function addOnsFrom(rows: readonly AddOnRow[]): Checked<NonNullable<ServiceInput['addOns']>> {
  const kept = rows.filter((r) => r.name.trim() || r.amount.trim());
  if (kept.some((r) => !r.name.trim() || r.amount.trim() === ''))
    return { ok: false, error: 'Give each add-on a name and a price.' };
  return {
    ok: true,
    value: kept.map((r) => ({
      name: r.name.trim(),
      price: Number(r.amount),
      extraMinutes: r.minutes.trim() === '' ? 0 : Number(r.minutes),
      description: r.description.trim() || null,
    })),
  };
}

const LABELS = { name: 'name', amount: 'price ($)', minutes: 'extra minutes' } as const;

export function AddOnFields({
  rows,
  onChange,
  idPrefix,
}: {
  rows: AddOnRow[];
  onChange: (rows: AddOnRow[]) => void;
  idPrefix: string;
}) {
  return (
    <fieldset className="option-list add-ons">
      <legend className="field-label">Add-ons</legend>
      <p className="hint">Extras the customer may tick, each priced on the quote; minutes make the job longer.</p>
      <PricedRows
        rows={rows}
        onChange={onChange}
        newRow={() => addOnRow()}
        rowClassName="add-on-row"
        text={{
          label: (field, i) => `Add-on ${i + 1} ${LABELS[field]}`,
          placeholder: { name: 'e.g. Pet hair removal' },
          idPrefix: `${idPrefix}-a`,
          idSuffix: { name: 'name', amount: 'price', minutes: 'min' },
          remove: (i) => ({ text: `Remove add-on ${i + 1}` }),
          add: 'Add Add-on',
        }}
        extra={(r, i, set) => (
          <RowField
            id={`${idPrefix}-a${r.key}-desc`}
            label={`Add-on ${i + 1} description (optional)`}
            hidden={false}
            className="add-on-description"
          >
            <input
              id={`${idPrefix}-a${r.key}-desc`}
              className="input"
              type="text"
              maxLength={300}
              value={r.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
            />
          </RowField>
        )}
      />
    </fieldset>
  );
}
