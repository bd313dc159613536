import type { ManagedBooking } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_ID, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'tok_abcdefghijklmnop';
const booking: ManagedBooking = {
  businessId: BUSINESS_ID,
  businessName: 'Sparkle Auto',
  serviceName: 'Quick Wash',
  status: 'approved',
  bookingTime: { day: '2031-06-04', startTime: '14:30', endTime: '15:00' },
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  bookingPageUrl: 'https://book.example.com/book/sparkle-auto',
};

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/customer/booking': { body: booking },
    'DELETE /api/customer/confirm-cancel': { body: { message: 'Your booking has been cancelled.' } },
    ...overrides,
  });
}

describe('Customer cancel', () => {
  it("carries the business's name, logo and colours, not Slotwise's", async () => {
    api({
      'GET /api/customer/booking': {
        body: {
          ...booking,
          branding: {
            accentColor: '#facc15',
            onAccent: '#000000',
            accentInk: '#000000',
            buttonText: 'Book now',
            buttonPosition: 'bottom-right',
            reportProblem: false,
            logoUrl: 'https://book.example.com/media/logos/b-0123456789abcdef.png',
          },
        },
      },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    const header = await screen.findByRole('link', { name: 'Sparkle Auto' });
    expect(header).toHaveAttribute('href', 'https://book.example.com/book/sparkle-auto');
    expect(header.querySelector('img')).toHaveAttribute(
      'src',
      'https://book.example.com/media/logos/b-0123456789abcdef.png',
    );
    expect(screen.queryByText('Slotwise')).not.toBeInTheDocument();
    const page = screen.getByRole('main');
    expect(page.style.getPropertyValue('--c-primary')).toBe('#facc15');
    expect(page.style.getPropertyValue('--c-on-primary')).toBe('#000000');
    expect(page.style.getPropertyValue('--c-link')).toBe('#000000');
  });

  it('shows the card the customer saved, and removes it when they ask', async () => {
    const calls = api({
      'GET /api/customer/booking': { body: { ...booking, savedCard: 'Visa ending 4242' } },
      'DELETE /api/customer/card': {
        body: { message: 'Your Visa ending 4242 is removed: nothing more will be charged to it.' },
      },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByText(/Your Visa ending 4242 is saved with Sparkle Auto/)).toBeInTheDocument();
    screen.getByRole('button', { name: 'Remove my card' }).click();
    expect(
      await screen.findByText('Your Visa ending 4242 is removed: nothing more will be charged to it.'),
    ).toBeInTheDocument();
    expect(calls.callsTo('DELETE /api/customer/card')[0]?.url.searchParams.get('token')).toBe(TOKEN);
    // The booking itself is untouched: no cancel was asked for.
    expect(calls.callsTo('DELETE /api/customer/confirm-cancel')).toHaveLength(0);
  });

  it('shows no card when none is saved', async () => {
    api();
    renderApp(`/customer/cancel?token=${TOKEN}`);
    await screen.findByText(/Are you sure you want to cancel this booking/);
    expect(screen.queryByRole('button', { name: 'Remove my card' })).not.toBeInTheDocument();
  });

  it('needs a token', async () => {
    const calls = api();
    renderApp('/customer/cancel');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid cancellation link.');
    expect(calls.callsTo('GET /api/customer/booking')).toHaveLength(0);
  });

  it('shows the booking and asks for confirmation before cancelling', async () => {
    const calls = api();
    renderApp(`/customer/cancel?token=${TOKEN}`);
    const summary = await screen.findByRole('region', { name: 'The booking to cancel' });
    expect(within(summary).getByText('Quick Wash')).toBeInTheDocument();
    expect(within(summary).getByText('Wednesday, June 4, 2031')).toBeInTheDocument();
    expect(within(summary).getByText(/2:30 PM – 3:00 PM/)).toBeInTheDocument();
    expect(summary).toHaveTextContent('2:30 PM – 3:00 PM (Pacific Time, Los Angeles)');
    expect(screen.getByText(/Are you sure you want to cancel this booking\?/)).toBeInTheDocument();
    expect(calls.callsTo('DELETE /api/customer/confirm-cancel')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      `/customer/reschedule?token=${TOKEN}&businessId=${BUSINESS_ID}`,
    );
  });

  it('cancels on confirmation and shows the success text', async () => {
    const calls = api();
    const { user } = renderApp(`/customer/cancel?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your booking has been successfully canceled. Sorry to see you go!',
    );
    const call = calls.callsTo('DELETE /api/customer/confirm-cancel')[0]!;
    expect(call.url.searchParams.get('token')).toBe(TOKEN);
    expect(screen.queryByRole('button', { name: 'Yes, cancel my booking' })).not.toBeInTheDocument();
    // Next: the business's own booking page, never Slotwise's home page.
    expect(screen.getByRole('link', { name: 'Book again with Sparkle Auto' })).toHaveAttribute(
      'href',
      'https://book.example.com/book/sparkle-auto',
    );
    expect(screen.queryByRole('link', { name: /home page/ })).not.toBeInTheDocument();
  });

  it('says what cancelling gives back of a paid deposit before the customer confirms, and after', async () => {
    const policy = 'Full refund of the deposit up to 24 hours before your visit; no refund after that.';
    api({
      'GET /api/customer/booking': {
        body: { ...booking, payment: { paid: 48.76, refunded: 0, refundOnCancel: 48.76, policy } },
      },
    });
    const { user } = renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByText(/You paid a \$48\.76 deposit\./)).toHaveTextContent(
      'Cancelling now refunds $48.76 to your card.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByText(/A refund of \$48\.76 is on its way to your card/)).toBeInTheDocument();
  });

  it('says a late cancellation refunds nothing, with the policy', async () => {
    const policy = 'Full refund of the deposit up to 24 hours before your visit; no refund after that.';
    api({
      'GET /api/customer/booking': {
        body: { ...booking, payment: { paid: 48.76, refunded: 0, refundOnCancel: 0, policy } },
      },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByText(/You paid a \$48\.76 deposit\./)).toHaveTextContent(
      `Cancelling now does not refund it. ${policy}`,
    );
  });

  it('offers "Book again" with the business when a used link is opened, and nothing when none is known', async () => {
    const gone = {
      status: 410,
      body: { error: 'This booking has been cancelled, so this link no longer works.', code: 'LINK_GONE' },
    };
    const calls = api({
      'GET /api/customer/booking': gone,
      'GET /api/customer/booking-page': {
        body: { businessName: 'Sparkle Auto', url: 'https://book.example.com/book/sparkle-auto' },
      },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Book again with Sparkle Auto' })).toHaveAttribute(
      'href',
      'https://book.example.com/book/sparkle-auto',
    );
    expect(calls.callsTo('GET /api/customer/booking-page')[0]!.url.searchParams.get('token')).toBe(TOKEN);
  });

  it('shows no "Book again" for a link whose business is unknown', async () => {
    const calls = api({
      'GET /api/customer/booking': { status: 404, body: { error: 'This link is not valid.', code: 'LINK_INVALID' } },
      'GET /api/customer/booking-page': {
        status: 404,
        body: { error: 'No booking page.', code: 'BUSINESS_NOT_FOUND' },
      },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    await waitFor(() => expect(calls.callsTo('GET /api/customer/booking-page')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Book again/ })).not.toBeInTheDocument();
  });

  it("shows the server's error as the state text", async () => {
    api({
      'DELETE /api/customer/confirm-cancel': {
        status: 410,
        body: { error: 'This booking has already started, so it can no longer be changed online.' },
      },
    });
    const { user } = renderApp(`/customer/cancel?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking has already started, so it can no longer be changed online.',
    );
  });

  it.each([
    ['a failure without a message', { status: 500 }],
    ['a network failure', 'network' as const],
  ])('shows the catch-all for %s', async (_what, reply) => {
    api({ 'DELETE /api/customer/confirm-cancel': reply });
    const { user } = renderApp(`/customer/cancel?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  });

  it('shows why a link no longer works before offering to cancel', async () => {
    api({
      'GET /api/customer/booking': {
        status: 404,
        body: { error: 'This link is not valid. Please check the link in your e-mail.' },
      },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Please check the link in your e-mail.',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /cancel my booking/ })).not.toBeInTheDocument());
  });
});
