/**
 * The dashboard without a connection (docs/product.md#home-screen-and-offline): a reload shows the answers
 * read earlier in the session with the offline note, which goes once the network is back.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetSharedResources } from '../lib/resource.ts';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi, onboardedProfile } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { storeToken } from '../testing/tokens.ts';

const WAITING = 'GET /api/business-dashboard/bookings/waiting';
const LIST = 'GET /api/business-dashboard/bookings';
const NOTE = "You're offline — showing what was loaded earlier. Changes need a connection.";

/** What survives a reload of the tab: storage, not the app's memory. */
function reload() {
  cleanup();
  resetSharedResources();
}

describe('the dashboard offline', () => {
  it('shows what was loaded earlier with the note after a reload without a connection, and drops the note once back', async () => {
    storeToken();
    const api = fakeApi({ [LIST]: { body: { bookings: [makeBooking({ firstName: 'Pat', serviceName: 'Wash' })] } } });
    renderApp('/dashboard/bookings');
    expect(await screen.findByRole('article', { name: 'Wash for Pat Lovelace' })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).toBeNull();

    reload();
    api.on(LIST, 'network');
    api.on('GET /api/onboarding/profile', 'network');
    // No network answers nothing: the Bookings tab's count (lib/waiting.ts) neither.
    api.on(WAITING, 'network');
    window.dispatchEvent(new Event('offline'));
    renderApp('/dashboard/bookings');
    expect(await screen.findByRole('article', { name: 'Wash for Pat Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(NOTE);

    // Back online: the note goes, and the page loads again instead of showing the old answer.
    api.on(LIST, { body: { bookings: [makeBooking({ firstName: 'Sam', serviceName: 'Polish' })] } });
    api.on('GET /api/onboarding/profile', { body: onboardedProfile });
    api.on(WAITING, { body: { count: 0, bookings: [] } });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(NOTE)).toBeNull();
    expect(await screen.findByRole('article', { name: 'Polish for Sam Lovelace' })).toBeInTheDocument();
  });

  it('says so when a call finds no network, with an error where nothing was loaded earlier', async () => {
    storeToken();
    fakeApi({ [LIST]: 'network', [WAITING]: 'network' });
    renderApp('/dashboard/bookings');
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(await screen.findByText(/Could not reach the server/)).toBeInTheDocument();
  });

  it('forgets the answers at logout', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: [makeBooking()] } } });
    const { user } = renderApp('/dashboard/bookings');
    await screen.findByRole('article');
    expect(Object.keys(sessionStorage).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(Object.keys(sessionStorage)).toEqual([]));
  });
});
