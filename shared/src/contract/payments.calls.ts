/**
 * The calls of payments (docs/decisions/021): Stripe, deposit rules, refunds, Stripe's webhook
 * (schemas: payments.schemas.ts).
 */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const paymentsDashboardCalls = {
  paymentSettings: {
    method: 'GET',
    path: `${owner}/settings/payments`,
    auth: 'owner',
    response: 'PaymentSettings',
  },
  updatePaymentRules: {
    method: 'PUT',
    path: `${owner}/settings/payments`,
    auth: 'owner',
    body: 'PaymentRules',
    response: 'PaymentSettings',
  },
  connectStripe: {
    method: 'PUT',
    path: `${owner}/settings/payments/stripe`,
    auth: 'owner',
    limit: 'passwordChange',
    body: 'StripeConnectRequest',
    response: 'PaymentSettings',
  },
  disconnectStripe: {
    method: 'DELETE',
    path: `${owner}/settings/payments/stripe`,
    auth: 'owner',
    response: 'PaymentSettings',
  },
  refund: {
    method: 'POST',
    path: `${owner}/booking/refund/:id`,
    auth: 'owner',
    params: 'BookingParams',
    body: 'RefundRequest',
    response: 'Booking',
  },
} as const satisfies Record<string, RouteDef>;

export const paymentsWebhooksCalls = {
  stripe: {
    method: 'POST',
    path: '/api/webhooks/stripe/:businessId',
    auth: 'none',
    limit: 'webhook',
    params: 'StripeWebhookParams',
    body: 'StripeEventBody',
    response: 'WebhookAck',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const paymentsSummaries: {
  dashboard: SummariesOf<typeof paymentsDashboardCalls>;
  webhooks: SummariesOf<typeof paymentsWebhooksCalls>;
} = {
  dashboard: {
    paymentSettings:
      'Payments: the connected Stripe account (never its keys), the deposit rule, the refund window, whether paid bookings are approved at once, and the webhook URL to give Stripe.',
    updatePaymentRules:
      'Sets the deposit rule, the refund window, whether paid bookings are approved at once and whether a plan asks the deposit of every visit (planDeposit; left out: unchanged).',
    connectStripe:
      'Connects a Stripe account: its secret key and webhook signing secret, checked with a live call and stored encrypted. Refused: STRIPE_KEY_INVALID, PAYMENTS_NOT_CONFIGURED, PAYMENT_UNAVAILABLE.',
    disconnectStripe: 'Forgets the Stripe keys; bookings stop asking for deposits.',
    refund: 'Refunds part or all of what the customer paid, through Stripe. Refused: REFUND_TOO_LARGE.',
  },
  webhooks: {
    stripe:
      "Stripe's events for one business (checkout.session.completed and async_payment_succeeded: a deposit, or an invoice's card payment recorded once; checkout.session.expired), verified with its webhook signing secret. Refused: WEBHOOK_SIGNATURE_INVALID.",
  },
};
