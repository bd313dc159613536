/**
 * The owner's services (docs/product.md#services): list, add, edit, delete. Bookings
 * keep their own snapshot of a service's name and duration, so editing or deleting a
 * service never rewrites them.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toServiceJson } from '../../repositories/services.ts';
import type { Handlers } from '../register.ts';

/** Enough for any real menu; stops a runaway script from filling the widget with thousands of rows. */
export const MAX_SERVICES = 200;

const serviceNotFound = (id: string) =>
  new AppError('SERVICE_NOT_FOUND', `Service ${id} was not found among your services. Reload the list and try again.`);

export function serviceHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'services' | 'addService' | 'editService' | 'deleteService'> {
  const services = ctx.repos.services;
  return {
    services: async (req) => ({ services: (await services.list(req.owner.business.id)).map(toServiceJson) }),

    addService: async (req) => {
      const businessId = req.owner.business.id;
      const existing = await services.list(businessId);
      if (existing.length >= MAX_SERVICES)
        throw new AppError(
          'SERVICE_LIMIT_REACHED',
          `You already have ${MAX_SERVICES} services, the most allowed. Delete one to add another.`,
        );
      return toServiceJson(await services.insert(businessId, randomUUID(), req.body, ctx.now()));
    },

    editService: async (req) => {
      const { id } = req.params;
      const row = await services.update(req.owner.business.id, id, req.body);
      if (!row) throw serviceNotFound(id);
      return toServiceJson(row);
    },

    deleteService: async (req) => {
      const { id } = req.params;
      const businessId = req.owner.business.id;
      const row = await services.find(businessId, id);
      if (!row || !(await services.remove(businessId, id))) throw serviceNotFound(id);
      return { message: `Service "${row.name}" deleted.` };
    },
  };
}
