/**
 * Money and work (insightsWork): booked, completed and cancelled money by week (the last 12, this
 * one, the next 4, whatever the period), then for the period the bookings by service, the average
 * quote, and the busiest days and hours.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { InsightsQuery, InsightsWork } from '@slotwise/shared/api';
import { weekStart } from '@slotwise/shared/insights';
import { formatUsd } from '@slotwise/shared/money';
import { todayIn } from '@slotwise/shared/time-zone';
import { useId, useMemo } from 'react';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { monthDay, rangeText, useTimeFormat } from '../../../lib/format.ts';
import { csvFileName, heatTable, servicesTable, weeksRange, weeksTable } from '../chart-tables.ts';
import { loadWork, useInsight, WORK_FAILED } from '../insights-data.ts';
import { axisUsd, counted, NO_BOOKINGS, NO_QUOTES } from '../words.ts';
import { type Band, type BarSeries, BarsChart, ChartKey } from './bars-chart.tsx';
import { ChartFrame } from './chart-frame.tsx';
import { HeatGrid } from './heat-grid.tsx';
import { RankBars } from './rank-bars.tsx';

const BOOKED = '#6366f1';
const COMPLETED = '#15803d';
const CANCELLED = '#dc2626';
const COLLECTED = '#0e7490';
const THIS_WEEK = '#e0e7ff';
const AHEAD = '#f1f2f6';

function MoneyByWeek({ work, today }: { work: InsightsWork; today: string }) {
  const current = weekStart(today);
  const thisIndex = work.weeks.findIndex((w) => w.weekStart === current);
  const labels = useMemo(() => work.weeks.map((w) => monthDay(w.weekStart)), [work]);
  const series = useMemo<BarSeries[]>(
    () => [
      { label: 'Booked', values: work.weeks.map((w) => w.booked), color: BOOKED, place: 'left' },
      { label: 'Completed', values: work.weeks.map((w) => w.completed), color: COMPLETED, place: 'left' },
      // Money in beside the work: collected on the right, what was cancelled drawn over it.
      { label: 'Collected', values: work.weeks.map((w) => w.collected), color: COLLECTED, place: 'right' },
      { label: 'Cancelled', values: work.weeks.map((w) => w.cancelled), color: CANCELLED, place: 'right' },
    ],
    [work],
  );
  const bands = useMemo<Band[]>(
    () =>
      thisIndex < 0
        ? []
        : [
            { from: thisIndex, to: thisIndex, label: 'This week', fill: THIS_WEEK },
            ...(thisIndex + 1 < work.weeks.length
              ? [{ from: thisIndex + 1, to: work.weeks.length - 1, label: 'Booked ahead', fill: AHEAD }]
              : []),
          ],
    [thisIndex, work],
  );
  return (
    <>
      <BarsChart labels={labels} series={series} bands={bands} format={axisUsd} height={240} />
      <ChartKey
        items={[
          { label: 'Booked', color: BOOKED },
          { label: 'Completed (over the booked)', color: COMPLETED },
          { label: 'Collected (deposits and payments, less refunds)', color: COLLECTED },
          { label: 'Cancelled (over the collected)', color: CANCELLED },
          { label: 'This week', color: THIS_WEEK, mark: 'band' },
          { label: 'Booked ahead (the next 4 weeks)', color: AHEAD, mark: 'band' },
        ]}
      />
    </>
  );
}

/** The server's booked-ahead figure: from today, this week's later days included, to the chart's last day. */
function aheadText({ ahead }: InsightsWork): string {
  return `Booked ahead from today to ${monthDay(ahead.to)}: ${formatUsd(ahead.booked)} from ${counted(ahead.bookedCount, 'booking', 'bookings')}.`;
}

/** What the period's bookings are worth beside the money that came in on its days. */
function collectedText({ collected, services }: InsightsWork): string {
  const booked = services.reduce((sum, s) => sum + s.revenue, 0);
  return `In this period: ${formatUsd(booked)} booked, ${formatUsd(collected)} collected (deposits and payments, tips included, less refunds).`;
}

function Services({ services }: { services: InsightsWork['services'] }) {
  const most = Math.max(1, ...services.map((s) => s.bookings));
  return (
    <RankBars
      rows={services.map((s) => ({
        // A deleted service has no id; its name (as booked) is unique among those.
        key: s.serviceId ?? `deleted:${s.name}`,
        label: s.name,
        figure: counted(s.bookings, 'booking', 'bookings'),
        share: s.bookings / most,
        detail: formatUsd(s.revenue),
      }))}
    />
  );
}

export function WorkSection({ range, timeZone }: { range: InsightsQuery; timeZone: string }) {
  useSignals();
  const id = useId();
  const format = useTimeFormat();
  const { answer, error, retry } = useInsight(loadWork, range, WORK_FAILED);
  const period = rangeText(range);
  const today = todayIn(timeZone);

  let body: React.ReactNode;
  if (error) body = <LoadFailed message={error} onRetry={retry} />;
  else if (!answer) body = <Skeleton shape="chart" rows={17} />;
  else {
    const weeks = weeksRange(answer);
    body = (
      <>
        <ChartFrame
          title="Money by week"
          caption={`Money by week, ${rangeText(weeks)}`}
          table={weeksTable(answer, today)}
          fileName={csvFileName('money-by-week', weeks)}
          intro={
            <>
              <p className="insights-lead">{aheadText(answer)}</p>
              <p className="insights-lead">{collectedText(answer)}</p>
            </>
          }
        >
          <MoneyByWeek work={answer} today={today} />
        </ChartFrame>
        <div className="insights-pair">
          {answer.services.length ? (
            <ChartFrame
              title="Bookings by service"
              caption={`Bookings by service, ${period}`}
              table={servicesTable(answer)}
              fileName={csvFileName('services', range)}
            >
              <Services services={answer.services} />
            </ChartFrame>
          ) : (
            <section className="insights-chart" aria-labelledby={`${id}-services`}>
              <h3 id={`${id}-services`}>Bookings by service</h3>
              <p className="muted">{NO_BOOKINGS}</p>
            </section>
          )}
          <section className="insights-chart" aria-labelledby={`${id}-quote`}>
            <h3 id={`${id}-quote`}>Average quote</h3>
            {answer.averageQuote === null ? (
              <p className="muted">{NO_QUOTES}</p>
            ) : (
              <>
                <p className="insights-figure">{formatUsd(answer.averageQuote)}</p>
                <p className="muted">{`From ${counted(answer.quotes, 'quote', 'quotes')} given in this period.`}</p>
              </>
            )}
          </section>
        </div>
        {answer.heat.some((c) => c.bookings > 0) ? (
          <ChartFrame
            title="Busiest days and hours"
            caption={`Bookings by weekday and starting hour, ${period}`}
            table={heatTable(answer, format)}
            fileName={csvFileName('busiest-hours', range)}
            speaks
            intro={<p className="hint">Bookings by the hour they start. The darker the cell, the busier.</p>}
          >
            <HeatGrid heat={answer.heat} format={format} />
          </ChartFrame>
        ) : (
          <section className="insights-chart" aria-labelledby={`${id}-heat`}>
            <h3 id={`${id}-heat`}>Busiest days and hours</h3>
            <p className="muted">{NO_BOOKINGS}</p>
          </section>
        )}
      </>
    );
  }

  return (
    <section className="card section insights-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Money and work</h2>
      <p className="section-intro">Bookings going ahead (pending, approved and completed) and what they are worth.</p>
      {body}
    </section>
  );
}
