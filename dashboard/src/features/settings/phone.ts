/** A stored phone number ("+44 7700900123") split back into the signup form's country and number. */
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '@slotwise/shared/domain';

export type Country = (typeof COUNTRY_CODES)[number]['country'];

// +1 serves both the United States and Canada; the area code tells them apart.
const DEFAULT_COUNTRY: Country = COUNTRY_CODES.find((c) => c.code === DEFAULT_COUNTRY_CODE)?.country ?? 'United States';

/** Canada's geographic area codes (NANPA); any other +1 number is shown as the United States. */
const CANADIAN_AREA_CODES = new Set(
  (
    '204 226 236 249 250 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 ' +
    '506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 ' +
    '879 902 905 942'
  ).split(' '),
);

function countryOf(code: string, number: string): Country {
  const matches = COUNTRY_CODES.filter((c) => c.code === code);
  if (matches.length === 1) return matches[0]!.country;
  const areaCode = number.replace(/\D/g, '').slice(0, 3);
  return CANADIAN_AREA_CODES.has(areaCode) ? 'Canada' : DEFAULT_COUNTRY;
}

export function splitPhone(phoneNumber: string): { country: Country; number: string } {
  const text = phoneNumber.trim();
  // Longest code first, so a longer code is never read as a shorter one and the rest of the number.
  const byLength = [...COUNTRY_CODES].sort((a, b) => b.code.length - a.code.length);
  for (const c of byLength) {
    if (text.startsWith(c.code)) {
      const number = text.slice(c.code.length).replace(/^[\s-]+/, '');
      return { country: countryOf(c.code, number), number };
    }
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
