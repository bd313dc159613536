/**
 * Profit after the drive (insightsDrive; docs/decisions/057): the period's approved and completed
 * jobs' earnings per working hour once the drive to each and the vehicle cost of its miles are
 * counted, by ZIP code and by service, and what would lift the far jobs (or why no advice yet).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { InsightsDrive, InsightsQuery } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { rangeText } from '../../../lib/format.ts';
import { csvFileName, profitTable } from '../chart-tables.ts';
import { DRIVE_FAILED, loadDrive, useInsight } from '../insights-data.ts';
import {
  counted,
  driveAdviceSentence,
  NO_BOOKINGS,
  noAdviceSentence,
  profitDetail,
  vehicleCostSentence,
} from '../words.ts';
import { ChartFrame } from './chart-frame.tsx';
import { RankBars } from './rank-bars.tsx';

/** Each row says its name, its rate and its figures in words: the list speaks for itself (ChartFrame `speaks`). */
function PerHourBars({ groups }: { groups: InsightsDrive['zips'] }) {
  const most = Math.max(1, ...groups.map((g) => g.perHour ?? 0));
  return (
    <RankBars
      rows={groups.map((g) => ({
        key: g.key || 'unknown',
        label: g.place ? `${g.name} · ${g.place}` : g.name,
        figure: g.perHour === null ? '—' : `${formatUsd(g.perHour)}/h`,
        share: Math.max(0, g.perHour ?? 0) / most,
        detail: profitDetail(g),
      }))}
    />
  );
}

export function DriveSection({ range }: { range: InsightsQuery }) {
  useSignals();
  const id = useId();
  const { answer, error, retry } = useInsight(loadDrive, range, DRIVE_FAILED);
  const period = rangeText(range);

  let body: React.ReactNode;
  if (error) body = <LoadFailed message={error} onRetry={retry} />;
  else if (!answer) body = <Skeleton shape="list" rows={4} />;
  else if (answer.total.jobs === 0)
    body = (
      <div className="empty-state">
        <p>{NO_BOOKINGS}</p>
      </div>
    );
  else
    body = (
      <>
        <p className="insights-lead" data-testid="drive-advice">
          {answer.advice ? driveAdviceSentence(answer.advice) : noAdviceSentence(answer)}
        </p>
        <p className="muted">
          {answer.total.perHour === null
            ? null
            : `All ${counted(answer.total.jobs, 'job', 'jobs')}: ${formatUsd(answer.total.perHour)} an hour after the drive. `}
          {vehicleCostSentence(answer)} <Link to="/dashboard/settings/operations">Change it in Settings</Link>
        </p>
        <div className="insights-pair insights-pair--even">
          <ChartFrame
            title="Per hour by ZIP code"
            caption={`Earnings per working hour after the drive by ZIP code, ${period}`}
            table={profitTable(answer.zips, 'ZIP code')}
            fileName={csvFileName('profit-by-zip', range)}
            speaks
          >
            <PerHourBars groups={answer.zips} />
          </ChartFrame>
          <ChartFrame
            title="Per hour by service"
            caption={`Earnings per working hour after the drive by service, ${period}`}
            table={profitTable(answer.services, 'Service')}
            fileName={csvFileName('profit-by-service', range)}
            speaks
          >
            <PerHourBars groups={answer.services} />
          </ChartFrame>
        </div>
      </>
    );

  return (
    <section className="card section insights-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Profit after the drive</h2>
      <p className="section-intro">
        What your approved and completed jobs earned per working hour, counting the drive to each (from the job before
        it that day, or your start place) and what those miles cost you.
      </p>
      {body}
    </section>
  );
}
