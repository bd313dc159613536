/**
 * The Operations form (issue 8) as the owner types it, and its check before saving.
 * The limits and texts are the server's (shared/api OperationsSettings); they are
 * repeated here so the Settings chunk does not pull zod into the browser.
 */
import type { OperationsSettings } from '@slotwise/shared/api';
import { typedDollars } from '../../lib/typed-dollars.ts';

export type ChangeCutoff = OperationsSettings['changeCutoffHours'];

export const CUTOFF_CHOICES: readonly { hours: ChangeCutoff; label: string }[] = [
  { hours: 0, label: 'None' },
  { hours: 2, label: '2 hours' },
  { hours: 12, label: '12 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 48, label: '48 hours' },
];

/** Number fields stay text while typed, so an empty field is not silently 0. */
export interface OperationsForm {
  travel: boolean;
  speedMph: string;
  bufferMinutes: string;
  maxDistanceMiles: string;
  changeCutoffHours: ChangeCutoff;
  horizonDays: string;
  minNoticeHours: string;
  /** Dollars a mile driven costs (Insights' profit after the drive); '' reads 0. */
  vehicleCostPerMile: string;
}

export function formFrom(s: OperationsSettings): OperationsForm {
  return {
    travel: s.travel.enabled,
    speedMph: String(s.travel.speedMph),
    bufferMinutes: String(s.travel.bufferMinutes),
    maxDistanceMiles: s.maxDistanceMiles === null ? '' : String(s.maxDistanceMiles),
    changeCutoffHours: s.changeCutoffHours,
    horizonDays: String(s.horizonDays ?? 90),
    minNoticeHours: String(s.minNoticeHours ?? 2),
    vehicleCostPerMile: s.vehicleCostPerMile ? s.vehicleCostPerMile.toFixed(2) : '',
  };
}

function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}

export type Checked = { ok: true; value: OperationsSettings } | { ok: false; error: string };

/** What the server would refuse, said before sending; an empty service area means anywhere. */
export function toSettings(form: OperationsForm): Checked {
  const speed = wholeNumber(form.speedMph);
  if (speed === null) return { ok: false, error: 'Average speed must be whole miles per hour, like 30.' };
  if (speed < 5 || speed > 80) return { ok: false, error: 'Average speed must be between 5 and 80 mph.' };
  const buffer = wholeNumber(form.bufferMinutes);
  if (buffer === null) return { ok: false, error: 'Buffer must be whole minutes, like 15 (0 for none).' };
  if (buffer > 240) return { ok: false, error: 'Buffer must be at most 240 minutes.' };
  const distanceText = form.maxDistanceMiles.trim();
  let maxDistanceMiles: number | null = null;
  if (distanceText) {
    const miles = Number(distanceText);
    if (!Number.isFinite(miles) || miles <= 0)
      return { ok: false, error: 'Service area must be more than 0 miles, or empty for anywhere.' };
    if (miles > 1000) return { ok: false, error: 'Service area must be at most 1000 miles.' };
    maxDistanceMiles = miles;
  }
  const horizonDays = wholeNumber(form.horizonDays);
  if (horizonDays === null || horizonDays < 1 || horizonDays > 730)
    return { ok: false, error: 'Booking horizon must be whole days between 1 and 730, like 90.' };
  const notice = Number(form.minNoticeHours.trim());
  if (form.minNoticeHours.trim() === '' || !Number.isInteger(notice * 2) || notice < 0 || notice > 168)
    return { ok: false, error: 'Minimum notice must be whole or half hours between 0 and 168, like 2.' };
  const cost = form.vehicleCostPerMile.trim() === '' ? 0 : typedDollars(form.vehicleCostPerMile);
  if (cost === null || cost > 20)
    return {
      ok: false,
      error: 'Vehicle cost per mile must be dollars and cents up to $20, like 0.70 (empty for none).',
    };
  return {
    ok: true,
    value: {
      travel: { enabled: form.travel, speedMph: speed, bufferMinutes: buffer },
      maxDistanceMiles,
      changeCutoffHours: form.changeCutoffHours,
      horizonDays,
      minNoticeHours: notice,
      vehicleCostPerMile: cost,
    },
  };
}
