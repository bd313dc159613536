/**
 * Phone numbers, in one place (docs/product.md#phone-numbers): what the server accepts and
 * stores (E.164, "+15125550123"), and how people read them ("(512) 555-0123" for a US
 * number, "+44 20 7946 0958" for any other). libphonenumber-js with its smallest ("min")
 * metadata: about 29 KB gzip, so the widget never imports this module (its bundle has a
 * budget, docs/decisions/002) and the dashboard loads it apart from its first download
 * (dashboard/src/lib/phone.ts).
 *
 * A number is accepted when it has a possible length for its country, not only when its
 * digits fall in ranges the metadata knows to be assigned: the library's author advises
 * so, because stale metadata would refuse newly assigned numbers, and the product's own
 * examples (555 numbers) are not assigned. Numbers typed without a country code are read
 * as US numbers.
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Whose numbers need no country code. */
const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

function parse(text: string) {
  return parsePhoneNumberFromString(text.trim(), DEFAULT_PHONE_COUNTRY);
}

/**
 * The number as stored, E.164 ("+1 (512) 555-0123" -> "+15125550123"), or null when it is
 * not a phone number: letters, too few or too many digits for its country, or an extension
 * (E.164 has no room for one).
 */
export function toE164(text: string): string | null {
  const number = parse(text);
  return number?.isPossible() && !number.ext ? number.number : null;
}

/**
 * A stored number as people read it: national for a US number ("(512) 555-0123"), also a +1
 * number whose area code the metadata cannot place; international for any other
 * ("+44 7700 900123", Canada's "+1 416 555 0000"). What does not parse (an erased
 * customer's empty phone, an old row no migration could read) is shown as it is.
 */
export function formatPhone(stored: string): string {
  const number = parse(stored);
  if (!number?.isPossible()) return stored;
  const american = number.country === 'US' || (number.country === undefined && number.countryCallingCode === '1');
  return american ? number.formatNational() : number.formatInternational();
}

/**
 * A stored number split for a form that asks for the country code apart: its calling code
 * ("44"), its country when the metadata can tell ("GB"; "CA" for a Canadian area code), and
 * the national number as its country writes it ("7700 900123"). Null when it does not parse.
 */
export function phoneParts(
  stored: string,
): { callingCode: string; country: CountryCode | undefined; national: string } | null {
  const number = parse(stored);
  if (!number) return null;
  return { callingCode: number.countryCallingCode, country: number.country, national: number.formatNational() };
}
