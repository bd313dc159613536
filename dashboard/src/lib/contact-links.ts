/**
 * A link that hands a booking's address to the phone's map app, with directions (the
 * dialler's link is lib/phone.ts telHref). Google Maps' documented "Maps URLs" open the
 * Maps app on Android and iOS (when installed) and the website elsewhere, with no API key.
 */

/** Directions to an address: https://developers.google.com/maps/documentation/urls/get-started#directions-action */
export function directionsLink(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.trim())}`;
}
