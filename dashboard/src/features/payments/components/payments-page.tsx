/**
 * /dashboard/payments (issue 43 item 5; docs/decisions/047): the owner's money. For the period
 * chosen (this week by default, in the business's days): collected, tips, refunds, received by
 * method, and every deposit, payment and refund, 50 a page; beside it, what customers owe now,
 * oldest invoice first; and the period as a CSV accounting software imports. A lazy page in its own
 * chunk (app/router.tsx). The period and page are in the address, so Back and a reload keep them.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { PaymentsReport } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { PAYMENT_METHOD_WORDS } from '@slotwise/shared/payment-words';
import { todayIn, zoneLabel } from '@slotwise/shared/time-zone';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LedgerEntries, OutstandingInvoices } from '../../../components/ledger-entries.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { businessProfile } from '../../../lib/business.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { rangeText } from '../../../lib/format.ts';
import { useQueryResource } from '../../../lib/query-resource.ts';
import { useSharedResource } from '../../../lib/resource.ts';
import { saveCsv } from '../../../lib/save-file.ts';
import { EXPORT_FAILED, loadPaymentsCsv, loadReport, REPORT_FAILED } from '../payments-data.ts';
import {
  PAGE_PARAM,
  PAYMENT_PERIODS,
  type PaymentPeriod,
  PERIOD_PARAM,
  parsePage,
  parsePaymentPeriod,
  paymentsRange,
} from '../period.ts';
import '../payments.css';

function Figures({ report }: { report: PaymentsReport }) {
  return (
    <dl className="card payments-figures" aria-label="This period's money">
      <div>
        <dt>Collected</dt>
        <dd>{formatUsd(report.collected)}</dd>
      </div>
      <div>
        <dt>Tips</dt>
        <dd>{formatUsd(report.tips)}</dd>
      </div>
      <div>
        <dt>Refunded</dt>
        <dd>{formatUsd(report.refunded)}</dd>
      </div>
      <div>
        <dt>Owed to you now</dt>
        <dd>{formatUsd(report.outstanding.due)}</dd>
      </div>
    </dl>
  );
}

function ByMethod({ report }: { report: PaymentsReport }) {
  const id = useId();
  return (
    <section className="card section" aria-labelledby={id}>
      <h2 id={id}>By method</h2>
      <table className="payments-methods">
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Payments</th>
            <th scope="col">Received</th>
            <th scope="col">Of it tips</th>
          </tr>
        </thead>
        <tbody>
          {report.methods.map((m) => (
            <tr key={m.method}>
              <th scope="row">{PAYMENT_METHOD_WORDS[m.method]}</th>
              <td>{m.count}</td>
              <td>{formatUsd(m.total)}</td>
              <td>{formatUsd(m.tips)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Refunded</th>
            <td />
            <td>{report.refunded > 0 ? `−${formatUsd(report.refunded)}` : formatUsd(0)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function Owed({ report }: { report: PaymentsReport }) {
  const id = useId();
  const { outstanding } = report;
  const more = outstanding.count - outstanding.invoices.length;
  return (
    <section className="card section" aria-labelledby={id}>
      <h2 id={id}>Owed to you</h2>
      {outstanding.count === 0 ? (
        <p className="muted">No invoice is waiting to be paid.</p>
      ) : (
        <>
          <p className="section-intro">
            {outstanding.count === 1 ? '1 invoice' : `${outstanding.count} invoices`} not paid yet,{' '}
            {formatUsd(outstanding.due)} in all, the oldest first. Each customer was sent a pay link, and a reminder 3
            and 7 days after (Settings, Invoices and Tips).
          </p>
          <OutstandingInvoices invoices={outstanding.invoices} label="Invoices owed" />
          {more > 0 && <p className="muted">And {more} more, newer ones.</p>}
        </>
      )}
    </section>
  );
}

function Movements({ report, onPage }: { report: PaymentsReport; onPage: (page: number) => void }) {
  const id = useId();
  return (
    <section className="card section" aria-labelledby={id}>
      <h2 id={id}>Payments and refunds</h2>
      {report.entries.length === 0 ? (
        <p className="muted">
          {report.page > 1 && report.pages > 0
            ? 'This page is past the last one.'
            : 'No money came in or went back in this period.'}
        </p>
      ) : (
        <LedgerEntries entries={report.entries} label="Payments and refunds, newest first" />
      )}
      {report.pages > 1 && (
        <nav className="payments-pages" aria-label="Pages of payments">
          <button type="button" className="btn" disabled={report.page <= 1} onClick={() => onPage(report.page - 1)}>
            Newer
          </button>
          <span>
            Page {Math.min(report.page, report.pages)} of {report.pages}
          </span>
          <button
            type="button"
            className="btn"
            disabled={report.page >= report.pages}
            onClick={() => onPage(report.page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

function Report({
  range,
  page,
  onPage,
}: {
  range: { from: string; to: string };
  page: number;
  onPage: (p: number) => void;
}) {
  useSignals();
  const { answer, error, retry } = useQueryResource(loadReport, { ...range, page }, REPORT_FAILED);
  if (error) return <LoadFailed message={error} onRetry={retry} />;
  if (!answer) return <Skeleton shape="page" />;
  return (
    <>
      <Figures report={answer} />
      <div className="payments-columns">
        <Movements report={answer} onPage={onPage} />
        <div>
          <Owed report={answer} />
          <ByMethod report={answer} />
        </div>
      </div>
    </>
  );
}

export function PaymentsPage() {
  useSignals();
  const profile = useSharedResource(businessProfile);
  const timeZone = profile.data.value?.timeZone;
  const [params, setParams] = useSearchParams();
  const period = parsePaymentPeriod(params.get(PERIOD_PARAM));
  const page = parsePage(params.get(PAGE_PARAM));
  const range = useMemo(() => (timeZone ? paymentsRange(period, todayIn(timeZone)) : null), [period, timeZone]);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  function go(next: { period?: PaymentPeriod; page?: number }) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.period) {
          p.set(PERIOD_PARAM, next.period);
          p.delete(PAGE_PARAM);
        }
        if (next.page !== undefined) {
          if (next.page > 1) p.set(PAGE_PARAM, String(next.page));
          else p.delete(PAGE_PARAM);
        }
        return p;
      },
      // A new period replaces the entry (as Insights' does); a new page is a step Back returns from.
      { replace: next.period !== undefined },
    );
  }

  async function download() {
    if (!range) return;
    setExporting(true);
    setExportError(null);
    try {
      saveCsv(await loadPaymentsCsv(range), `payments-${range.from}-to-${range.to}.csv`);
    } catch (err) {
      setExportError(serverErrorOr(err, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="payments-page">
      <div className="page-head">
        <div>
          <h1>Payments</h1>
          <p className="muted">
            {range && timeZone
              ? `${rangeText(range)}, in ${zoneLabel(timeZone)}.`
              : 'Deposits, invoice payments, tips and refunds.'}
          </p>
        </div>
        <div className="payments-actions">
          <SegmentedControl
            legend="Period"
            options={PAYMENT_PERIODS}
            value={period}
            onChange={(p) => go({ period: p })}
          />
          <button type="button" className="btn" disabled={!range || exporting} onClick={() => void download()}>
            {exporting ? 'Downloading…' : 'Download CSV'}
          </button>
        </div>
      </div>
      {exportError && (
        <p className="notice notice--error" role="alert">
          {exportError}
        </p>
      )}
      <p className="hint">
        The CSV has one row per payment or refund, as QuickBooks Online and Xero import a bank statement. Tax rates and
        tips: <Link to="/dashboard/settings/invoices">Settings, Invoices and Tips</Link>.
      </p>
      {range && timeZone ? (
        <Report range={range} page={page} onPage={(p) => go({ page: p })} />
      ) : profile.error.value ? (
        <LoadFailed message={profile.error.value} onRetry={() => void profile.refresh()} />
      ) : (
        <Skeleton shape="page" />
      )}
    </section>
  );
}
