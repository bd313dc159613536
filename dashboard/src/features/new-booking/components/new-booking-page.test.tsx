import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const SERVICE = '0b7e3c1a-1111-4c5e-9d0a-2f4f1f0b9a11';
const QUESTION = '0b7e3c1a-2222-4c5e-9d0a-2f4f1f0b9a11';
const ADDRESS = '7 Rodeo Dr, Beverly Hills, CA, USA';
const QUOTE = {
  lines: [
    { label: 'Full Detail', amount: 120 },
    { label: 'Vehicle size: SUV', amount: 25 },
  ],
  totalQuote: 145,
  miles: null,
  distanceEstimatedFrom: null,
  durationMin: 60,
  outsideServiceArea: null,
  canText: true,
};

function api(over: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/business-dashboard/services': {
      body: { services: [{ _id: SERVICE, serviceName: 'Full Detail', duration: 60, price: 120 }] },
    },
    'GET /api/business-dashboard/settings/quote-questions': {
      body: {
        questions: [
          {
            _id: QUESTION,
            question: 'Vehicle size',
            type: 'dropdown',
            options: [
              { text: 'Sedan', value: 0, extraMinutes: 0 },
              { text: 'SUV', value: 25, extraMinutes: 0 },
            ],
            rate: null,
            unit: null,
            minQuantity: null,
            maxQuantity: null,
            required: true,
            serviceIds: null,
          },
        ],
      },
    },
    'GET /api/business-dashboard/crews': { body: { crews: [], nameCrewInMails: false } },
    'GET /api/business/places': { body: [{ description: ADDRESS, placeId: 'p1' }] },
    'POST /api/business-dashboard/bookings/quote': (req: FakeRequest) => ({
      body: {
        ...QUOTE,
        outsideHours:
          (req.body as { time?: string }).time === '20:00'
            ? '8:00 PM on Wednesday, December 9, 2026 is outside your hours (Wednesday 8:00 AM – 6:00 PM).'
            : null,
        overlaps: null,
      },
    }),
    ...over,
  } as never);
}

describe('New booking', () => {
  it('books a new client outside the hours once ticked, at a changed price with its reason, texting them', async () => {
    storeToken();
    const fake = api({
      'POST /api/business-dashboard/bookings': (req: FakeRequest) => {
        const body = req.body as { newClient: { firstName: string; lastName: string } };
        return {
          status: 201,
          body: {
            booking: {
              _id: '0b7e3c1a-3333-4c5e-9d0a-2f4f1f0b9a11',
              firstName: body.newClient.firstName,
              lastName: body.newClient.lastName,
              serviceName: 'Full Detail',
              customerEmail: '',
              phoneNumber: '+15125550199',
              carBodyType: 'SUV',
              totalQuote: 99,
              status: 'approved',
              bookingTime: { day: '2026-12-09', startTime: '20:00', endTime: '21:00' },
            },
            clientId: '0b7e3c1a-4444-4c5e-9d0a-2f4f1f0b9a11',
            sent: { mail: false, text: true },
          },
        };
      },
    });
    const { user } = renderApp('/dashboard/bookings/new?date=2026-12-09&time=20:00');
    expect(await screen.findByRole('heading', { level: 1, name: 'New booking' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Day')).toHaveValue('2026-12-09');
    expect(screen.getByLabelText('Start time')).toHaveValue('20:00');

    await user.click(screen.getByRole('button', { name: 'New client' }));
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Caller');
    await user.type(screen.getByLabelText('Phone'), '+1 512 555 0199');
    await user.selectOptions(screen.getByLabelText('Vehicle size'), 'SUV');
    await user.type(screen.getByRole('combobox', { name: 'Address of the job' }), '7 Rodeo');
    await user.click(await screen.findByRole('option', { name: ADDRESS }));

    const lines = await screen.findByRole('list', { name: 'Price lines' });
    expect(within(lines).getByText('$145.00')).toBeInTheDocument();
    expect(await screen.findByText(/is outside your hours/)).toBeInTheDocument();
    const quoted = fake.callsTo('POST /api/business-dashboard/bookings/quote').at(-1)!;
    expect(quoted.body).toMatchObject({
      serviceId: SERVICE,
      answers: { [QUESTION]: { option: 'SUV' } },
      time: '20:00',
    });

    await user.click(screen.getByRole('button', { name: 'Change price' }));
    await user.clear(screen.getByLabelText('New total ($)'));
    await user.type(screen.getByLabelText('New total ($)'), '99');
    await user.click(screen.getByRole('button', { name: 'Save booking' }));
    expect(await screen.findByText(/tick "Book it outside my hours"/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Book it outside my hours' }));
    await user.click(screen.getByRole('button', { name: 'Save booking' }));
    expect(await screen.findByText(/Say why the price changes/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Regular customer');
    expect(screen.getByRole('checkbox', { name: /E-mail the customer/ })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Text the customer' }));
    await user.click(screen.getByRole('button', { name: 'Save booking' }));

    expect(await screen.findByText(/^Booked: Pat Caller, Full Detail/)).toBeInTheDocument();
    expect(screen.getByText('The customer was texted the confirmation.')).toBeInTheDocument();
    const [sent] = fake.callsTo('POST /api/business-dashboard/bookings');
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.body).toEqual({
      serviceId: SERVICE,
      answers: { [QUESTION]: { option: 'SUV' } },
      addOns: [],
      address: ADDRESS,
      date: '2026-12-09',
      time: '20:00',
      newClient: { firstName: 'Pat', lastName: 'Caller', phone: '+1 512 555 0199' },
      price: { total: 99, reason: 'Regular customer' },
      allowOutsideHours: true,
      notify: { mail: false, text: true },
    });
  });

  it('books a client of the list found as the owner types, at their latest address', async () => {
    storeToken();
    const CLIENT = '0b7e3c1a-5555-4c5e-9d0a-2f4f1f0b9a11';
    const fake = api({
      'GET /api/business-dashboard/clients': {
        body: {
          clients: [
            {
              _id: CLIENT,
              firstName: 'Dana',
              lastName: 'Rivers',
              email: 'dana@example.com',
              phone: '',
              address: ADDRESS,
              lastVisit: null,
              nextVisit: null,
              spentCents: 0,
              bookings: 1,
            },
          ],
        },
      },
    });
    const { user } = renderApp('/dashboard/bookings/new?date=2026-12-09&time=10:00');
    await user.type(await screen.findByLabelText('Find a client'), 'dana');
    await user.click(await screen.findByRole('button', { name: /Dana Rivers/ }));
    expect(screen.getByRole('button', { name: 'Change client' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('POST /api/business-dashboard/bookings/quote')).not.toHaveLength(0));
    expect(screen.getByRole('checkbox', { name: 'E-mail the customer' })).toBeChecked();
    expect(fake.callsTo('GET /api/business-dashboard/clients')[0]!.url.searchParams.get('q')).toBe('dana');
  });
});
