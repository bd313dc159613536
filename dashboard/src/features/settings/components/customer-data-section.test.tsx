import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler, type Reply } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { CustomerDataSection, exportFileName } from './customer-data-section.tsx';

const SETTINGS = '/api/business-dashboard/settings/customer-data';
const EXPORT = 'GET /api/business-dashboard/customer-data';
const ERASE = 'POST /api/business-dashboard/customer-data/erase';
const DEFAULT_PAGE = 'http://localhost:3000/privacy/b1';
const loaded = { privacyUrl: null, retentionMonths: 24, defaultPrivacyUrl: DEFAULT_PAGE };
const exported = {
  email: 'ada@example.com',
  businessName: 'Shiny Cars',
  exportedAt: '2026-12-04T12:00:00.000Z',
  bookings: [
    {
      _id: '3f7c0d1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
      status: 'completed',
      serviceName: 'Full Detail',
      bookingTime: { day: '2026-12-02', startTime: '10:00', endTime: '11:00' },
      firstName: 'Ada',
      lastName: 'Lovelace',
      customerEmail: 'ada@example.com',
      phoneNumber: '+1 5551234567',
      customerAddress: '5, Santa Monica, CA 90401, USA',
      answer: 'SUV',
      miles: 8.2,
      totalQuote: 157.3,
      bookedAt: '2026-12-01T12:00:00.000Z',
    },
  ],
  mails: [
    {
      to: 'ada@example.com',
      subject: 'Booking received',
      text: 'Hi Ada,',
      queuedAt: '2026-12-01T12:00:00.000Z',
      sentAt: null,
    },
  ],
  waitlist: [
    {
      day: '2026-12-09',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '',
      address: '5, Santa Monica, CA 90401, USA',
      status: 'waiting',
      joinedAt: '2026-12-03T12:00:00.000Z',
    },
  ],
};

function setup(over: Record<string, Handler | Reply> = {}) {
  storeToken();
  const api = fakeApi({
    [`GET ${SETTINGS}`]: { body: loaded },
    [`PUT ${SETTINGS}`]: (req) => ({ body: { ...(req.body as object), defaultPrivacyUrl: DEFAULT_PAGE } }),
    [EXPORT]: { body: exported },
    [ERASE]: { body: { erasedBookings: 2, deletedMails: 5 } },
    ...over,
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const saved: { name: string; text: Promise<string> }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push({ name: '', text: (blob as Blob).text() });
    return 'blob:customer-data';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
  const user = userEvent.setup();
  // In a router: the section links to Import or export clients.
  render(
    <MemoryRouter>
      <CustomerDataSection />
    </MemoryRouter>,
  );
  return { api, user, confirm, saved };
}

describe('Settings: Customer Data', () => {
  it('shows the default notice, 24 months, and saves an own https notice and another period', async () => {
    const { api, user } = setup();
    const url = await screen.findByLabelText('Privacy notice URL');
    expect(url).toHaveValue('');
    expect(screen.getByRole('link', { name: 'our default notice' })).toHaveAttribute('href', DEFAULT_PAGE);
    const months = screen.getByLabelText('Anonymise customer details after (months)');
    expect(months).toHaveValue(24);
    await user.type(url, 'https://shiny.example/privacy');
    await user.clear(months);
    await user.type(months, '36');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer data settings updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${SETTINGS}`)[0]?.body).toEqual({
      privacyUrl: 'https://shiny.example/privacy',
      retentionMonths: 36,
    });
  });

  it("shows the server's sentence when a setting is refused", async () => {
    const { user } = setup({
      [`PUT ${SETTINGS}`]: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          error: 'Privacy notice URL must be a full https:// address, like https://example.com/privacy.',
        },
      },
    });
    await user.type(await screen.findByLabelText('Privacy notice URL'), 'http://shiny.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update customer data settings. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(/must be a full https:\/\/ address/)).toBeInTheDocument();
  });

  it('exports what is held about one e-mail as a JSON file and says what it holds', async () => {
    const { api, user, saved } = setup();
    await user.type(await screen.findByLabelText('Customer e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(
      await screen.findByText(
        'Exported 1 booking, 1 waiting list entry and 1 mail about ada@example.com. Send the file to the customer.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(EXPORT)[0]?.url.searchParams.get('email')).toBe('ada@example.com');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('customer-data-ada-example.com.json');
    expect(JSON.parse(await (saved[0]?.text ?? Promise.resolve('null')))).toEqual(exported);
  });

  it('says so when nothing is held, and saves no file', async () => {
    const { user, saved } = setup({ [EXPORT]: { body: { ...exported, bookings: [], mails: [], waitlist: [] } } });
    await user.type(await screen.findByLabelText('Customer e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText('Nothing is held about ada@example.com.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('erases after a confirmation naming the e-mail and what is lost, and counts what went', async () => {
    const { api, user, confirm } = setup();
    await user.type(await screen.findByLabelText('Customer e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase Data' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Erase everything held about ada@example.com?'));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('This cannot be undone.'));
    expect(await screen.findByText('Erased ada@example.com from 2 bookings; 5 mails deleted.')).toBeInTheDocument();
    expect(api.callsTo(ERASE)[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('erases nothing when the owner does not confirm', async () => {
    const { api, user, confirm } = setup();
    confirm.mockReturnValue(false);
    await user.type(await screen.findByLabelText('Customer e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase Data' }));
    expect(api.callsTo(ERASE)).toHaveLength(0);
  });

  it("shows why an erasure was refused, in the server's words", async () => {
    const refusal =
      'ada@example.com has an upcoming booking (Full Detail on Wednesday, December 2, 2026 at 10:00). Cancel or decline it on the Bookings page first, then erase.';
    const { user } = setup({
      [ERASE]: { status: 409, body: { code: 'CUSTOMER_HAS_UPCOMING_BOOKINGS', error: refusal } },
    });
    await user.type(await screen.findByLabelText('Customer e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase Data' }));
    expect(await screen.findByText("Failed to erase the customer's data.")).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
  });

  it('asks for an e-mail before calling anything', async () => {
    const { api, user } = setup();
    await screen.findByLabelText('Customer e-mail');
    await user.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText("Enter the customer's e-mail address first.")).toBeInTheDocument();
    expect(api.callsTo(EXPORT)).toHaveLength(0);
  });

  it('names the export file after the e-mail, safely', () => {
    expect(exportFileName('ada@example.com')).toBe('customer-data-ada-example.com.json');
    expect(exportFileName('o/../../x@y.co')).toBe('customer-data-o-..-..-x-y.co.json');
  });
});
