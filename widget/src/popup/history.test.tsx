import { waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adopt } from '../loader/boot.ts';
import { HISTORY_KEY } from './history.ts';
import { inline } from './mount.tsx';
import { BUSINESS_ID, fakeApi } from './test-api.ts';
import { popupOnHost } from './test-host.ts';

// 12:00 on Friday 4 December 2026 in Los Angeles: the fake API's month answers are for that day (test-api.ts).
const NOW = new Date('2026-12-04T20:00:00Z');

type User = ReturnType<typeof userEvent.setup>;
type View = ReturnType<typeof within>;

/** The pop-up as the loader mounts it, on a host page whose router keeps state of its own in history.state. */
function popup(api = fakeApi()) {
  history.replaceState({ hostRouter: 'home' }, '');
  return popupOnHost(api, NOW);
}

const heading = (view: View, name: string) => view.findByRole('heading', { level: 3, name });
const press = (user: User, view: View, name: string) => user.click(view.getByRole('button', { name }));
/** The browser's Back (or Forward, 1), and the popstate it brings. */
async function browser(delta: -1 | 1) {
  const moved = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
  history.go(delta);
  await moved;
}
const marker = () => (history.state as Record<string, { i: number } | undefined> | null)?.[HISTORY_KEY];

async function toQuote(user: User, view: View) {
  await user.click(await view.findByRole('radio', { name: /Full Detail/ }));
  await press(user, view, 'Next');
  await heading(view, 'A quick question');
  await user.selectOptions(view.getByLabelText('Vehicle size'), 'SUV');
  await press(user, view, 'Next');
  await heading(view, 'Your address');
  await user.type(view.getByRole('combobox', { name: 'Street address' }), '12 Main St, Bever');
  await user.click(await view.findByRole('option', { name: '12 Main St, Beverly Hills, CA 90210, USA' }));
  await press(user, view, 'Get my quote');
  await heading(view, 'Your instant quote');
}
async function toDetails(user: User, view: View) {
  await toQuote(user, view);
  await press(user, view, 'Choose a time');
  await heading(view, 'Pick a date and time');
  await user.click(await view.findByRole('button', { name: '9:00 AM' }));
  await press(user, view, 'Continue');
  await heading(view, 'Your details');
  await user.type(view.getByLabelText('First name'), 'Ana');
  await user.type(view.getByLabelText('Last name'), 'Lopez');
  await user.type(view.getByLabelText('Email'), 'ana@example.com');
  await user.type(view.getByLabelText('Phone number'), '310 555 0199');
}

afterEach(() => history.replaceState(null, ''));

describe('the pop-up in the browser history', () => {
  it('pushes an entry per step, at the same address, keeping the host router state beside its marker', async () => {
    const { handle, view, user } = popup();
    const before = history.length;
    const address = location.href;
    handle.open('book');
    await heading(view, 'Choose a service');
    expect(history.length).toBe(before + 1);
    expect(marker()?.i).toBe(0);
    await toQuote(user, view);
    expect(history.length).toBe(before + 4);
    expect(marker()?.i).toBe(3);
    expect(history.state).toMatchObject({ hostRouter: 'home' });
    expect(location.href).toBe(address);
  });

  it("goes back one step on the browser's Back, with the answers kept, and on again with Forward", async () => {
    const { handle, view, user } = popup();
    handle.open('book');
    await toQuote(user, view);
    await browser(-1);
    await heading(view, 'Your address');
    expect(view.getByRole('combobox', { name: 'Street address' })).toHaveValue(
      '12 Main St, Beverly Hills, CA 90210, USA',
    );
    await browser(-1);
    await heading(view, 'A quick question');
    expect(view.getByLabelText('Vehicle size')).toHaveValue('SUV');
    // Forward re-enters the next step with what was typed.
    await browser(1);
    await heading(view, 'Your address');
    expect(view.getByRole('combobox', { name: 'Street address' })).toHaveValue(
      '12 Main St, Beverly Hills, CA 90210, USA',
    );
    await browser(1);
    await heading(view, 'Your instant quote');
    expect(view.getByRole('table')).toHaveTextContent('Total');
  });

  it('goes back through the entries from the in-widget Back, so the two Backs are one', async () => {
    const { handle, view, user } = popup();
    handle.open('book');
    await toQuote(user, view);
    const moved = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
    await press(user, view, 'Back');
    await heading(view, 'Your address');
    await moved;
    expect(marker()?.i).toBe(2);
    // The browser's Back now goes on from there, not to a step already left.
    await browser(-1);
    await heading(view, 'A quick question');
  });

  it("closes on Back from the first step, and leaves the host page's entry as it was", async () => {
    const { handle, ctx, view, user } = popup();
    handle.open('book');
    await user.click(await view.findByRole('radio', { name: /Full Detail/ }));
    await browser(-1);
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(ctx.emit).toHaveBeenCalledWith('close');
    expect(history.state).toEqual({ hostRouter: 'home' });
    // Opened again: where it was, the service still chosen.
    handle.open('book');
    expect(await view.findByRole('radio', { name: /Full Detail/ })).toBeChecked();
  });

  it('goes back over the entries it pushed when closed with Close, so Back afterwards is the host page', async () => {
    const { handle, view, user } = popup();
    const before = history.length;
    handle.open('book');
    await toQuote(user, view);
    const moved = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
    await press(user, view, 'Close');
    await moved;
    expect(view.queryByRole('dialog')).toBeNull();
    expect(history.state).toEqual({ hostRouter: 'home' });
    // The entries stay ahead (Forward), but the host page's entry is the one the browser is on.
    expect(history.length).toBe(before + 4);
  });

  it('never returns to Confirm after a booking: Back closes the pop-up, and no second booking is sent', async () => {
    const { api, handle, view, user } = popup();
    handle.open('book');
    await toDetails(user, view);
    await press(user, view, 'Confirm booking');
    await heading(view, 'Booking received');
    await browser(-1);
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(history.state).toEqual({ hostRouter: 'home' }));
    expect(api.count('POST /api/customer/book')).toBe(1);
  });
});

describe('a refusal that sends the customer back a step', () => {
  it('goes back through the entries too: the time taken meanwhile, then Back is the quote, never the details', async () => {
    const api = fakeApi();
    api.on('POST /api/customer/book', () => ({
      status: 409,
      body: { error: 'That time was just booked by someone else. Please pick another time.', code: 'SLOT_TAKEN' },
    }));
    const { handle, view, user } = popup(api);
    handle.open('book');
    await toDetails(user, view);
    const moved = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
    await press(user, view, 'Confirm booking');
    await heading(view, 'Pick a date and time');
    await moved;
    expect(marker()?.i).toBe(4);
    await browser(-1);
    await heading(view, 'Your instant quote');
  });
});

/** The form as the loader starts it for data-mode="inline" (the booking page). */
function inlineForm(api = fakeApi()) {
  vi.stubGlobal('fetch', api.fetch);
  const spot = document.createElement('div');
  spot.id = 'book-here';
  const script = document.createElement('script');
  script.setAttribute('data-target', 'book-here');
  document.body.append(spot, script);
  inline({ script, businessId: BUSINESS_ID, apiOrigin: 'https://api.test', adopt, warn: vi.fn() });
  const shadow = (document.querySelector('slotwise-widget') as HTMLElement).shadowRoot as ShadowRoot;
  return { api, view: within(shadow as unknown as HTMLElement), user: userEvent.setup() };
}

describe('the inline form (the booking page) in the browser history', () => {
  it("marks the page's own entry as the first step's, and Back goes back a step without leaving the page", async () => {
    const { view, user } = inlineForm();
    await heading(view, 'Choose a service');
    expect(marker()?.i).toBe(0);
    await user.click(view.getByRole('radio', { name: /Full Detail/ }));
    await press(user, view, 'Next');
    await heading(view, 'A quick question');
    expect(marker()?.i).toBe(1);
    await browser(-1);
    await heading(view, 'Choose a service');
    expect(view.getByRole('radio', { name: /Full Detail/ })).toBeChecked();
  });

  it("starts a new booking on Back after one, on the page's own entry, and never books again", async () => {
    // inline() takes no store options: the clock alone is set, to the day the fake API's months answer for.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const { api, view, user } = inlineForm();
    await toDetails(user, view);
    await press(user, view, 'Confirm booking');
    await heading(view, 'Booking received');
    await browser(-1);
    await heading(view, 'Choose a service');
    await waitFor(() => expect(marker()?.i).toBe(0));
    expect(view.getByRole('radio', { name: /Full Detail/ })).toBeChecked();
    expect(api.count('POST /api/customer/book')).toBe(1);
  });
});
