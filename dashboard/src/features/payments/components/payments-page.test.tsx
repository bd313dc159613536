import type { LedgerEntry, PaymentsReport } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchDownloads } from '../../../testing/downloads.ts';
import { fakeApi, type Handler, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const REPORT = 'GET /api/business-dashboard/payments';
const EXPORT = 'GET /api/business-dashboard/payments/export';
const CLIENT = '4c1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a22';
const BOOKING = '5d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a33';
const INVOICE = '6e1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a44';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  _id: 'x',
  kind: 'payment',
  at: '2026-12-02T18:00:00.000Z',
  day: '2026-12-02',
  method: 'card',
  amount: 100,
  tip: 0,
  total: 100,
  bookingId: BOOKING,
  clientId: CLIENT,
  customerName: 'Ada Lovelace',
  serviceName: 'Full Detail',
  invoice: { _id: INVOICE, number: 12 },
  note: null,
  ...over,
});

function report(q: URLSearchParams, over: Partial<PaymentsReport> = {}): PaymentsReport {
  return {
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
    collected: 195,
    received: 210,
    tips: 20,
    refunded: 15,
    methods: [
      { method: 'card', count: 2, total: 145, tips: 20 },
      { method: 'cash', count: 1, total: 65, tips: 0 },
      { method: 'check', count: 0, total: 0, tips: 0 },
      { method: 'other', count: 0, total: 0, tips: 0 },
    ],
    outstanding: {
      count: 1,
      due: 80.5,
      invoices: [
        {
          _id: INVOICE,
          number: 9,
          bookingId: BOOKING,
          clientId: CLIENT,
          customerName: 'Grace Hopper',
          serviceName: 'Exterior Wash',
          issuedAt: '2026-11-23T18:00:00.000Z',
          daysOpen: 9,
          due: 80.5,
        },
      ],
    },
    entries: [
      entry({ _id: 'r1', kind: 'refund', method: 'cash', amount: -15, total: -15, note: 'Missed a spot' }),
      entry({ _id: 'p1', amount: 100, tip: 20, total: 120 }),
      entry({ _id: 'd1', kind: 'deposit', amount: 25, total: 25, invoice: null, day: '2026-12-01' }),
    ],
    page: Number(q.get('page') ?? 1),
    pages: 2,
    ...over,
  };
}

/** 05:00 UTC on December 3 is still Wednesday December 2 in Los Angeles, the fake business's zone. */
function setup(path = '/dashboard/payments', over: Record<string, Handler | Reply> = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-03T05:00:00Z'));
  storeToken();
  const api = fakeApi({ [REPORT]: (req) => ({ body: report(req.url.searchParams) }), ...over });
  return { api, ...renderApp(path) };
}

describe('Payments', () => {
  it("shows this week's money in the business's days: collected, tips, refunds, by method, owed and each movement", async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'This week' })).toBeChecked();
    expect(document.title).toBe('Payments - Slotwise');
    const money = await screen.findByLabelText("This period's money");
    expect(money).toHaveTextContent('Collected$195.00');
    expect(money).toHaveTextContent('Tips$20.00');
    expect(money).toHaveTextContent('Refunded$15.00');
    expect(money).toHaveTextContent('Owed to you now$80.50');
    expect(api.callsTo(REPORT)[0]?.url.search).toBe('?from=2026-11-29&to=2026-12-02&page=1');
    expect(screen.getByText('Nov 29 – Dec 2, 2026, in Pacific Time, Los Angeles.')).toBeInTheDocument();

    const rows = within(screen.getByRole('list', { name: 'Payments and refunds, newest first' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((r) => r.textContent)).toEqual([
      'Refund of invoice #12Wed, Dec 2, 2026 · Ada Lovelace · Full DetailMissed a spot−$15.00Cash',
      'Invoice #12Wed, Dec 2, 2026 · Ada Lovelace · Full Detail$120.00Card · $20.00 tip',
      'DepositTue, Dec 1, 2026 · Ada Lovelace · Full Detail$25.00Card',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/dashboard/clients/${CLIENT}`,
    );
    const owed = within(screen.getByRole('region', { name: 'Owed to you' }));
    expect(owed.getByText(/1 invoice not paid yet, \$80\.50 in all/)).toBeInTheDocument();
    expect(owed.getByRole('listitem')).toHaveTextContent(
      'Invoice #9Grace Hopper · Exterior WashIssued 9 days ago$80.50due',
    );
    const methods = within(screen.getByRole('table'));
    expect(methods.getByRole('row', { name: /^Card/ })).toHaveTextContent('Card2$145.00$20.00');
    expect(methods.getByRole('row', { name: /^Refunded/ })).toHaveTextContent('Refunded−$15.00');
  });

  it('keeps the period and the page in the address: a new period starts on page 1, Back returns to the page before', async () => {
    const { api, user, location } = setup();
    await screen.findByLabelText("This period's money");
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(location().search).toBe('?page=2');
    await waitFor(() => expect(api.callsTo(REPORT).at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Last month' }));
    expect(location().search).toBe('?period=last-month');
    await waitFor(() => expect(api.callsTo(REPORT).at(-1)?.url.search).toBe('?from=2026-11-01&to=2026-11-30&page=1'));
    expect(await screen.findByText('Nov 1 – Nov 30, 2026, in Pacific Time, Los Angeles.')).toBeInTheDocument();
  });

  it('says so when nothing moved, and when no invoice is owed', async () => {
    setup('/dashboard/payments?period=year', {
      [REPORT]: (req) => ({
        body: report(req.url.searchParams, {
          collected: 0,
          received: 0,
          tips: 0,
          refunded: 0,
          entries: [],
          pages: 0,
          outstanding: { count: 0, due: 0, invoices: [] },
        }),
      }),
    });
    expect(await screen.findByText('No money came in or went back in this period.')).toBeInTheDocument();
    expect(screen.getByText('No invoice is waiting to be paid.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'This year' })).toBeChecked();
    expect(screen.queryByRole('navigation', { name: 'Pages of payments' })).toBeNull();
  });

  it('downloads the period as CSV, and says so when it cannot', async () => {
    const saved = watchDownloads();
    const csv = 'Date,Amount,Payee\r\n12/02/2026,120,Ada Lovelace\r\n';
    const { api, user } = setup('/dashboard/payments?period=month', {
      [EXPORT]: { text: csv, contentType: 'text/csv; charset=utf-8' },
    });
    await screen.findByLabelText("This period's money");
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('payments-2026-12-01-to-2026-12-02.csv');
    // The file starts with a byte-order mark, for Excel; Blob.text() reads past it.
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(await saved[0]!.blob.text()).toBe(csv);
    expect(api.callsTo(EXPORT)[0]?.url.search).toBe('?from=2026-12-01&to=2026-12-02');

    api.on(EXPORT, 'network');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download your payments. Please try again.');
  });

  it('shows a failed load with Try again, which loads again', async () => {
    let fail = true;
    setup('/dashboard/payments', {
      [REPORT]: (req) => (fail ? { status: 500, body: { error: 'boom' } } : { body: report(req.url.searchParams) }),
    });
    expect(await screen.findByText('Failed to load your payments.')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByLabelText("This period's money")).toBeInTheDocument();
  });
});
