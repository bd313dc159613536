/**
 * Clock times as people read them, in one place: every screen, mail and the widget writes a
 * time of day through here (docs/product.md#times-and-phone-numbers). Each business chooses
 * a 12-hour clock ("8:00 AM", the default: the product's owners and customers are mostly in
 * the US) or a 24-hour one ("08:00") in Settings; the choice travels with the business's
 * profile, its public info (the widget) and its mails.
 *
 * Stored and sent times stay 24-hour HH:MM (shared/src/time.ts); only what is shown changes.
 * Written by hand rather than with Intl: Intl puts a narrow no-break space before "AM" in
 * current ICU versions and not in older ones, so the same time would read differently on
 * the server, in mails and in each browser.
 */
export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** Until the owner chooses: a 12-hour clock. */
export const DEFAULT_TIME_FORMAT: TimeFormat = '12h';

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 0-23 -> "12 AM", "8 AM", "12 PM", "8 PM" (12-hour) or "00:00", "08:00", "20:00" (24-hour). */
export function formatHour(hour: number, format: TimeFormat = DEFAULT_TIME_FORMAT): string {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (format === '24h') return `${String(h).padStart(2, '0')}:00`;
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A wall time as shown: "19:00" -> "7:00 PM" (12-hour) or "19:00" (24-hour); midnight is
 * "12:00 AM" and noon "12:00 PM". `zone`, the zone's short name a time in the hour the clocks
 * repeat needs (BookingTime.startZone), follows it: "1:00 AM EDT". Anything that is not a
 * HH:MM time is returned as it is.
 */
export function formatClock(hhmm: string, format: TimeFormat = DEFAULT_TIME_FORMAT, zone?: string): string {
  const m = HHMM.exec(hhmm);
  const suffix = zone ? ` ${zone}` : '';
  if (!m) return `${hhmm}${suffix}`;
  if (format === '24h') return `${hhmm}${suffix}`;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}${suffix}`;
}

/** "10:00 AM – 11:30 AM" (an en dash between spaces), each end with its zone when it needs one. */
export function formatClockRange(
  start: string,
  end: string,
  format: TimeFormat = DEFAULT_TIME_FORMAT,
  zones: { startZone?: string; endZone?: string } = {},
): string {
  return `${formatClock(start, format, zones.startZone)} – ${formatClock(end, format, zones.endZone)}`;
}

/**
 * The clock a locale reads times on: "12h" where its hour cycle is h11 or h12 (en-US),
 * "24h" where it is h23 or h24 (en-GB, de); undefined when the runtime does not say.
 * The widget shows the customer's times on their own browser's clock.
 */
export function localeTimeFormat(locale?: string): TimeFormat | undefined {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle ? (cycle === 'h23' || cycle === 'h24' ? '24h' : '12h') : undefined;
}
