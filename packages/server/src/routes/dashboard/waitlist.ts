/**
 * The owner's waiting list of a day (docs/decisions/056): who waits, and each time that opened,
 * who was offered it (in the order of least driving added: the waiting customers, then the plan
 * customers asked to move their next visit up, then recent quotes nearby) and who took it. Scoped by the owner's business.
 */
import { formatClock } from '@slotwise/shared/clock';
import { toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../../context.ts';
import { offerState } from '../../domain/waitlist.ts';
import type { Handlers } from '../register.ts';

export function waitlistDayHandlers(ctx: AppContext): Handlers<'dashboard', 'waitlistDay'> {
  return {
    waitlistDay: async (req) => {
      const b = req.owner.business;
      const { day } = req.query;
      const now = ctx.now();
      const [entries, freed, offers, visitOffers, quoteOffers, crews, services] = await Promise.all([
        ctx.db
          .selectFrom('waitlist_entries')
          .selectAll()
          .where('business_id', '=', b.id)
          .where('day', '=', day)
          .orderBy('created_at')
          .execute(),
        ctx.db
          .selectFrom('freed_times')
          .selectAll()
          .where('business_id', '=', b.id)
          .where('day', '=', day)
          .orderBy('start_ms')
          .orderBy('created_at')
          .execute(),
        ctx.db
          .selectFrom('waitlist_offers')
          .innerJoin('freed_times', 'freed_times.id', 'waitlist_offers.freed_id')
          .selectAll('waitlist_offers')
          .where('freed_times.business_id', '=', b.id)
          .where('freed_times.day', '=', day)
          .orderBy('waitlist_offers.extra_drive_min')
          .execute(),
        // The second tier: plan customers asked to move their next visit up (domain/waitlist.ts).
        ctx.db
          .selectFrom('visit_offers')
          .innerJoin('freed_times', 'freed_times.id', 'visit_offers.freed_id')
          .innerJoin('bookings', 'bookings.id', 'visit_offers.booking_id')
          .selectAll('visit_offers')
          .select(['bookings.first_name', 'bookings.last_name'])
          .where('freed_times.business_id', '=', b.id)
          .where('freed_times.day', '=', day)
          .orderBy('visit_offers.extra_drive_min')
          .execute(),
        // The third tier: recent quotes nearby whose customers asked to hear of a time (domain/quote-offers.ts).
        ctx.db
          .selectFrom('quote_offers')
          .innerJoin('freed_times', 'freed_times.id', 'quote_offers.freed_id')
          .innerJoin('owner_quotes', 'owner_quotes.id', 'quote_offers.quote_id')
          .selectAll('quote_offers')
          .select(['owner_quotes.first_name', 'owner_quotes.last_name'])
          .where('freed_times.business_id', '=', b.id)
          .where('freed_times.day', '=', day)
          .orderBy('quote_offers.extra_drive_min')
          .execute(),
        ctx.repos.crews.list(b.id),
        ctx.db.selectFrom('services').select(['id', 'name']).where('business_id', '=', b.id).execute(),
      ]);
      const byId = new Map(entries.map((e) => [e.id, e]));
      const nameOf = (id: string) => {
        const e = byId.get(id);
        return e ? `${e.first_name} ${e.last_name}` : 'Someone who left the list';
      };
      const crewName = new Map(crews.map((c) => [c.id, c.name]));
      const serviceName = new Map(services.map((s) => [s.id, s.name]));
      return {
        day,
        entries: entries.map((e) => ({
          id: e.id,
          name: `${e.first_name} ${e.last_name}`,
          email: e.customer_email,
          phone: e.phone_number,
          serviceName: serviceName.get(e.service_id) ?? 'A service since removed',
          address: e.customer_address,
          total: toDollars(e.total_cents),
          status: e.status,
          joinedAt: new Date(e.created_at).toISOString(),
        })),
        freed: freed.map((f) => {
          const mine = offers
            .filter((o) => o.freed_id === f.id)
            .map((o) => ({
              name: nameOf(o.entry_id),
              state: offerState(o, now),
              kind: 'waitlist' as const,
              extraDriveMin: o.extra_drive_min,
            }));
          const visits = visitOffers
            .filter((o) => o.freed_id === f.id)
            .map((o) => ({
              name: `${o.first_name} ${o.last_name}`,
              state: offerState(o, now),
              kind: 'visit' as const,
              extraDriveMin: o.extra_drive_min,
            }));
          const quotes = quoteOffers
            .filter((o) => o.freed_id === f.id)
            .map((o) => ({
              name: `${o.first_name} ${o.last_name}`,
              state: offerState(o, now),
              kind: 'quote' as const,
              extraDriveMin: o.extra_drive_min,
            }));
          const all = [...mine, ...visits, ...quotes];
          const taken = all.find((o) => o.state === 'taken');
          return {
            id: f.id,
            time: formatClock(f.start_time, b.time_format),
            crew: f.crew_id ? (crewName.get(f.crew_id) ?? null) : null,
            reason: f.reason,
            status: f.status,
            offers: all,
            filledBy: taken ? taken.name : null,
          };
        }),
      };
    },
  };
}
