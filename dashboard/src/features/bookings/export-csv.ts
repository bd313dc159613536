/** Saving the bookings CSV the server made as a file, named for the business's today. */
import { todayIn } from '@slotwise/shared/time-zone';
import { saveFile } from '../../lib/save-file.ts';

/** "bookings-2026-03-05.csv": today in the business's time zone (the server's dates are in it too). */
export function csvFileName(timeZone: string | undefined, now: Date = new Date()): string {
  return `bookings-${todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, now.getTime())}.csv`;
}

/**
 * Hands the text to the browser as a download. The byte-order mark makes Excel read the
 * file as UTF-8 (names with accents); other tools ignore it.
 */
export function saveCsv(csv: string, fileName: string): void {
  saveFile(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), fileName);
}
