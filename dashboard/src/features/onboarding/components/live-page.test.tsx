import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, fakeApi, onboardedProfile } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const B = '/api/business-dashboard';
const URL_ = 'https://book.example.com/book/sparkle-auto';
const checklist = { body: { items: [], dismissed: false } };

function liveApi() {
  storeToken();
  return fakeApi({
    [`GET ${B}/booking-page`]: {
      body: { slug: 'sparkle-auto', url: URL_, qrSvgUrl: `${URL_}/qr.svg`, qrPngUrl: `${URL_}/qr.png` },
    },
    [`GET ${B}/business-details`]: { body: { businessId: BUSINESS_ID } },
    [`POST ${B}/checklist/link-shared`]: checklist,
    [`POST ${B}/checklist/embed-copied`]: checklist,
  });
}

afterEach(() => {
  // navigator.share is a phone's; tests that give it one take it back.
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('Onboarding: your booking page is live', () => {
  it('shows the link, copies it (saying Copied, ticking the checklist), the QR code, and the embed code second', async () => {
    const api = liveApi();
    const { user } = renderApp('/onboarding/live');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking page is live' })).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Booking page link' });
    expect(box).toHaveValue(URL_);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(URL_);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST ${B}/checklist/link-shared`)).toHaveLength(1));
    expect(api.callsTo(`POST ${B}/checklist/embed-copied`)).toHaveLength(0);

    expect(screen.getByRole('img', { name: `QR code of ${URL_}` })).toHaveAttribute('src', `${URL_}/qr.svg`);
    expect(screen.getByRole('link', { name: 'Download QR code' })).toHaveAttribute('href', `${URL_}/qr.png`);

    const script = `<script src="${window.location.origin}/widget.js" data-business-id="${BUSINESS_ID}" async></script>`;
    expect(screen.getByRole('heading', { name: 'Have a website? Paste this into it' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Have a website? Paste this into it' })).toHaveValue(script);
    await user.click(screen.getByRole('button', { name: 'Copy Script' }));
    expect(await navigator.clipboard.readText()).toBe(script);
    await waitFor(() => expect(api.callsTo(`POST ${B}/checklist/embed-copied`)).toHaveLength(1));
  });

  it('offers Share only where the browser has a share sheet, and ticks the item once shared', async () => {
    const api = liveApi();
    const first = renderApp('/onboarding/live');
    await screen.findByRole('textbox', { name: 'Booking page link' });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    first.unmount();

    const share = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderApp('/onboarding/live');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: URL_, title: 'Sparkle Auto' }));
    await waitFor(() => expect(api.callsTo(`POST ${B}/checklist/link-shared`)).toHaveLength(1));
  });

  it('says when the copy failed, and notes nothing', async () => {
    const api = liveApi();
    const { user } = renderApp('/onboarding/live');
    await screen.findByRole('textbox', { name: 'Booking page link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    // jsdom has no copy command either: the fallback fails too.
    document.execCommand = () => false;
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not copy the link. Select it in the box and copy it by hand.',
    );
    expect(api.callsTo(`POST ${B}/checklist/link-shared`)).toHaveLength(0);
  });

  it('goes on to My Dashboard', async () => {
    liveApi();
    const { user, pathname } = renderApp('/onboarding/live');
    await user.click(await screen.findByRole('link', { name: 'Go to My Dashboard' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('sends an owner who has not finished onboarding to the step still to do', async () => {
    liveApi().on('GET /api/onboarding/profile', { body: { ...onboardedProfile, address: null, onboarded: false } });
    const { pathname } = renderApp('/onboarding/live');
    await waitFor(() => expect(pathname()).toBe('/onboarding/step3'));
  });
});
