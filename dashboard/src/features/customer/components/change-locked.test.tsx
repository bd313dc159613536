import type { ManagedBooking } from '@slotwise/shared/api';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'tok_abcdefghijklmnop';
const REASON = 'Changes are no longer possible online within 24 hours of the booking.';
const locked: ManagedBooking = {
  businessId: BUSINESS_ID,
  businessName: 'Sparkle Auto',
  serviceName: 'Full Detail',
  status: 'approved',
  bookingTime: { day: '2031-06-04', startTime: '10:00', endTime: '11:00' },
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  changeLocked: {
    reason: REASON,
    contact: { businessName: 'Sparkle Auto', email: 'owner@sparkle.example', phone: '+15551234567' },
  },
};

function api(booking: ManagedBooking = locked) {
  return fakeApi({
    'GET /api/customer/booking': { body: booking },
    'GET /api/customer/get-available-slots': { body: { slots: [{ time: '12:00', available: true }] } },
  });
}

async function expectContact() {
  const box = screen.getByRole('region', { name: 'Changes closed' });
  expect(within(box).getByRole('status')).toHaveTextContent(REASON);
  expect(within(box).getByText(/Please contact Sparkle Auto/)).toBeInTheDocument();
  expect(within(box).getByRole('link', { name: 'owner@sparkle.example' })).toHaveAttribute(
    'href',
    'mailto:owner@sparkle.example',
  );
  // Stored as E.164; shown as people read it once the formatter's chunk is in (lib/phone.ts).
  expect(await within(box).findByRole('link', { name: '(555) 123-4567' })).toHaveAttribute('href', 'tel:+15551234567');
}

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('customer pages past the change cut-off', () => {
  it('reschedule shows the booking, why and whom to contact, instead of dates and slots', async () => {
    const calls = api();
    renderApp(`/customer/reschedule?token=${TOKEN}&businessId=${BUSINESS_ID}`);
    expect(await screen.findByRole('region', { name: 'Your current booking' })).toHaveTextContent('Full Detail');
    await expectContact();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Reschedule' })).not.toBeInTheDocument();
    expect(calls.callsTo('GET /api/customer/get-available-slots')).toHaveLength(0);
  });

  it('cancel shows the booking, why and whom to contact, instead of the cancel button', async () => {
    const calls = api();
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByRole('region', { name: 'The booking to cancel' })).toHaveTextContent('Full Detail');
    await expectContact();
    expect(screen.queryByRole('button', { name: 'Yes, cancel my booking' })).not.toBeInTheDocument();
    expect(calls.callsTo('DELETE /api/customer/confirm-cancel')).toHaveLength(0);
  });

  it('leaves out a contact detail the business has not given', async () => {
    api({
      ...locked,
      changeLocked: { reason: REASON, contact: { businessName: '', email: 'owner@sparkle.example', phone: '' } },
    });
    renderApp(`/customer/cancel?token=${TOKEN}`);
    const box = await screen.findByRole('region', { name: 'Changes closed' });
    expect(within(box).getByText(/Please contact the business/)).toBeInTheDocument();
    expect(within(box).queryByText('Phone')).not.toBeInTheDocument();
  });

  it('before the cut-off the actions are there as usual', async () => {
    const { changeLocked: _, ...open } = locked;
    api(open);
    renderApp(`/customer/cancel?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Yes, cancel my booking' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Changes closed' })).not.toBeInTheDocument();
  });
});
