import type { ManagedBooking } from '@slotwise/shared/api';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'tok_abcdefghijklmnop';
const RESCHEDULE = `/customer/reschedule?token=${TOKEN}&businessId=${BUSINESS_ID}`;
const PAGE = 'https://book.example.com/book/sparkle-pools';

const oneOff: ManagedBooking = {
  businessId: BUSINESS_ID,
  businessName: 'Sparkle Pools',
  serviceName: 'Pool Cleaning',
  status: 'approved',
  bookingTime: { day: '2031-06-05', startTime: '10:00', endTime: '11:00' },
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  bookingPageUrl: PAGE,
};
/** A Thursday visit of a weekly plan; the plan's next visits include this one's own day. */
const visit: ManagedBooking = {
  ...oneOff,
  plan: {
    name: 'your weekly Pool Cleaning',
    label: 'Weekly',
    status: 'active',
    perVisit: 58.5,
    nextVisits: ['2031-06-05', '2031-06-12', '2031-06-19'],
  },
};
const plan = visit.plan!;

function api(booking: ManagedBooking, overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/customer/booking': { body: booking },
    'GET /api/customer/get-available-slots': {
      body: {
        slots: [
          { time: '10:00', available: false },
          { time: '11:00', available: true },
        ],
      },
    },
    'PUT /api/customer/reschedule': {
      body: { ...booking, status: 'pending', bookingTime: { day: '2031-06-05', startTime: '11:00', endTime: '12:00' } },
    },
    ...overrides,
  });
}

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the reschedule page for a plan visit', () => {
  it('says only this visit moves, names the plan, and moves just this visit', async () => {
    const calls = api(visit);
    const { user } = renderApp(RESCHEDULE);
    expect(
      await screen.findByText('Only this visit moves; your plan keeps its usual day and time.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your plan' })).toHaveTextContent(
      'This visit is part of your weekly Pool Cleaning, $58.50 per visit.',
    );
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByText('Your booking has been successfully rescheduled.')).toBeInTheDocument();
    expect(screen.getByText('Only this visit moved; your plan keeps its usual day and time.')).toBeInTheDocument();
    // This visit only: the contract's default, nothing asks for the following visits.
    expect(calls.callsTo('PUT /api/customer/reschedule')[0]!.body).toEqual({
      token: TOKEN,
      newDateTime: '2031-06-05T11:00',
    });
  });

  it('says the business will propose a new time for a visit whose day was taken, and still lets the customer pick one', async () => {
    const calls = api({ ...visit, status: 'needs_time' });
    const { user } = renderApp(RESCHEDULE);
    expect(
      await screen.findByText(
        'The day of this visit was already taken, so Sparkle Pools will propose a new time for this visit. You can also pick a time yourself below.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your current booking' })).toHaveTextContent('Not set yet');
    await user.click(await screen.findByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByText('Your booking has been successfully rescheduled.')).toBeInTheDocument();
    expect(calls.callsTo('PUT /api/customer/reschedule')).toHaveLength(1);
  });

  it.each([
    [
      'a skipped visit',
      { ...visit, status: 'skipped' as const },
      'This visit is skipped, so this link no longer changes it.',
    ],
    [
      'a visit of an ended plan',
      { ...visit, plan: { ...plan, status: 'ended' as const } },
      'Your weekly Pool Cleaning has ended, so this link no longer changes this visit.',
    ],
  ])('treats %s like a cancelled booking: no date, no slots, Book again', async (_what, booking, reason) => {
    const calls = api(booking);
    renderApp(RESCHEDULE);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book again with Sparkle Pools' })).toHaveAttribute('href', PAGE);
    expect(screen.queryByLabelText('New date')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Reschedule' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.callsTo('GET /api/customer/booking')).toHaveLength(1));
    expect(calls.callsTo('GET /api/customer/get-available-slots')).toHaveLength(0);
  });

  it('says nothing of plans for a one-off booking', async () => {
    api(oneOff);
    renderApp(RESCHEDULE);
    await screen.findByRole('button', { name: '11:00 AM' });
    expect(screen.queryByText(/Only this visit moves/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your plan' })).not.toBeInTheDocument();
  });
});
