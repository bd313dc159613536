/**
 * Settings, Confirming bookings (docs/product.md#confirming-bookings): whether a customer's booking
 * waits for the owner's Approve or is created approved. A service may choose otherwise (its editor).
 */
import { confirmationOf } from '@slotwise/shared/confirmation';
import type { AppContext } from '../../context.ts';
import type { Handlers } from '../register.ts';

export function confirmationHandlers(ctx: AppContext): Handlers<'dashboard', 'confirmation' | 'updateConfirmation'> {
  return {
    confirmation: async (req) => ({ confirmation: confirmationOf(req.owner.business.auto_confirm) }),
    updateConfirmation: async (req) => {
      const b = await ctx.repos.businesses.update(req.owner.business.id, {
        auto_confirm: req.body.confirmation === 'automatically' ? 1 : 0,
      });
      return { confirmation: confirmationOf(b.auto_confirm) };
    },
  };
}
