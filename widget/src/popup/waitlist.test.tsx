/**
 * "Tell me if a time opens" in the booking pop-up (docs/decisions/056): a full day tapped offers
 * the waiting list; the small form sends the quote's request, the day and the details typed (the
 * phone and the text yes only when a phone is given), and shows the server's answer or refusal.
 */
import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { createStore } from './state.ts';
import { BUSINESS_ID, demoBusiness, fakeApi, monthDays } from './test-api.ts';

const NOW = new Date('2026-12-04T20:00:00Z');

async function toFullDay() {
  const api = fakeApi(demoBusiness());
  api.on('GET /api/customer/available-days', (r) => ({
    status: 200,
    body: monthDays(r.query.get('month') ?? '', (d) => (d === '2026-12-08' ? 'full' : undefined)),
  }));
  api.on('POST /api/customer/waitlist', (r) =>
    (r.body as { customerEmail: string }).customerEmail === 'again@example.com'
      ? {
          status: 409,
          body: {
            error: 'again@example.com is already on the waiting list for Tue, Dec 8, 2026.',
            code: 'ALREADY_WAITING',
          },
        }
      : { status: 201, body: { message: "You're on the waiting list for Tue, Dec 8, 2026." } },
  );
  const client = createPublicClient({ baseUrl: 'https://api.test', fetch: api.fetch });
  const store = createStore(client, BUSINESS_ID, {
    now: () => NOW,
    uuid: () => 'key',
    searchDelay: 0,
    viewer: { timeZone: 'America/Los_Angeles', timeFormat: '12h' },
  });
  store.open('book');
  render(<App store={store} client={client} onClose={() => store.close()} />);
  const user = userEvent.setup();
  const next = (name = 'Next') => user.click(screen.getByRole('button', { name }));
  await user.click(await screen.findByRole('radio', { name: /Full Detail/ }));
  await next();
  await screen.findByRole('heading', { level: 3, name: 'A quick question' });
  await user.selectOptions(screen.getByLabelText('Vehicle size'), 'SUV');
  await next();
  await user.type(await screen.findByRole('combobox', { name: 'Street address' }), '12 Main St, Bever');
  await user.click(await screen.findByRole('option', { name: '12 Main St, Beverly Hills, CA 90210, USA' }));
  await next('Get my quote');
  await next('Choose a time');
  await user.click(await screen.findByRole('button', { name: /8 December, full/ }));
  return { api, user };
}

describe('the waiting list in the pop-up', () => {
  it('offers a full day its waiting list and joins it with the quote and the details', async () => {
    const { api, user } = await toFullDay();
    await user.click(await screen.findByRole('button', { name: 'Tell me if a time opens' }));
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    expect(api.count('POST /api/customer/waitlist')).toBe(0);
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.type(screen.getByLabelText('Phone (optional)'), '555 123 4567');
    await user.click(screen.getByRole('checkbox', { name: /Text me too/ }));
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      "You're on the waiting list for Tue, Dec 8, 2026.",
    );
    expect(api.last('POST /api/customer/waitlist')?.body).toMatchObject({
      businessId: BUSINESS_ID,
      date: '2026-12-08',
      address: '12 Main St, Beverly Hills, CA 90210, USA',
      firstName: 'Grace',
      lastName: 'Hopper',
      customerEmail: 'grace@example.com',
      phoneNumber: '+1 555 123 4567',
      textConsent: true,
    });
  });

  it("shows the server's refusal, and sends no phone when none is typed", async () => {
    const { api, user } = await toFullDay();
    await user.click(await screen.findByRole('button', { name: 'Tell me if a time opens' }));
    await user.type(screen.getByLabelText('First name'), 'Al');
    await user.type(screen.getByLabelText('Last name'), 'Again');
    await user.type(screen.getByLabelText('Email'), 'again@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText(/already on the waiting list/)).toBeTruthy();
    const sent = api.last('POST /api/customer/waitlist')?.body as Record<string, unknown>;
    expect('phoneNumber' in sent).toBe(false);
  });
});
