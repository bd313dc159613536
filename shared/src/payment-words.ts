/**
 * How each way of paying reads, for people: the owner's invoice panel and Payments view, the
 * customer's receipt, and the payments CSV. No zod here (type imports only), so an app pays a few
 * strings for it.
 */
import type { PAYMENT_METHODS } from './contract/invoices.schemas.ts';

export const PAYMENT_METHOD_WORDS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
};
