/**
 * The owner's money (issue 43 item 5; docs/decisions/047): the Payments view's report of a
 * period, its CSV for accounting software, and a client's money on their page. Reads only: money
 * is written where it moves (the Stripe webhook, a recorded payment, a refund).
 */
import type { AppContext } from '../../context.ts';
import { clientNotFound } from '../../domain/clients.ts';
import { clientPaymentsJson, paymentsCsv, paymentsReport, periodMs } from '../../domain/ledger.ts';
import type { Handlers } from '../register.ts';

export function ledgerHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'paymentsReport' | 'exportPaymentsCsv' | 'clientPayments'> {
  const { ledger, clients } = ctx.repos;
  return {
    paymentsReport: async (req) => {
      const business = req.owner.business;
      const zone = business.time_zone;
      const [movements, open] = await Promise.all([
        ledger.movements({ businessId: business.id, ...periodMs(req.query.from, req.query.to, zone) }),
        ledger.openInvoices(business.id),
      ]);
      return paymentsReport(req.query, movements, open, zone, ctx.now());
    },

    exportPaymentsCsv: async (req, reply) => {
      const business = req.owner.business;
      const zone = business.time_zone;
      const { from, to } = req.query;
      const movements = await ledger.movements({ businessId: business.id, ...periodMs(from, to, zone) });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(paymentsCsv(movements, zone));
    },

    clientPayments: async (req) => {
      const business = req.owner.business;
      if (!(await clients.find(ctx.db, business.id, req.params.id))) throw clientNotFound();
      const [movements, open] = await Promise.all([
        ledger.movements({ businessId: business.id, clientId: req.params.id }),
        ledger.openInvoices(business.id, req.params.id),
      ]);
      return clientPaymentsJson(movements, open, business.time_zone, ctx.now());
    },
  };
}
