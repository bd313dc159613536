import type { FirstDayChecklist } from '@slotwise/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import {
  BUSINESS_ID,
  deferred,
  fakeApi,
  type Handler,
  onboardedProfile,
  type Reply,
} from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const B = '/api/business-dashboard';
const CHECKLIST = `GET ${B}/checklist`;

function checklist(done: string[] = [], dismissed = false): { body: FirstDayChecklist } {
  const ids = ['prices', 'hours', 'booking-link', 'embed', 'test-booking'] as const;
  return { body: { items: ids.map((id) => ({ id, done: done.includes(id) })), dismissed } };
}

function overview(routes: Record<string, Handler | Reply> = {}) {
  storeToken();
  const api = fakeApi({
    [`GET ${B}/bookings/today`]: { body: { bookings: [] } },
    [CHECKLIST]: checklist(),
    ...routes,
  });
  return { api, ...renderApp('/dashboard') };
}

const region = () => screen.getByRole('region', { name: 'Your first day' });

describe('First-day checklist', () => {
  it('lists the five things to do, the booking link and the embed code apart, each marked done or to do in words, with where to do it', async () => {
    overview({ [CHECKLIST]: checklist(['hours']) });
    const list = within(await screen.findByRole('region', { name: 'Your first day' })).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    // What a screen reader says of each: its status in words, then the link (the ✓ mark is hidden from it).
    expect(
      items.map((li) => [within(li).getByText(/^(Done|To do):/).textContent, within(li).getByRole('link').textContent]),
    ).toEqual([
      ['To do: ', 'Check your prices'],
      ['Done: ', 'Set your hours'],
      ['To do: ', 'Share your booking link'],
      ['To do: ', 'Copy your embed code'],
      ['To do: ', 'Make a test booking (opens in a new tab)'],
    ]);
    for (const mark of list.querySelectorAll('.first-day-mark')) expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(within(region()).getByText('1 of 5 done')).toBeInTheDocument();
    // No checkbox to tick: the marks are status, set by what the business really did.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Check your prices' })).toHaveAttribute(
      'href',
      '/dashboard/services#services-list',
    );
    expect(within(list).getByRole('link', { name: 'Set your hours' })).toHaveAttribute(
      'href',
      '/dashboard/settings/hours',
    );
    expect(within(list).getByRole('link', { name: 'Share your booking link' })).toHaveAttribute(
      'href',
      '/dashboard/services#booking-page',
    );
    expect(within(list).getByRole('link', { name: 'Copy your embed code' })).toHaveAttribute(
      'href',
      '/dashboard/services#embed-code',
    );
    const test = within(list).getByRole('link', { name: /^Make a test booking ?\(opens in a new tab\)$/ });
    expect(test).toHaveAttribute('href', `/demo?businessId=${BUSINESS_ID}`);
    expect(test).toHaveAttribute('target', '_blank');
  });

  it('comes after the day’s figures and schedule, so its arrival pushes nothing down', async () => {
    overview();
    const heading = await screen.findByRole('heading', { name: 'Your first day' });
    const schedule = await screen.findByRole('heading', { name: "Today's Schedule" });
    expect(heading.compareDocumentPosition(schedule) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('is asked for alongside the day’s bookings but drawn only after them', async () => {
    const answer = deferred<Reply>();
    const { api } = overview({ 'GET /api/business-dashboard/bookings/today': () => answer.promise });
    await screen.findByText('Loading...');
    await waitFor(() => expect(api.callsTo(CHECKLIST)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your first day' })).not.toBeInTheDocument();
    answer.resolve({ body: { bookings: [] } });
    expect(await screen.findByRole('heading', { name: 'Your first day' })).toBeInTheDocument();
  });

  it('says the starting prices came from the trade', async () => {
    overview();
    expect(await screen.findByText(/We filled in starting services and prices for your trade/)).toBeInTheDocument();
  });

  it('asks for services when the trade had none to start with (Other)', async () => {
    overview({ 'GET /api/onboarding/profile': { body: { ...onboardedProfile, niche: 'Window cleaning' } } });
    expect(await screen.findByText(/Add the services you offer/)).toBeInTheDocument();
  });

  it('takes the owner to the place each item is done', async () => {
    const { user, location } = overview();
    await user.click(await screen.findByRole('link', { name: 'Set your hours' }));
    expect(location().pathname).toBe('/dashboard/settings/hours');
  });

  it('is not shown once dismissed', async () => {
    const { api } = overview({ [CHECKLIST]: checklist(['prices'], true) });
    await screen.findByText('No bookings scheduled for today');
    await waitFor(() => expect(api.callsTo(CHECKLIST)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your first day' })).not.toBeInTheDocument();
  });

  it('is not shown before onboarding is done', async () => {
    overview({ 'GET /api/onboarding/profile': { body: { ...onboardedProfile, address: null, onboarded: false } } });
    await screen.findByText('No bookings scheduled for today');
    expect(screen.queryByRole('heading', { name: 'Your first day' })).not.toBeInTheDocument();
  });

  it('is not shown when it cannot be loaded, and the overview goes on', async () => {
    const { api } = overview({ [CHECKLIST]: { status: 500 } });
    await screen.findByText('No bookings scheduled for today');
    await waitFor(() => expect(api.callsTo(CHECKLIST)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your first day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes when dismissed, and the server keeps it so', async () => {
    const { api, user } = overview({ [`POST ${B}/checklist/dismiss`]: checklist([], true) });
    await user.click(await screen.findByRole('button', { name: 'Dismiss checklist' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your first day' })).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${B}/checklist/dismiss`)).toHaveLength(1);
    // Focus does not fall to the body with the button: it lands on the page's heading.
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toHaveFocus();
  });

  it('stays, and says so, when the dismissal does not reach the server', async () => {
    const { user } = overview({ [`POST ${B}/checklist/dismiss`]: 'network' });
    await user.click(await screen.findByRole('button', { name: 'Dismiss checklist' }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual('Could not dismiss the checklist. Check your connection and try again.'),
    );
    expect(screen.getByRole('button', { name: 'Dismiss checklist' })).toBeEnabled();
    expect(region()).toBeInTheDocument();
  });

  it('says in one line that the owner is all set once all five are done, with the dismiss button', async () => {
    overview({ [CHECKLIST]: checklist(['prices', 'hours', 'booking-link', 'embed', 'test-booking']) });
    const heading = await screen.findByRole('heading', { name: "You're all set: customers can find you and book." });
    const done = heading.closest('section') as HTMLElement;
    expect(within(done).queryByRole('list')).not.toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Dismiss checklist' })).toBeInTheDocument();
  });

  it('looks again when the owner comes back from the test booking’s tab', async () => {
    const { api } = overview();
    await screen.findByRole('heading', { name: 'Your first day' });
    api.on(CHECKLIST, checklist(['test-booking']));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await within(region()).findByText('1 of 5 done')).toBeInTheDocument();
  });
});
