/**
 * The owner's stored phone number ("+447700900123", E.164) split back into the signup form's
 * country and number, and joined again. Which country a +1 number belongs to (the United
 * States or Canada) is the area code's, read from libphonenumber's metadata
 * (shared/src/phone.ts); this page's chunk carries it.
 */
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '@slotwise/shared/domain';
import { phoneParts } from '@slotwise/shared/phone';

export type Country = (typeof COUNTRY_CODES)[number]['country'];

const DEFAULT_COUNTRY: Country = COUNTRY_CODES.find((c) => c.code === DEFAULT_COUNTRY_CODE)?.country ?? 'United States';

/** The countries sign-up offers, by their ISO 3166 codes as the metadata names them. */
const ISO_CODES: Record<Country, string> = {
  'United Kingdom': 'GB',
  'United States': 'US',
  India: 'IN',
  Australia: 'AU',
  Japan: 'JP',
  Germany: 'DE',
  France: 'FR',
  Italy: 'IT',
  'United Arab Emirates': 'AE',
  Canada: 'CA',
};

/** The country (its code chosen in the select) and the national number ("(512) 555-0123") of a stored number. */
export function splitPhone(phoneNumber: string): { country: Country; number: string } {
  const parts = phoneParts(phoneNumber);
  const offered = parts ? COUNTRY_CODES.filter((c) => c.code === `+${parts.callingCode}`) : [];
  if (parts && offered.length > 0) {
    // +1 is shared: the area code tells Canada from the United States; one the metadata cannot place reads as the default.
    const country =
      offered.find((c) => ISO_CODES[c.country] === parts.country)?.country ??
      (offered.some((c) => c.country === DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : offered[0]!.country);
    return { country, number: parts.national };
  }
  // Stored with a code sign-up does not offer, or not a number: show it whole and let the owner pick.
  return { country: DEFAULT_COUNTRY, number: phoneNumber.trim() };
}

/** The country code joined with the typed number, as signup does; a number typed with its own +code is kept. */
export function joinPhone(country: Country, number: string): string {
  if (number.trim().startsWith('+')) return number.trim();
  const code = COUNTRY_CODES.find((c) => c.country === country)?.code ?? DEFAULT_COUNTRY_CODE;
  return `${code} ${number.trim()}`;
}
