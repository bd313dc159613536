/**
 * Reading bookings and changing their status. Writes that touch the calendar
 * (create, move) live in repositories/calendar.ts under the per-business lock.
 */
import { type BookingStatus, WAITING_FOR_OWNER } from '@slotwise/shared/domain';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

const HOUR_MS = 3_600_000;

/**
 * A booking's status, time and crew, and a new price's state: what an undone decline or move puts
 * back (domain/undo-window.ts). An undo recorded before crews has no crew_id: the crew stays; one
 * recorded before a decline withdrew a new price has no price_state: it stays.
 */
export type BookingStatusAndTime = Pick<
  Selectable<BookingsTable>,
  'status' | 'day' | 'start_time' | 'end_time' | 'start_ms' | 'end_ms'
> & { crew_id?: string | null; price_state?: Selectable<BookingsTable>['price_state'] };

export function bookingsRepository(db: Kysely<Database>) {
  return {
    find(businessId: string, bookingId: string, from: Tx = db): Promise<Selectable<BookingsTable> | undefined> {
      return from
        .selectFrom('bookings')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', bookingId)
        .executeTakeFirst();
    },
    /** A booking by its id alone, for callers that learn the business from it (a customer's checkout, Stripe's events). */
    byId(bookingId: string, from: Tx = db): Promise<Selectable<BookingsTable> | undefined> {
      return from.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
    },
    /** Whether the business has any booking at all, whatever its status (the first-day checklist's test booking). */
    async hasAny(businessId: string): Promise<boolean> {
      const row = await db
        .selectFrom('bookings')
        .select('id')
        .where('business_id', '=', businessId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The days after `afterDay` with a job booked or asked for at exactly this address, soonest first. */
    async upcomingDaysAt(businessId: string, address: string, afterDay: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('bookings')
        .select('day')
        .distinct()
        .where('business_id', '=', businessId)
        .where('customer_address', '=', address)
        .where('day', '>', afterDay)
        .where('status', 'in', ['pending', 'approved'])
        .orderBy('day')
        .limit(limit)
        .execute();
      return rows.map((r) => r.day);
    },
    /**
     * Bookings of a business, optionally within business-local days [fromDay, toDay], in time order.
     * Holds that lapsed unpaid (expired) are left out: the owner never had them.
     */
    list(businessId: string, range: { fromDay?: string; toDay?: string } = {}): Promise<Selectable<BookingsTable>[]> {
      let q = db
        .selectFrom('bookings')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('status', '<>', 'expired');
      if (range.fromDay) q = q.where('day', '>=', range.fromDay);
      if (range.toDay) q = q.where('day', '<=', range.toDay);
      return q.orderBy('start_ms').orderBy('id').execute();
    },
    /**
     * What waits for the owner's answer (a pending booking, a plan's visit that needs a time), whatever
     * its day, soonest first: the first `limit` and how many there are. Both read the partial index
     * bookings_waiting (migration 2026-12-07T0900), so they cost the few rows waiting, not the history.
     */
    async waiting(businessId: string, limit: number): Promise<{ count: number; rows: Selectable<BookingsTable>[] }> {
      const waits = db
        .selectFrom('bookings')
        .where('business_id', '=', businessId)
        // Literals, not parameters, so PostgreSQL's planner matches the partial index's predicate.
        .where(sql<boolean>`status in (${sql.join(WAITING_FOR_OWNER.map((st) => sql.lit(st)))})`);
      const [rows, counted] = await Promise.all([
        waits.selectAll().orderBy('start_ms').orderBy('id').limit(limit).execute(),
        waits.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { count: Number(counted.n), rows };
    },
    /**
     * How many pending bookings still to come a business holds for this e-mail, and for this
     * requester; unpaid holds count too (each keeps a time from other customers for 15 minutes).
     * A plan's pending visits count once, as the one request they came from (docs/decisions/022).
     */
    async pendingAhead(
      from: Tx,
      businessId: string,
      who: { email: string; requester: string },
      now: number,
    ): Promise<{ byEmail: number; byRequester: number }> {
      const rows = await from
        .selectFrom('bookings')
        .select(['id', 'plan_id', 'customer_email', 'requester'])
        .where('business_id', '=', businessId)
        .where('status', 'in', ['pending', 'awaiting_payment'])
        .where('start_ms', '>', now)
        .where((eb) => eb.or([eb('customer_email', '=', who.email), eb('requester', '=', who.requester)]))
        .execute();
      const requests = (match: (r: (typeof rows)[number]) => boolean) =>
        new Set(rows.filter(match).map((r) => r.plan_id ?? r.id)).size;
      return {
        byEmail: requests((r) => r.customer_email === who.email),
        byRequester: requests((r) => r.requester === who.requester),
      };
    },
    async setStatus(
      trx: Tx,
      bookingId: string,
      status: BookingStatus,
      now: number,
      /** 'withdrawn': the owner decided while a new price waited for the customer (docs/decisions/026). */
      priceState?: 'withdrawn',
    ): Promise<Selectable<BookingsTable>> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({
          status,
          ...(priceState ? { price_state: priceState } : {}),
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * An approval at an adjusted price proposed (docs/decisions/026): the booking stays pending
     * with the total proposed and why, the quoted total kept beside it, until the customer answers.
     */
    async proposePrice(
      trx: Tx,
      bookingId: string,
      change: { quotedCents: number; proposedCents: number; reason: string },
      now: number,
    ): Promise<Selectable<BookingsTable>> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({
          price_quoted_cents: change.quotedCents,
          price_proposed_cents: change.proposedCents,
          price_reason: change.reason,
          price_state: 'proposed',
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * The customer's answer to a proposed price: accepted, the total and lines become the adjusted
     * ones and the booking is approved; declined, the state says so (the caller cancels the booking).
     */
    async answerPrice(
      trx: Tx,
      bookingId: string,
      answer: { state: 'accepted'; totalCents: number; quoteLines: string } | { state: 'declined' },
      now: number,
    ): Promise<Selectable<BookingsTable>> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({
          price_state: answer.state,
          ...(answer.state === 'accepted'
            ? { status: 'approved', total_cents: answer.totalCents, quote_lines: answer.quoteLines }
            : {}),
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * Every pending request of every business not reminded or expired yet, soonest first, with its
     * business's rules (docs/decisions/051): the few rows the request-expiry pass looks at each minute.
     */
    /**
     * The pending requests with a reminder or an expiry due by `now` (domain/request-expiry.ts keeps
     * the final word, dueAction). The conditions are that rule's own, in SQL, so the pass reads only
     * what is due: read by age alone, a business's 500 oldest requests not yet due (a far cut-off,
     * reminders off) filled every page and starved the due ones behind them.
     */
    unansweredRequests(now: number, limit = 500) {
      const hoursAgo = (column: 'request_nudge_hours' | 'request_expiry_hours') =>
        sql<number>`${sql.ref('bookings.created_at')} + ${sql.ref(`businesses.${column}`)} * ${sql.lit(HOUR_MS)}`;
      return (
        db
          .selectFrom('bookings')
          .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
          .selectAll('bookings')
          .select([
            'businesses.request_nudge_hours',
            'businesses.request_expiry_hours',
            'businesses.min_notice_minutes',
          ])
          // A literal, not a parameter, so PostgreSQL's planner matches the partial index bookings_pending_requests.
          .where(sql<boolean>`bookings.status = ${sql.lit('pending')}`)
          // Nothing is due in a request's first hour (whole hours of reminder, MIN_WAIT_MS): the index's range.
          .where('bookings.created_at', '<=', now - HOUR_MS)
          // A request whose time has begun is left to the owner (domain/request-expiry.ts).
          .where('bookings.start_ms', '>', now)
          .where((eb) =>
            eb.or([
              // A reminder due.
              eb.and([
                eb('bookings.request_nudged_ms', 'is', null),
                eb('businesses.request_nudge_hours', '>', 0),
                eb(hoursAgo('request_nudge_hours'), '<=', now),
              ]),
              // An expiry due: its cut-off, or the job's notice, reached.
              eb.and([
                eb('businesses.request_expiry_hours', '>', 0),
                eb('bookings.plan_id', 'is', null),
                eb('bookings.paid_cents', '=', 0),
                eb.or([
                  eb(hoursAgo('request_expiry_hours'), '<=', now),
                  eb(
                    sql<number>`${sql.ref('bookings.start_ms')} - ${sql.ref('businesses.min_notice_minutes')} * ${sql.lit(60_000)}`,
                    '<=',
                    now,
                  ),
                ]),
              ]),
            ]),
          )
          .orderBy('bookings.created_at')
          .orderBy('bookings.id')
          .limit(limit)
          .execute()
      );
    },
    /**
     * A request expired unanswered (docs/decisions/051): declined, with when, only while it is still
     * pending, a one-off and unpaid, so an owner's Approve landing first (or a payment, or a new
     * price proposed) wins. The row when this call changed it, else undefined.
     */
    async expireRequest(trx: Tx, bookingId: string, now: number): Promise<Selectable<BookingsTable> | undefined> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({ status: 'declined', request_expired_ms: now, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', bookingId)
        .where('status', '=', 'pending')
        .where('plan_id', 'is', null)
        .where('paid_cents', '=', 0)
        .where((eb) => eb.or([eb('price_state', 'is', null), eb('price_state', '<>', 'proposed')]))
        .returningAll()
        .executeTakeFirst();
    },
    /** The owner reminded of a request, once: true only for the call that marked it (docs/decisions/051). */
    async markRequestNudged(trx: Tx, bookingId: string, now: number): Promise<boolean> {
      const r = await trx
        .updateTable('bookings')
        .set({ request_nudged_ms: now })
        .where('id', '=', bookingId)
        .where('status', '=', 'pending')
        .where('request_nudged_ms', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /**
     * An unpaid hold let go (docs/decisions/021): only while it is still awaiting payment and,
     * given `lapsedBy`, only once its time is up, so of several instances one releases it. True for that one.
     */
    async releaseHold(trx: Tx, bookingId: string, now: number, lapsedBy?: number): Promise<boolean> {
      let q = trx
        .updateTable('bookings')
        .set((eb) => ({ status: 'expired', hold_until: null, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', bookingId)
        .where('status', '=', 'awaiting_payment');
      if (lapsedBy !== undefined) q = q.where('hold_until', '<=', lapsedBy);
      return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    },
    /** Stripe's word that the deposit was paid: the amount, and the status it now has (pending, approved, or kept). */
    markPaid(
      trx: Tx,
      bookingId: string,
      paid: { cents: number; status?: 'pending' | 'approved' },
      now: number,
    ): Promise<Selectable<BookingsTable>> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({
          paid_cents: paid.cents,
          updated_at: now,
          ...(paid.status ? { status: paid.status, hold_until: null, version: eb('version', '+', 1) } : {}),
        }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Counts a refund queued (a positive amount) or given back (a failed or withdrawn one, negative). */
    addRefunded(from: Tx, bookingId: string, cents: number, now: number): Promise<Selectable<BookingsTable>> {
      return from
        .updateTable('bookings')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), updated_at: now }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * An undone decline or move (domain/undo-window.ts): puts back the columns it changed. The
     * version moves on, as with every write of the time or status. Run inside withBusinessLock,
     * after checking that the time it goes back to is free.
     */
    restore(trx: Tx, bookingId: string, state: BookingStatusAndTime, now: number): Promise<Selectable<BookingsTable>> {
      return trx
        .updateTable('bookings')
        .set((eb) => ({ ...state, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', bookingId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * After the business's time zone changes: the instants (start_ms, end_ms) stay
     * what the customer booked, and the wall-time fields are rewritten in the new zone.
     * Run inside withBusinessLock. Returns how many rows changed.
     */
    async rewriteWallTimes(
      trx: Tx,
      businessId: string,
      wall: (ms: number) => { day: string; time: string },
      now: number,
    ): Promise<number> {
      const rows = await trx
        .selectFrom('bookings')
        .select(['id', 'day', 'start_time', 'end_time', 'start_ms', 'end_ms'])
        .where('business_id', '=', businessId)
        .execute();
      let changed = 0;
      for (const r of rows) {
        const start = wall(r.start_ms);
        const end = wall(r.end_ms);
        // bookingTime has one day; an end that lands on the next day reads as the day's last minute.
        const endTime = end.day === start.day ? end.time : '23:59';
        if (start.day === r.day && start.time === r.start_time && endTime === r.end_time) continue;
        await trx
          .updateTable('bookings')
          .set({ day: start.day, start_time: start.time, end_time: endTime, updated_at: now })
          .where('id', '=', r.id)
          .execute();
        changed++;
      }
      return changed;
    },
    /**
     * Approved bookings starting in (now, untilMs] whose reminder is not sent, with their
     * business's name, zone and clock. A booking with mail held for an undo (an owner's move, say:
     * domain/undo-window.ts) waits for a later pass: a reminder of its new time must not reach
     * the customer before the change's own mail, nor at all if the owner takes the move back
     * (held mail as repositories/mail-outbox.ts defines it).
     */
    dueReminders(now: number, untilMs: number) {
      return db
        .selectFrom('bookings')
        .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
        .selectAll('bookings')
        .select([
          'businesses.name as business_name',
          'businesses.time_zone as business_time_zone',
          'businesses.time_format as business_time_format',
          'businesses.slug as business_slug',
        ])
        .where('bookings.status', '=', 'approved')
        .where('bookings.reminder_sent_at', 'is', null)
        .where('bookings.start_ms', '>', now)
        .where('bookings.start_ms', '<=', untilMs)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('mail_outbox')
                .select('mail_outbox.id')
                .whereRef('mail_outbox.booking_id', '=', 'bookings.id')
                .where('mail_outbox.sent_at', 'is', null)
                .where('mail_outbox.attempts', '=', 0)
                .where('mail_outbox.next_attempt_at', '>', now),
            ),
          ),
        )
        .orderBy('bookings.start_ms')
        .limit(200)
        .execute();
    },
    /** Claims a booking's reminder: true only for the one caller (of any instance) whose update changed the row. */
    async markReminded(trx: Tx, bookingId: string, now: number): Promise<boolean> {
      const mark = await trx
        .updateTable('bookings')
        .set({ reminder_sent_at: now })
        .where('id', '=', bookingId)
        .where('reminder_sent_at', 'is', null)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return Number(mark.numUpdatedRows) === 1;
    },
    /**
     * The owner's "Mark completed" (docs/decisions/027): an approved job done, at any time (a job
     * finished early counts); false when the booking is not approved (the caller says why).
     */
    async complete(trx: Tx, businessId: string, bookingId: string, now: number): Promise<boolean> {
      const r = await trx
        .updateTable('bookings')
        .set((eb) => ({ status: 'completed', completed_at: now, updated_at: now, version: eb('version', '+', 1) }))
        .where('business_id', '=', businessId)
        .where('id', '=', bookingId)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Approved bookings starting within 2 hours whose customer agreed to texts, at businesses that send the second reminder. */
    dueSecondReminders(now: number, untilMs: number) {
      return db
        .selectFrom('bookings')
        .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
        .select(['bookings.id', 'bookings.business_id'])
        .where('bookings.status', '=', 'approved')
        .where('bookings.text_consent', '=', 1)
        .where('bookings.reminder_2h_sent_at', 'is', null)
        .where('businesses.text_reminder_2h', '=', 1)
        .where('bookings.start_ms', '>', now)
        .where('bookings.start_ms', '<=', untilMs)
        .orderBy('bookings.start_ms')
        .limit(200)
        .execute();
    },
    async markRemindedAgain(trx: Tx, bookingId: string, now: number): Promise<boolean> {
      const mark = await trx
        .updateTable('bookings')
        .set({ reminder_2h_sent_at: now })
        .where('id', '=', bookingId)
        .where('reminder_2h_sent_at', 'is', null)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return Number(mark.numUpdatedRows) === 1;
    },
    /** The periodic sweep: approved bookings past their end become completed. Safe on every instance at once. */
    async completePast(now: number): Promise<number> {
      const r = await db
        .updateTable('bookings')
        .set({ status: 'completed', completed_at: now, updated_at: now })
        .where('status', '=', 'approved')
        .where('end_ms', '<=', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
