import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';
import { csvFileName } from '../export-csv.ts';

const LIST = 'GET /api/business-dashboard/bookings';
const EXPORT = 'GET /api/business-dashboard/bookings/export';
const CSV = 'Booking ID,Status,Date\r\nb1,pending,2026-03-05\r\nb2,approved,2026-03-06\r\n';

/** The link the page clicks, and the file behind it. */
function watchDownloads() {
  const saved: { name: string; href: string; blob: Blob; inDocument: boolean }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  const create = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/${++n}`;
    blobs.set(url, blob);
    return url;
  });
  const revoke = vi.fn();
  // jsdom has no object URLs; a URL class that has them, for this test only.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = create;
      static override revokeObjectURL = revoke;
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({
      name: this.download,
      href: this.href,
      blob: blobs.get(this.href) as Blob,
      inDocument: document.body.contains(this),
    });
  });
  return { saved, revoke };
}

describe('Bookings Management: Export CSV', () => {
  it('downloads the CSV the server made as bookings-YYYY-MM-DD.csv', async () => {
    storeToken();
    const api = fakeApi({
      [LIST]: { body: { bookings: [] } },
      [EXPORT]: { text: CSV, contentType: 'text/csv; charset=utf-8' },
    });
    const { saved, revoke } = watchDownloads();
    const { user } = renderApp('/dashboard/bookings');
    await screen.findByText('No bookings yet.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const file = saved[0];
    if (!file) throw new Error('No file was saved.');
    // The business is in Los Angeles (the fake profile); the name is its today.
    expect(file.name).toBe(csvFileName('America/Los_Angeles'));
    expect(file.name).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.inDocument).toBe(true);
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    // A UTF-8 byte-order mark (so Excel reads accents), then the server's text unchanged.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes)).toBe(CSV);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(api.callsTo(EXPORT)[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(revoke).not.toHaveBeenCalledWith(file.href);
  });

  it("shows 'Exporting...' while the file is made", async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [LIST]: { body: { bookings: [] } }, [EXPORT]: () => answer.promise });
    const { saved } = watchDownloads();
    const { user } = renderApp('/dashboard/bookings');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
    answer.resolve({ text: CSV });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(saved).toHaveLength(1);
  });

  it('shows an error with the reason when the export fails, and saves nothing', async () => {
    storeToken();
    fakeApi({
      [LIST]: { body: { bookings: [] } },
      [EXPORT]: { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } },
    });
    const { saved } = watchDownloads();
    const { user } = renderApp('/dashboard/bookings');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to export bookings. Please try again.');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(saved).toHaveLength(0);
  });

  it('names the file by the business day, not the browser day', () => {
    // 2026-03-06 03:00 in Tokyo is still 2026-03-05 in Los Angeles.
    const now = new Date('2026-03-05T18:00:00Z');
    expect(csvFileName('America/Los_Angeles', now)).toBe('bookings-2026-03-05.csv');
    expect(csvFileName('Asia/Tokyo', now)).toBe('bookings-2026-03-06.csv');
  });
});
