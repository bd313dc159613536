import type { Booking, BookingBill, InvoiceDetail } from '@slotwise/shared/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('charges the no-show fee after a confirmation, saying which card, or the server’s reason', async () => {
    const NOSHOW = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
    const invoice = {
      _id: NOSHOW,
      bookingId: ID,
      number: 8,
      state: 'open' as const,
      issuedAt: '2026-12-07T15:00:00.000Z',
    };
    const fee = { kind: 'price' as const, description: 'No-show fee', amount: 40, taxable: false };
    const charged = billOf({ invoice });
    charged.balance = { ...charged.balance, lines: [fee], total: 40, paid: 0, due: 40, tax: null, linesTotal: 40 };
    let answer: object = { status: 409, body: { error: 'This visit has not started yet.', code: 'BOOKING_NOT_PAST' } };
    const { api, user } = await open('approved', billOf(), {
      [`POST ${P}/no-show-fee`]: () => answer,
      [`GET /api/business-dashboard/invoices/${NOSHOW}`]: {
        body: {
          invoice: { ...invoice, paidAt: null, voidedAt: null },
          balance: charged.balance,
          payments: [],
          refunds: [],
          refunded: 0,
          payUrl: 'http://localhost/customer/invoice?token=t8',
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Bill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bill' });
    await user.click(await within(dialog).findByRole('button', { name: 'Charge no-show fee' }));
    expect(api.callsTo(`POST ${P}/no-show-fee`)).toHaveLength(0);
    const confirm = within(dialog).getByRole('group', { name: 'Charge the no-show fee' });
    await user.click(within(confirm).getByRole('button', { name: 'Charge' }));
    expect(await within(dialog).findByText('This visit has not started yet.')).toBeInTheDocument();

    answer = { body: { bill: charged, chargedTo: 'Visa ending 4242' } };
    await user.click(within(dialog).getByRole('button', { name: 'Charge no-show fee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Charge' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice #8' })).toBeInTheDocument();
    expect(shownToasts()).toContain('No-show fee invoice #8 issued and charged to Visa ending 4242.');
    expect(screen.queryByRole('button', { name: 'Charge no-show fee' })).not.toBeInTheDocument();
  });

  describe('an issued invoice’s money', () => {
    const INVOICE = '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    const PAYMENT = '1f2a3b4c-5d6e-4f70-8192-a3b4c5d6e7f8';
    const PAY_URL = 'http://localhost/customer/invoice?token=t1';
    const invoice = {
      _id: INVOICE,
      bookingId: ID,
      number: 7,
      state: 'open' as const,
      issuedAt: '2026-12-07T15:00:00.000Z',
    };
    const issued = billOf({ invoice });
    const unpaid: InvoiceDetail = {
      invoice: { ...invoice, paidAt: null, voidedAt: null },
      balance: issued.balance,
      payments: [],
      refunds: [],
      refunded: 0,
      payUrl: PAY_URL,
    };
    const cash = {
      _id: PAYMENT,
      method: 'cash' as const,
      amount: 132.38,
      tip: 20,
      note: 'In an envelope',
      refunded: 0,
      createdAt: '2026-12-07T16:00:00.000Z',
    };
    const paid: InvoiceDetail = {
      ...unpaid,
      invoice: { ...unpaid.invoice, state: 'paid', paidAt: '2026-12-07T16:00:00.000Z' },
      balance: { ...issued.balance, paid: 162.38, due: 0 },
      payments: [cash],
    };

    it('records a cash payment with a tip and a note, once however often it is sent, and the invoice reads paid', async () => {
      const { api, user } = await open('completed', issued, {
        [`GET /api/business-dashboard/invoices/${INVOICE}`]: { body: unpaid },
        [`POST /api/business-dashboard/invoices/${INVOICE}/payments`]: { status: 201, body: paid },
      });
      await user.click(screen.getByRole('button', { name: 'Bill and invoice' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invoice #7' });
      expect(await within(dialog).findByLabelText('Pay link for the customer')).toHaveValue(PAY_URL);
      const amount = within(dialog).getByLabelText('Amount ($)');
      expect(amount).toHaveValue('132.38');
      await user.type(within(dialog).getByLabelText('Tip ($, optional)'), '20');
      await user.type(within(dialog).getByLabelText('Note (optional)'), 'In an envelope');
      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      expect(await within(dialog).findByText('Paid', { selector: '.pay-chip' })).toBeInTheDocument();
      const post = api.callsTo(`POST /api/business-dashboard/invoices/${INVOICE}/payments`)[0];
      expect(post?.body).toEqual({ method: 'cash', amount: 132.38, tip: 20, note: 'In an envelope' });
      expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(shownToasts()).toContain('Cash payment of $132.38 recorded.');
      const payments = within(dialog).getByRole('region', { name: 'Payments' });
      expect(within(payments).getByText('In an envelope')).toBeInTheDocument();
      expect(within(payments).getByText('Tip $20.00')).toBeInTheDocument();
      // Paid: nothing more to record, nothing to void, no pay link.
      expect(within(dialog).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Void invoice' })).not.toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Pay link for the customer')).not.toBeInTheDocument();
    });

    it('refunds part of a payment, and says the server’s reason for a refusal', async () => {
      const refunded: InvoiceDetail = {
        ...paid,
        payments: [{ ...cash, refunded: 20 }],
        refunds: [
          {
            _id: LINE,
            paymentId: PAYMENT,
            amount: 20,
            reason: null,
            status: 'recorded',
            createdAt: '2026-12-07T17:00:00.000Z',
          },
        ],
        refunded: 20,
      };
      let first = true;
      const { api, user } = await open('completed', issued, {
        [`GET /api/business-dashboard/invoices/${INVOICE}`]: { body: paid },
        [`POST /api/business-dashboard/invoices/${INVOICE}/payments/${PAYMENT}/refund`]: () => {
          if (!first) return { body: refunded };
          first = false;
          return {
            status: 400,
            body: { code: 'REFUND_TOO_LARGE', error: 'At most $152.38 of this payment is left to refund.' },
          };
        },
      });
      await user.click(screen.getByRole('button', { name: 'Bill and invoice' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invoice #7' });
      await user.click(await within(dialog).findByRole('button', { name: 'Refund' }));
      const form = within(dialog).getByRole('form', { name: 'Refund the Cash payment' });
      expect(within(form).getByLabelText('Refund ($)')).toHaveValue('152.38');
      await user.click(within(form).getByRole('button', { name: 'Refund' }));
      expect(await within(form).findByText('At most $152.38 of this payment is left to refund.')).toBeInTheDocument();
      await user.clear(within(form).getByLabelText('Refund ($)'));
      await user.type(within(form).getByLabelText('Refund ($)'), '20');
      await user.click(within(form).getByRole('button', { name: 'Refund' }));
      expect(await within(dialog).findByText('Refunded $20.00')).toBeInTheDocument();
      const calls = api.callsTo(`POST /api/business-dashboard/invoices/${INVOICE}/payments/${PAYMENT}/refund`);
      expect(calls.at(-1)?.body).toEqual({ amount: 20 });
      // The retry after a refusal is the same refund: one key for it.
      expect(calls[0]?.headers['idempotency-key']).toBe(calls[1]?.headers['idempotency-key']);
    });

    it('voids an invoice nothing was paid on, after asking', async () => {
      const voided: InvoiceDetail = {
        ...unpaid,
        invoice: { ...unpaid.invoice, state: 'void', voidedAt: '2026-12-07T18:00:00.000Z' },
        payUrl: null,
      };
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const { user } = await open('completed', issued, {
        [`GET /api/business-dashboard/invoices/${INVOICE}`]: { body: unpaid },
        [`POST /api/business-dashboard/invoices/${INVOICE}/void`]: { body: voided },
      });
      await user.click(screen.getByRole('button', { name: 'Bill and invoice' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invoice #7' });
      await user.click(await within(dialog).findByRole('button', { name: 'Void invoice' }));
      expect(await within(dialog).findByText('Void', { selector: '.pay-chip' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
      expect(shownToasts()).toContain('Invoice #7 voided.');
    });
  });
});
