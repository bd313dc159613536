/** Downloads in component tests: what lib/save-file.ts hands the browser, caught at the link it clicks. */
import { vi } from 'vitest';

/** The link the page clicks for a download, and the file behind it. */
export function watchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = (blob: Blob) => {
        const url = `blob:http://localhost/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      };
      static override revokeObjectURL = () => {};
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}
