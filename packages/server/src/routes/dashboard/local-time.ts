/**
 * Reading an instant as a business's wall clock. The dashboard's "today" is the
 * business's day, not the server's or the browser's (DESIGN.md section 4).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  time: string;
}

export function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The business-local date (YYYY-MM-DD) at `now`. */
export function todayIn(timeZone: string, now: number): string {
  return wallClockAt(now, timeZone).day;
}

/**
 * The spelling to store for a zone the owner typed: Intl's canonical casing
 * ("america/new_york" -> "America/New_York"), but never a different zone that
 * Intl maps an alias to ("EST" stays "EST").
 */
export function canonicalZone(zone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}
