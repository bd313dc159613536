/**
 * Before street addresses (docs/decisions/016-street-addresses-offline.md) an address was
 * stored as "house number, suggestion": "10, Downing Street, London". A provider searching it
 * again reads the house number with its street: "10 Downing Street, London".
 */
export function searchTextOf(stored: string): string {
  return stored.trim().replace(/^(\d+[A-Za-z]?)\s*,\s*/, '$1 ');
}
