import type { ManagedBooking } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, deferred, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'tok_abcdefghijklmnop';
const url = (q = `token=${TOKEN}&businessId=${BUSINESS_ID}`) => `/customer/reschedule?${q}`;
const booking: ManagedBooking = {
  businessId: BUSINESS_ID,
  businessName: 'Sparkle Auto',
  serviceName: 'Full Detail',
  status: 'pending',
  bookingTime: { day: '2031-06-04', startTime: '10:00', endTime: '11:00' },
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  bookingPageUrl: 'https://book.example.com/book/sparkle-auto',
};
const daySlots = [
  { time: '10:00', available: true },
  { time: '10:30', available: false },
  { time: '11:00', available: true },
];

/** June 2031 as the month call answers it: weekdays free but the 6th full, weekends closed. */
const june = {
  month: '2031-06',
  today: '2031-06-02',
  lastDay: '2031-08-31',
  days: Array.from({ length: 30 }, (_, i) => {
    const date = `2031-06-${String(i + 1).padStart(2, '0')}`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const status = i < 1 ? 'past' : weekday === 0 || weekday === 6 ? 'closed' : date === '2031-06-06' ? 'full' : 'free';
    return { date, status };
  }),
};

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/customer/booking': { body: booking },
    'GET /api/customer/get-available-slots': { body: { slots: daySlots } },
    'GET /api/customer/available-days': { body: june },
    'PUT /api/customer/reschedule': {
      body: { ...booking, bookingTime: { ...booking.bookingTime, startTime: '11:00', endTime: '12:00' } },
    },
    ...overrides,
  });
}

let alert: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
});
const confirmed = () => screen.queryByRole('region', { name: 'Your new booking' });
afterEach(() => vi.restoreAllMocks());

describe('Customer reschedule', () => {
  it.each([
    ['no token', `businessId=${BUSINESS_ID}`],
    ['no businessId', `token=${TOKEN}`],
    ['nothing', ''],
  ])('refuses a link with %s', async (_what, query) => {
    const calls = api();
    renderApp(url(query));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reschedule link. Please try again.');
    expect(calls.calls.filter((c) => c.path.startsWith('/api/customer'))).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Confirm Reschedule' })).not.toBeInTheDocument();
  });

  it('shows which booking it is and the slots of its day, unavailable ones disabled', async () => {
    const calls = api();
    renderApp(url());
    const summary = await screen.findByRole('region', { name: 'Your current booking' });
    expect(within(summary).getByText('Full Detail')).toBeInTheDocument();
    expect(within(summary).getByText('Wednesday, June 4, 2031')).toBeInTheDocument();
    expect(within(summary).getByText(/10:00 AM – 11:00 AM/)).toBeInTheDocument();
    expect(within(summary).getByText('Sparkle Auto')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '10:30 AM (unavailable)' })).toBeDisabled();
    // The month of free days, the booking's own day chosen, asked for with the link's token.
    const grid = screen.getByRole('grid', { name: 'June 2031' });
    expect(within(grid).getByRole('button', { name: 'Wednesday, 4 June, free' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(grid).getByRole('button', { name: 'Friday, 6 June, full' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(grid).getByRole('button', { name: 'Saturday, 7 June, closed' })).toBeInTheDocument();
    expect(Object.fromEntries(calls.callsTo('GET /api/customer/available-days')[0]!.url.searchParams)).toEqual({
      businessId: BUSINESS_ID,
      month: '2031-06',
      token: TOKEN,
    });
    const query = calls.callsTo('GET /api/customer/get-available-slots')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ businessId: BUSINESS_ID, date: '2031-06-04', token: TOKEN });
    expect(calls.callsTo('GET /api/customer/booking')[0]!.url.searchParams.get('token')).toBe(TOKEN);
  });

  it('loads the slots of another free day when the customer picks one, and never of a full one', async () => {
    const calls = api();
    const { user } = renderApp(url());
    await screen.findByRole('button', { name: '10:00 AM' });
    await user.click(screen.getByRole('button', { name: 'Friday, 6 June, full' }));
    expect(calls.callsTo('GET /api/customer/get-available-slots')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Thursday, 5 June, free' }));
    await waitFor(() => expect(calls.callsTo('GET /api/customer/get-available-slots')).toHaveLength(2));
    expect(calls.callsTo('GET /api/customer/get-available-slots')[1]!.url.searchParams.get('date')).toBe('2031-06-05');
    expect(await screen.findByText(/Available times on Thursday, June 5, 2031/)).toBeInTheDocument();
    // Next month: asked for with the token too.
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(calls.callsTo('GET /api/customer/available-days')).toHaveLength(2));
    expect(calls.callsTo('GET /api/customer/available-days')[1]!.url.searchParams.get('month')).toBe('2031-07');
  });

  it("shows the customer's own time beside the business's when the browser is in another zone", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'America/New_York' };
    });
    api();
    renderApp(url());
    // Named by the business's time, as before; the customer's own is what it shows and its description.
    const ten = await screen.findByRole('button', { name: '10:00 AM' });
    expect(ten).toHaveTextContent('1:00 PM your time (10:00 AM at the business)');
    expect(ten).toHaveAccessibleDescription('1:00 PM your time (10:00 AM at the business)');
    expect(screen.getByText(/Times are in .*, the business's; your own time is shown first\./)).toBeInTheDocument();
  });

  it("shows the business's time alone when the browser is in the business's zone", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'America/Los_Angeles' };
    });
    api();
    renderApp(url());
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toHaveTextContent(/^10:00 AM$/);
    expect(screen.queryByText(/your time/)).not.toBeInTheDocument();
  });

  it('asks for a slot before confirming', async () => {
    const calls = api();
    const { user } = renderApp(url());
    await screen.findByRole('button', { name: '10:00 AM' });
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a time slot.');
    expect(calls.callsTo('PUT /api/customer/reschedule')).toHaveLength(0);
  });

  it('confirms the chosen slot and says so on the page, with the new time and a way home, never in an alert', async () => {
    const calls = api();
    const { user } = renderApp(url());
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    expect(screen.getByRole('button', { name: '11:00 AM' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your booking has been successfully rescheduled.');
    expect(confirmed()).toHaveTextContent('11:00 AM – 12:00 PM');
    expect(screen.getByText('A confirmation e-mail is on its way.')).toBeInTheDocument();
    // The business's own booking page, never Slotwise's home page.
    expect(screen.getByRole('link', { name: 'Back to Sparkle Auto' })).toHaveAttribute(
      'href',
      'https://book.example.com/book/sparkle-auto',
    );
    expect(screen.queryByRole('link', { name: /home page/ })).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(calls.callsTo('PUT /api/customer/reschedule')[0]!.body).toEqual({
      token: TOKEN,
      newDateTime: '2031-06-04T11:00',
    });
  });

  it('offers "Book again" with the business when the link no longer works', async () => {
    const calls = api({
      'GET /api/customer/booking': {
        status: 410,
        body: { error: 'This booking has been cancelled, so this link no longer works.', code: 'LINK_GONE' },
      },
      'GET /api/customer/booking-page': {
        body: { businessName: 'Sparkle Auto', url: 'https://book.example.com/book/sparkle-auto' },
      },
    });
    renderApp(url());
    expect(await screen.findByRole('alert')).toHaveTextContent('this link no longer works');
    expect(await screen.findByRole('link', { name: 'Book again with Sparkle Auto' })).toHaveAttribute(
      'href',
      'https://book.example.com/book/sparkle-auto',
    );
    const asked = calls.callsTo('GET /api/customer/booking-page')[0]!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ token: TOKEN, businessId: BUSINESS_ID });
  });

  it('shows "Error loading slots" when the slots cannot be loaded', async () => {
    api({ 'GET /api/customer/get-available-slots': { status: 500, body: { error: 'boom' } } });
    renderApp(url());
    expect(await screen.findByText('Error loading slots. Please try again later.')).toBeInTheDocument();
  });

  it("shows the server's error after a refused move and reloads the slots", async () => {
    const calls = api({
      'PUT /api/customer/reschedule': {
        status: 409,
        body: { error: 'That time was just booked. Please pick another slot.', code: 'SLOT_TAKEN' },
      },
    });
    const { user } = renderApp(url());
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: That time was just booked. Please pick another slot.',
    );
    await waitFor(() => expect(calls.callsTo('GET /api/customer/get-available-slots')).toHaveLength(2));
    expect(alert).not.toHaveBeenCalled();
    expect(confirmed()).toBeNull();
  });

  it('sends the version it read; a booking changed meanwhile shows why and the booking as it is now', async () => {
    const message =
      'This booking was changed meanwhile; it is now on Thursday, June 5, 2031 at 14:00. Reload and try again.';
    let moved = false;
    const calls = api({
      'GET /api/customer/booking': () => ({
        body: moved
          ? { ...booking, version: 2, bookingTime: { day: '2031-06-05', startTime: '14:00', endTime: '15:00' } }
          : { ...booking, version: 1 },
      }),
      'PUT /api/customer/reschedule': () => {
        moved = true;
        return { status: 409, body: { error: message, code: 'BOOKING_CHANGED' } };
      },
    });
    const { user } = renderApp(url());
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${message}`);
    expect(calls.callsTo('PUT /api/customer/reschedule')[0]!.body).toEqual({
      token: TOKEN,
      newDateTime: '2031-06-04T11:00',
      version: 1,
    });
    const summary = screen.getByRole('region', { name: 'Your current booking' });
    await waitFor(() => expect(summary).toHaveTextContent('Thursday, June 5, 2031'));
    expect(summary).toHaveTextContent('2:00 PM – 3:00 PM');
    await waitFor(() => expect(calls.callsTo('GET /api/customer/get-available-slots')).toHaveLength(2));
    expect(confirmed()).toBeNull();
  });

  it("shows the times on the business's clock: a business on 24 hours shows 24-hour times", async () => {
    api({ 'GET /api/customer/booking': { body: { ...booking, timeFormat: '24h' } } });
    renderApp(url());
    const summary = await screen.findByRole('region', { name: 'Your current booking' });
    expect(summary).toHaveTextContent('10:00 – 11:00 (Pacific Time, Los Angeles)');
    expect(await screen.findByRole('button', { name: '11:00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '10:30 (unavailable)' })).toBeDisabled();
  });

  it('names the zone of a time in the repeated hour of the autumn clock change (issue 20, item 9)', async () => {
    const fallBack = {
      ...booking,
      timeZone: 'America/New_York',
      bookingTime: { day: '2031-11-02', startTime: '01:00', endTime: '01:00', startZone: 'EDT', endZone: 'EST' },
    };
    api({ 'GET /api/customer/booking': { body: fallBack } });
    renderApp(url());
    const summary = await screen.findByRole('region', { name: 'Your current booking' });
    expect(summary).toHaveTextContent('1:00 AM EDT – 1:00 AM EST (Eastern Time, New York)');
  });

  it('falls back to "Failed to reschedule booking." without a server message', async () => {
    api({ 'PUT /api/customer/reschedule': { status: 502 } });
    const { user } = renderApp(url());
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to reschedule booking.');
  });

  it('says so when the network fails', async () => {
    api({ 'PUT /api/customer/reschedule': 'network' });
    const { user } = renderApp(url());
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while rescheduling. Please try again.',
    );
  });

  it('disables the button while the move is in flight', async () => {
    const pending = deferred<{ body: unknown }>();
    api({ 'PUT /api/customer/reschedule': () => pending.promise });
    const { user } = renderApp(url());
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('button', { name: 'Rescheduling...' })).toBeDisabled();
    pending.resolve({ body: booking });
    expect(await screen.findByRole('region', { name: 'Your new booking' })).toBeInTheDocument();
  });

  it("shows the server's reason when the link no longer works", async () => {
    api({
      'GET /api/customer/booking': {
        status: 410,
        body: { error: 'This booking has been cancelled, so this link no longer works. Please make a new booking.' },
      },
    });
    renderApp(url());
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking has been cancelled');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
