/** The owner's clients (docs/decisions/037): the list searched as they type, and one client. */
import type { ClientDetail, ClientSummary } from '@slotwise/shared/api';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ClientAddressRow, ClientSummaryRow } from '../../repositories/clients.ts';
import type { Handlers } from '../register.ts';

function summaryOf(row: ClientSummaryRow): ClientSummary {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    lastVisit: row.last_visit,
    nextVisit: row.next_visit,
    spentCents: row.spent_cents,
    bookings: row.booking_count,
  };
}

function detailOf(row: ClientSummaryRow, addresses: ClientAddressRow[]): ClientDetail {
  return {
    ...summaryOf(row),
    addresses: addresses.map((a) => ({ _id: a.id, address: a.address, notes: a.notes })),
    notes: row.notes,
    tags: JSON.parse(row.tags) as string[],
    textsConsent: row.texts_consent === 1,
    marketingConsent: row.marketing_consent === 1,
    source: row.source,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function clientHandlers(ctx: AppContext): Handlers<'dashboard', 'clients' | 'client'> {
  const { clients } = ctx.repos;
  return {
    clients: async (req) => {
      const { q, sort, limit } = req.query;
      const rows = await clients.search(req.owner.business.id, { q, sort, limit, now: ctx.now() });
      return { clients: rows.map(summaryOf) };
    },
    client: async (req) => {
      const found = await clients.get(req.owner.business.id, req.params.id, ctx.now());
      if (!found)
        throw new AppError(
          'CLIENT_NOT_FOUND',
          'That client is not among your clients: they may have been merged into another or erased. Open Clients and search again.',
        );
      return detailOf(found.client, found.addresses);
    },
  };
}
