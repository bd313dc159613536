/**
 * The missed-work map, in SVG with no tile server (map-layout.ts places everything): the business
 * at the centre, the service area's circle and the dashed one WIDER_MILES wider, a scale bar in
 * miles, and each ZIP code's point sized by its missed requests, coloured by its larger kind and
 * written with its ZIP code. One image to screen readers, named by a summary: the list beside it
 * (missed-section.tsx) says each ZIP code's figures.
 */
import { WIDER_MILES } from '@slotwise/shared/insights';
import { MAP_SIZE, type MapLayout, type PointKind } from '../map-layout.ts';

export const KIND_COLORS: Record<PointKind, string> = { refused: '#c2410c', notBooked: '#4f46e5' };
const INK = '#111827';
const RING = '#5b6472';
const HALF = MAP_SIZE / 2;

export function MissedMap({ layout, areaMiles }: { layout: MapLayout; areaMiles: number | null }) {
  const { points, scaleBar } = layout;
  const summary =
    `Map of ${points.length} ZIP ${points.length === 1 ? 'code' : 'codes'} with missed requests around your business` +
    (areaMiles === null ? '.' : `, with your ${areaMiles}-mile service area and ${WIDER_MILES} miles more.`);
  const barY = MAP_SIZE - 16;
  return (
    <svg className="insights-map" viewBox={`0 0 ${MAP_SIZE} ${MAP_SIZE}`} role="img" aria-label={summary}>
      <rect width={MAP_SIZE} height={MAP_SIZE} rx={12} fill="#f8fafc" />
      {layout.wider !== null && (
        <circle
          cx={HALF}
          cy={HALF}
          r={layout.wider}
          fill="none"
          stroke={RING}
          strokeWidth={1.5}
          strokeDasharray="6 5"
        />
      )}
      {layout.area !== null && (
        <circle cx={HALF} cy={HALF} r={layout.area} fill="#eef2ff" stroke="#4f46e5" strokeWidth={1.5} />
      )}
      {points.map((p) => (
        <circle
          key={p.zip}
          cx={p.x}
          cy={p.y}
          r={p.r}
          fill={KIND_COLORS[p.kind]}
          fillOpacity={0.82}
          stroke="#fff"
          strokeWidth={1.5}
        />
      ))}
      {/* Home: a small house at the centre, over any point there. */}
      <path
        d={`M${HALF - 7} ${HALF + 6}v-7l7-6 7 6v7z`}
        fill={INK}
        stroke="#fff"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
      {points.map(
        (p) =>
          p.label && (
            <text
              key={p.zip}
              className="insights-map-label"
              x={p.label.x}
              y={p.label.y}
              textAnchor={p.label.anchor}
              fill={INK}
              stroke="#fff"
              strokeWidth={3}
              paintOrder="stroke"
            >
              {p.zip}
            </text>
          ),
      )}
      <g className="insights-map-scale">
        <path d={`M12 ${barY - 4}v4h${scaleBar.length}v-4`} fill="none" stroke={INK} strokeWidth={1.5} />
        <text x={12} y={barY - 8} fill={INK}>
          {scaleBar.label}
        </text>
      </g>
    </svg>
  );
}
