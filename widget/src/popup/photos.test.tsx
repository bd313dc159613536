/**
 * Photos with the request in the booking pop-up (docs/decisions/053): a service that requires one
 * stops at the details step until one is attached; the photo is sent at once as its bytes, shown
 * small with a Remove button, and its token goes with the booking; a refused file says why.
 */
import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';
import { createStore, MESSAGES } from './state.ts';
import { BUSINESS_ID, demoBusiness, FULL, fakeApi } from './test-api.ts';

const NOW = new Date('2026-12-04T20:00:00Z');
const TOKEN = 'p'.repeat(43);

function setup() {
  const business = demoBusiness();
  business.services = business.services.map((s) =>
    s._id === FULL ? { ...s, photoRequest: { ask: 'required' as const, prompt: 'A photo of the seats' } } : s,
  );
  const api = fakeApi(business);
  const sent: unknown[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input).includes('/api/customer/photos/')) {
      sent.push(init.body);
      return init.body instanceof Blob && init.body.size > 3
        ? new Response(
            JSON.stringify({ photoToken: TOKEN, expiresAt: '2026-12-04T21:00:00.000Z', width: 10, height: 10 }),
            {
              status: 201,
            },
          )
        : new Response(
            JSON.stringify({
              error: 'This file is not a photo: choose a JPEG, PNG or WebP image.',
              code: 'PHOTO_NOT_AN_IMAGE',
            }),
            {
              status: 415,
            },
          );
    }
    return api.fetch(input, init);
  };
  const client = createPublicClient({ baseUrl: 'https://api.test', fetch });
  let keys = 0;
  const store = createStore(client, BUSINESS_ID, {
    now: () => NOW,
    uuid: () => `key-${++keys}`,
    searchDelay: 0,
    viewer: { timeZone: 'America/Los_Angeles', timeFormat: '12h' },
  });
  store.open('book');
  render(<App store={store} client={client} onClose={() => store.close()} />);
  return { api, sent, user: userEvent.setup() };
}

describe('photos with the request', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:seats'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a required photo stops the booking until attached; its token goes with the booking', async () => {
    const { api, sent, user } = setup();
    const next = (name = 'Next') => user.click(screen.getByRole('button', { name }));
    await user.click(await screen.findByRole('radio', { name: /Full Detail/ }));
    await next();
    await screen.findByRole('heading', { level: 3, name: 'A quick question' });
    await user.selectOptions(screen.getByLabelText('Vehicle size'), 'SUV');
    await next();
    await user.type(await screen.findByRole('combobox', { name: 'Street address' }), '12 Main St, Bever');
    await user.click(await screen.findByRole('option', { name: '12 Main St, Beverly Hills, CA 90210, USA' }));
    await next('Get my quote');
    await screen.findByRole('heading', { level: 3, name: 'Your instant quote' });
    await next('Choose a time');
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await next('Continue');
    await screen.findByRole('heading', { level: 3, name: 'Your details' });
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Phone number'), '310 555 0199');

    const photos = screen.getByRole('group', { name: 'Photo (required)' });
    expect(within(photos).getByText('A photo of the seats')).toBeInTheDocument();
    await next('Confirm booking');
    expect(await within(photos).findByText(MESSAGES.photo)).toBeInTheDocument();
    expect(api.count('POST /api/customer/book')).toBe(0);

    // A file that is not a photo: the server's words.
    await user.upload(within(photos).getByLabelText(/Add photo/), new File(['<s'], 'x.jpg', { type: 'image/jpeg' }));
    expect(
      await within(photos).findByText('This file is not a photo: choose a JPEG, PNG or WebP image.'),
    ).toBeInTheDocument();
    await user.upload(
      within(photos).getByLabelText(/Add photo/),
      new File(['jpeg bytes'], 'seats.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(photos).findByRole('img', { name: 'Attached 1: seats.jpg' })).toHaveAttribute(
      'src',
      'blob:seats',
    );
    expect(within(photos).queryByText(MESSAGES.photo)).toBeNull();
    expect(sent.at(-1)).toBeInstanceOf(Blob);

    await next('Confirm booking');
    await screen.findByRole('heading', { level: 3, name: 'Booking received' });
    const booked = api.last('POST /api/customer/book');
    expect((booked?.body as { photoTokens?: string[] } | undefined)?.photoTokens).toEqual([TOKEN]);
  });
});
