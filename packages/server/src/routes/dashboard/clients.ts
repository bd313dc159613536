/**
 * The owner's clients (docs/decisions/037): the list searched as they type, one client's page
 * (places, things served, notes, tags, consent, bookings, plans, messages, totals), the owner's
 * edits, the suggested duplicates and their merge.
 */
import type { ClientBooking, ClientDetail, ClientMessage, ClientSummary } from '@slotwise/shared/api';
import { ACTIVE_STATUSES, type BookingStatus } from '@slotwise/shared/domain';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { clientNotFound, mergeClients } from '../../domain/clients.ts';
import { toOwnerQuoteJson } from '../../domain/owner-quotes.ts';
import { effectiveStatus } from '../../domain/status.ts';
import { messageName } from '../../mail/delivery.ts';
import type { ClientThingRow } from '../../repositories/client-things.ts';
import type {
  ClientAddressRow,
  ClientBookingRow,
  ClientMessageRow,
  ClientSummaryRow,
} from '../../repositories/clients.ts';
import type { Handlers } from '../register.ts';

/** The latest this many past bookings and messages are on a client's page. */
const HISTORY = 50;
/** At most this many pairs are suggested at once: merging some shows the next. */
const DUPLICATES = 50;

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

function bookingOf(row: ClientBookingRow, now: number): ClientBooking {
  return {
    _id: row.id,
    day: row.day,
    startTime: row.start_time,
    serviceName: row.service_name,
    status: effectiveStatus(row as Parameters<typeof effectiveStatus>[0], now),
    totalCents: row.total_cents,
  };
}

function messageOf(row: ClientMessageRow): ClientMessage {
  const name = messageName(row.kind, row.channel);
  return {
    _id: row.id,
    channel: row.channel,
    name: name.charAt(0).toUpperCase() + name.slice(1),
    to: row.to_address,
    state: row.sent_at !== null ? 'sent' : row.failed_at !== null ? 'failed' : 'waiting',
    reason: row.sent_at === null ? row.last_error : null,
    at: new Date(row.sent_at ?? row.failed_at ?? row.created_at).toISOString(),
  };
}

function thingOf(row: ClientThingRow): ClientDetail['things'][number] {
  let answers: ClientDetail['things'][number]['answers'] = [];
  try {
    const parsed: unknown = JSON.parse(row.answers);
    if (Array.isArray(parsed)) answers = parsed as typeof answers;
  } catch {
    // An unreadable column reads as no answers.
  }
  return { _id: row.id, label: row.label, answers };
}

export function clientHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  'clients' | 'client' | 'clientDuplicates' | 'updateClient' | 'clientPlaces' | 'clientThings' | 'mergeClient'
> {
  const { clients, clientThings } = ctx.repos;

  /** One client's page, or CLIENT_NOT_FOUND. */
  async function detail(businessId: string, clientId: string): Promise<ClientDetail> {
    const now = ctx.now();
    const found = await clients.get(businessId, clientId, now);
    if (!found) throw clientNotFound();
    const row = found.client;
    const [things, bookings, plans, messages, quotes] = await Promise.all([
      clientThings.of(clientId),
      clients.bookingsOf(businessId, clientId, 500),
      clients.plansOf(businessId, clientId),
      clients.messagesTo(businessId, clientId, HISTORY),
      ctx.repos.ownerQuotes.ofClient(businessId, clientId, HISTORY),
    ]);
    const shown = bookings.map((b) => bookingOf(b, now));
    const isNext = (b: ClientBooking, i: number) =>
      ACTIVE_STATUSES.includes(b.status as BookingStatus) && (bookings[i]?.end_ms ?? 0) > now;
    const next = shown.filter(isNext).reverse();
    const past = shown.filter((b, i) => !isNext(b, i));
    return {
      ...summaryOf(row),
      addresses: found.addresses.map((a: ClientAddressRow) => ({ _id: a.id, address: a.address, notes: a.notes })),
      things: things.map(thingOf),
      notes: row.notes,
      tags: JSON.parse(row.tags) as string[],
      textsConsent: row.texts_consent === 1,
      marketingConsent: row.marketing_consent === 1,
      source: row.source,
      createdAt: new Date(row.created_at).toISOString(),
      nextBookings: next,
      pastBookings: past.slice(0, HISTORY),
      plans: plans.map((p) => ({
        _id: p.id,
        serviceName: p.service_name,
        frequency: p.frequency,
        status: p.status,
        startDay: p.start_day,
        priceCents: p.price_cents,
      })),
      messages: messages.map(messageOf),
      quotes: quotes.map((q) => toOwnerQuoteJson(q, now)),
      totals: {
        visits: shown.filter((b) => b.status === 'completed').length,
        upcomingCents: next.reduce((sum, b) => sum + b.totalCents, 0),
      },
    };
  }

  /** Runs an edit of one of the business's clients in a transaction; CLIENT_NOT_FOUND when it is not theirs. */
  async function edit(
    businessId: string,
    clientId: string,
    work: (trx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<void>,
  ) {
    await inTransaction(ctx.store, async (trx) => {
      if (!(await clients.find(trx, businessId, clientId))) throw clientNotFound();
      await work(trx);
    });
    return detail(businessId, clientId);
  }

  return {
    clients: async (req) => {
      const { q, sort, limit } = req.query;
      const rows = await clients.search(req.owner.business.id, { q, sort, limit, now: ctx.now() });
      return { clients: rows.map(summaryOf) };
    },
    client: async (req) => detail(req.owner.business.id, req.params.id),

    clientDuplicates: async (req) => {
      const businessId = req.owner.business.id;
      const pairs = await clients.duplicates(businessId, DUPLICATES);
      const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
      const rows = await clients.summaries(businessId, ids, ctx.now());
      const byId = new Map(rows.map((r) => [r.id, summaryOf(r)]));
      return {
        duplicates: pairs.flatMap((p) => {
          const a = byId.get(p.a);
          const b = byId.get(p.b);
          return a && b ? [{ a, b, reason: p.reason }] : [];
        }),
      };
    },

    updateClient: async (req) =>
      edit(req.owner.business.id, req.params.id, (trx) => clients.update(trx, req.params.id, req.body, ctx.now())),

    clientPlaces: async (req) =>
      edit(req.owner.business.id, req.params.id, (trx) =>
        clients.setPlaces(trx, req.owner.business.id, req.params.id, req.body.places, ctx.now()),
      ),

    clientThings: async (req) =>
      edit(req.owner.business.id, req.params.id, (trx) =>
        clientThings.set(trx, req.owner.business.id, req.params.id, req.body.things, ctx.now()),
      ),

    mergeClient: async (req) => {
      await mergeClients(ctx, req.owner.business.id, req.params.id, req.body.intoId);
      return detail(req.owner.business.id, req.body.intoId);
    },
  };
}
