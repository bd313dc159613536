/** Wall-clock helpers shared by the server, the dashboard and the widget. No time zone logic here. */

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isHhMm(value: string): boolean {
  return HHMM.test(value);
}

/** "09:30" -> 570 */
export function minutesOfDay(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  if (!m) throw new RangeError(`Not a HH:MM time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** 570 -> "09:30"; 1440 -> "24:00" is not a time of day, so it is clamped to "23:59". */
export function hhMm(minutes: number): string {
  const clamped = Math.min(Math.max(0, Math.floor(minutes)), 23 * 60 + 59);
  const h = Math.floor(clamped / 60);
  const m = clamped % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/**
 * The selectable times of a day in `step`-minute steps, ending with 23:59 so a
 * block can run to the end of the day (docs/product.md#calendar: "up to 23:59").
 */
export function timeSteps(step = 30): string[] {
  const out: string[] = [];
  for (let t = 0; t < 24 * 60; t += step) out.push(hhMm(t));
  out.push('23:59');
  return out;
}
