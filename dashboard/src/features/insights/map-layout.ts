/**
 * The missed-work map without tiles (docs/decisions/029): the business at the centre, each ZIP
 * code's centre placed by a local projection around it (x by longitude times the cosine of the
 * business's latitude, y by latitude, north up), scaled so the farthest point and the wider ring
 * fit; the service area's circle and the one WIDER_MILES wider; a scale bar in miles. Pure: the
 * component only draws what this answers.
 */
import type { InsightsMissed } from '@slotwise/shared/api';
import { WIDER_MILES } from '@slotwise/shared/insights';

/** Miles in a degree of latitude (and of longitude at the equator). */
export const MILES_PER_DEGREE = 69.09;
/** The SVG's viewBox is a square of this many units, the business at its middle. */
export const MAP_SIZE = 360;
/** Room kept around the farthest point or ring for its label. */
const MARGIN = 34;
const FONT = 13;
/** A point's radius: its area grows with its missed requests. */
const R_MIN = 4;
const R_MAX = 15;

type Zip = InsightsMissed['zips'][number];
export type PointKind = 'refused' | 'notBooked';

interface MapPoint {
  zip: string;
  /** Refused by the service area plus quoted and never booked. */
  missed: number;
  /** The larger of its two kinds (a tie reads as refused). */
  kind: PointKind;
  x: number;
  y: number;
  r: number;
  /** Where its ZIP code is written; null when every place beside it was taken (the list names it). */
  label: { x: number; y: number; anchor: 'start' | 'end' | 'middle' } | null;
}

export interface MapLayout {
  /** Units per mile. */
  scale: number;
  points: MapPoint[];
  /** Radii in units; null without a service area. */
  area: number | null;
  wider: number | null;
  scaleBar: { miles: number; length: number; label: string };
}

/** Miles east (x) and south (y, as an SVG's y grows downwards) of home. */
export function project(home: { lat: number; lng: number }, lat: number, lng: number): { x: number; y: number } {
  const cos = Math.cos((home.lat * Math.PI) / 180);
  return { x: (lng - home.lng) * cos * MILES_PER_DEGREE, y: -(lat - home.lat) * MILES_PER_DEGREE };
}

/** A scale bar's length: about a third of the map's radius, rounded to 1, 2 or 5 times a power of ten. */
export function niceMiles(extent: number): number {
  const rough = Math.max(extent / 3, 0.1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [5, 2, 1].find((s) => s * power <= rough) ?? 1;
  return Math.round(step * power * 100) / 100;
}

export const missedOf = (z: Pick<Zip, 'outsideArea' | 'notBooked'>) => z.outsideArea + z.notBooked;

/** The ZIP codes the map can draw: a known centre and something missed. */
function drawable(zips: readonly Zip[]): (Zip & { lat: number; lng: number })[] {
  return zips.filter(
    (z): z is Zip & { lat: number; lng: number } => z.lat !== null && z.lng !== null && missedOf(z) > 0,
  );
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Lays the map out; null without a home (the page then lists the ZIP codes only). */
export function mapLayout(missed: Pick<InsightsMissed, 'home' | 'serviceAreaMiles' | 'zips'>): MapLayout | null {
  const { home, serviceAreaMiles } = missed;
  if (!home) return null;
  const zips = drawable(missed.zips);
  const placed = zips.map((z) => ({ zip: z, at: project(home, z.lat, z.lng) }));
  const farthest = Math.max(0, ...placed.map((p) => Math.hypot(p.at.x, p.at.y)));
  const ring = serviceAreaMiles === null ? 0 : serviceAreaMiles + WIDER_MILES;
  const extent = Math.max(farthest, ring) || 10;
  const half = MAP_SIZE / 2;
  const scale = (half - MARGIN) / extent;
  const most = Math.max(1, ...zips.map(missedOf));

  // The biggest points first: they get their labels' first choice of place.
  const points: MapPoint[] = placed
    .map(({ zip, at }) => ({
      zip: zip.zip,
      missed: missedOf(zip),
      kind: (zip.outsideArea >= zip.notBooked ? 'refused' : 'notBooked') as PointKind,
      x: half + at.x * scale,
      y: half + at.y * scale,
      r: R_MIN + (R_MAX - R_MIN) * Math.sqrt(missedOf(zip) / most),
      label: null as MapPoint['label'],
    }))
    .sort((a, b) => b.missed - a.missed || a.zip.localeCompare(b.zip));

  // What a label must stay clear of: every point (but its own) and the labels already placed.
  const circles: Box[] = points.map((p) => ({ x0: p.x - p.r, y0: p.y - p.r, x1: p.x + p.r, y1: p.y + p.r }));
  const labels: Box[] = [];
  for (const [i, p] of points.entries()) {
    const width = p.zip.length * FONT * 0.62;
    const candidates = [
      { x: p.x + p.r + 3, y: p.y + FONT * 0.35, anchor: 'start' as const, box: [p.x + p.r + 3, p.y - FONT / 2] },
      { x: p.x - p.r - 3, y: p.y + FONT * 0.35, anchor: 'end' as const, box: [p.x - p.r - 3 - width, p.y - FONT / 2] },
      { x: p.x, y: p.y - p.r - 4, anchor: 'middle' as const, box: [p.x - width / 2, p.y - p.r - 4 - FONT] },
      { x: p.x, y: p.y + p.r + FONT + 2, anchor: 'middle' as const, box: [p.x - width / 2, p.y + p.r + 2] },
    ];
    for (const c of candidates) {
      const [x0, y0] = c.box as [number, number];
      const box = { x0, y0, x1: x0 + width, y1: y0 + FONT };
      const inside = box.x0 >= 0 && box.y0 >= 0 && box.x1 <= MAP_SIZE && box.y1 <= MAP_SIZE;
      if (!inside || circles.some((t, j) => j !== i && overlaps(t, box)) || labels.some((t) => overlaps(t, box)))
        continue;
      p.label = { x: c.x, y: c.y, anchor: c.anchor };
      labels.push(box);
      break;
    }
  }

  const barMiles = niceMiles(extent);
  return {
    scale,
    points,
    area: serviceAreaMiles === null ? null : serviceAreaMiles * scale,
    wider: serviceAreaMiles === null ? null : (serviceAreaMiles + WIDER_MILES) * scale,
    scaleBar: { miles: barMiles, length: barMiles * scale, label: `${barMiles} ${barMiles === 1 ? 'mile' : 'miles'}` },
  };
}
