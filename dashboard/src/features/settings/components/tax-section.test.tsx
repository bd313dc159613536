import type { Service, TaxSettings } from '@slotwise/shared/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { TaxSection } from './tax-section.tsx';

const T = '/api/business-dashboard/settings/tax';
const WASH = '5b0c2a3e-1d4f-4a6b-8c9d-0e1f2a3b4c5d';
const DETAIL = '6c1d3b4f-2e5a-4b7c-9d0e-1f2a3b4c5d6e';
const WAX = '7d2e4c5a-3f6b-4c8d-8e1f-2a3b4c5d6e7f';
const services: Service[] = [
  { _id: WASH, serviceName: 'Express Wash', duration: 30, price: 40 },
  {
    _id: DETAIL,
    serviceName: 'Full Detail',
    duration: 120,
    price: 150,
    addOns: [{ _id: WAX, name: 'Ceramic wax', price: 60, extraMinutes: 30, description: null }],
  },
];
const none: TaxSettings = { name: '', ratePercent: '0', serviceIds: [], addOnIds: [] };

function setup(tax: TaxSettings = none, put?: (req: FakeRequest) => { status?: number; body: unknown }) {
  storeToken();
  const api = fakeApi({
    [`GET ${T}`]: { body: tax },
    'GET /api/business-dashboard/services': { body: { services } },
    [`PUT ${T}`]: put ?? ((req: FakeRequest) => ({ body: req.body })),
  });
  render(<TaxSection />);
  return { api, user: userEvent.setup() };
}

describe('Settings: Sales Tax', () => {
  it('sets a rate and what it is charged on: a service and an add-on of another', async () => {
    const { api, user } = setup();
    expect(screen.getByRole('heading', { name: 'Sales Tax' })).toBeInTheDocument();
    const rate = await screen.findByLabelText('Rate (%)');
    // No tax: nothing to tick yet.
    expect(screen.getByRole('group', { name: 'Charged on' })).toBeDisabled();
    await user.clear(rate);
    await user.type(rate, '8.875');
    await user.type(screen.getByLabelText('Name on the invoice'), 'Sales tax');
    const on = screen.getByRole('group', { name: 'Charged on' });
    expect(on).toBeEnabled();
    await user.click(within(on).getByRole('checkbox', { name: 'Express Wash' }));
    await user.click(within(on).getByRole('checkbox', { name: 'Add-on: Ceramic wax' }));
    await user.click(screen.getByRole('button', { name: 'Save Sales Tax' }));
    expect(await screen.findByText('Sales tax saved: Sales tax at 8.875%.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Sales tax',
      ratePercent: '8.875',
      serviceIds: [WASH],
      addOnIds: [WAX],
    });
  });

  it('refuses a rate it cannot read, and a tax with no name, before saving', async () => {
    const { api, user } = setup();
    const rate = await screen.findByLabelText('Rate (%)');
    await user.clear(rate);
    await user.type(rate, '8,25');
    await user.click(screen.getByRole('button', { name: 'Save Sales Tax' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Write the rate as a percentage from 0 to 30, like 8.25 or 8.875.',
    );
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rate);
    await user.type(rate, '8.25');
    await user.click(screen.getByRole('button', { name: 'Save Sales Tax' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name the tax as your customers should read it');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('says the server’s reason when it refuses', async () => {
    const { user } = setup({ name: 'Sales tax', ratePercent: '8.25', serviceIds: [WASH], addOnIds: [] }, () => ({
      status: 400,
      body: { error: 'That service is not one you offer.', code: 'TAX_ITEM_UNKNOWN' },
    }));
    await user.click(await screen.findByRole('button', { name: 'Save Sales Tax' }));
    expect(await screen.findByText('That service is not one you offer.')).toBeInTheDocument();
  });
});
