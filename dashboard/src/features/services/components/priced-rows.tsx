/**
 * One editor for a list of priced rows: a name, an amount in dollars and the minutes it adds to
 * the job, each row removable, and a button adding an empty row. A service's add-ons
 * (add-on-fields.tsx) and a dropdown question's options (quote-questions-section.tsx) are both
 * such lists; each says its own labels, ids and placeholders, so the screen reads as before.
 */
import type { ReactNode } from 'react';

export interface PricedRow {
  key: number;
  name: string;
  amount: string;
  minutes: string;
}

let nextKey = 1;
/** A row with a key unique on the page (React's key and the inputs' ids). */
export const pricedRow = (name = '', amount = '', minutes = ''): PricedRow => ({
  key: nextKey++,
  name,
  amount,
  minutes,
});

export type PricedField = 'name' | 'amount' | 'minutes';

export interface PricedRowsText {
  /** The field's label for the row at `index` (0-based). */
  label: (field: PricedField, index: number) => string;
  /** Options' labels are hidden: a header row above them names the columns. */
  hiddenLabels?: boolean;
  placeholder?: Partial<Record<PricedField, string>>;
  /** A row's input id, `${idPrefix}${key}-${idSuffix[field]}`. */
  idPrefix: string;
  idSuffix: Record<PricedField, string>;
  /** The remove button's text and, when its text is short, its accessible name. */
  remove: (index: number) => { text: string; ariaLabel?: string };
  add: string;
}

/** A labelled input of a row; exported for the fields one kind of row adds. */
export function RowField({
  id,
  label,
  hidden,
  children,
  className,
}: {
  id: string;
  label: string;
  hidden: boolean | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className={hidden ? 'visually-hidden' : undefined} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function PricedRows<Row extends PricedRow>({
  rows,
  onChange,
  newRow,
  rowClassName,
  text,
  extra,
}: {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  rowClassName: string;
  text: PricedRowsText;
  /** Fields a kind of row has beyond the three (an add-on's description), after them. */
  extra?: (row: Row, index: number, set: (change: Partial<Row>) => void) => ReactNode;
}) {
  const set = (key: number, change: Partial<Row>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const id = (r: Row, field: PricedField) => `${text.idPrefix}${r.key}-${text.idSuffix[field]}`;
  return (
    <>
      {rows.map((r, i) => {
        const remove = text.remove(i);
        return (
          <div key={r.key} className={rowClassName}>
            <RowField id={id(r, 'name')} label={text.label('name', i)} hidden={text.hiddenLabels}>
              <input
                id={id(r, 'name')}
                className="input"
                type="text"
                maxLength={120}
                placeholder={text.placeholder?.name}
                value={r.name}
                onChange={(e) => set(r.key, { name: e.currentTarget.value } as Partial<Row>)}
              />
            </RowField>
            <RowField id={id(r, 'amount')} label={text.label('amount', i)} hidden={text.hiddenLabels}>
              <input
                id={id(r, 'amount')}
                className="input"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                placeholder={text.placeholder?.amount}
                value={r.amount}
                onChange={(e) => set(r.key, { amount: e.currentTarget.value } as Partial<Row>)}
              />
            </RowField>
            <RowField id={id(r, 'minutes')} label={text.label('minutes', i)} hidden={text.hiddenLabels}>
              <input
                id={id(r, 'minutes')}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                step={5}
                placeholder={text.placeholder?.minutes}
                value={r.minutes}
                onChange={(e) => set(r.key, { minutes: e.currentTarget.value } as Partial<Row>)}
              />
            </RowField>
            {extra?.(r, i, (change) => set(r.key, change))}
            <button
              type="button"
              className="btn btn--danger btn--small option-remove"
              aria-label={remove.ariaLabel}
              onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
            >
              {remove.text}
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn--small" onClick={() => onChange([...rows, newRow()])}>
        {text.add}
      </button>
    </>
  );
}
