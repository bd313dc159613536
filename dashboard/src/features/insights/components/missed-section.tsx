/**
 * Missed work (insightsMissed): what a wider service area would have reached, where the refused and
 * unbooked requests came from (a map of ZIP codes and the list beside it), and the full days and
 * times customers wanted.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { InsightsMissed, InsightsQuery } from '@slotwise/shared/api';
import { WIDER_MILES } from '@slotwise/shared/insights';
import { useId } from 'react';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { rangeText } from '../../../lib/format.ts';
import { csvFileName, fullTable, missedTable } from '../chart-tables.ts';
import { loadMissed, MISSED_FAILED, useInsight } from '../insights-data.ts';
import { mapLayout, missedOf } from '../map-layout.ts';
import { fullSentence, NO_FULL, NO_HOME, NO_MISSED, widerSentence, zipSummary } from '../words.ts';
import { ChartKey } from './bars-chart.tsx';
import { ChartFrame, DownloadCsv } from './chart-frame.tsx';
import { KIND_COLORS, MissedMap } from './missed-map.tsx';

function ZipList({ zips, drawn }: { zips: InsightsMissed['zips']; drawn: boolean }) {
  const missed = zips
    .filter((z) => missedOf(z) > 0)
    .sort((a, b) => missedOf(b) - missedOf(a) || a.zip.localeCompare(b.zip));
  return (
    <ol className="insights-zips" aria-label="ZIP codes with missed requests, most first">
      {missed.map((z) => {
        const kind = z.outsideArea >= z.notBooked ? 'refused' : 'notBooked';
        const offMap = drawn && (z.lat === null || z.lng === null);
        return (
          <li key={z.zip}>
            <span className="insights-zip-dot" style={{ background: KIND_COLORS[kind] }} aria-hidden="true" />
            <span>
              <strong>{z.zip}</strong>
              {z.place && ` ${z.place}`}
              {z.miles !== null && <span className="muted">{` · ${z.miles} miles`}</span>}
              {offMap && <span className="muted"> · not on the map</span>}
              <br />
              <span className="insights-zip-detail">{zipSummary(z)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function WhereFrom({ missed, range }: { missed: InsightsMissed; range: InsightsQuery }) {
  const layout = mapLayout(missed);
  const key = [
    { label: 'Your business', color: '#111827', mark: 'home' as const },
    { label: 'Refused by distance', color: KIND_COLORS.refused, mark: 'dot' as const },
    { label: 'Quoted, not booked', color: KIND_COLORS.notBooked, mark: 'dot' as const },
    ...(missed.serviceAreaMiles === null
      ? []
      : [
          { label: `Your service area (${missed.serviceAreaMiles} miles)`, color: '#4f46e5', mark: 'ring' as const },
          { label: `${WIDER_MILES} miles wider`, color: '#5b6472', mark: 'dashed' as const },
        ]),
  ];
  return (
    <ChartFrame
      title="Where the requests came from"
      caption={`Missed requests by ZIP code, ${rangeText(range)}`}
      table={missedTable(missed)}
      fileName={csvFileName('missed-work', range)}
      speaks
    >
      {layout ? (
        <div className="insights-map-pair">
          <div>
            <MissedMap layout={layout} areaMiles={missed.serviceAreaMiles} />
            <ChartKey items={key} />
          </div>
          <ZipList zips={missed.zips} drawn />
        </div>
      ) : (
        <>
          <p className="hint">{NO_HOME}</p>
          <ZipList zips={missed.zips} drawn={false} />
        </>
      )}
    </ChartFrame>
  );
}

export function MissedSection({ range }: { range: InsightsQuery }) {
  useSignals();
  const id = useId();
  const { answer, error, retry } = useInsight(loadMissed, range, MISSED_FAILED);

  let body: React.ReactNode;
  if (error) body = <LoadFailed message={error} onRetry={retry} />;
  else if (!answer) body = <Skeleton shape="list" rows={4} />;
  else
    body = (
      <>
        <p className="insights-lead">{widerSentence(answer)}</p>
        {answer.zips.some((z) => missedOf(z) > 0) ? (
          <WhereFrom missed={answer} range={range} />
        ) : (
          <div className="empty-state">
            <p>{NO_MISSED}</p>
          </div>
        )}
        {/* Its sentences are its rows, read as a list: a table beside them would say it all twice. */}
        <section className="insights-chart" aria-labelledby={`${id}-full`}>
          <div className="insights-chart-head">
            <h3 id={`${id}-full`}>Full days and times</h3>
            {answer.full.length > 0 && (
              <div className="insights-chart-actions">
                <DownloadCsv table={fullTable(answer)} fileName={csvFileName('full-days', range)} />
              </div>
            )}
          </div>
          {answer.full.length ? (
            <ul className="insights-full">
              {answer.full.map((f) => (
                <li key={`${f.weekday}:${f.part ?? 'day'}`}>{fullSentence(f)}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{NO_FULL}</p>
          )}
        </section>
      </>
    );

  return (
    <section className="card section insights-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Missed work</h2>
      <p className="section-intro">
        Requests your service area refused, quotes that never booked, and the times customers found full.
      </p>
      {body}
    </section>
  );
}
