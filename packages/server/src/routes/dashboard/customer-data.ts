/**
 * Customers' personal data, the owner's side (docs/product.md#customer-data): the privacy
 * notice customers see and how long their details are kept (Settings > Customer data),
 * and access and deletion requests for one customer e-mail. Rules: domain/customer-data.ts.
 */
import type { CustomerDataSettingsAnswer } from '@slotwise/shared/api';
import type { AppContext } from '../../context.ts';
import { eraseCustomerData, exportCustomerData, privacyUrlOf } from '../../domain/customer-data.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';

export function customerDataHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  'customerDataSettings' | 'updateCustomerDataSettings' | 'exportCustomerData' | 'eraseCustomerData'
> {
  const toSettingsJson = (b: Business): CustomerDataSettingsAnswer => ({
    privacyUrl: b.privacy_url,
    retentionMonths: b.retention_months,
    defaultPrivacyUrl: privacyUrlOf(ctx.config.publicUrl, { id: b.id, privacy_url: null }),
  });
  return {
    customerDataSettings: async (req) => toSettingsJson(req.owner.business),

    updateCustomerDataSettings: async (req) =>
      toSettingsJson(
        await ctx.repos.businesses.update(req.owner.business.id, {
          privacy_url: req.body.privacyUrl,
          retention_months: req.body.retentionMonths,
        }),
      ),

    exportCustomerData: async (req, reply) => {
      const data = await exportCustomerData(ctx, req.owner.business, req.query.email);
      // Personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return data;
    },

    eraseCustomerData: async (req) => eraseCustomerData(ctx, req.owner.business, req.body.email),
  };
}
