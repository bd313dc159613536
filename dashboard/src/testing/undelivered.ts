import type { UndeliveredMessage } from '@slotwise/shared/api';

let n = 0;
/** A message that could not be delivered, as the API lists it (docs/decisions/032); override what the test is about. */
export function makeUndelivered(over: Partial<UndeliveredMessage> = {}): UndeliveredMessage {
  n++;
  return {
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    bookingId: '00000000-0000-4000-8000-000000000001',
    channel: 'mail',
    what: 'reminder',
    to: 'dana@example.com',
    reason: '10 attempts failed; the last: connect ECONNREFUSED 127.0.0.1:25',
    failedAt: '2026-03-04T18:00:00.000Z',
    booking: {
      firstName: 'Dana',
      lastName: 'Scully',
      serviceName: 'Full Detail',
      day: '2026-03-05',
      startTime: '10:00',
    },
    cannotResend: null,
    ...over,
  };
}
