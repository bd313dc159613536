/**
 * The owner's services (docs/product.md#services): list, add, edit, delete. Bookings
 * keep their own snapshot of a service's name and duration, so editing or deleting a
 * service never rewrites them. Each change the owner makes ticks "Check your prices" on the
 * first-day checklist (routes/dashboard/checklist.ts); the trade template's services do not.
 */

import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toServiceJson } from '../../repositories/services.ts';
import type { Handlers } from '../register.ts';

/** Enough for any real menu; stops a runaway script from filling the widget with thousands of rows. */
export const MAX_SERVICES = 200;

export const serviceNotFound = (id: string) =>
  new AppError('SERVICE_NOT_FOUND', `Service ${id} was not found among your services. Reload the list and try again.`);

export function serviceHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'services' | 'addService' | 'editService' | 'deleteService'> {
  const { services, checklist } = ctx.repos;
  const pricesChecked = (businessId: string) => checklist.mark(businessId, 'prices_checked_at', ctx.now());
  return {
    services: async (req) => ({ services: (await services.list(req.owner.business.id)).map((s) => toServiceJson(s)) }),

    addService: async (req) => {
      const businessId = req.owner.business.id;
      const existing = await services.list(businessId);
      if (existing.length >= MAX_SERVICES)
        throw new AppError(
          'SERVICE_LIMIT_REACHED',
          `You already have ${MAX_SERVICES} services, the most allowed. Delete one to add another.`,
        );
      const row = await services.insert(businessId, randomUUID(), req.body, ctx.now());
      await pricesChecked(businessId);
      return toServiceJson(row);
    },

    editService: async (req) => {
      const { id } = req.params;
      const businessId = req.owner.business.id;
      const row = await services.update(businessId, id, req.body);
      if (!row) throw serviceNotFound(id);
      await pricesChecked(businessId);
      return toServiceJson(row);
    },

    deleteService: async (req) => {
      const { id } = req.params;
      const businessId = req.owner.business.id;
      const row = await services.find(businessId, id);
      if (!row || !(await services.remove(businessId, id))) throw serviceNotFound(id);
      await pricesChecked(businessId);
      return { message: `Service "${row.name}" deleted.` };
    },
  };
}
