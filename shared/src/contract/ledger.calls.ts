/** The calls of the owner's money (issue 43 item 5; docs/decisions/047) (schemas: ledger.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const ledgerDashboardCalls = {
  paymentsReport: {
    method: 'GET',
    path: `${owner}/payments`,
    auth: 'owner',
    query: 'LedgerQuery',
    response: 'PaymentsReport',
  },
  exportPaymentsCsv: {
    method: 'GET',
    path: `${owner}/payments/export`,
    auth: 'owner',
    query: 'LedgerExportQuery',
    response: {
      mediaType: 'text/csv',
      description:
        'RFC 4180 CSV with a header row: one row per movement of money, a bank statement as QuickBooks Online and Xero import it (Date, Amount, Payee, Description, Reference) with the method, tip and kind beside.',
    },
  },
  clientPayments: {
    method: 'GET',
    path: `${owner}/clients/:id/payments`,
    auth: 'owner',
    params: 'ClientParams',
    response: 'ClientPayments',
  },
} as const satisfies Record<string, RouteDef>;

export const ledgerSummaries: { dashboard: SummariesOf<typeof ledgerDashboardCalls> } = {
  dashboard: {
    paymentsReport:
      "A period's money: collected (received, tips included, less refunded), tips, refunds, received by method, its movements 50 a page newest first (deposits, invoice payments, refunds), and the invoices still owed now.",
    exportPaymentsCsv:
      "A period's movements of money as CSV for accounting software, oldest first, dates as MM/DD/YYYY in the business's time zone, refunds negative.",
    clientPayments:
      "A client's money: every deposit, payment and refund of their bookings, newest first, and their invoices still owed. Refused: CLIENT_NOT_FOUND.",
  },
};
