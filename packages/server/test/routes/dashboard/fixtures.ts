/**
 * Test fixtures for the dashboard suites: booking rows written straight to the
 * database (the booking engine's public API is tested on its own), a mail
 * transport that keeps what it is handed, and a clock the test can move.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { BookingStatus } from '@slotwise/shared/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../../src/context.ts';
import type { MailTransport, OutgoingMail } from '../../../src/mail/transport.ts';

const LA = 'America/Los_Angeles';

/** Epoch ms of a business-local wall time ("2026-12-01", "10:00") in `zone`. */
export function wallToMs(day: string, time: string, zone = LA): number {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, mo - 1, d, h, mi, zone).getTime();
}

export interface BookingSeed {
  day: string;
  startTime: string;
  endTime: string;
  status?: BookingStatus;
  serviceId?: string | null;
  serviceName?: string;
  firstName?: string;
  lastName?: string;
  customerEmail?: string;
  totalCents?: number;
  customerAddress?: string | null;
  zone?: string;
  /** The crew doing it; absent: the business's first crew, as the app would give it. */
  crewId?: string;
}

/** The business's first crew (every business has one: docs/decisions/023). */
export async function firstCrewId(ctx: AppContext, businessId: string): Promise<string> {
  const [crew] = await ctx.repos.crews.list(businessId);
  if (!crew) throw new Error(`business ${businessId} has no crew`);
  return crew.id;
}

/** Inserts one booking row for `businessId` and returns its id. */
export async function insertBooking(ctx: AppContext, businessId: string, seed: BookingSeed): Promise<string> {
  const id = randomUUID();
  const zone = seed.zone ?? LA;
  const start = wallToMs(seed.day, seed.startTime, zone);
  const end = wallToMs(seed.day, seed.endTime, zone);
  const now = ctx.now();
  await ctx.db
    .insertInto('bookings')
    .values({
      id,
      business_id: businessId,
      crew_id: seed.crewId ?? (await firstCrewId(ctx, businessId)),
      service_id: seed.serviceId ?? null,
      service_name: seed.serviceName ?? 'Full Detail',
      duration_min: Math.round((end - start) / 60_000),
      first_name: seed.firstName ?? 'Ada',
      last_name: seed.lastName ?? 'Lovelace',
      customer_email: seed.customerEmail ?? 'ada@example.com',
      phone_number: '+1 5551234567',
      car_body_type: 'SUV',
      customer_address: seed.customerAddress === undefined ? '1 Main St, Springfield' : seed.customerAddress,
      customer_lat: null,
      customer_lng: null,
      miles: null,
      total_cents: seed.totalCents ?? 12950,
      quote_lines: '[]',
      status: seed.status ?? 'pending',
      day: seed.day,
      start_time: seed.startTime,
      end_time: seed.endTime,
      start_ms: start,
      end_ms: end,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export function captureMail(): { transport: MailTransport; sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    transport: {
      async send(mail) {
        sent.push(mail);
        return `stub-${sent.length}`;
      },
    },
  };
}

/** A clock that starts at the real time (so fresh tokens verify) and that a test can set. */
export function testClock() {
  let t = Date.now();
  return {
    now: () => t,
    set(ms: number) {
      t = ms;
    },
    reset() {
      t = Date.now();
    },
  };
}

/** Whether the database itself refuses overlapping active bookings (the booking engine's constraint or triggers). */
export async function hasOverlapGuard(ctx: AppContext): Promise<boolean> {
  const q =
    ctx.store.dialect === 'postgres'
      ? sql<{
          n: number;
        }>`select count(*)::int as n from pg_constraint where contype = 'x' and conrelid = 'bookings'::regclass`
      : sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'trigger' and tbl_name = 'bookings'`;
  const r = await q.execute(ctx.db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}
