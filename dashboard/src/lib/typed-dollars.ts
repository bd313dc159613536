/**
 * Dollars as a person types them in a money field ("12.50", "$12.50"; with `negative`, also "-10"
 * and "-$10"): the number of dollars, at most cents, or null for anything else (letters, commas,
 * more than two decimals). Each field adds its own rule on top: a day line is not 0, a payment is
 * above 0. The server checks again (shared/src/contract/fields.schemas.ts Dollars).
 */
export function typedDollars(text: string, { negative = false } = {}): number | null {
  const t = text.trim().replace(/^-\$/, '-').replace(/^\$/, '');
  if (!(negative ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/).test(t)) return null;
  return Number(t);
}
