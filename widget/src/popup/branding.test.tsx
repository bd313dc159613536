import type { PublicBusiness } from '@slotwise/shared/api';
import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { createStore } from './state.ts';
import { BUSINESS_ID, demoBusiness, fakeApi } from './test-api.ts';

const yellow: PublicBusiness['branding'] = {
  accentColor: '#facc15',
  onAccent: '#000000',
  accentInk: '#000000',
  buttonText: 'Book a wash',
  buttonPosition: 'bottom-left',
  reportProblem: true,
  logoUrl: 'https://api.test/media/logos/x-0123456789abcdef.png',
};

async function open(branding = yellow) {
  const client = createPublicClient({
    baseUrl: 'https://api.test',
    fetch: fakeApi(demoBusiness({ branding })).fetch,
  });
  const store = createStore(client, BUSINESS_ID);
  store.open('book');
  render(<App store={store} client={client} onClose={() => store.close()} />);
  await screen.findByRole('heading', { name: 'Choose a service' });
  return store;
}

describe("the pop-up in the business's look", () => {
  it('carries its accent, the text colour chosen for it and its ink, and its logo before its name', async () => {
    await open();
    const brand = document.querySelector('.sw-brand') as HTMLElement;
    expect(brand.style.getPropertyValue('--sw-accent')).toBe('#facc15');
    expect(brand.style.getPropertyValue('--sw-on')).toBe('#000000');
    expect(brand.style.getPropertyValue('--sw-ink')).toBe('#000000');
    const heading = screen.getByRole('heading', { name: 'Demo Detailing', level: 2 });
    const logo = heading.querySelector('img');
    expect(logo).toHaveAttribute('src', yellow.logoUrl);
    // Decoration: the heading's name stays the business's.
    expect(logo).toHaveAttribute('alt', '');
  });

  it('offers "Report a problem" when the owner switched it on, opening the feedback form', async () => {
    const store = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    expect(store.mode.value).toBe('feedback');
    expect(await screen.findByRole('dialog', { name: 'Send Feedback' })).toBeInTheDocument();
  });

  it('shows no logo and no report link when the owner set neither', async () => {
    await open({ ...yellow, reportProblem: false, logoUrl: null });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Demo Detailing', level: 2 }).querySelector('img')).toBeNull();
  });
});
