/** Handing a file the app made to the browser as a download (the bookings CSV, the insights' CSVs, a customer's data). */

/**
 * Saves `blob` as `fileName` through a temporary link. The object URL is revoked later, not at
 * once: some browsers read the blob after click() returns.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Saves CSV text as a file. The byte-order mark makes Excel read the file as UTF-8 (names with
 * accents); other tools ignore it.
 */
export function saveCsv(csv: string, fileName: string): void {
  saveFile(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), fileName);
}
