/**
 * A link that hands a booking's address to the phone's map app, with directions (the
 * dialler's link is lib/phone.ts telHref). Google Maps' documented "Maps URLs" open the
 * Maps app on Android and iOS (when installed) and the website elsewhere, with no API key.
 */

import { telHref } from './phone.ts';

/** Directions to an address: https://developers.google.com/maps/documentation/urls/get-started#directions-action */
export function directionsLink(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.trim())}`;
}

/** A text message to a stored (E.164) number: the phone's messages app. Null when there is nothing to text. */
export function smsHref(stored: string | null | undefined): string | null {
  const tel = telHref(stored);
  return tel ? `sms:${tel.slice('tel:'.length)}` : null;
}
