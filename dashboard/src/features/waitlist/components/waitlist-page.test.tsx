/**
 * The owner's waiting list of a day (docs/decisions/056): each time that opened, why, who was
 * offered it with the driving it added, and who took it; who waits, with their quote and contact.
 */
import type { WaitlistDay } from '@slotwise/shared/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';
import { freedWords } from './waitlist-page.tsx';

const DAY = '2026-12-02';
const day: WaitlistDay = {
  day: DAY,
  entries: [
    {
      id: 'e1',
      name: 'Near Hopper',
      email: 'near@example.com',
      phone: '+15551234567',
      serviceName: 'Quick Wash',
      address: '12 N Crescent Dr, Beverly Hills, CA',
      total: 25.5,
      status: 'filled',
      joinedAt: '2026-12-01T12:00:00.000Z',
    },
    {
      id: 'e2',
      name: 'Far Hopper',
      email: 'far@example.com',
      phone: '',
      serviceName: 'Quick Wash',
      address: '5 Ocean Ave, Santa Monica, CA',
      total: 40,
      status: 'waiting',
      joinedAt: '2026-12-01T12:05:00.000Z',
    },
  ],
  freed: [
    {
      id: 'f1',
      time: '10:00 AM',
      crew: 'Sam',
      reason: 'cancelled',
      status: 'filled',
      offers: [
        { name: 'Near Hopper', state: 'taken', kind: 'waitlist', extraDriveMin: 0 },
        { name: 'Far Hopper', state: 'withdrawn', kind: 'waitlist', extraDriveMin: 22 },
      ],
      filledBy: 'Near Hopper',
    },
  ],
};

describe("the owner's waiting list", () => {
  it('shows what was offered and filled, and who waits', async () => {
    storeToken();
    const api = fakeApi({ 'GET /api/business-dashboard/waitlist': { body: day } });
    renderApp(`/dashboard/waitlist/${DAY}`);
    expect(await screen.findByText('Filled by Near Hopper')).toBeInTheDocument();
    const offered = screen.getByRole('list', { name: 'Offered at 10:00 AM' });
    expect(
      within(offered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Near Hopper: took it (+0 min driving)',
      'Far Hopper: too late: someone else took it (+22 min driving)',
    ]);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'far@example.com' })).toHaveAttribute('href', 'mailto:far@example.com');
    expect(api.callsTo('GET /api/business-dashboard/waitlist')[0]?.url.searchParams.get('day')).toBe(DAY);
  });

  it('words a time a plan customer took by moving their visit up', () => {
    const visit = { name: 'Plan Turing', state: 'taken', kind: 'visit', extraDriveMin: 3 } as const;
    expect(freedWords({ ...day.freed[0]!, offers: [visit], filledBy: 'Plan Turing' })).toBe(
      'Plan visit moved up: Plan Turing',
    );
  });

  it('words a time nobody fitted', () => {
    expect(freedWords({ ...day.freed[0]!, status: 'unfilled', offers: [], filledBy: null })).toBe(
      'Nobody on the list fitted this time',
    );
  });
});
