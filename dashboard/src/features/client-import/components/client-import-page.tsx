/**
 * Import clients (issue 42; docs/product.md#bringing-your-clients): the owner chooses (or pastes) a
 * CSV from the tool they leave, sees which column fills each field (guessed by the server, changed
 * here), the first rows as they would be imported and every row that will not be, with its number
 * and the reason, then imports the new clients in one go. Export clients (CSV) downloads them all.
 */

import { useSignals } from '@preact/signals-react/runtime';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '@slotwise/shared/api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { client } from '../../../lib/api.ts';
import { serverDetail, serverErrorOr } from '../../../lib/errors.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { saveCsv } from '../../../lib/save-file.ts';
import '../client-import.css';

const FIELD_LABELS: Record<ImportField, string> = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address (street)',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  notes: 'Notes',
};

const PREVIEW_FAILED = 'Failed to read the file. Please try again.';
const IMPORT_FAILED = 'Failed to import the clients. Nothing was imported; please try again.';
const EXPORT_FAILED = 'Failed to export your clients. Please try again.';
const TOO_LARGE =
  'The file is larger than 2 MB, the most one import takes: split it into smaller files (5,000 clients each at most) and import each.';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function ProblemList({ problems, label }: { problems: readonly ImportRow[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    // A scroller the keyboard can reach (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls; tabbing to it lets the arrows scroll it.
    <section className="import-problems" aria-label={label} tabIndex={0}>
      <ul>
        {problems.map((p) => (
          <li key={p.row} className={p.outcome === 'error' ? 'is-error' : undefined}>
            {p.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Counts({ preview }: { preview: Pick<ImportPreview, 'counts'> }) {
  const { counts } = preview;
  return (
    <ul className="import-counts">
      <li>
        <strong>{counts.ok.toLocaleString('en-US')}</strong> new
      </li>
      <li>
        <strong>{counts.existing.toLocaleString('en-US')}</strong> already your clients
      </li>
      <li>
        <strong>{counts.repeated.toLocaleString('en-US')}</strong> repeated in the file
      </li>
      <li>
        <strong>{counts.errors.toLocaleString('en-US')}</strong> with errors
      </li>
    </ul>
  );
}

export function ClientImportPage() {
  // The phone formatter arrives as a chunk of its own, in a signal (lib/phone.ts).
  useSignals();
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [pasted, setPasted] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<{ text: string; detail?: string | null } | null>(null);
  const [busy, setBusy] = useState<'reading' | 'importing' | 'exporting' | null>(null);
  // One key per previewed file and mapping: a retried import never imports twice.
  const importKey = useRef<string>(crypto.randomUUID());
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // The result replaces the form: the focus goes to its heading, so a screen reader says it.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  async function read(text: string, mapping?: ImportMapping) {
    setBusy('reading');
    setProblem(null);
    setResult(null);
    try {
      const answer = await client.dashboard.previewClientImport({
        body: { csv: text, ...(mapping ? { mapping } : {}) },
      });
      setCsv(text);
      setPreview(answer);
      importKey.current = crypto.randomUUID();
    } catch (err) {
      setPreview(null);
      setProblem({ text: serverErrorOr(err, PREVIEW_FAILED) });
    } finally {
      setBusy(null);
    }
  }

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    if (file.size > IMPORT_MAX_BYTES) {
      setPreview(null);
      setProblem({ text: TOO_LARGE });
      return;
    }
    await read(await file.text());
  }

  function readPasted(event: FormEvent) {
    event.preventDefault();
    if (pasted.trim() === '') {
      setProblem({ text: 'Paste the rows of your client list first, with its header row.' });
      return;
    }
    setFileName('');
    void read(pasted);
  }

  function remap(field: ImportField, value: string) {
    if (!preview || csv === null) return;
    void read(csv, { ...preview.mapping, [field]: value === '' ? null : Number(value) });
  }

  async function runImport() {
    if (!preview || csv === null) return;
    setBusy('importing');
    setProblem(null);
    try {
      const done = await client.dashboard.importClients({
        body: { csv, mapping: preview.mapping },
        headers: { 'idempotency-key': importKey.current },
      });
      setResult(done);
      setPreview(null);
      setCsv(null);
    } catch (err) {
      setProblem({ text: IMPORT_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(null);
    }
  }

  async function exportCsv() {
    setBusy('exporting');
    setProblem(null);
    try {
      const text = await client.dashboard.exportClientsCsv();
      saveCsv(text, `clients-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      setProblem({ text: EXPORT_FAILED, detail: serverDetail(err) });
    } finally {
      setBusy(null);
    }
  }

  function startOver() {
    setResult(null);
    setPreview(null);
    setCsv(null);
    setPasted('');
    setFileName('');
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <section className="client-import">
      <div className="page-head">
        <div>
          <h1>Import clients</h1>
          <p className="hint">Bring your client list from another tool as a CSV file, or take yours with you.</p>
        </div>
        <button type="button" className="btn" disabled={busy === 'exporting'} onClick={() => void exportCsv()}>
          {busy === 'exporting' ? 'Exporting...' : 'Export clients (CSV)'}
        </button>
      </div>

      {problem && (
        <div className="notice notice--error" role="alert">
          <p>{problem.text}</p>
          {problem.detail && <p className="hint">{problem.detail}</p>}
        </div>
      )}

      {result ? (
        <section className="card section" aria-labelledby={`${id}-result`}>
          <h2 id={`${id}-result`} ref={resultHeading} tabIndex={-1}>
            Imported {plural(result.imported, 'client')}
          </h2>
          <Counts preview={result} />
          {result.problems.length > 0 && (
            <p>{plural(result.problems.length, 'row was', 'rows were')} not imported; nothing of them was written:</p>
          )}
          <ProblemList problems={result.problems} label="Rows not imported" />
          <div className="section-actions">
            <Link className="btn btn--primary" to="/dashboard/clients">
              See your clients
            </Link>
            <button type="button" className="btn" onClick={startOver}>
              Import another file
            </button>
          </div>
        </section>
      ) : (
        <>
          <section className="card section" aria-labelledby={`${id}-file`}>
            <h2 id={`${id}-file`}>1. Your file</h2>
            <p className="section-intro">
              A CSV with a header row (Name, Email, Phone, Address, Notes...), up to 2 MB and 5,000 clients. From a
              spreadsheet: File &gt; Download (or Save as) &gt; CSV.
            </p>
            <div className="field">
              <label htmlFor={`${id}-choose`}>CSV file</label>
              <input
                ref={fileInput}
                id={`${id}-choose`}
                className="input"
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                disabled={busy !== null}
                onChange={(e) => void chooseFile(e.currentTarget.files?.[0])}
              />
            </div>
            <details className="import-paste">
              <summary>Or paste the rows</summary>
              <form onSubmit={readPasted}>
                <div className="field">
                  <label htmlFor={`${id}-paste`}>Rows, with the header row first</label>
                  <textarea
                    id={`${id}-paste`}
                    className="input"
                    rows={6}
                    value={pasted}
                    onChange={(e) => setPasted(e.currentTarget.value)}
                  />
                </div>
                <button type="submit" className="btn" disabled={busy !== null}>
                  Preview
                </button>
              </form>
            </details>
            {busy === 'reading' && (
              <p className="hint" role="status">
                Reading {fileName || 'the rows'}...
              </p>
            )}
          </section>

          {preview && (
            <>
              <section className="card section" aria-labelledby={`${id}-mapping`}>
                <h2 id={`${id}-mapping`}>2. Columns</h2>
                <p className="section-intro">
                  Which column of {fileName ? <strong>{fileName}</strong> : 'the rows'} fills each field. We guessed
                  from the header; change any that are wrong. The address is its parts joined.
                </p>
                <div className="import-mapping">
                  {IMPORT_FIELDS.map((field) => (
                    <div className="field" key={field}>
                      <label htmlFor={`${id}-map-${field}`}>{FIELD_LABELS[field]}</label>
                      <select
                        id={`${id}-map-${field}`}
                        className="input"
                        disabled={busy !== null}
                        value={preview.mapping[field] === null ? '' : String(preview.mapping[field])}
                        onChange={(e) => remap(field, e.currentTarget.value)}
                      >
                        <option value="">Not in the file</option>
                        {preview.header.map((name, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns are known by their place; names may repeat.
                          <option key={i} value={String(i)}>
                            {name}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </div>
              </section>

              <section className="card section" aria-labelledby={`${id}-preview`}>
                <h2 id={`${id}-preview`}>3. Preview</h2>
                <p>{plural(preview.counts.rows, 'row')} below the header:</p>
                <Counts preview={preview} />
                {preview.problems.length > 0 && (
                  <>
                    <h3>Rows that will not be imported</h3>
                    <ProblemList problems={preview.problems} label="Rows that will not be imported" />
                  </>
                )}
                <h3>The first rows</h3>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; the keyboard reaches it. */}
                <section className="import-table-scroll" aria-label="The first rows" tabIndex={0}>
                  <table className="import-table">
                    <thead>
                      <tr>
                        <th scope="col">Row</th>
                        <th scope="col">Name</th>
                        <th scope="col">E-mail</th>
                        <th scope="col">Phone</th>
                        <th scope="col">Address</th>
                        <th scope="col">Import</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.sample.map((r) => (
                        <tr key={r.row}>
                          <td>{r.row}</td>
                          <th scope="row">{`${r.firstName} ${r.lastName}`.trim()}</th>
                          <td>{r.email}</td>
                          <td>{r.phone.startsWith('+') ? formatPhone(r.phone) : r.phone}</td>
                          <td>{r.address}</td>
                          <td>{r.outcome === 'ok' ? 'New' : r.outcome === 'error' ? 'Error' : 'Skipped'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
                <div className="section-actions">
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={busy !== null || preview.counts.ok === 0}
                    onClick={() => void runImport()}
                  >
                    {busy === 'importing' ? 'Importing...' : `Import ${plural(preview.counts.ok, 'client')}`}
                  </button>
                </div>
              </section>
            </>
          )}
        </>
      )}
    </section>
  );
}
