/** Finding what a call names: the business and its service, or a refusal that says what to check. */
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';

export function businessNotFound(businessId: string): AppError {
  return new AppError(
    'BUSINESS_NOT_FOUND',
    `No business has the id ${businessId}. Check the businessId in the embed code (Services page of the dashboard).`,
  );
}

export function serviceNotFound(): AppError {
  return new AppError(
    'SERVICE_NOT_FOUND',
    'That service is not offered by this business any more. Please pick another service.',
  );
}

export async function loadBusiness(ctx: AppContext, businessId: string, from?: Tx): Promise<Business> {
  const b = await ctx.repos.businesses.findById(businessId, from);
  if (!b) throw businessNotFound(businessId);
  return b;
}

export async function loadService(ctx: AppContext, business: Business, serviceId: string): Promise<ServicesTable> {
  const service = await ctx.repos.services.find(business.id, serviceId);
  if (!service) throw serviceNotFound();
  return service;
}
