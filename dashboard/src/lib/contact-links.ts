/**
 * Links that hand a booking's address and phone to the phone's own apps: a map with
 * directions, and the dialler. Google Maps' documented "Maps URLs" open the Maps app on
 * Android and iOS (when installed) and the website elsewhere, with no API key.
 */

/** Directions to an address: https://developers.google.com/maps/documentation/urls/get-started#directions-action */
export function directionsLink(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.trim())}`;
}

/** tel: with only what a dialler reads: digits and a leading +. Null when there is nothing to dial. */
export function callLink(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? '').trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
