/** Saving the bookings CSV the server made as a file, named for the business's today. */

/** "bookings-2026-03-05.csv": today in the business's time zone (the server's dates are in it too). */
export function csvFileName(timeZone: string | undefined, now: Date = new Date()): string {
  let day: string;
  try {
    // en-CA writes dates as YYYY-MM-DD.
    day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
  return `bookings-${day}.csv`;
}

/**
 * Hands the text to the browser as a download through a temporary link. The byte-order
 * mark makes Excel read the file as UTF-8 (names with accents); other tools ignore it.
 */
export function saveCsv(csv: string, fileName: string): void {
  const blob = new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
