/** A stored phone number ("+44 7700900123") split back into the signup form's country and number. */
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '@slotwise/shared/domain';

export type Country = (typeof COUNTRY_CODES)[number]['country'];

// +1 serves both the United States and Canada; the first in the list (United States) is shown for it.
export const DEFAULT_COUNTRY: Country =
  COUNTRY_CODES.find((c) => c.code === DEFAULT_COUNTRY_CODE)?.country ?? 'United States';

export function splitPhone(phoneNumber: string): { country: Country; number: string } {
  const text = phoneNumber.trim();
  // Longest code first, so a longer code is never read as a shorter one and the rest of the number.
  const byLength = [...COUNTRY_CODES].sort((a, b) => b.code.length - a.code.length);
  for (const c of byLength) {
    if (text.startsWith(c.code))
      return { country: c.country, number: text.slice(c.code.length).replace(/^[\s-]+/, '') };
  }
  // Stored without a code we know: show it whole and let the owner pick.
  return { country: DEFAULT_COUNTRY, number: text };
}

/** The country code joined with the typed number, as signup does; a number typed with its own +code is kept. */
export function joinPhone(country: Country, number: string): string {
  if (number.trim().startsWith('+')) return number.trim();
  const code = COUNTRY_CODES.find((c) => c.country === country)?.code ?? DEFAULT_COUNTRY_CODE;
  return `${code} ${number.trim()}`;
}
