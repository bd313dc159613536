/**
 * A rate question's price as people read it: "$12.00 per seat", never "$12.00 seat". Owners type
 * the unit either way ("seat", "per seat", "per 1,000 sq ft", "/hour", "each"); one function words
 * it for the widget's hint and the quote's line (quote.ts), so they always agree.
 */
import { formatUsd } from './money.ts';

/** The unit with its "per": "seat" -> "per seat"; "per seat", "/hour", "each", "a bag" kept; none -> "each". */
export function perUnit(unit: string | null | undefined): string {
  const u = unit?.trim();
  if (!u) return 'each';
  if (/^(per|each|a|an)\b/i.test(u) || u.startsWith('/')) return u.startsWith('/') ? `per ${u.slice(1).trim()}` : u;
  return `per ${u}`;
}

/** "$12.00 per seat": a rate in dollars with its unit. */
export function ratePrice(rateDollars: number, unit: string | null | undefined): string {
  return `${formatUsd(rateDollars)} ${perUnit(unit)}`;
}
