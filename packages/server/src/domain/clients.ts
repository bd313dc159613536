/**
 * Clients (docs/decisions/037): the contact a booking names, and where a customer's booking came
 * from. The matching rule is shared/src/client-match.ts; the storage repositories/clients.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { BookingsTable, ClientSource } from '../db/schema.ts';
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
