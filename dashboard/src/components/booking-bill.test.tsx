import type { Booking, BookingBill } from '@slotwise/shared/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { type FakeRequest, fakeApi } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { BillButton } from './booking-bill.tsx';
import { shownToasts } from './toaster.tsx';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const LINE = '9b2f6c1e-8d4a-4f0b-a3c2-1e5d7f9a0b11';
const P = `/api/business-dashboard/bookings/${ID}`;

const price = { kind: 'price' as const, description: 'Full Detail', amount: 150, taxable: true };
function billOf(over: Partial<BookingBill> = {}, dayLines: BookingBill['dayLines'] = []): BookingBill {
  const day = dayLines.map((l) => ({
    kind: 'day' as const,
    description: l.description,
    amount: l.amount,
    taxable: l.taxable,
  }));
  const linesTotal = 150 + dayLines.reduce((a, l) => a + l.amount, 0);
  return {
    balance: {
      lines: [price, ...day],
      linesTotal,
      tax: { name: 'Sales tax', ratePercent: '8.25', taxable: linesTotal, amount: 12.38 },
      discountLimit: 0,
      total: linesTotal + 12.38,
      paid: 30,
      due: linesTotal + 12.38 - 30,
      credit: 0,
    },
    dayLines,
    invoice: null,
    ...over,
  };
}

async function open(status: Booking['status'], bill: BookingBill, more = {}) {
  storeToken();
  const api = fakeApi({ [`GET ${P}/bill`]: { body: bill }, ...more });
  const user = userEvent.setup();
  render(<BillButton booking={makeBooking({ _id: ID, status })} />);
  return { api, user };
}

describe('a booking’s bill', () => {
  // The dialog is a chunk of its own: transformed once here, not inside the first test's wait.
  beforeAll(() => import('./booking-bill-dialog.tsx'));

  it('is offered for an approved or completed job only', () => {
    storeToken();
    fakeApi();
    const { unmount } = render(<BillButton booking={makeBooking({ _id: ID, status: 'pending' })} />);
    expect(screen.queryByRole('button', { name: /Bill/ })).not.toBeInTheDocument();
    unmount();
    render(<BillButton booking={makeBooking({ _id: ID, status: 'approved' })} />);
    expect(screen.getByRole('button', { name: 'Bill' })).toBeInTheDocument();
  });

  it('shows the lines, the tax, the deposit paid and what is due, and adds a discount as a day line', async () => {
    const added = billOf({}, [{ _id: LINE, description: 'Loyal customer', amount: -10, taxable: true }]);
    const { api, user } = await open('approved', billOf(), {
      [`POST ${P}/day-lines`]: (req: FakeRequest) => ({ status: 201, body: { ...added, sent: req.body } }),
    });
    await user.click(screen.getByRole('button', { name: 'Bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bill' });
    const lines = await within(dialog).findByRole('list', { name: 'Lines' });
    expect(within(lines).getByText('Full Detail')).toBeInTheDocument();
    expect(within(dialog).getByText('Sales tax (8.25%)')).toBeInTheDocument();
    expect(within(dialog).getByText('$12.38')).toBeInTheDocument();
    expect(within(dialog).getByText('-$30.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$132.38')).toBeInTheDocument();
    expect(within(dialog).getByText('The invoice is issued when you mark the job completed.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();

    // A bad amount is refused before any call, with what to write instead.
    await user.type(within(dialog).getByLabelText('Description'), 'Loyal customer');
    await user.type(within(dialog).getByLabelText('Amount ($)'), '10.505');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(within(dialog).getByText(/Write the amount in dollars/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Amount ($)'));
    await user.type(within(dialog).getByLabelText('Amount ($)'), '-10');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ description: 'Loyal customer', amount: -10, taxable: true });
    expect(await within(lines).findByText('Loyal customer')).toBeInTheDocument();
    expect(within(lines).getByRole('button', { name: 'Remove Loyal customer' })).toBeInTheDocument();
  });

  it('says the server’s reason when a line is refused', async () => {
    const { user } = await open('completed', billOf(), {
      [`POST ${P}/day-lines`]: {
        status: 409,
        body: { error: 'This booking’s invoice is issued: its lines no longer change.', code: 'INVOICE_ISSUED' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Bill and invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bill' });
    await within(dialog).findByRole('list', { name: 'Lines' });
    await user.type(within(dialog).getByLabelText('Description'), 'Extra');
    await user.type(within(dialog).getByLabelText('Amount ($)'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(
      await within(dialog).findByText('This booking’s invoice is issued: its lines no longer change.'),
    ).toBeInTheDocument();
  });

  it('issues the invoice of a completed job, whose lines then no longer change', async () => {
    const issued = billOf({
      invoice: { _id: LINE, bookingId: ID, number: 7, state: 'open', issuedAt: '2026-12-07T15:00:00.000Z' },
    });
    const { user } = await open('completed', billOf(), { [`POST ${P}/invoice`]: { body: issued } });
    await user.click(screen.getByRole('button', { name: 'Bill and invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bill' });
    await user.click(await within(dialog).findByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice #7' })).toBeInTheDocument();
    expect(screen.getByText('Not paid yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();
    expect(shownToasts()).toContain('Invoice #7 issued.');
  });
});
