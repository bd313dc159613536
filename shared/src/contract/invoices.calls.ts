/** The calls of getting paid after the job, its foundation (docs/decisions/043) (schemas: invoices.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const invoicesDashboardCalls = {
  taxSettings: {
    method: 'GET',
    path: `${owner}/settings/tax`,
    auth: 'owner',
    response: 'TaxSettings',
  },
  updateTaxSettings: {
    method: 'PUT',
    path: `${owner}/settings/tax`,
    auth: 'owner',
    body: 'TaxSettings',
    response: 'TaxSettings',
  },
  bookingBill: {
    method: 'GET',
    path: `${owner}/bookings/:id/bill`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'BookingBill',
  },
  addDayLine: {
    method: 'POST',
    path: `${owner}/bookings/:id/day-lines`,
    auth: 'owner',
    params: 'BookingParams',
    body: 'DayLineRequest',
    response: 'BookingBill',
  },
  removeDayLine: {
    method: 'DELETE',
    path: `${owner}/bookings/:id/day-lines/:lineId`,
    auth: 'owner',
    params: 'DayLineParams',
    response: 'BookingBill',
  },
  issueInvoice: {
    method: 'POST',
    path: `${owner}/bookings/:id/invoice`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'BookingBill',
  },
  invoices: {
    method: 'GET',
    path: `${owner}/invoices`,
    auth: 'owner',
    query: 'InvoicesQuery',
    response: 'InvoicesPage',
  },
  invoice: {
    method: 'GET',
    path: `${owner}/invoices/:id`,
    auth: 'owner',
    params: 'InvoiceParams',
    response: 'InvoiceDetail',
  },
  recordInvoicePayment: {
    method: 'POST',
    path: `${owner}/invoices/:id/payments`,
    auth: 'owner',
    params: 'InvoiceParams',
    body: 'RecordPaymentRequest',
    headers: ['idempotency-key'],
    response: 'InvoiceDetail',
  },
  refundInvoicePayment: {
    method: 'POST',
    path: `${owner}/invoices/:id/payments/:paymentId/refund`,
    auth: 'owner',
    params: 'InvoicePaymentParams',
    body: 'InvoiceRefundRequest',
    headers: ['idempotency-key'],
    response: 'InvoiceDetail',
  },
  voidInvoice: {
    method: 'POST',
    path: `${owner}/invoices/:id/void`,
    auth: 'owner',
    params: 'InvoiceParams',
    response: 'InvoiceDetail',
  },
  tipSettings: {
    method: 'GET',
    path: `${owner}/settings/tips`,
    auth: 'owner',
    response: 'TipSettings',
  },
  updateTipSettings: {
    method: 'PUT',
    path: `${owner}/settings/tips`,
    auth: 'owner',
    body: 'TipSettings',
    response: 'TipSettings',
  },
  clientCard: {
    method: 'GET',
    path: `${owner}/clients/:id/card`,
    auth: 'owner',
    params: 'ClientParams',
    response: 'ClientCard',
  },
  removeClientCard: {
    method: 'DELETE',
    path: `${owner}/clients/:id/card`,
    auth: 'owner',
    params: 'ClientParams',
    response: 'ClientCard',
  },
  chargeNoShowFee: {
    method: 'POST',
    path: `${owner}/bookings/:id/no-show-fee`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'NoShowFeeAnswer',
  },
} as const satisfies Record<string, RouteDef>;

/** The customer's pay link (no login): its own group, as the quote link is. */
export const invoiceLinkCalls = {
  openInvoice: {
    method: 'GET',
    path: '/api/invoice-link',
    auth: 'none',
    limit: 'manage',
    query: 'InvoiceLinkQuery',
    response: 'InvoiceLinkView',
  },
  payInvoice: {
    method: 'POST',
    path: '/api/invoice-link/pay',
    auth: 'none',
    limit: 'book',
    query: 'InvoiceLinkQuery',
    body: 'InvoicePayRequest',
    response: 'CheckoutResponse',
  },
} as const satisfies Record<string, RouteDef>;

export const invoicesSummaries: {
  dashboard: SummariesOf<typeof invoicesDashboardCalls>;
  invoiceLink: SummariesOf<typeof invoiceLinkCalls>;
} = {
  dashboard: {
    taxSettings: "The business's sales tax: its name, rate and the services and add-ons it applies to.",
    updateTaxSettings:
      'Sets the sales tax (a rate of "0" charges none); ids of services and add-ons not offered are refused.',
    bookingBill:
      "A booking's bill: what is owed (price lines, day lines, tax, deposit), its day lines, and its invoice once issued.",
    addDayLine:
      'Adds a line on the day (extra work, or a negative discount) to an approved or completed booking with no invoice yet.',
    removeDayLine: 'Removes a day line from a booking whose invoice is not issued yet.',
    issueInvoice:
      'Issues the invoice of a completed booking that has none (one completed by the end-of-day sweep); answers the one issued already otherwise.',
    invoices: "The business's invoices, newest number first, 50 a page.",
    invoice:
      'One invoice with its frozen lines, its payments and refunds, its balance (payments included) and the pay link. Refused: INVOICE_NOT_FOUND.',
    recordInvoicePayment:
      'Records a cash, check or other payment (part or all of what is due; a tip beside it), marking the invoice paid when nothing is due. A retry with the same Idempotency-Key answers the first answer. Refused: PAYMENT_TOO_LARGE, INVOICE_PAID, INVOICE_VOID.',
    refundInvoicePayment:
      'Refunds part or all of a payment (its tip included): a card payment through Stripe (queued, sent after commit), a recorded one just recorded. The invoice stays as it was: a refund is never owed again. Refused: REFUND_TOO_LARGE, INVOICE_PAYMENT_NOT_FOUND.',
    voidInvoice:
      'Voids an open invoice with no payments; it keeps its number. Refused: INVOICE_HAS_PAYMENTS, INVOICE_PAID.',
    tipSettings:
      'The tip presets the pay link offers (whole percents of the amount due), and whether unpaid invoices are reminded 3 and 7 days after they were issued.',
    updateTipSettings:
      'Sets the tip presets (0 to 3 whole percents from 1 to 100) and, when given, whether unpaid invoices are reminded and the no-show fee (0: none, else at least $0.50).',
    clientCard:
      "The client's card on file (saved with their consent at booking), as brand, last four and expiry; null when none. Refused: CLIENT_NOT_FOUND.",
    removeClientCard:
      'Removes the card on file: no later visit or fee is charged to it (Stripe is told to detach it). Refused: CLIENT_NOT_FOUND, CARD_NOT_SAVED.',
    chargeNoShowFee:
      "Issues a past, uncompleted booking's invoice as one \"No-show fee\" line at the business's fee and charges it to the client's card on file (the payment is recorded when Stripe's webhook says so), or mails the pay link when no card is saved. Refused: NO_SHOW_FEE_NOT_SET, BOOKING_NOT_PAST, INVOICE_ISSUED, BOOKING_NOT_FOUND.",
  },
  invoiceLink: {
    openInvoice:
      'The invoice behind a pay link: the business, its number, lines, tax, deposit, payments, refunds, what is due and the tip presets. Refused: INVOICE_LINK_INVALID.',
    payInvoice:
      'The Stripe Checkout page for what is due plus the chosen tip (a preset percent of the amount due, or cents): the same page for the same amount and tip. Refused: INVOICE_LINK_INVALID, INVOICE_VOID, INVOICE_PAID, PAYMENTS_NOT_CONNECTED, TIP_NOT_OFFERED, TIP_TOO_LARGE, PAYMENT_UNAVAILABLE.',
  },
};
