/** Calendar rows as the owner's calls answer them (shared/src/api.ts: Booking, BlockedTime). */
import type { BlockedTime, Booking } from '@slotwise/shared/api';
import type { BlockReason } from '@slotwise/shared/domain';
import { toDollars } from '@slotwise/shared/money';
import type { BlockedRow, BookingRow } from '../repositories/calendar.ts';
import { effectiveStatus } from './status.ts';

export function toBookingJson(row: BookingRow, now: number): Booking {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    serviceName: row.service_name,
    customerEmail: row.customer_email,
    phoneNumber: row.phone_number,
    carBodyType: row.car_body_type,
    totalQuote: toDollars(row.total_cents),
    customerAddress: row.customer_address,
    status: effectiveStatus(row, now),
    bookingTime: { day: row.day, startTime: row.start_time, endTime: row.end_time },
    version: row.version,
  };
}

export function toBlockedJson(row: BlockedRow): BlockedTime {
  return {
    _id: row.id,
    title: row.title,
    reason: row.reason as BlockReason,
    startTime: new Date(row.start_ms).toISOString(),
    endTime: new Date(row.end_ms).toISOString(),
  };
}
