/**
 * The owner's services (SPEC.md Services page): GET services, POST service/add,
 * PUT service/edit/:id, DELETE service/delete/:id. Bookings keep their own snapshot of
 * a service's name and duration, so editing or deleting a service never rewrites them.
 */
import { randomUUID } from 'node:crypto';
import { ServiceInput } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { toServiceJson } from '../../repositories/services.ts';

const base = '/api/business-dashboard';

/** Enough for any real menu; stops a runaway script from filling the widget with thousands of rows. */
export const MAX_SERVICES = 200;

const ServiceParams = z.object({
  id: z.string().uuid('That is not a service id; use the _id of a service from your services list.'),
});
type ServiceParams = z.infer<typeof ServiceParams>;

const serviceNotFound = (id: string) =>
  new HttpError(404, `Service ${id} was not found among your services. Reload the list and try again.`);

export async function dashboardServiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', ownerGuard(ctx));
  const services = ctx.repos.services;

  app.get(`${base}/services`, async (req) => {
    const rows = await services.list(req.owner.businessId);
    return { services: rows.map(toServiceJson) };
  });

  app.post(`${base}/service/add`, { schema: { body: ServiceInput } }, async (req, reply) => {
    const { businessId } = req.owner;
    const existing = await services.list(businessId);
    if (existing.length >= MAX_SERVICES)
      throw new HttpError(
        409,
        `You already have ${MAX_SERVICES} services, the most allowed. Delete one to add another.`,
      );
    const row = await services.insert(businessId, randomUUID(), req.body as ServiceInput, ctx.now());
    return reply.status(201).send(toServiceJson(row));
  });

  app.put(`${base}/service/edit/:id`, { schema: { params: ServiceParams, body: ServiceInput } }, async (req) => {
    const { id } = req.params as ServiceParams;
    const row = await services.update(req.owner.businessId, id, req.body as ServiceInput);
    if (!row) throw serviceNotFound(id);
    return toServiceJson(row);
  });

  app.delete(`${base}/service/delete/:id`, { schema: { params: ServiceParams } }, async (req) => {
    const { id } = req.params as ServiceParams;
    const row = await services.find(req.owner.businessId, id);
    if (!row || !(await services.remove(req.owner.businessId, id))) throw serviceNotFound(id);
    return { message: `Service "${row.name}" deleted.` };
  });
}
