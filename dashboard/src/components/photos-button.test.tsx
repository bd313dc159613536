/**
 * The owner's Photos on a booking (docs/decisions/053): the job's photos with what each shows, who
 * added it and when, read through the owner's calls and shown from their bytes; a photo added as
 * before or after (sent as its bytes), one deleted after a confirmation, and a refusal in the
 * server's words.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { PhotosButton } from './photos-button.tsx';

const LIST = 'GET /api/business-dashboard/bookings/:id/photos';
const ADD = 'POST /api/business-dashboard/bookings/:id/photos';
const DELETE = 'DELETE /api/business-dashboard/bookings/:id/photos/:photoId';
const FILE = 'GET /api/business-dashboard/photos/:photoId';

const before = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'before',
  addedBy: 'Sam',
  addedAt: '2026-12-01T19:31:00.000Z',
  width: 160,
  height: 120,
};
const request = { ...before, _id: '00000000-0000-4000-8000-0000000000c1', kind: 'request', addedBy: 'Customer' };
const after = { ...before, _id: '00000000-0000-4000-8000-0000000000a1', kind: 'after', addedBy: 'Owner' };

describe("the owner's Photos on a booking", () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the photos with what, who and when, adds one as its bytes, deletes one after asking', async () => {
    storeToken();
    const booking = makeBooking({ status: 'pending' });
    const api = fakeApi({
      [LIST]: { body: { photos: [request, before], max: 20 } },
      [FILE]: { text: 'jpeg bytes', contentType: 'image/jpeg' },
      [ADD]: { status: 201, body: { photos: [request, before, after], max: 20 } },
      [DELETE]: { body: { photos: [request, after], max: 20 } },
    });
    render(<PhotosButton booking={booking} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos' });
    const fromCustomer = await within(dialog).findByRole('img', {
      name: 'With the request, from the customer at 11:31 AM',
    });
    expect(fromCustomer).toHaveAttribute('src', 'blob:photo');
    expect(await within(dialog).findByRole('img', { name: 'Before, Sam at 11:31 AM' })).toBeInTheDocument();
    expect(
      api
        .callsTo(FILE)
        .map((c) => c.params.photoId)
        .sort(),
    ).toEqual([before._id, request._id].sort());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add after photo' }));
    const photo = new File(['jpeg'], 'after.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(dialog).getByLabelText('Photo file'), photo);
    expect(await within(dialog).findByRole('img', { name: 'After, Owner at 11:31 AM' })).toBeInTheDocument();
    const [sent] = api.callsTo(ADD);
    expect(sent?.url.searchParams.get('kind')).toBe('after');
    expect(sent?.headers['content-type']).toBe('application/octet-stream');
    expect(sent?.raw).toBeInstanceOf(Blob);

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Before, Sam at 11:31 AM' }));
    expect(window.confirm).toHaveBeenCalledWith('Delete this photo (Before, Sam at 11:31 AM)?');
    await vi.waitFor(() => expect(within(dialog).queryByRole('img', { name: 'Before, Sam at 11:31 AM' })).toBeNull());
    expect(api.callsTo(DELETE).map((c) => c.params.photoId)).toEqual([before._id]);
  });

  it("says the server's words when a photo is refused, and offers nothing on a declined booking", async () => {
    storeToken();
    fakeApi({
      [LIST]: { body: { photos: [], max: 20 } },
      [ADD]: {
        status: 415,
        body: { error: 'This file is not a photo: choose a JPEG, PNG or WebP image.', code: 'PHOTO_NOT_AN_IMAGE' },
      },
    });
    const { unmount } = render(<PhotosButton booking={makeBooking({ status: 'approved' })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos' });
    expect(await within(dialog).findByText(/^No photos yet\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add before photo' }));
    await userEvent.upload(
      within(dialog).getByLabelText('Photo file'),
      new File(['<svg/>'], 'x.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not add x.jpg. This file is not a photo: choose a JPEG, PNG or WebP image.',
    );
    unmount();
    render(<PhotosButton booking={makeBooking({ status: 'declined' })} />);
    expect(screen.queryByRole('button', { name: 'Photos' })).toBeNull();
  });
});
