import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adopt } from '../loader/boot.ts';
import { App } from './app.tsx';
import { inline } from './mount.tsx';
import { createStore } from './state.ts';
import { BUSINESS_ID, fakeApi } from './test-api.ts';

/** The chunk started as the loader starts it for data-mode="inline", with a target in the page. */
function setup(target = 'book-here') {
  vi.stubGlobal('fetch', fakeApi().fetch);
  const before = document.createElement('button');
  before.textContent = 'Something on the owner page';
  const spot = document.createElement('div');
  spot.id = 'book-here';
  const script = document.createElement('script');
  script.setAttribute('data-target', target);
  document.body.append(before, spot, script);
  before.focus();
  const warn = vi.fn();
  inline({ script, businessId: BUSINESS_ID, apiOrigin: 'https://api.test', adopt, warn });
  const host = document.querySelector('slotwise-widget') as HTMLElement;
  const shadow = host.shadowRoot as ShadowRoot;
  return {
    before,
    spot,
    script,
    host,
    warn,
    shadow,
    view: within(shadow as unknown as HTMLElement),
    user: userEvent.setup(),
  };
}

describe('inline mode (data-mode="inline")', () => {
  it('renders into the element data-target names, in a shadow root there', async () => {
    const { spot, host, view, warn } = setup();
    expect(host.parentElement).toBe(spot);
    await view.findByRole('heading', { name: 'Choose a service' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once and renders after the script tag when the target is missing', async () => {
    const { script, host, view, warn } = setup('nowhere');
    expect(script.nextElementSibling).toBe(host);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/No element has id="nowhere".*after the script tag/);
    await view.findByRole('heading', { name: 'Choose a service' });
  });

  it('shows the steps in the page: a labelled section, no dialog, no backdrop, no Close', async () => {
    const { shadow, view } = setup();
    await view.findByRole('heading', { name: 'Choose a service' });
    expect(view.getByRole('region', { name: 'Demo Detailing' })).toBeInTheDocument();
    expect(view.queryByRole('dialog')).toBeNull();
    expect(shadow.querySelector('.sw-backdrop')).toBeNull();
    expect(view.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('leaves focus where the page had it while it loads, then follows the customer from step to step', async () => {
    const { before, shadow, view, user } = setup();
    await view.findByRole('heading', { name: 'Choose a service' });
    expect(document.activeElement).toBe(before);
    expect(shadow.activeElement).toBeNull();
    await user.click(view.getByRole('radio', { name: /Full Detail/ }));
    await user.click(view.getByRole('button', { name: 'Next' }));
    const next = await view.findByRole('heading', { name: 'A quick question' });
    await waitFor(() => expect(shadow.activeElement).toBe(next));
  });

  it('lets Tab and Escape through to the page: no focus trap, nothing to close', async () => {
    const { view, user } = setup();
    await view.findByRole('heading', { name: 'Choose a service' });
    await user.click(view.getByRole('radio', { name: /Full Detail/ }));
    const last = view.getByRole('button', { name: 'Next' });
    for (const key of ['Tab', 'Escape']) {
      const press = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true });
      last.dispatchEvent(press);
      expect(press.defaultPrevented).toBe(false);
    }
    expect(view.getByRole('heading', { name: 'Choose a service' })).toBeInTheDocument();
  });
});

describe('inline mode, after a booking', () => {
  it('ends on "Book again", which starts a new booking in place, instead of Close', async () => {
    const client = createPublicClient({ baseUrl: 'https://api.test', fetch: fakeApi().fetch });
    const store = createStore(client, BUSINESS_ID);
    store.open('book');
    render(<App store={store} client={client} onClose={() => store.open('book')} inline />);
    await screen.findByRole('heading', { name: 'Choose a service' });
    store.serviceId.value = store.business.value?.services[0]?._id ?? '';
    store.booked.value = {
      bookingId: '33333333-3333-4333-8333-333333333333',
      status: 'pending',
      totalQuote: 49,
      bookingTime: { day: '2031-06-04', startTime: '10:00', endTime: '11:00' },
      calendarEvent: {
        uid: 'booking-33333333-3333-4333-8333-333333333333@api.test',
        startsAt: '2031-06-04T17:00:00.000Z',
        endsAt: '2031-06-04T18:00:00.000Z',
      },
    };
    store.step.value = 'done';
    await screen.findByRole('heading', { name: 'Booking received' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Book again' }));
    expect(await screen.findByRole('heading', { name: 'Choose a service' })).toBeInTheDocument();
    expect(store.booked.value).toBeNull();
  });
});
