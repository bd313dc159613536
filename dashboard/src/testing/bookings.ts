import type { Booking, BookingWithUndo } from '@slotwise/shared/api';

let n = 0;
/** A booking as the API sends it; override what the test is about. */
export function makeBooking(over: Partial<Booking> = {}): Booking {
  n++;
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    serviceName: 'Full Detail',
    customerEmail: 'ada@example.com',
    phoneNumber: '+15551234567',
    carBodyType: 'SUV',
    totalQuote: 129.5,
    customerAddress: '12 Main St, Springfield',
    status: 'pending',
    bookingTime: { day: '2026-03-05', startTime: '10:00', endTime: '11:30' },
    ...over,
  };
}

/** What a Decline or a move on the calendar answers: the booking and its Undo (docs/decisions/014). */
export function withUndo(booking: Booking): BookingWithUndo {
  return { ...booking, undo: { token: 'test-undo-token', until: '2026-03-11T18:00:10.000Z' } };
}
