import type { PlanSummary } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { makeBooking } from '../../../testing/bookings.ts';
import { deferred, type FakeRequest, fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';

const B = '/api/business-dashboard';
const PLANS = `GET ${B}/plans`;
const LIST = `GET ${B}/bookings`;

let n = 0;
function makePlan(over: Partial<PlanSummary> = {}): PlanSummary {
  n++;
  return {
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    customerName: 'Ana Diaz',
    customerEmail: 'ana@example.com',
    serviceName: 'Pool Cleaning',
    frequency: 'weekly',
    label: 'Weekly',
    startTime: '14:00',
    perVisit: 81,
    status: 'active',
    approved: true,
    nextVisit: { day: '2026-03-12', startTime: '14:00', endTime: '15:00' },
    pendingVisits: 0,
    needsTime: 0,
    ...over,
  };
}

const waiting = makePlan({ approved: false, pendingVisits: 3, needsTime: 2 });
const running = makePlan({
  customerName: 'Ben Cho',
  serviceName: 'Lawn Mowing',
  frequency: 'monthly',
  label: 'Monthly on the second Tuesday',
  startTime: '09:30',
  perVisit: 40,
  nextVisit: { day: '2026-04-14', startTime: '09:30', endTime: '10:30' },
});
const paused = makePlan({ customerName: 'Cy Roe', serviceName: 'House Cleaning', status: 'paused', nextVisit: null });
const ended = makePlan({ customerName: 'Di Lee', serviceName: 'Window Wash', status: 'ended', nextVisit: null });

function openPlans(routes: Record<string, Reply | ((req: FakeRequest) => Reply | Promise<Reply>)> = {}) {
  storeToken();
  const api = fakeApi({
    [LIST]: { body: { bookings: [makeBooking()] } },
    [PLANS]: { body: { plans: [waiting, running, paused, ended] } },
    ...routes,
  });
  return { api, ...renderApp('/dashboard/bookings?view=plans') };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Bookings page: the Plans tab', () => {
  it('is a tab beside the bookings, kept in the URL, and reached from the keyboard', async () => {
    storeToken();
    const api = fakeApi({ [LIST]: { body: { bookings: [makeBooking()] } }, [PLANS]: { body: { plans: [running] } } });
    const { user, location } = renderApp('/dashboard/bookings');
    const bookingsTab = screen.getByRole('tab', { name: 'Bookings' });
    expect(bookingsTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' })).toBeInTheDocument();
    expect(api.callsTo(PLANS)).toHaveLength(0);

    await user.click(bookingsTab);
    await user.keyboard('{ArrowRight}');
    const plansTab = screen.getByRole('tab', { name: 'Plans' });
    expect(plansTab).toHaveFocus();
    expect(plansTab).toHaveAttribute('aria-selected', 'true');
    expect(bookingsTab).toHaveAttribute('tabindex', '-1');
    expect(location().search).toBe('?view=plans');
    expect(await screen.findByRole('article', { name: 'Lawn Mowing for Ben Cho' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Plans' })).toContainElement(card('Lawn Mowing for Ben Cho'));
    expect(screen.queryByRole('article', { name: 'Full Detail for Ada Lovelace' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(bookingsTab).toHaveFocus();
    expect(location().search).toBe('');
    expect(await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' })).toBeInTheDocument();
  });

  it('shows a skeleton, then each plan: customer, frequency, next visit on the owner clock, price, status', async () => {
    const answer = deferred<Reply>();
    openPlans({ [PLANS]: () => answer.promise });
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('Loading...');
    loadingSkeleton(within(panel));
    answer.resolve({ body: { plans: [waiting, running, paused, ended] } });

    const monthly = await screen.findByRole('article', { name: 'Lawn Mowing for Ben Cho' });
    for (const text of [
      'Ben Cho',
      'Monthly on the second Tuesday at 9:30 AM',
      'Tue, Apr 14, 2026 at 9:30 AM',
      '$40.00',
    ])
      expect(within(monthly).getByText(text)).toBeInTheDocument();
    expect(within(monthly).getByText('Active')).toHaveAttribute('data-color', 'green');
    expect(within(card('House Cleaning for Cy Roe')).getByText('Paused')).toHaveAttribute('data-color', 'amber');
    expect(within(card('House Cleaning for Cy Roe')).getByText('None while paused')).toBeInTheDocument();
    expect(within(card('Window Wash for Di Lee')).getByText('Ended')).toHaveAttribute('data-color', 'grey');
  });

  it('follows the owner 24-hour clock', async () => {
    storeToken();
    const api = fakeApi({ [PLANS]: { body: { plans: [running] } } });
    api.on('GET /api/onboarding/profile', {
      body: {
        businessId: '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11',
        name: 'Sparkle Auto',
        niche: 'car-detailing',
        address: '42 Elm St, Beverly Hills, CA 90210, USA',
        timeZone: 'America/Los_Angeles',
        timeFormat: '24h',
        onboarded: true,
      },
    });
    renderApp('/dashboard/bookings?view=plans');
    const plan = await screen.findByRole('article', { name: 'Lawn Mowing for Ben Cho' });
    expect(await within(plan).findByText('Tue, Apr 14, 2026 at 09:30')).toBeInTheDocument();
  });

  it('offers each plan only what fits its state', async () => {
    openPlans();
    const first = await screen.findByRole('article', { name: 'Pool Cleaning for Ana Diaz' });
    const names = (name: string) =>
      within(card(name))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(within(first).getByText('Not approved yet: 3 visits wait for your approval.')).toBeInTheDocument();
    expect(names('Pool Cleaning for Ana Diaz')).toEqual(['Approve plan', 'Pause', 'End plan']);
    expect(names('Lawn Mowing for Ben Cho')).toEqual(['Pause', 'End plan']);
    expect(names('House Cleaning for Cy Roe')).toEqual(['Resume', 'End plan']);
    expect(names('Window Wash for Di Lee')).toEqual([]);
    expect(within(card('Lawn Mowing for Ben Cho')).queryByText(/Not approved yet/)).not.toBeInTheDocument();
  });

  it('says how many visits need a time, linking to them in the bookings list', async () => {
    const { user, location } = openPlans({
      [LIST]: {
        body: {
          bookings: [
            makeBooking({ firstName: 'Ana', lastName: 'Diaz', serviceName: 'Pool Cleaning', status: 'needs_time' }),
            makeBooking({ firstName: 'Ben', lastName: 'Cho', serviceName: 'Lawn Mowing', status: 'approved' }),
          ],
        },
      },
    });
    const first = await screen.findByRole('article', { name: 'Pool Cleaning for Ana Diaz' });
    expect(within(card('Lawn Mowing for Ben Cho')).queryByText(/need a time/)).not.toBeInTheDocument();
    await user.click(within(first).getByRole('link', { name: '2 visits need a time' }));
    expect(location().search).toBe('?status=needs_time');
    expect(screen.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Needs a time' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('article', { name: 'Pool Cleaning for Ana Diaz' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Lawn Mowing for Ben Cho' })).not.toBeInTheDocument();
  });

  it('approves a waiting plan: the card shows it approved, and the customer is told', async () => {
    const { api, user } = openPlans({
      [`PUT ${B}/plans/:id/approve`]: (req) => ({
        body: { ...waiting, _id: req.params.id, approved: true, pendingVisits: 0 },
      }),
    });
    const first = await screen.findByRole('article', { name: 'Pool Cleaning for Ana Diaz' });
    await user.click(within(first).getByRole('button', { name: 'Approve plan' }));
    await waitFor(() => expect(within(first).queryByRole('button', { name: 'Approve plan' })).not.toBeInTheDocument());
    expect(within(first).queryByText(/Not approved yet/)).not.toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/plans/:id/approve`)[0]?.params.id).toBe(waiting._id);
    expect(shownToasts()).toContainEqual('Plan approved. Ana Diaz has been e-mailed.');
  });

  it('pauses an active plan and resumes a paused one', async () => {
    const { api, user } = openPlans({
      [`PUT ${B}/plans/:id/pause`]: { body: { ...running, status: 'paused', nextVisit: null } },
      [`PUT ${B}/plans/:id/resume`]: { body: { ...paused, status: 'active' } },
    });
    const monthly = await screen.findByRole('article', { name: 'Lawn Mowing for Ben Cho' });
    await user.click(within(monthly).getByRole('button', { name: 'Pause' }));
    expect(await within(monthly).findByText('Paused')).toBeInTheDocument();
    expect(within(monthly).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/plans/:id/pause`)[0]?.params.id).toBe(running._id);
    expect(shownToasts()).toContainEqual('Plan paused. Its coming visits were released.');

    const house = card('House Cleaning for Cy Roe');
    await user.click(within(house).getByRole('button', { name: 'Resume' }));
    expect(await within(house).findByText('Active')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/plans/:id/resume`)[0]?.params.id).toBe(paused._id);
    expect(shownToasts()).toContainEqual('Plan resumed. Visits are booked again from today.');
  });

  it('asks before ending a plan: Keep plan sends nothing, End plan ends it', async () => {
    const { api, user } = openPlans({
      [`PUT ${B}/plans/:id/end`]: { body: { ...running, status: 'ended', nextVisit: null } },
    });
    const monthly = await screen.findByRole('article', { name: 'Lawn Mowing for Ben Cho' });
    await user.click(within(monthly).getByRole('button', { name: 'End plan' }));
    let dialog = screen.getByRole('dialog', { name: 'End this plan?' });
    expect(dialog).toHaveTextContent('Lawn Mowing for Ben Cho: Monthly on the second Tuesday, at 9:30 AM.');
    expect(within(dialog).getByRole('button', { name: 'Keep plan' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep plan' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/plans/:id/end`)).toHaveLength(0);

    await user.click(within(monthly).getByRole('button', { name: 'End plan' }));
    dialog = screen.getByRole('dialog', { name: 'End this plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'End plan' }));
    expect(await within(monthly).findByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(monthly).queryAllByRole('button')).toHaveLength(0);
    expect(api.callsTo(`PUT ${B}/plans/:id/end`)[0]?.params.id).toBe(running._id);
    expect(shownToasts()).toContainEqual('Plan ended. Its coming visits were cancelled.');
  });

  it('keeps the End dialog open with the server reason when ending is refused', async () => {
    const { user } = openPlans({
      [`PUT ${B}/plans/:id/end`]: {
        status: 404,
        body: { error: 'That plan is not among your plans; it may have been removed.', code: 'PLAN_NOT_FOUND' },
      },
    });
    const monthly = await screen.findByRole('article', { name: 'Lawn Mowing for Ben Cho' });
    await user.click(within(monthly).getByRole('button', { name: 'End plan' }));
    const dialog = screen.getByRole('dialog', { name: 'End this plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'End plan' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to end plan');
    expect(alert).toHaveTextContent('That plan is not among your plans');
    expect(within(monthly).getByText('Active')).toBeInTheDocument();
  });

  it('shows a refused action with the server reason, and loads the plans again', async () => {
    const { api, user } = openPlans({
      [`PUT ${B}/plans/:id/resume`]: {
        status: 409,
        body: { error: 'This plan has ended; it cannot be resumed. Book a new one.', code: 'PLAN_ENDED' },
      },
    });
    const house = await screen.findByRole('article', { name: 'House Cleaning for Cy Roe' });
    await user.click(within(house).getByRole('button', { name: 'Resume' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to resume plan');
    expect(alert).toHaveTextContent('This plan has ended; it cannot be resumed. Book a new one.');
    await waitFor(() => expect(api.callsTo(PLANS)).toHaveLength(2));
  });

  it('says when there are no plans yet, and when they cannot be fetched', async () => {
    openPlans({ [PLANS]: { body: { plans: [] } } });
    expect(await screen.findByText(/No plans yet\./)).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Services' })).toHaveAttribute(
      'href',
      '/dashboard/services',
    );
  });

  it("shows 'Error: ' and the message when the plans cannot be fetched", async () => {
    openPlans({ [PLANS]: { status: 500, body: { error: 'db down' } } });
    expect(await screen.findByText('Error: Failed to fetch plans')).toBeInTheDocument();
  });
});
