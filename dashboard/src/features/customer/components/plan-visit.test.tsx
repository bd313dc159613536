import type { ManagedBooking } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, deferred, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'tok_abcdefghijklmnop';
const CANCEL = `/customer/cancel?token=${TOKEN}`;
const RESCHEDULE = `/customer/reschedule?token=${TOKEN}&businessId=${BUSINESS_ID}`;
const PAGE = 'https://book.example.com/book/sparkle-pools';
const LOCK_REASON = 'Changes are no longer possible online within 24 hours of the booking.';

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
    'DELETE /api/customer/confirm-cancel': { body: { message: 'Your booking has been cancelled.' } },
    'POST /api/customer/skip-visit': { body: { message: 'The visit is skipped.' } },
    'DELETE /api/customer/plan': { body: { message: 'The plan is cancelled.' } },
    ...overrides,
  });
}

const choices = () => [
  screen.queryByRole('button', { name: 'Skip this visit' }),
  screen.queryByRole('button', { name: 'Cancel the whole plan' }),
];

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the cancel page for a plan visit', () => {
  it('says which plan the visit belongs to, its price and its next visits', async () => {
    api(visit);
    renderApp(CANCEL);
    const box = await screen.findByRole('region', { name: 'Your plan' });
    expect(box).toHaveTextContent('This visit is part of your weekly Pool Cleaning, $58.50 per visit.');
    expect(box).toHaveTextContent('Weekly');
    // The business's own dates, this visit's own day left out.
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Thu, Jun 12, 2031', 'Thu, Jun 19, 2031']);
    expect(screen.getByRole('region', { name: 'This visit' })).toHaveTextContent('Thursday, June 5, 2031');
  });

  it('offers skipping the visit, cancelling the whole plan or keeping the visit, instead of the one-off cancel', async () => {
    api(visit);
    renderApp(CANCEL);
    expect(await screen.findByRole('button', { name: 'Skip this visit' })).toHaveAccessibleDescription(
      'Only this visit is called off; your plan goes on, with the visit after it on Thu, Jun 12, 2031.',
    );
    expect(screen.getByRole('button', { name: 'Cancel the whole plan' })).toHaveAccessibleDescription(
      "This visit and the plan's coming visits are cancelled. Any visit too close to change online stays booked.",
    );
    expect(screen.getByRole('link', { name: 'Keep this visit' })).toHaveAttribute('href', PAGE);
    expect(screen.queryByRole('button', { name: 'Yes, cancel my booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it('skips the visit once confirmed, and says when the next visit is', async () => {
    const calls = api(visit);
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Skip this visit' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip this visit?' });
    expect(dialog).toHaveAccessibleDescription(
      'Your visit on Thursday, June 5, 2031 will not take place. Your weekly Pool Cleaning goes on: the visit after it is on Thu, Jun 12, 2031.',
    );
    expect(calls.callsTo('POST /api/customer/skip-visit')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, skip this visit' }));
    expect(
      await screen.findByText('This visit is skipped. The visit after it is on Thu, Jun 12, 2031.'),
    ).toBeInTheDocument();
    expect(calls.callsTo('POST /api/customer/skip-visit')[0]!.url.searchParams.get('token')).toBe(TOKEN);
    expect(calls.callsTo('DELETE /api/customer/plan')).toHaveLength(0);
    expect(calls.callsTo('DELETE /api/customer/confirm-cancel')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(choices()).toEqual([null, null]);
    // The plan goes on: back to the business's page rather than "Book again".
    expect(screen.getByRole('link', { name: 'Back to Sparkle Pools' })).toHaveAttribute('href', PAGE);
  });

  it('names the visit after this one, not an earlier one still to come', async () => {
    api({ ...visit, bookingTime: { day: '2031-06-12', startTime: '10:00', endTime: '11:00' } });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Skip this visit' }));
    expect(screen.getByRole('dialog', { name: 'Skip this visit?' })).toHaveAccessibleDescription(
      'Your visit on Thursday, June 12, 2031 will not take place. Your weekly Pool Cleaning goes on: the visit after it is on Thu, Jun 19, 2031.',
    );
  });

  it('says the plan goes on when no next visit is known', async () => {
    api({ ...visit, plan: { ...plan, nextVisits: ['2031-06-05'] } });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Skip this visit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, skip this visit' }));
    expect(await screen.findByText('This visit is skipped. Your plan goes on.')).toBeInTheDocument();
  });

  it('going back from a choice calls nothing and returns focus to it', async () => {
    const calls = api(visit);
    const { user } = renderApp(CANCEL);
    const skip = await screen.findByRole('button', { name: 'Skip this visit' });
    await user.click(skip);
    expect(screen.getByRole('dialog', { name: 'Skip this visit?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(skip).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel the whole plan' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.callsTo('POST /api/customer/skip-visit')).toHaveLength(0);
    expect(calls.callsTo('DELETE /api/customer/plan')).toHaveLength(0);
  });

  it('cancels the whole plan once confirmed, saying visits inside the cut-off stay', async () => {
    const calls = api(visit);
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Cancel the whole plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the whole plan?' });
    expect(dialog).toHaveAccessibleDescription(
      'This visit and all the coming visits of your weekly Pool Cleaning are cancelled. Any visit too close to change online stays booked. To call one off, contact Sparkle Pools. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the whole plan' }));
    expect(await screen.findByText('Your plan is cancelled.')).toBeInTheDocument();
    expect(
      screen.getByText('Any visit too close to change online stays booked. To call one off, contact Sparkle Pools.'),
    ).toBeInTheDocument();
    expect(calls.callsTo('DELETE /api/customer/plan')[0]!.url.searchParams.get('token')).toBe(TOKEN);
    expect(calls.callsTo('POST /api/customer/skip-visit')).toHaveLength(0);
    expect(calls.callsTo('DELETE /api/customer/confirm-cancel')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Book again with Sparkle Pools' })).toHaveAttribute('href', PAGE);
  });

  it('says what cancelling the plan gives back of a paid deposit, before and after', async () => {
    const policy = 'Full refund of the deposit up to 24 hours before your visit; no refund after that.';
    api({ ...visit, payment: { paid: 20, refunded: 0, refundOnCancel: 20, policy } });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Cancel the whole plan' }));
    expect(within(screen.getByRole('dialog')).getByText(/You paid a \$20\.00 deposit\./)).toHaveTextContent(
      'Cancelling now refunds $20.00 to your card.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the whole plan' }));
    expect(await screen.findByText(/A refund of \$20\.00 is on its way to your card/)).toBeInTheDocument();
  });

  it("shows a refused skip's sentence in the dialog, keeps the choice, and lets the customer try again", async () => {
    const refusal = 'Changes are no longer possible online within 24 hours of this visit. Please call Sparkle Pools.';
    let tries = 0;
    const calls = api(visit, {
      'POST /api/customer/skip-visit': () =>
        ++tries === 1
          ? { status: 409, body: { error: refusal, code: 'CHANGE_LOCKED' } }
          : { body: { message: 'The visit is skipped.' } },
    });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Skip this visit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, skip this visit' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip this visit?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Yes, skip this visit' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, skip this visit' }));
    expect(await screen.findByText(/This visit is skipped\./)).toBeInTheDocument();
    expect(calls.callsTo('POST /api/customer/skip-visit')).toHaveLength(2);
  });

  it("shows a refused plan cancel's sentence and leaves the page's choices usable", async () => {
    const refusal = 'This booking is not a visit of a plan, so there is no plan to cancel.';
    api(visit, { 'DELETE /api/customer/plan': { status: 409, body: { error: refusal, code: 'NOT_A_PLAN_VISIT' } } });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Cancel the whole plan' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the whole plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Cancel the whole plan?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip this visit' }));
    expect(screen.getByRole('dialog', { name: 'Skip this visit?' })).toBeInTheDocument();
  });

  it('shows the catch-all when a plan call fails without a sentence', async () => {
    api(visit, { 'POST /api/customer/skip-visit': 'network' });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Skip this visit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, skip this visit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
    expect(screen.getByRole('dialog', { name: 'Skip this visit?' })).toBeInTheDocument();
  });

  it('keeps the dialog, its buttons disabled, while the call is in flight', async () => {
    const pending = deferred<{ body: unknown }>();
    api(visit, { 'POST /api/customer/skip-visit': () => pending.promise });
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Skip this visit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, skip this visit' }));
    expect(await screen.findByRole('button', { name: 'Skipping...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Skip this visit?' })).toBeInTheDocument();
    pending.resolve({ body: { message: 'The visit is skipped.' } });
    expect(await screen.findByText(/This visit is skipped\./)).toBeInTheDocument();
  });

  it('leaves a one-off booking as it was: no plan words, no plan choices', async () => {
    const calls = api(oneOff);
    const { user } = renderApp(CANCEL);
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your booking has been successfully canceled.');
    expect(screen.queryByRole('region', { name: 'Your plan' })).not.toBeInTheDocument();
    expect(screen.queryByText(/part of your/)).not.toBeInTheDocument();
    expect(choices()).toEqual([null, null]);
    expect(calls.callsTo('DELETE /api/customer/confirm-cancel')).toHaveLength(1);
  });

  it('offers no plan choices past the change cut-off, but still names the plan', async () => {
    api({
      ...visit,
      changeLocked: {
        reason: LOCK_REASON,
        contact: { businessName: 'Sparkle Pools', email: 'owner@pools.example', phone: '' },
      },
    });
    renderApp(CANCEL);
    expect(await screen.findByRole('region', { name: 'Changes closed' })).toHaveTextContent(LOCK_REASON);
    expect(screen.getByRole('region', { name: 'Your plan' })).toHaveTextContent('your weekly Pool Cleaning');
    expect(choices()).toEqual([null, null]);
    expect(screen.queryByRole('button', { name: 'Yes, cancel my booking' })).not.toBeInTheDocument();
  });

  it('says the business will propose a new time for a visit whose day was taken, with no time shown', async () => {
    api({ ...visit, status: 'needs_time' });
    renderApp(CANCEL);
    expect(
      await screen.findByText(
        'The day of this visit was already taken, so Sparkle Pools will propose a new time for this visit.',
      ),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'This visit' });
    expect(summary).toHaveTextContent('Not set yet');
    expect(summary).not.toHaveTextContent('10:00 AM');
    expect(screen.getByRole('button', { name: 'Skip this visit' })).toBeEnabled();
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
  ])('treats %s like a cancelled booking: no actions, Book again', async (_what, booking, reason) => {
    api(booking);
    renderApp(CANCEL);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book again with Sparkle Pools' })).toHaveAttribute('href', PAGE);
    expect(choices()).toEqual([null, null]);
    expect(screen.queryByRole('button', { name: 'Yes, cancel my booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Keep this visit' })).not.toBeInTheDocument();
  });
});

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
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
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
