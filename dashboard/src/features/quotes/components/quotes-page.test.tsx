import type { OwnerQuote } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const B = '/api/business-dashboard';
const ID = '10000000-0000-4000-8000-000000000001';
const SERVICE = '20000000-0000-4000-8000-000000000001';

function makeQuote(over: Partial<OwnerQuote> = {}): OwnerQuote {
  return {
    _id: ID,
    status: 'draft',
    clientId: null,
    firstName: 'Lena',
    lastName: 'Lead',
    email: 'lena@example.com',
    phoneNumber: '',
    address: '7 Rodeo Dr, Beverly Hills, CA, USA',
    serviceId: SERVICE,
    serviceName: 'Full Detail',
    lines: [
      { label: 'Full Detail', amount: 120 },
      { label: 'Pet hair removal', amount: 30 },
    ],
    totalQuote: 150,
    durationMin: 60,
    daysValid: 14,
    validUntil: null,
    channels: [],
    textConsent: false,
    sentAt: null,
    viewedAt: null,
    decidedAt: null,
    followUpSentAt: null,
    nearbyAskedAt: null,
    bookingId: null,
    createdAt: '2026-12-01T12:00:00.000Z',
    ...over,
  };
}

describe('Quotes page', () => {
  it('is reached from Bookings, lists quotes with their state, and sends a draft by mail', async () => {
    storeToken();
    const draft = makeQuote();
    const sent = makeQuote({
      status: 'sent',
      channels: ['mail'],
      sentAt: '2026-12-01T13:00:00.000Z',
      validUntil: '2026-12-16T08:00:00.000Z',
    });
    const api = fakeApi({
      [`GET ${B}/bookings`]: { body: { bookings: [] } },
      [`GET ${B}/quotes`]: {
        body: { quotes: [draft, makeQuote({ _id: ID.replace(/1$/, '2'), firstName: 'Bo', status: 'booked' })] },
      },
      [`POST ${B}/quotes/:id/send`]: { body: sent },
    });
    const { user } = renderApp('/dashboard/bookings');
    await user.click(await screen.findByRole('link', { name: 'Quotes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
    const lena = await screen.findByRole('article', { name: 'Quote for Lena Lead' });
    expect(within(lena).getByText('Draft')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Quote for Bo Lead' })).getByText('Booked')).toBeInTheDocument();
    // A booked quote offers nothing more.
    expect(within(screen.getByRole('article', { name: 'Quote for Bo Lead' })).queryByRole('button')).toBeNull();
    await user.click(within(lena).getByRole('button', { name: 'Send by mail' }));
    await waitFor(() => expect(api.callsTo(`POST ${B}/quotes/:id/send`)).toHaveLength(1));
    expect(api.callsTo(`POST ${B}/quotes/:id/send`)[0]!.body).toEqual({ channels: ['mail'] });
    expect(await within(lena).findByText('Sent')).toBeInTheDocument();
    expect(within(lena).getByText('Tue, Dec 15, 2026')).toBeInTheDocument();
    expect(within(lena).getByRole('button', { name: 'Send again by mail' })).toBeInTheDocument();
  });

  it('says when the lead asked to hear of a time nearby (docs/decisions/059)', async () => {
    storeToken();
    fakeApi({
      [`GET ${B}/quotes`]: {
        body: {
          quotes: [
            makeQuote({
              status: 'viewed',
              channels: ['mail'],
              sentAt: '2026-12-01T13:00:00.000Z',
              viewedAt: '2026-12-02T13:00:00.000Z',
              validUntil: '2026-12-16T08:00:00.000Z',
              nearbyAskedAt: '2026-12-02T13:05:00.000Z',
            }),
            makeQuote({
              _id: ID.replace(/1$/, '2'),
              firstName: 'Bo',
              status: 'sent',
              sentAt: '2026-12-01T13:00:00.000Z',
            }),
          ],
        },
      },
    });
    renderApp('/dashboard/quotes');
    const lena = await screen.findByRole('article', { name: 'Quote for Lena Lead' });
    expect(within(lena).getByText('Wants a time nearby')).toBeInTheDocument();
    expect(
      within(lena).getByText(/^Asked on Wed, Dec 2, 2026: offered times that open near them$/),
    ).toBeInTheDocument();
    const bo = screen.getByRole('article', { name: 'Quote for Bo Lead' });
    expect(within(bo).queryByText('Wants a time nearby')).toBeNull();
  });

  it('says why a send was refused', async () => {
    storeToken();
    fakeApi({
      [`GET ${B}/quotes`]: { body: { quotes: [makeQuote()] } },
      [`POST ${B}/quotes/:id/send`]: {
        status: 409,
        body: { error: 'This quote was booked, declined, withdrawn or has expired.', code: 'QUOTE_CLOSED' },
      },
    });
    const { user } = renderApp('/dashboard/quotes');
    const lena = await screen.findByRole('article', { name: 'Quote for Lena Lead' });
    await user.click(within(lena).getByRole('button', { name: 'Send by mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send the quote');
    expect(screen.getByRole('alert')).toHaveTextContent('has expired');
  });
});
