/**
 * One insights chart with its two ways out: "Show table" (a real <table> of the same rows, with
 * caption and headers) and "Download CSV" (the same rows again, chart-tables.ts).
 *
 * Screen readers read the table, never the drawing: the table is always in the page, visually
 * hidden until Show table (so a screen reader needs no click), and the drawing is aria-hidden.
 * Where the drawing speaks for itself (the heat grid's labelled cells, the map's ZIP code list
 * beside it: `speaks`), the table is out of the page until shown, so nothing is read twice.
 * What is a list of sentences already (the full days and times) has no table at all, only its
 * DownloadCsv.
 */
import { type ReactNode, useId, useState } from 'react';
import { saveCsv } from '../../../lib/save-file.ts';
import { type ChartTable, tableCsv } from '../chart-tables.ts';

/**
 * Shown, a table wider than the screen scrolls sideways in its frame: the frame is then a named
 * region in the Tab order, so the keyboard scrolls it too (axe's scrollable-region-focusable).
 * Hidden for the eye only, it is no stop for Tab and no landmark, and never scrolls (insights.css).
 */
function DataTable({ table, caption, shown }: { table: ChartTable; caption: string; shown: boolean }) {
  // A column of figures is right-aligned, its heading with it.
  const numeric = (c: number) => table.rows.some((row) => typeof row[c]?.value === 'number');
  const scroller = shown ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {};
  return (
    <div className="insights-table-scroll" {...scroller}>
      <table className="insights-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.header.map((h, c) => (
              <th key={h} scope="col" className={c > 0 && numeric(c) ? 'is-number' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are in a fixed order and never reordered in place.
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={table.header[c]} scope="row">
                    {cell.text}
                  </th>
                ) : (
                  <td key={table.header[c]} className={typeof cell.value === 'number' ? 'is-number' : undefined}>
                    {cell.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Download CSV: in every chart's head, and over a list that is its rows in words (the full days and times). */
export function DownloadCsv({ table, fileName }: { table: ChartTable; fileName: string }) {
  return (
    <button type="button" className="btn btn--small" onClick={() => saveCsv(tableCsv(table), fileName)}>
      Download CSV
    </button>
  );
}

export function ChartFrame({
  title,
  caption,
  table,
  fileName,
  speaks = false,
  intro,
  children,
}: {
  title: string;
  /** The table's caption: the chart and its days. */
  caption: string;
  table: ChartTable;
  fileName: string;
  /** The drawing is readable by itself (labelled cells, a list): the table only when shown. */
  speaks?: boolean;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <section className="insights-chart" aria-labelledby={`${id}-title`}>
      <div className="insights-chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <div className="insights-chart-actions">
          <button
            type="button"
            className="btn btn--small"
            aria-controls={`${id}-table`}
            aria-expanded={speaks ? shown : undefined}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide table' : 'Show table'}
          </button>
          <DownloadCsv table={table} fileName={fileName} />
        </div>
      </div>
      {intro}
      <div className="insights-chart-body" aria-hidden={speaks ? undefined : true}>
        {children}
      </div>
      <div
        id={`${id}-table`}
        className={shown ? 'insights-chart-table' : 'visually-hidden'}
        hidden={speaks && !shown ? true : undefined}
      >
        <DataTable table={table} caption={caption} shown={shown} />
      </div>
    </section>
  );
}
