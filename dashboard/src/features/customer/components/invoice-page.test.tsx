import type { InvoiceLinkView } from '@slotwise/shared/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'inv_abcdefghijklmnop';
const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_a1';
const open: InvoiceLinkView = {
  businessName: 'Sparkle Auto',
  number: 7,
  state: 'open',
  issuedAt: '2031-06-04T18:00:00.000Z',
  lines: [
    { description: 'Full Detail', amount: 150 },
    { description: 'Loyal customer', amount: -10 },
  ],
  tax: { name: 'Sales tax', ratePercent: '8.25', amount: 11.55 },
  total: 151.55,
  deposit: 30,
  payments: [],
  refunds: [],
  paid: 30,
  due: 121.55,
  tipPresets: [15, 20, 25],
  canPay: true,
  workDone: [],
};

afterEach(() => vi.restoreAllMocks());

describe('the customer’s invoice', () => {
  it("lists the job's ticked steps when the owner shows them on the receipt, and nothing of the kind otherwise", async () => {
    fakeApi({ 'GET /api/invoice-link': { body: { ...open, workDone: ['Pre-rinse', 'Hand wash'] } } });
    const first = renderApp(`/customer/invoice?token=${TOKEN}`);
    const sheet = await screen.findByRole('region', { name: 'Invoice #7' });
    const list = within(sheet).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pre-rinse', 'Hand wash']);
    expect(within(sheet).getByRole('heading', { name: 'Work done' })).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/invoice-link': { body: open } });
    renderApp(`/customer/invoice?token=${TOKEN}`);
    const plain = await screen.findByRole('region', { name: 'Invoice #7' });
    expect(within(plain).queryByRole('heading', { name: 'Work done' })).toBeNull();
  });

  it('shows the lines, the tax, the deposit and what is due, and pays it with the tip chosen first', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = fakeApi({
      'GET /api/invoice-link': { body: open },
      'POST /api/invoice-link/pay': { body: { url: CHECKOUT } },
    });
    const { user } = renderApp(`/customer/invoice?token=${TOKEN}`);
    const sheet = await screen.findByRole('region', { name: 'Invoice #7' });
    expect(within(sheet).getByText('Invoice #7 from Sparkle Auto')).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: 'Loyal customer -$10.00' })).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: 'Sales tax (8.25%) $11.55' })).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: 'Deposit paid when booking -$30.00' })).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: 'Due $121.55' })).toBeInTheDocument();

    // 20 % is chosen first; each preset shows its amount: 20 % of $121.55 is $24.31 (2,431 cents, half to even).
    expect(screen.getByRole('radio', { name: '20% $24.31' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $145.86' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'No tip' }));
    expect(screen.getByRole('button', { name: 'Pay $121.55' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    await user.type(screen.getByLabelText('Tip ($)'), '10.5');
    await user.click(screen.getByRole('button', { name: 'Pay $132.05' }));
    const call = api.callsTo('POST /api/invoice-link/pay')[0] as FakeRequest;
    expect(call.body).toEqual({ tip: { cents: 1050 } });
    expect(call.url.searchParams.get('token')).toBe(TOKEN);
    expect(assign).toHaveBeenCalledWith(CHECKOUT);
  });

  it('sends a preset as its percent, and says why when the server refuses', async () => {
    const api = fakeApi({
      'GET /api/invoice-link': { body: open },
      'POST /api/invoice-link/pay': {
        status: 409,
        body: { code: 'PAYMENT_UNAVAILABLE', error: 'Payments are unavailable right now. Please try again shortly.' },
      },
    });
    const { user } = renderApp(`/customer/invoice?token=${TOKEN}`);
    await user.click(await screen.findByRole('radio', { name: '15% $18.23' }));
    await user.click(screen.getByRole('button', { name: 'Pay $139.78' }));
    expect(api.callsTo('POST /api/invoice-link/pay')[0]?.body).toEqual({ tip: { percent: 15 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are unavailable right now.');
  });

  it('back from Checkout, waits for Stripe’s confirmation, then is a receipt to print', async () => {
    let reads = 0;
    const paid: InvoiceLinkView = {
      ...open,
      state: 'paid',
      payments: [{ method: 'card', amount: 121.55, tip: 24.31, at: '2031-06-04T19:00:00.000Z' }],
      paid: 151.55,
      due: 0,
    };
    fakeApi({ 'GET /api/invoice-link': () => ({ body: ++reads === 1 ? open : paid }) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderApp(`/customer/invoice?token=${TOKEN}&payment=paid`);
    expect(
      await screen.findByText('Confirming your payment with Stripe. This page updates by itself.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(
      await screen.findByText('Thank you! Your payment to Sparkle Auto is confirmed.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Receipt' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Card payment, .* -\$121\.55/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Tip, with thanks .* \$24\.31/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Paid in full $151.55' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print or save the receipt' }));
    expect(print).toHaveBeenCalled();
  });

  it('without cards taken here, says how to pay; a void invoice owes nothing; a bad link says so', async () => {
    fakeApi({ 'GET /api/invoice-link': { body: { ...open, canPay: false } } });
    const first = renderApp(`/customer/invoice?token=${TOKEN}`);
    expect(await screen.findByText('Pay Sparkle Auto as they ask: cash, check or at the door.')).toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET /api/invoice-link': { body: { ...open, state: 'void' } } });
    const second = renderApp(`/customer/invoice?token=${TOKEN}`);
    expect(await screen.findByText('Sparkle Auto cancelled this invoice: nothing is owed on it.')).toBeInTheDocument();
    second.unmount();

    fakeApi({
      'GET /api/invoice-link': {
        status: 404,
        body: {
          code: 'INVOICE_LINK_INVALID',
          error: 'This invoice link is not valid. Please ask the business for a new one.',
        },
      },
    });
    renderApp(`/customer/invoice?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice link is not valid.');
  });
});
