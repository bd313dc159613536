/**
 * Clients (docs/decisions/037): the contact a booking names, and where a customer's booking came
 * from. The matching rule is shared/src/client-match.ts; the storage repositories/clients.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { BookingsTable, ClientSource } from '../db/schema.ts';
import { withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { ClientContact } from '../repositories/clients.ts';

/** The contact a booking (or a plan) names: what its client is found or made by. */
export function contactOf(
  row: Pick<
    BookingsTable,
    | 'first_name'
    | 'last_name'
    | 'customer_email'
    | 'phone_number'
    | 'customer_address'
    | 'customer_lat'
    | 'customer_lng'
  > & { text_consent?: number },
): ClientContact {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.customer_email,
    phone: row.phone_number,
    address: row.customer_address,
    lat: row.customer_lat,
    lng: row.customer_lng,
    textConsent: row.text_consent === 1,
  };
}

/**
 * A customer's booking came from the business's own booking page when the page that sent it is
 * on this server's origin, and from the widget on the owner's website otherwise (the widget's
 * calls come from the page it is pasted into).
 */
export function clientSourceOf(req: FastifyRequest, ctx: AppContext): ClientSource {
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return 'widget';
  try {
    return new URL(origin).origin === new URL(ctx.config.publicUrl).origin ? 'booking_page' : 'widget';
  } catch {
    return 'widget';
  }
}

const NOT_FOUND =
  'That client is not among your clients: they may have been merged into another or erased. Open Clients and search again.';

/** The refusal for a client id that is not (or no longer) one of the business's clients. */
export function clientNotFound(message = NOT_FOUND): AppError {
  return new AppError('CLIENT_NOT_FOUND', message);
}

/**
 * Merges client `fromId` into `intoId` (docs/decisions/037) under the business's lock, so no
 * booking links to the merged record meanwhile: everything moves (repositories/clients.ts merge)
 * and the merged record goes. Asking again for a merged id is refused with a sentence saying so.
 */
export async function mergeClients(ctx: AppContext, businessId: string, fromId: string, intoId: string): Promise<void> {
  if (fromId === intoId)
    throw new AppError('VALIDATION_FAILED', 'A client cannot be merged into themselves: pick the other record.');
  await withBusinessLock(ctx.store, businessId, async (trx) => {
    const [from, into] = await Promise.all([
      ctx.repos.clients.find(trx, businessId, fromId),
      ctx.repos.clients.find(trx, businessId, intoId),
    ]);
    if (!from)
      throw clientNotFound(
        'That client is no longer among your clients: it was already merged into another (or erased). Open Clients and search again.',
      );
    if (!into)
      throw clientNotFound('The client to merge into is not among your clients: it may have been merged or erased.');
    await ctx.repos.clients.merge(trx, from, into, ctx.now());
  });
}
