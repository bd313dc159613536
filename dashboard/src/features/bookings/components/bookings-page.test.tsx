import type { BookingPayment } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { makeBooking, withUndo } from '../../../testing/bookings.ts';
import { deferred, fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';
import { makeUndelivered } from '../../../testing/undelivered.ts';

const LIST = 'GET /api/business-dashboard/bookings';
const pending = makeBooking({ firstName: 'Pat', status: 'pending', serviceName: 'Wash' });
const approved = makeBooking({ firstName: 'Alex', status: 'approved', serviceName: 'Polish' });
const completed = makeBooking({ firstName: 'Cam', status: 'completed', serviceName: 'Wax' });
const cancelled = makeBooking({ firstName: 'Dee', status: 'cancelled', serviceName: 'Detail' });
const declined = makeBooking({ firstName: 'Eve', status: 'declined', serviceName: 'Tint' });
const all = [pending, approved, completed, cancelled, declined];

const articles = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('Bookings Management', () => {
  it('goes down its headings one level at a time: the page, the list, each card', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: [pending, approved] } } });
    renderApp('/dashboard/bookings');
    await screen.findByRole('article', { name: 'Wash for Pat Lovelace' });
    const outline = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);
    expect(outline.slice(0, 3)).toEqual(['H1 Bookings Management', 'H2 Bookings', 'H3 Wash']);
  });

  it("shows 'Loading...', then every booking with every field", async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [LIST]: () => answer.promise });
    renderApp('/dashboard/bookings');
    expect(screen.getByRole('heading', { name: 'Bookings Management' })).toBeInTheDocument();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer.resolve({ body: { bookings: [pending] } });
    const card = await screen.findByRole('article', { name: 'Wash for Pat Lovelace' });
    // Stored as E.164, shown as people read it once the formatter's chunk is in (lib/phone.ts).
    expect(await within(card).findByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    // The address is one link, kept whole for reading, broken only at its dots on a narrow card (email-text.tsx).
    expect(within(card).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    for (const text of [
      'Pat Lovelace',
      'SUV',
      '$129.50',
      '12 Main St, Springfield',
      'Thu, Mar 5, 2026',
      '10:00 AM',
      '11:30 AM',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getAllByText('Wash')).toHaveLength(2);
  });

  it('shows N/A for a missing car type and address', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: [makeBooking({ carBodyType: null, customerAddress: null })] } } });
    renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    expect(within(card).getAllByText('N/A')).toHaveLength(2);
  });

  it('filters by status and colours the badges', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: all } } });
    const { user } = renderApp('/dashboard/bookings');
    await screen.findAllByRole('article');
    expect(articles()).toHaveLength(5);
    const colours = Object.fromEntries(
      screen
        .getAllByRole('article')
        .map((a) => [a.getAttribute('aria-label'), a.querySelector('.sw-badge')?.getAttribute('data-color')]),
    );
    expect(colours).toEqual({
      'Wash for Pat Lovelace': 'amber',
      'Polish for Alex Lovelace': 'green',
      'Wax for Cam Lovelace': 'blue',
      'Detail for Dee Lovelace': 'red',
      'Tint for Eve Lovelace': 'grey',
    });
    for (const [filter, expected] of [
      ['Pending', ['Wash for Pat Lovelace']],
      ['Approved', ['Polish for Alex Lovelace']],
      ['Completed', ['Wax for Cam Lovelace']],
      ['Cancelled', ['Detail for Dee Lovelace']],
      ['Declined', ['Tint for Eve Lovelace']],
    ] as const) {
      await user.click(screen.getByRole('button', { name: filter }));
      expect(screen.getByRole('button', { name: filter })).toHaveAttribute('aria-pressed', 'true');
      expect(articles()).toEqual(expected);
    }
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(articles()).toHaveLength(5);
  });

  it('says so when a filter matches nothing, or there are no bookings', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: [approved] } } });
    const { user } = renderApp('/dashboard/bookings');
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    expect(screen.getByText('No pending bookings.')).toBeInTheDocument();
  });

  it('offers Approve and Decline on pending bookings only', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: all } } });
    renderApp('/dashboard/bookings');
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Decline' })).toHaveLength(1);
    const card = screen.getByRole('article', { name: 'Wash for Pat Lovelace' });
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('approves: the card turns green and loses its buttons', async () => {
    storeToken();
    const api = fakeApi({
      [LIST]: { body: { bookings: [pending] } },
      'PUT /api/business-dashboard/booking/approve/:id': (req) => ({
        body: { ...pending, _id: req.params.id, status: 'approved' },
      }),
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(card).getByText('Approved')).toHaveAttribute('data-color', 'green'));
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/approve/:id')[0]?.params.id).toBe(pending._id);
  });

  it('marks an approved booking completed (and only an approved one)', async () => {
    storeToken();
    const api = fakeApi({
      [LIST]: { body: { bookings: all } },
      'PUT /api/business-dashboard/booking/complete/:id': (req) => ({
        body: { ...approved, _id: req.params.id, status: 'completed' },
      }),
    });
    const { user } = renderApp('/dashboard/bookings');
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('button', { name: 'Mark completed' })).toHaveLength(1);
    const card = screen.getByRole('article', { name: 'Polish for Alex Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(within(card).getByText('Completed')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/complete/:id')[0]?.params.id).toBe(approved._id);
  });

  it('sends a new price with its reason: the booking stays pending and says it waits for the customer', async () => {
    storeToken();
    const api = fakeApi({
      [LIST]: { body: { bookings: [{ ...pending, answers: [{ question: 'Vehicle size', answer: 'SUV' }] }] } },
      'PUT /api/business-dashboard/booking/approve/:id': (req) => ({
        body: {
          ...pending,
          priceChange: { quoted: pending.totalQuote, proposed: 255, reason: 'Heavy pet hair: +$40', state: 'proposed' },
          _id: req.params.id,
        },
      }),
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Vehicle size')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'New price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve at a new price?' });
    await user.clear(within(dialog).getByLabelText('New total ($)'));
    await user.type(within(dialog).getByLabelText('New total ($)'), '255');
    await user.type(within(dialog).getByLabelText('Reason'), 'Heavy pet hair: +$40');
    await user.click(within(dialog).getByRole('button', { name: 'Send new price' }));
    expect(
      await within(card).findByText(/new price \$255\.00 \(waiting for the customer\): Heavy pet hair/),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/approve/:id')[0]?.body).toEqual({
      total: 255,
      reason: 'Heavy pet hair: +$40',
    });
    expect(within(card).getByRole('button', { name: 'Change new price' })).toBeInTheDocument();
    expect(shownToasts()).toContainEqual('New price sent. Pat has been e-mailed to accept it.');
  });

  it('approves as quoted while a new price waits, and the card says the new price was withdrawn', async () => {
    storeToken();
    const change = { quoted: pending.totalQuote, proposed: 255, reason: 'Heavy pet hair: +$40' };
    const api = fakeApi({
      [LIST]: { body: { bookings: [{ ...pending, priceChange: { ...change, state: 'proposed' } }] } },
      'PUT /api/business-dashboard/booking/approve/:id': (req) => ({
        body: { ...pending, status: 'approved', priceChange: { ...change, state: 'withdrawn' }, _id: req.params.id },
      }),
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Approve as quoted' }));
    expect(await within(card).findByText(/new price \$255\.00 \(withdrawn\): Heavy pet hair/)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/approve/:id')[0]?.body).toBeUndefined();
  });

  it('declines after asking for an optional reason: the badge turns grey, and Undo puts it back', async () => {
    storeToken();
    const api = fakeApi({
      [LIST]: { body: { bookings: [pending] } },
      'PUT /api/business-dashboard/booking/decline/:id': { body: withUndo({ ...pending, status: 'declined' }) },
      'POST /api/business-dashboard/booking/undo/:token': { body: pending },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking?' });
    // Nothing is sent until the owner confirms.
    expect(api.callsTo('PUT /api/business-dashboard/booking/decline/:id')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Fully booked that day.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline booking' }));
    await waitFor(() => expect(within(card).getByText('Declined')).toHaveAttribute('data-color', 'grey'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/decline/:id')[0]?.body).toEqual({
      reason: 'Fully booked that day.',
    });
    expect(screen.getByText('Booking declined. Pat will be e-mailed in 10 seconds.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(card).getByText('Pending')).toHaveAttribute('data-color', 'amber'));
    expect(api.callsTo('POST /api/business-dashboard/booking/undo/:token')[0]?.params.token).toBe('test-undo-token');
    expect(await screen.findByText('Decline undone. No e-mail was sent.')).toBeInTheDocument();
    // Pending again: it can be decided again, and the dialog does not come back by itself.
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends no body without a reason, and Keep booking sends nothing', async () => {
    storeToken();
    const api = fakeApi({
      [LIST]: { body: { bookings: [pending] } },
      'PUT /api/business-dashboard/booking/decline/:id': { body: withUndo({ ...pending, status: 'declined' }) },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await user.click(await screen.findByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/business-dashboard/booking/decline/:id')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await user.click(await screen.findByRole('button', { name: 'Decline booking' }));
    await waitFor(() => expect(within(card).getByText('Declined')).toBeInTheDocument());
    expect(api.callsTo('PUT /api/business-dashboard/booking/decline/:id')[0]?.body).toEqual({});
  });

  it('says when the time to undo has passed, and the booking stays declined', async () => {
    storeToken();
    fakeApi({
      [LIST]: { body: { bookings: [pending] } },
      'PUT /api/business-dashboard/booking/decline/:id': { body: withUndo({ ...pending, status: 'declined' }) },
      'POST /api/business-dashboard/booking/undo/:token': {
        status: 410,
        body: { error: 'The time to undo has passed; the customer has been e-mailed that the booking is declined.' },
      },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await user.click(await screen.findByRole('button', { name: 'Decline booking' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/The time to undo has passed/)).toBeInTheDocument();
    expect(within(card).getByText('Declined')).toBeInTheDocument();
  });

  it.each([
    ['approve', 'Approve', 'Failed to approve booking'],
    ['decline', 'Decline', 'Failed to decline booking'],
  ])('shows %s failures with the server reason', async (action, button, text) => {
    storeToken();
    fakeApi({
      [LIST]: { body: { bookings: [pending] } },
      [`PUT /api/business-dashboard/booking/${action}/:id`]: {
        status: 409,
        body: { error: 'Only pending bookings can be changed; this one is cancelled.' },
      },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: button }));
    // A Decline is confirmed in its dialog first; its refusal is said there, the reason kept.
    if (action === 'decline') await user.click(await screen.findByRole('button', { name: 'Decline booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent('Only pending bookings can be changed');
  });

  it("shows 'Error: ' and the message when the list cannot be fetched", async () => {
    storeToken();
    fakeApi({ [LIST]: { status: 500, body: { error: 'db down' } } });
    renderApp('/dashboard/bookings');
    expect(await screen.findByText('Error: Failed to fetch bookings')).toBeInTheDocument();
  });
});

describe('Bookings Management: plans', () => {
  const NEXT = 'PUT /api/business-dashboard/booking/next-free-time/:id';
  const plan = { planId: '10000000-0000-4000-8000-000000000001', label: 'Every 2 weeks' };
  const visit = makeBooking({ firstName: 'Ana', serviceName: 'Pool Cleaning', status: 'approved', plan });
  const taken = makeBooking({
    firstName: 'Ana',
    serviceName: 'Lawn Mowing',
    status: 'needs_time',
    plan: { ...plan, label: 'Weekly' },
    bookingTime: { day: '2026-03-19', startTime: '10:00', endTime: '11:00' },
  });

  it("marks a plan's visit with the repeat mark and the plan's words, and nothing on a one-off booking", async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: [visit, approved] } } });
    renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article', { name: 'Pool Cleaning for Ana Lovelace' });
    expect(card.querySelector('.booking-plan')?.textContent).toBe('↻ Repeats: Every 2 weeks');
    expect(within(card).getByText('Repeats:')).toHaveClass('visually-hidden');
    expect(screen.getByRole('article', { name: 'Polish for Alex Lovelace' }).querySelector('.booking-plan')).toBeNull();
  });

  it('shows a visit whose day was taken as needing a time, holding none, under its own filter', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { bookings: [visit, taken] } } });
    const { user, location } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article', { name: 'Lawn Mowing for Ana Lovelace' });
    expect(within(card).getByText('Needs a time')).toHaveAttribute('data-color', 'amber');
    expect(within(card).getByText('Not set yet')).toBeInTheDocument();
    expect(within(card).queryByText('10:00 AM')).not.toBeInTheDocument();
    expect(within(card).getByText('Thu, Mar 19, 2026')).toBeInTheDocument();
    // Only such a visit offers Next free time.
    expect(screen.getAllByRole('button', { name: 'Next free time' })).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Next free time' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Needs a time' }));
    expect(articles()).toEqual(['Lawn Mowing for Ana Lovelace']);
    expect(location().search).toBe('?status=needs_time');
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    expect(screen.getByText('No pending bookings.')).toBeInTheDocument();
  });

  it('gives a visit the next free time at once, then loads the list again', async () => {
    storeToken();
    const placed = {
      ...taken,
      status: 'approved' as const,
      bookingTime: { day: '2026-03-20', startTime: '10:00', endTime: '11:00' },
    };
    const reload = deferred<Reply>();
    let loads = 0;
    const api = fakeApi({
      [LIST]: () => (++loads === 1 ? { body: { bookings: [visit, taken] } } : reload.promise),
      [NEXT]: { body: placed },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article', { name: 'Lawn Mowing for Ana Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Next free time' }));
    // The answer shows before the list comes back.
    await waitFor(() => expect(within(card).getByText('Approved')).toBeInTheDocument());
    expect(within(card).getByText('Fri, Mar 20, 2026')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Next free time' })).not.toBeInTheDocument();
    expect(api.callsTo(NEXT)[0]?.params.id).toBe(taken._id);
    expect(shownToasts()).toContainEqual('Visit booked for Fri, Mar 20, 2026 at 10:00 AM.');
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    reload.resolve({ body: { bookings: [visit, placed] } });
    await waitFor(() => expect(articles()).toHaveLength(2));
  });

  it("says why when there is no free time, in the server's words", async () => {
    storeToken();
    fakeApi({
      [LIST]: { body: { bookings: [taken] } },
      [NEXT]: {
        status: 409,
        body: {
          code: 'NO_FREE_TIME',
          error: 'No free time was found in the next 4 weeks for this visit; pick a time on the calendar.',
        },
      },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Next free time' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to find a free time');
    expect(alert).toHaveTextContent(
      'No free time was found in the next 4 weeks for this visit; pick a time on the calendar.',
    );
    expect(within(card).getByText('Needs a time')).toBeInTheDocument();
  });
});

describe('Bookings Management: deposits', () => {
  const REFUND = 'POST /api/business-dashboard/booking/refund/:id';
  const payment = (over: Partial<BookingPayment> = {}): BookingPayment => ({
    state: 'paid',
    deposit: 48.76,
    paid: 48.76,
    refunded: 0,
    balance: 146.29,
    ...over,
  });

  it('shows what each booking paid, refunded and still owes, and never an expired hold', async () => {
    storeToken();
    fakeApi({
      [LIST]: {
        body: {
          bookings: [
            makeBooking({ firstName: 'Pat', serviceName: 'Wash', status: 'approved', payment: payment() }),
            makeBooking({
              firstName: 'Alex',
              serviceName: 'Polish',
              status: 'cancelled',
              payment: payment({ state: 'refunded', refunded: 48.76, balance: 0 }),
            }),
            makeBooking({
              firstName: 'Cam',
              serviceName: 'Wax',
              status: 'awaiting_payment',
              payment: payment({ state: 'awaiting', paid: 0, balance: 195.05 }),
            }),
            makeBooking({ firstName: 'Dee', serviceName: 'Tint', status: 'expired' }),
            makeBooking({ firstName: 'Eve', serviceName: 'Detail', status: 'pending' }),
          ],
        },
      },
    });
    renderApp('/dashboard/bookings');
    const paid = await screen.findByRole('article', { name: 'Wash for Pat Lovelace' });
    expect(within(paid).getByText('Deposit paid $48.76')).toBeInTheDocument();
    expect(within(paid).getByText('Balance due $146.29')).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Refund' })).toBeInTheDocument();

    const refunded = screen.getByRole('article', { name: 'Polish for Alex Lovelace' });
    expect(within(refunded).getByText('Refunded $48.76')).toBeInTheDocument();
    expect(within(refunded).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();

    const held = screen.getByRole('article', { name: 'Wax for Cam Lovelace' });
    expect(within(held).getByText('Awaiting payment')).toHaveAttribute('data-color', 'amber');
    expect(within(held).queryByText(/Balance due/)).not.toBeInTheDocument();

    const plain = screen.getByRole('article', { name: 'Detail for Eve Lovelace' });
    expect(within(plain).queryByText(/Deposit|Refund|Balance/)).not.toBeInTheDocument();
    expect(articles()).not.toContain('Tint for Dee Lovelace');
  });

  it('refunds part of a deposit and shows the booking as Stripe now has it', async () => {
    storeToken();
    const booking = makeBooking({ serviceName: 'Wash', status: 'approved', payment: payment() });
    const api = fakeApi({
      [LIST]: { body: { bookings: [booking] } },
      [REFUND]: { body: { ...booking, payment: payment({ state: 'partly_refunded', refunded: 20 }) } },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund through Stripe' });
    expect(dialog).toHaveTextContent('Wash for Ada Lovelace: $48.76 paid.');
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue(48.76);
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $20.00' }));
    expect(await within(card).findByText('Partly refunded ($20.00)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shownToasts()).toContainEqual('Refund of $20.00 sent to Stripe.');
    expect(api.callsTo(REFUND)[0]?.body).toEqual({ amount: 20 });
    // $28.76 is left to refund.
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Amount ($)')).toHaveValue(28.76);
  });

  it('will not send more than is left, and shows a refusal in the dialog', async () => {
    storeToken();
    const booking = makeBooking({ status: 'approved', payment: payment({ state: 'partly_refunded', refunded: 8.76 }) });
    const api = fakeApi({
      [LIST]: { body: { bookings: [booking] } },
      [REFUND]: {
        status: 502,
        body: { code: 'PAYMENT_UNAVAILABLE', error: 'Stripe could not be reached; nothing was refunded. Try again.' },
      },
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('$48.76 paid, $8.76 refunded already.');
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue(40);
    await user.clear(amount);
    await user.type(amount, '40.01');
    // Not an amount that can be sent: the button names none.
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You can refund at most $40.00.');
    expect(api.callsTo(REFUND)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $40.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Stripe could not be reached; nothing was refunded. Try again.',
    );
    expect(within(card).getByText('Partly refunded ($8.76)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says on its card what could not be delivered, and sends it again', async () => {
    storeToken();
    const booking = makeBooking({ firstName: 'Dana', status: 'approved', serviceName: 'Polish' });
    const reminder = makeUndelivered({ bookingId: booking._id });
    const elsewhere = makeUndelivered({ bookingId: pending._id, to: 'pat@example.com' });
    const api = fakeApi({
      [LIST]: { body: { bookings: [booking] } },
      'GET /api/business-dashboard/messages/undelivered': { body: { days: 14, messages: [reminder, elsewhere] } },
      'POST /api/business-dashboard/messages/:id/resend': (req) => ({
        body: { _id: req.params.id, queuedAt: '2026-03-04T19:00:00.000Z' },
      }),
    });
    const { user } = renderApp('/dashboard/bookings');
    const card = await screen.findByRole('article', { name: 'Polish for Dana Lovelace' });
    expect(
      await within(card).findByText(
        'The reminder could not be delivered to dana@example.com: 10 attempts failed; the last: connect ECONNREFUSED 127.0.0.1:25',
      ),
    ).toBeInTheDocument();
    // Another booking's message is not this card's.
    expect(within(card).queryByText(/pat@example\.com/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send again' }));
    expect(await within(card).findByText('The reminder was queued again for dana@example.com.')).toBeInTheDocument();
    expect(within(card).queryByText(/could not be delivered/)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/business-dashboard/messages/:id/resend').map((c) => c.params.id)).toEqual([
      reminder._id,
    ]);
  });
});
