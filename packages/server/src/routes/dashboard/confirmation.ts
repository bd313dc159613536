/**
 * Settings, Confirming bookings (docs/product.md#confirming-bookings): whether a customer's booking
 * waits for the owner's Approve or is created approved. A service may choose otherwise (its editor).
 * And how long a request waits (docs/decisions/051): the owner's reminder and its expiry.
 */

import type { ConfirmationSettings } from '@slotwise/shared/api';
import { confirmationOf } from '@slotwise/shared/confirmation';
import type { AppContext } from '../../context.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';

/** The settings as the owner reads them: who confirms, and when an unanswered request reminds and expires. */
function settingsOf(b: Business): ConfirmationSettings {
  return {
    confirmation: confirmationOf(b.auto_confirm),
    nudgeHours: b.request_nudge_hours,
    expiryHours: b.request_expiry_hours,
  };
}

export function confirmationHandlers(ctx: AppContext): Handlers<'dashboard', 'confirmation' | 'updateConfirmation'> {
  return {
    confirmation: async (req) => settingsOf(req.owner.business),
    updateConfirmation: async (req) => {
      const { confirmation, nudgeHours, expiryHours } = req.body;
      const b = await ctx.repos.businesses.update(req.owner.business.id, {
        auto_confirm: confirmation === 'automatically' ? 1 : 0,
        ...(nudgeHours === undefined ? {} : { request_nudge_hours: nudgeHours }),
        ...(expiryHours === undefined ? {} : { request_expiry_hours: expiryHours }),
      });
      return settingsOf(b);
    },
  };
}
