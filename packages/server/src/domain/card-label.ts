/**
 * How a card on file is named to the owner and the customer (docs/decisions/046): "Visa ending
 * 4242". A module of its own so the manage link's page can name it without the charging code.
 */
import type { SavedCardRow } from '../repositories/saved-cards.ts';

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa ending 4242": how the owner and the customer recognise the card. */
export function cardLabel(card: Pick<SavedCardRow, 'brand' | 'last4'>): string {
  return `${BRANDS[card.brand] ?? 'Card'} ending ${card.last4}`;
}
