/**
 * /dashboard/insights (issue 29, docs/decisions/029): how many people opened the booking form,
 * got a quote and booked; the money by week; which services sell and when; and the work missed.
 * A lazy page in its own chunk (app/router.tsx), the chart library with it. The period is in the
 * address (?period=30d) and counted in the business's days, whatever the viewer's zone.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { todayIn, zoneLabel } from '@slotwise/shared/time-zone';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { businessProfile } from '../../../lib/business.ts';
import { rangeText } from '../../../lib/format.ts';
import { useSharedResource } from '../../../lib/resource.ts';
import { PERIOD_PARAM, PERIODS, type PeriodId, parsePeriod, periodRange } from '../period.ts';
import { DriveSection } from './drive-section.tsx';
import { FunnelSection } from './funnel-section.tsx';
import { MissedSection } from './missed-section.tsx';
import { WorkSection } from './work-section.tsx';
import '../insights.css';

export function InsightsPage() {
  useSignals();
  const profile = useSharedResource(businessProfile);
  const timeZone = profile.data.value?.timeZone;
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get(PERIOD_PARAM));
  const range = useMemo(() => (timeZone ? periodRange(period, todayIn(timeZone)) : null), [period, timeZone]);

  function choose(next: PeriodId) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set(PERIOD_PARAM, next);
        return p;
      },
      { replace: true },
    );
  }

  return (
    <section className="insights-page">
      <div className="page-head">
        <div>
          <h1>Insights</h1>
          <p className="muted">
            {range && timeZone
              ? `${rangeText(range)}, in ${zoneLabel(timeZone)}.`
              : 'Your visits, money and missed work.'}
          </p>
        </div>
        <SegmentedControl legend="Period" options={PERIODS} value={period} onChange={choose} />
      </div>
      {range && timeZone ? (
        <>
          <FunnelSection range={range} />
          <WorkSection range={range} timeZone={timeZone} />
          <MissedSection range={range} />
          <DriveSection range={range} />
        </>
      ) : profile.error.value ? (
        <LoadFailed message={profile.error.value} onRetry={() => void profile.refresh()} />
      ) : (
        <Skeleton shape="page" />
      )}
    </section>
  );
}
