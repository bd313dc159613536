/** The booking funnel (insightsFunnel): the four steps and their drop-offs, by source, and by day. */
import { useSignals } from '@preact/signals-react/runtime';
import type { InsightsFunnel, InsightsQuery } from '@slotwise/shared/api';
import { dropOffs, FUNNEL_LABELS, FUNNEL_STEPS } from '@slotwise/shared/insights';
import { useId, useMemo } from 'react';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { monthDay, rangeText } from '../../../lib/format.ts';
import { csvFileName, daysTable, funnelTable, sourcesTable } from '../chart-tables.ts';
import { FUNNEL_FAILED, loadFunnel, useInsight } from '../insights-data.ts';
import { bookingRate, counted, dropOffText, FUNNEL_EMPTY } from '../words.ts';
import { type BarSeries, BarsChart, ChartKey } from './bars-chart.tsx';
import { ChartFrame } from './chart-frame.tsx';
import { RankBars } from './rank-bars.tsx';

const OPENED_COLOR = '#6366f1';
const BOOKED_COLOR = '#15803d';
const wholeNumber = (n: number) => n.toLocaleString('en-US');

function FunnelBars({ totals }: { totals: InsightsFunnel['totals'] }) {
  const counts = FUNNEL_STEPS.map((s) => totals[s]);
  const drops = dropOffs(counts);
  const most = Math.max(1, ...counts);
  return (
    <ol className="insights-funnel">
      {FUNNEL_STEPS.map((step, i) => {
        const n = counts[i] ?? 0;
        const drop = dropOffText(drops[i] ?? null);
        return (
          <li key={step}>
            {drop && <p className="insights-funnel-drop">{drop}</p>}
            <div className="insights-rank-head">
              <span className="insights-rank-label">{FUNNEL_LABELS[step]}</span>
              <span className="insights-rank-figure">{wholeNumber(n)}</span>
            </div>
            <div className="insights-track insights-track--tall">
              <span className="insights-fill" style={{ width: `${Math.max((n / most) * 100, 1)}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Sources({ sources }: { sources: InsightsFunnel['sources'] }) {
  const most = Math.max(1, ...sources.map((s) => s.opened));
  return (
    <RankBars
      rows={sources.map((s) => {
        const rate = bookingRate(s);
        return {
          key: `${s.kind}:${s.site}`,
          label: s.label,
          figure: rate === null ? 'none opened' : `${rate}% booked`,
          share: s.opened / most,
          inner: s.opened > 0 ? s.booked / s.opened : 0,
          // No-break spaces keep each figure with its words, and each dot with the figure before it.
          detail: [
            `${wholeNumber(s.opened)}\u00a0opened`,
            `${wholeNumber(s.quoted)}\u00a0got\u00a0a\u00a0quote`,
            `${wholeNumber(s.slot)}\u00a0chose\u00a0a\u00a0time`,
            `${wholeNumber(s.booked)}\u00a0booked`,
          ].join('\u00a0· '),
        };
      })}
    />
  );
}

function ByDay({ funnel }: { funnel: InsightsFunnel }) {
  const labels = useMemo(() => funnel.days.map((d) => monthDay(d.day)), [funnel]);
  const series = useMemo<BarSeries[]>(
    () => [
      { label: FUNNEL_LABELS.opened, values: funnel.days.map((d) => d.opened), color: OPENED_COLOR },
      { label: FUNNEL_LABELS.booked, values: funnel.days.map((d) => d.booked), color: BOOKED_COLOR },
    ],
    [funnel],
  );
  return (
    <>
      <BarsChart labels={labels} series={series} format={wholeNumber} />
      <ChartKey
        items={[
          { label: 'Opened the booking form', color: OPENED_COLOR },
          { label: 'Booked (over the opened)', color: BOOKED_COLOR },
        ]}
      />
    </>
  );
}

export function FunnelSection({ range }: { range: InsightsQuery }) {
  useSignals();
  const id = useId();
  const { answer, error, retry } = useInsight(loadFunnel, range, FUNNEL_FAILED);
  const period = rangeText(range);
  const t = answer?.totals;
  const empty = t && t.opened + t.quoted + t.slot + t.booked === 0;

  let body: React.ReactNode;
  if (error) body = <LoadFailed message={error} onRetry={retry} />;
  else if (!answer || !t) body = <Skeleton shape="bars" rows={4} />;
  else if (empty)
    body = (
      <div className="empty-state">
        <p>{FUNNEL_EMPTY}</p>
      </div>
    );
  else
    body = (
      <>
        <p className="insights-lead">
          {`${counted(t.opened, 'visit', 'visits')} opened your booking form; ${counted(t.booked, 'booked', 'booked')}`}
          {bookingRate(t) === null ? '.' : ` (${bookingRate(t)}%).`}
        </p>
        <ChartFrame
          title="Steps"
          caption={`Booking funnel, ${period}`}
          table={funnelTable(answer)}
          fileName={csvFileName('funnel', range)}
        >
          <FunnelBars totals={t} />
        </ChartFrame>
        {answer.sources.length > 0 && (
          <ChartFrame
            title="By source"
            caption={`Booking funnel by source, ${period}`}
            table={sourcesTable(answer)}
            fileName={csvFileName('sources', range)}
          >
            <Sources sources={answer.sources} />
          </ChartFrame>
        )}
        <ChartFrame
          title="Opened and booked by day"
          caption={`Booking forms opened and bookings made by day, ${period}`}
          table={daysTable(answer)}
          fileName={csvFileName('days', range)}
        >
          <ByDay funnel={answer} />
        </ChartFrame>
      </>
    );

  return (
    <section className="card section insights-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Booking funnel</h2>
      <p className="section-intro">
        Visits to your booking form on your site and your booking page, step by step. Counted by day, without cookies.
      </p>
      {body}
    </section>
  );
}
