/**
 * GET /api/customer/launcher/:businessId: what widget.js needs before it shows the booking
 * button (its text, corner and colours; decision 020). Every page view of an owner's site asks,
 * so caches keep it a minute: an owner's change shows within a minute.
 */
import type { AppContext } from '../../context.ts';
import { launcherOf } from '../../domain/branding.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import type { Handlers } from '../register.ts';

export function launcherHandlers(ctx: AppContext): Handlers<'customer', 'launcher'> {
  return {
    launcher: async (req, reply) => {
      const b = await loadBusiness(ctx, req.params.businessId);
      reply.header('cache-control', 'public, max-age=60');
      return launcherOf(b);
    },
  };
}
