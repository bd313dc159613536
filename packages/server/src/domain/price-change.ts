/**
 * Approval at an adjusted price (docs/decisions/026): the owner proposes a new total with a
 * reason; the booking stays pending until the customer accepts it from the mail's link (then it
 * is approved at that total) or declines it (then it is cancelled). One place for its rules.
 */
import type { Booking, PriceChange } from '@slotwise/shared/api';
import { toDollars } from '@slotwise/shared/money';
import type { BookingsTable } from '../db/schema.ts';
import { linesOf } from './booking-answers.ts';

type PriceColumns = Pick<
  BookingsTable,
  'price_state' | 'price_quoted_cents' | 'price_proposed_cents' | 'price_reason' | 'total_cents'
>;

/** The change as the owner's and the customer's calls answer it; undefined when none was proposed. */
export function priceChangeOf(row: PriceColumns): PriceChange | undefined {
  if (row.price_state === null || row.price_quoted_cents === null || row.price_proposed_cents === null)
    return undefined;
  return {
    quoted: toDollars(row.price_quoted_cents),
    proposed: toDollars(row.price_proposed_cents),
    reason: row.price_reason ?? '',
    state: row.price_state,
  };
}

/**
 * A total the owner set when entering the booking (docs/decisions/038): the engine's total kept
 * with the reason, and no change waiting for the customer. Undefined otherwise.
 */
export function ownerPriceOf(row: PriceColumns): Booking['ownerPrice'] {
  if (row.price_state !== null || row.price_quoted_cents === null || row.price_reason === null) return undefined;
  return { calculated: toDollars(row.price_quoted_cents), reason: row.price_reason };
}

/**
 * The lines once the customer accepts: the quote's, plus one line for the change (negative for a
 * lower total), so the lines still add up to the total.
 */
export function adjustedLines(row: PriceColumns & Pick<BookingsTable, 'quote_lines'>): string {
  const proposed = row.price_proposed_cents ?? row.total_cents;
  return JSON.stringify([
    ...linesOf(row),
    { label: `Price change: ${row.price_reason ?? ''}`, amountCents: proposed - row.total_cents },
  ]);
}

/** The customer's answer once the owner decided first and so withdrew the change (the page words it by status). */
export const PRICE_WITHDRAWN = 'The business withdrew the new price, so there is nothing to answer.';

/** The customer's page for the change: accept or decline (dashboard /customer/price). */
export function priceChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/customer/price?token=${encodeURIComponent(token)}`;
}
