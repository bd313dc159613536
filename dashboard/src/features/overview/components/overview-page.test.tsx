import type { BookingPayment } from '@slotwise/shared/api';
import { todayIn } from '@slotwise/shared/time-zone';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { makeBooking } from '../../../testing/bookings.ts';
import { deferred, fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';

const TODAY = 'GET /api/business-dashboard/bookings/today';
const ANY_RANGE = 'GET /api/business-dashboard/bookings';
const REFUND = 'POST /api/business-dashboard/booking/refund/:id';
const WAITING = 'GET /api/business-dashboard/bookings/waiting';

function card(label: string) {
  return screen.getByText(label).closest('.stat-card') as HTMLElement;
}

describe('Overview', () => {
  it("shows a skeleton ('Loading...' to screen readers) while fetching", async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [TODAY]: () => answer.promise });
    renderApp('/dashboard');
    await screen.findByText('Loading...');
    loadingSkeleton();
    answer.resolve({ body: { bookings: [] } });
    expect(await screen.findByText('No bookings scheduled for today')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows zeroed cards and the empty message with no bookings', async () => {
    storeToken();
    fakeApi({ [TODAY]: { body: { bookings: [] } } });
    renderApp('/dashboard');
    expect(await screen.findByText('No bookings scheduled for today')).toBeInTheDocument();
    expect(within(card("Today's Bookings")).getByText('0')).toBeInTheDocument();
    expect(within(card("Today's Revenue")).getByText('$0.00')).toBeInTheDocument();
  });

  it('leads to Insights from under its heading (a phone has no Insights tab; the link shows there only)', async () => {
    storeToken();
    fakeApi({ [TODAY]: { body: { bookings: [] } } });
    const { user, pathname } = renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'View insights' });
    expect(link).toHaveClass('overview-insights-link');
    await user.click(link);
    expect(pathname()).toBe('/dashboard/insights');
  });

  it('offers "+ New booking", the owner\'s own booking of a customer who called', async () => {
    storeToken();
    fakeApi({ [TODAY]: { body: { bookings: [] } } });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: '+ New booking' })).toHaveAttribute(
      'href',
      '/dashboard/bookings/new',
    );
  });

  it('counts bookings, pending, completed, and sums revenue over bookings not cancelled', async () => {
    storeToken();
    fakeApi({
      [TODAY]: {
        body: {
          bookings: [
            makeBooking({
              status: 'pending',
              totalQuote: 100.1,
              bookingTime: { day: '2026-03-05', startTime: '15:00', endTime: '16:00' },
            }),
            makeBooking({ status: 'approved', totalQuote: 0.2, serviceName: 'Wash' }),
            makeBooking({ status: 'completed', totalQuote: 50 }),
            makeBooking({ status: 'cancelled', totalQuote: 999 }),
            makeBooking({ status: 'declined', totalQuote: 500 }),
          ],
        },
      },
      // Today's pending one and two on later days: the card counts every request waiting.
      [WAITING]: { body: { count: 3, bookings: [] } },
    });
    renderApp('/dashboard');
    await screen.findByText("Today's Revenue");
    expect(within(card("Today's Bookings")).getByText('5')).toBeInTheDocument();
    expect(await within(card('Pending Approvals')).findByText('3')).toBeInTheDocument();
    expect(within(card('Pending Approvals')).getByText('(all days)')).toBeInTheDocument();
    expect(within(card("Today's Revenue")).getByText('$150.30')).toBeInTheDocument();
    expect(within(card('Completed Today')).getByText('1')).toBeInTheDocument();
  });

  it('shows each booking with service, badge, customer, times, price and address', async () => {
    storeToken();
    fakeApi({
      [TODAY]: {
        body: {
          bookings: [
            makeBooking({ firstName: 'Grace', lastName: 'Hopper', status: 'approved', customerAddress: null }),
            makeBooking({ serviceName: 'Interior Clean', status: 'pending' }),
          ],
        },
      },
    });
    renderApp('/dashboard');
    const grace = await screen.findByRole('article', { name: 'Full Detail for Grace Hopper' });
    expect(within(grace).getByText('Approved')).toHaveAttribute('data-color', 'green');
    expect(within(grace).getByText('10:00 AM – 11:30 AM')).toBeInTheDocument();
    expect(within(grace).getByText('$129.50')).toBeInTheDocument();
    expect(within(grace).queryByText('Address')).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Interior Clean for Ada Lovelace' });
    expect(within(other).getByText('Pending')).toHaveAttribute('data-color', 'amber');
    expect(within(other).getByText('12 Main St, Springfield')).toBeInTheDocument();
  });

  it("shows 'Error: Failed to fetch dashboard data' when the server fails", async () => {
    storeToken();
    fakeApi({ [TODAY]: { status: 500, body: { error: 'Something went wrong on our side.' } } });
    renderApp('/dashboard');
    expect(await screen.findByText('Error: Failed to fetch dashboard data')).toBeInTheDocument();
  });

  it('says the server cannot be reached when the network fails', async () => {
    storeToken();
    fakeApi({ [TODAY]: 'network' });
    renderApp('/dashboard');
    expect(await screen.findByText(/^Error: Could not reach the server/)).toBeInTheDocument();
  });

  it('says the server took too long when it never answers, like a network failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      storeToken();
      fakeApi({ [TODAY]: 'stall' });
      renderApp('/dashboard');
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(15_000);
      expect(
        await screen.findByText(/^Error: The server took too long to answer. Check your connection and try again./),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("links each booking's address to directions and its phone to the dialler", async () => {
    storeToken();
    fakeApi({
      [TODAY]: {
        body: {
          bookings: [
            makeBooking({
              customerAddress: '1100 Congress Ave, Austin, TX 78701, USA',
              phoneNumber: '(512) 555-0123',
            }),
          ],
        },
      },
    });
    renderApp('/dashboard');
    const item = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    // The full street address, as the customer picked it, is shown and handed to the map app.
    const directions = within(item).getByRole('link', {
      name: 'Directions to 1100 Congress Ave, Austin, TX 78701, USA (opens your map app)',
    });
    expect(directions).toHaveTextContent('1100 Congress Ave, Austin, TX 78701, USA');
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=1100%20Congress%20Ave%2C%20Austin%2C%20TX%2078701%2C%20USA',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(within(item).getByRole('link', { name: 'Call Ada Lovelace at (512) 555-0123' })).toHaveAttribute(
      'href',
      'tel:5125550123',
    );
  });

  it('approves a pending booking from the agenda: its badge turns green, its buttons go, the counts follow', async () => {
    storeToken();
    const pending = makeBooking({ status: 'pending' });
    let approved = false;
    const api = fakeApi({
      [TODAY]: { body: { bookings: [pending, makeBooking({ status: 'approved', serviceName: 'Wash' })] } },
      // The waiting list is the server's: the pending one until it is approved.
      [WAITING]: () => ({ body: { count: approved ? 0 : 1, bookings: [] } }),
      'PUT /api/business-dashboard/booking/approve/:id': () => {
        approved = true;
        return { body: { ...pending, status: 'approved' } };
      },
    });
    const { user } = renderApp('/dashboard');
    const item = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    expect(await within(card('Pending Approvals')).findByText('1')).toBeInTheDocument();
    // Only the pending one offers a decision.
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await within(item).findByText('Approved')).toHaveAttribute('data-color', 'green');
    expect(within(item).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(await within(card('Pending Approvals')).findByText('0')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/approve/:id')[0]?.params.id).toBe(pending._id);
    expect(await screen.findByText('Booking approved. Ada has been e-mailed.')).toBeInTheDocument();
  });
});

describe('Overview: requests waiting for an answer', () => {
  const nextWeek = makeBooking({
    status: 'pending',
    firstName: 'Dana',
    lastName: 'Reyes',
    serviceName: 'Interior Detail',
    bookingTime: { day: '2026-12-09', startTime: '10:00', endTime: '11:00' },
  });
  const later = makeBooking({
    status: 'pending',
    firstName: 'Sam',
    lastName: 'Ortiz',
    serviceName: 'Full Detail',
    bookingTime: { day: '2026-12-16', startTime: '14:00', endTime: '15:00' },
  });

  /** The server's waiting list: these, less those decided. */
  function waitingApi(extra: Record<string, Reply | ((r: { params: Record<string, string> }) => Reply)> = {}) {
    const decided = new Set<string>();
    const api = fakeApi({
      [TODAY]: { body: { bookings: [] } },
      [WAITING]: () => {
        const left = [nextWeek, later].filter((b) => !decided.has(b._id));
        return { body: { count: left.length, bookings: left } };
      },
      'PUT /api/business-dashboard/booking/approve/:id': (r) => {
        decided.add(r.params.id!);
        return { body: { ...nextWeek, status: 'approved' } };
      },
      'PUT /api/business-dashboard/booking/decline/:id': (r) => {
        decided.add(r.params.id!);
        return {
          body: {
            ...later,
            status: 'declined',
            undo: { token: 'u'.repeat(43), until: new Date(Date.now() + 10_000).toISOString() },
          },
        };
      },
      ...extra,
    });
    return api;
  }

  it('lists every request waiting, whatever its day, soonest first, with its date, and badges the Bookings tab', async () => {
    storeToken();
    waitingApi();
    renderApp('/dashboard');
    const section = (await screen.findByRole('heading', { name: /Waiting for your answer/ })).closest(
      'section',
    ) as HTMLElement;
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Interior Detail for Dana Reyes',
      'Full Detail for Sam Ortiz',
    ]);
    expect(within(cards[0]!).getByText(/Dec 9, 2026/)).toBeInTheDocument();
    expect(within(card('Pending Approvals')).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bookings 2 waiting' })).toHaveAttribute('href', '/dashboard/bookings');
  });

  it('approves a request in place: it leaves the list and the badge drops', async () => {
    storeToken();
    const api = waitingApi();
    const { user } = renderApp('/dashboard');
    const item = await screen.findByRole('article', { name: 'Interior Detail for Dana Reyes' });
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Booking approved. Dana has been e-mailed.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bookings 1 waiting' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Interior Detail for Dana Reyes' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('PUT /api/business-dashboard/booking/approve/:id')[0]?.params.id).toBe(nextWeek._id);
  });

  it('declines a request in place through the one Decline dialog, with Undo', async () => {
    storeToken();
    waitingApi();
    const { user } = renderApp('/dashboard');
    const item = await screen.findByRole('article', { name: 'Full Detail for Sam Ortiz' });
    await user.click(within(item).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline booking' }));
    expect(await screen.findByText('Booking declined. Sam will be e-mailed in 10 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bookings 1 waiting' })).toBeInTheDocument();
  });

  it('shows no list and no badge when nothing waits', async () => {
    storeToken();
    fakeApi({ [TODAY]: { body: { bookings: [] } } });
    renderApp('/dashboard');
    expect(await screen.findByText('No bookings scheduled for today')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Waiting for your answer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bookings' })).toBeInTheDocument();
  });
});

describe('Overview: deposits', () => {
  // The business is in Los Angeles (testing/fake-api.ts onboardedProfile); "today" is its day.
  const day = () => todayIn('America/Los_Angeles');
  const paid = (over: Partial<BookingPayment> = {}): BookingPayment => ({
    state: 'paid',
    deposit: 40,
    paid: 40,
    refunded: 0,
    balance: 89.5,
    ...over,
  });

  it('shows no deposit cards for a business whose bookings carry no payment', async () => {
    storeToken();
    const api = fakeApi({
      [TODAY]: { body: { bookings: [makeBooking({ status: 'approved' })] } },
    });
    renderApp('/dashboard');
    await screen.findByText("Today's Revenue");
    expect(screen.queryByText('Deposits taken today')).not.toBeInTheDocument();
    expect(screen.queryByText('Balance due')).not.toBeInTheDocument();
    // One call: the figures come with today's bookings, never from a second list.
    expect(api.callsTo(ANY_RANGE)).toHaveLength(0);
  });

  it('sums the deposits paid today and the balance due on upcoming bookings, leaving out those awaiting payment from revenue', async () => {
    storeToken();
    const visit = { day: day(), startTime: '10:00', endTime: '11:30' };
    const todays = makeBooking({ status: 'approved', totalQuote: 129.5, bookingTime: visit, payment: paid() });
    const awaiting = makeBooking({
      status: 'awaiting_payment',
      serviceName: 'Wash',
      totalQuote: 60,
      bookingTime: visit,
      payment: paid({ state: 'awaiting', paid: 0, balance: 60 }),
    });
    fakeApi({
      [TODAY]: { body: { bookings: [todays, awaiting], deposits: { takenToday: 65.25, balanceDue: 189.5 } } },
    });
    renderApp('/dashboard');
    await screen.findByText('Deposits taken today');
    expect(within(card('Deposits taken today')).getByText('$65.25')).toBeInTheDocument();
    expect(within(card('Balance due')).getByText('$189.50')).toBeInTheDocument();
    expect(within(card("Today's Revenue")).getByText('$129.50')).toBeInTheDocument();

    const item = screen.getByRole('article', { name: 'Full Detail for Ada Lovelace' });
    expect(within(item).getByText('Deposit paid $40.00')).toBeInTheDocument();
    expect(within(item).getByText('Balance due $89.50')).toBeInTheDocument();
    const held = screen.getByRole('article', { name: 'Wash for Ada Lovelace' });
    expect(within(held).getByText('Awaiting payment')).toHaveAttribute('data-color', 'amber');
    expect(within(held).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds from the agenda: the card and the cards above follow', async () => {
    storeToken();
    const visit = { day: day(), startTime: '10:00', endTime: '11:30' };
    const booking = makeBooking({ status: 'approved', bookingTime: visit, payment: paid() });
    // The server as it answers after the refund too: the booking and the figures both follow.
    let today = { bookings: [booking], deposits: { takenToday: 40, balanceDue: 89.5 } };
    const api = fakeApi({
      [TODAY]: () => ({ body: today }),
      [REFUND]: (req) => {
        const refunded = {
          ...booking,
          payment: paid({ state: 'partly_refunded', refunded: (req.body as { amount: number }).amount }),
        };
        today = { bookings: [refunded], deposits: { takenToday: 25, balanceDue: 89.5 } };
        return { body: refunded };
      },
    });
    const { user } = renderApp('/dashboard');
    const item = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(item).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund through Stripe' });
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue(40);
    await user.clear(amount);
    await user.type(amount, '15');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Came late');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $15.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(item).getByText('Partly refunded ($15.00)')).toBeInTheDocument();
    expect(await within(card('Deposits taken today')).findByText('$25.00')).toBeInTheDocument();
    expect(shownToasts()).toContainEqual('Refund of $15.00 sent to Stripe.');
    expect(api.callsTo(REFUND)[0]?.body).toEqual({ amount: 15, reason: 'Came late' });
    expect(api.callsTo(REFUND)[0]?.params.id).toBe(booking._id);
  });
});

describe("Overview: the agenda's crews", () => {
  const crew = (id: string, name: string, color: string) => ({
    _id: id,
    name,
    color,
    active: true,
    hours: null,
    startAddress: null,
    serviceIds: null,
    member: null,
  });
  const MAIN = crew('0f5c2a7e-1b3d-4c5e-8f9a-0b1c2d3e4f5a', 'Main crew', '#0f766e');
  const TRUCK = crew('1a6d3b8f-2c4e-4d6f-9a0b-1c2d3e4f5a6b', 'Truck 2', '#7e22ce');
  const today = {
    body: {
      bookings: [
        makeBooking({ firstName: 'Dana', lastName: 'Reyes', crewId: TRUCK._id }),
        // Written before crews: the first crew's.
        makeBooking({
          firstName: 'Lee',
          lastName: 'Park',
          crewId: null,
          bookingTime: { day: '2026-03-05', startTime: '13:00', endTime: '14:00' },
        }),
      ],
    },
  };
  const job = (name: string) => screen.getByRole('article', { name: `Full Detail for ${name}` });

  it('names the crew of each job, in its colour, once the business has two or more crews', async () => {
    storeToken();
    fakeApi({
      [TODAY]: today,
      'GET /api/business-dashboard/crews': {
        body: { crews: [MAIN, TRUCK], nameCrewInMails: false, lateThresholdMinutes: 20 },
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('article', { name: 'Full Detail for Dana Reyes' });
    expect(await within(job('Dana Reyes')).findByText('Truck 2')).toBeInTheDocument();
    expect(within(job('Dana Reyes')).getByText('Truck 2').closest('.crew-chip')).toHaveTextContent('Crew: Truck 2');
    expect(within(job('Lee Park')).getByText('Main crew')).toBeInTheDocument();
    // Each crew's route for today, the crewless job counted as the first crew's.
    const routes = screen.getByRole('navigation', { name: "Today's routes" });
    expect(within(routes).getByRole('link', { name: 'Route: Main crew' })).toHaveAttribute(
      'href',
      `/dashboard/route/${MAIN._id}/${today.body.bookings[1]!.bookingTime.day}`,
    );
    expect(within(routes).getByRole('link', { name: 'Route: Truck 2' })).toBeInTheDocument();
  });

  it('names no crew when the business has one crew', async () => {
    storeToken();
    const api = fakeApi({
      [TODAY]: today,
      'GET /api/business-dashboard/crews': {
        body: { crews: [MAIN], nameCrewInMails: false, lateThresholdMinutes: 20 },
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('article', { name: 'Full Detail for Dana Reyes' });
    await waitFor(() => expect(api.callsTo('GET /api/business-dashboard/crews')).toHaveLength(1));
    expect(screen.queryByText('Main crew')).not.toBeInTheDocument();
    expect(document.querySelector('.crew-chip')).toBeNull();
    expect(await screen.findByRole('link', { name: "Today's route" })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/dashboard/route/${MAIN._id}/\\d{4}-\\d{2}-\\d{2}$`)),
    );
  });
});
