/** Handing a file the app made to the browser as a download (the bookings CSV, a customer's data). */

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
