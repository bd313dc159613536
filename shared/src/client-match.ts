/**
 * Which client a contact is, in one place (docs/decisions/037): a business's client is one
 * person, known by their e-mail (compared without case or surrounding spaces) or, failing that,
 * their phone number (E.164, as bookings store it). The server's repository, the migration that
 * built clients from earlier bookings and the import all match by these keys, and search as
 * you type reads the one search text written from them.
 */

/** The e-mail as compared: trimmed and lower-cased; '' when there is none. */
export function emailKey(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

/** Folds case and accents, so "José" is found by "jose". */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A street as compared for "is this address new": case, accents, punctuation and spacing folded. */
export function addressKey(address: string): string {
  return fold(address)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface SearchableClient {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 or ''. */
  phone: string;
  addresses: readonly string[];
}

/**
 * The one text a client is searched in: names, e-mail, phone digits (with and without the
 * country code, so "555 0123" and "+1 512 555 0123" both find it) and streets, folded.
 */
export function clientSearchText(client: SearchableClient): string {
  const digits = client.phone.replace(/\D/g, '');
  const national = client.phone.startsWith('+1') ? digits.slice(1) : '';
  return [
    fold(`${client.firstName} ${client.lastName}`),
    emailKey(client.email),
    digits,
    national,
    ...client.addresses.map((a) => fold(a)),
  ]
    .filter((part) => part !== '')
    .join(' | ');
}

/**
 * What a query looks for in that text: a phone-like query ("(512) 555-01") by its digits,
 * anything else folded. '' when nothing is asked.
 */
export function searchTerm(query: string): string {
  const trimmed = query.trim();
  if (/^[\d\s()+.-]+$/.test(trimmed) && /\d{3}/.test(trimmed.replace(/\D/g, ''))) return trimmed.replace(/\D/g, '');
  return fold(trimmed).replace(/\s+/g, ' ');
}
