/**
 * Where the owner enters a booking (features/new-booking; docs/product.md#bookings-you-enter),
 * prefilled from where it was opened: the calendar's empty slot (a day and a time), a client's
 * page (the client), My Dashboard (nothing). Here, so every feature can link to it without
 * importing another feature.
 */
const NEW_BOOKING_PATH = '/dashboard/bookings/new';

export function newBookingHref(prefill: { date?: string; time?: string; client?: string } = {}): string {
  // Ids, YYYY-MM-DD and HH:MM need no escaping: the address stays readable (time=13:00).
  const parts = (['client', 'date', 'time'] as const)
    .filter((key) => prefill[key])
    .map((key) => `${key}=${encodeURIComponent(prefill[key]!).replace('%3A', ':')}`);
  return parts.length > 0 ? `${NEW_BOOKING_PATH}?${parts.join('&')}` : NEW_BOOKING_PATH;
}
