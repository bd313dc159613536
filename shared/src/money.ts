/**
 * Money is integer cents inside the system and dollar numbers on the wire
 * (docs/architecture.md#data). These are the only two crossings.
 */

/** 129.5 -> 12950. Rounds half away from zero so 0.005-style float noise cannot lose a cent. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + Number.EPSILON * 100);
}

/** 12950 -> 129.5 */
export function toDollars(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 129.5 -> "$129.50" (docs/product.md#limits: US dollars, en-US). */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
