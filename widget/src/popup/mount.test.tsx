import { waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { shadowCss } from '../test-css.ts';
import { BUSINESS_ID, fakeApi } from './test-api.ts';
import { popupOnHost } from './test-host.ts';

// 12:00 on Friday 4 December 2026 in Los Angeles: the fake API's month answers are for that day (test-api.ts).
const NOW = new Date('2026-12-04T20:00:00Z');

const setup = (api = fakeApi()) => popupOnHost(api, NOW);

const press = (el: Element, key: string, shiftKey = false) =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true, cancelable: true }));

describe('mount (the pop-up chunk)', () => {
  it('adds its styles to the shadow root only, and renders nothing until opened', async () => {
    const { shadow, api } = setup();
    await waitFor(() => expect(api.count(`GET /api/customer/business/${BUSINESS_ID}`)).toBe(1));
    const css = shadowCss(shadow);
    expect(css).toContain('.sw-dialog');
    expect(css).toContain('.sw-feedback-form');
    expect(document.head.querySelector('style')).toBeNull();
    expect(shadow.querySelector('[role="dialog"]')).toBeNull();
  });

  it('opens a modal dialog with focus inside, and says so with an event', async () => {
    const { handle, ctx, shadow, view, launcher } = setup();
    handle.open('book', launcher);
    const dialog = await view.findByRole('dialog', { name: 'Demo Detailing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await view.findByRole('heading', { name: 'Choose a service' });
    expect(shadow.activeElement).toBe(view.getByRole('heading', { name: 'Choose a service' }));
    expect(ctx.emit).toHaveBeenCalledWith('open', { mode: 'book' });
  });

  it('moves focus into the dialog at once, even while the business is loading', async () => {
    const api = fakeApi();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: typeof fetch = async (...args) => {
      await gate;
      return api.fetch(...args);
    };
    const { handle, shadow, view } = setup({ ...api, fetch: slow });
    handle.open('book');
    const dialog = await view.findByRole('dialog');
    expect(view.getByText('Loading...')).toBeInTheDocument();
    expect(shadow.activeElement).toBe(dialog);
    press(dialog, 'Tab');
    expect(shadow.activeElement).toBe(view.getByRole('button', { name: 'Close' }));
    release();
    await view.findByRole('heading', { name: 'Choose a service' });
    expect(shadow.activeElement).toBe(view.getByRole('heading', { name: 'Choose a service' }));
  });

  it('keeps Tab inside the dialog, both ways', async () => {
    const { handle, shadow, view } = setup();
    handle.open('book');
    await view.findByRole('heading', { name: 'Choose a service' });
    const close = view.getByRole('button', { name: 'Close' });
    const nextButton = view.getByRole('button', { name: 'Next' });
    nextButton.focus();
    press(nextButton, 'Tab');
    expect(shadow.activeElement).toBe(close);
    press(close, 'Tab', true);
    expect(shadow.activeElement).toBe(nextButton);
  });

  it('closes on Escape and gives focus back to the launcher', async () => {
    const { handle, ctx, shadow, view, launcher } = setup();
    handle.open('book', launcher);
    const heading = await view.findByRole('heading', { name: 'Choose a service' });
    press(heading, 'Escape');
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(shadow.activeElement).toBe(launcher);
    expect(ctx.emit).toHaveBeenCalledWith('close');
  });

  it("gives focus back to the owner's own button when that opened it", async () => {
    const { handle, view } = setup();
    const own = document.createElement('button');
    document.body.append(own);
    handle.open('book', own);
    await view.findByRole('heading', { name: 'Choose a service' });
    handle.close();
    expect(document.activeElement).toBe(own);
  });

  it('takes itself off the page, with one warning, for an unknown business id', async () => {
    const { ctx, handle, view } = setup(fakeApi(null));
    handle.open('book');
    await waitFor(() => expect(ctx.disable).toHaveBeenCalledTimes(1));
    expect(vi.mocked(ctx.disable).mock.calls[0]?.[0]).toContain(`No business has the id "${BUSINESS_ID}"`);
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
  });

  it('sends feedback from the pop-up with where "Pop-up"', async () => {
    const { handle, view, user, api } = setup();
    handle.open('feedback');
    const form = await view.findByRole('dialog', { name: 'Send Feedback' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'Feature Request');
    await user.type(within(form).getByLabelText('Description'), 'Show prices with tax.');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await view.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(api.last('POST /api/feedback')?.body).toEqual({
      type: 'Feature Request',
      where: 'Pop-up',
      description: 'Show prices with tax.',
    });
  });

  it('shows a failed feedback inside the widget, never as a page alert', async () => {
    const api = fakeApi();
    api.on('POST /api/feedback', () => ({ status: 500, body: { error: 'down' } }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { handle, view, user } = setup(api);
    handle.open('feedback');
    const form = await view.findByRole('dialog', { name: 'Send Feedback' });
    await user.type(within(form).getByLabelText('Description'), 'Broken');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await view.findByRole('alert')).toHaveTextContent('Failed to send feedback. Please try again.');
    expect(alert).not.toHaveBeenCalled();
  });

  it('announces a booking with a booked event', async () => {
    const { handle, view, user, ctx } = setup();
    handle.open('book');
    await user.click(await view.findByRole('radio', { name: /Exterior Wash/ }));
    await user.click(view.getByRole('button', { name: 'Next' }));
    await user.selectOptions(await view.findByLabelText('Vehicle size'), 'Sedan');
    await user.click(view.getByRole('button', { name: 'Next' }));
    await user.type(await view.findByRole('combobox', { name: 'Street address' }), '9 Elm St, Bev');
    await user.click(await view.findByRole('option', { name: '9 Elm St, Beverly Hills, CA 90210, USA' }));
    await user.click(view.getByRole('button', { name: 'Get my quote' }));
    await user.click(await view.findByRole('button', { name: 'Choose a time' }));
    await user.click(await view.findByRole('button', { name: '9:00 AM' }));
    await user.click(view.getByRole('button', { name: 'Continue' }));
    await user.type(await view.findByLabelText('First name'), 'Ana');
    await user.type(view.getByLabelText('Last name'), 'Lopez');
    await user.type(view.getByLabelText('Email'), 'ana@example.com');
    await user.type(view.getByLabelText('Phone number'), '3105550199');
    await user.click(view.getByRole('button', { name: 'Confirm booking' }));
    await view.findByRole('heading', { name: 'Booking received' });
    expect(ctx.emit).toHaveBeenCalledWith('booked', expect.objectContaining({ status: 'pending' }));
  });
});
