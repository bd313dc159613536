/**
 * Data for the benchmarks that need a business: calls to the running server's API, an
 * owner signed up and onboarded with one service and long hours. Bookings go straight into
 * its SQLite file with insertBookings (scripts/insert-bookings.ts).
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';

export async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface SeededOwner {
  token: string;
  businessId: string;
  timeZone: string;
  serviceId: string;
}

export interface OwnerSetup {
  service?: { serviceName: string; duration: number; price: number };
  /** Open every day from the first to the second. */
  hours?: readonly [string, string];
}

/** An owner in Beverly Hills, onboarded, with one service (a 45-minute "Full Detail" at $150) and open every day (07:00-21:00). */
export async function seedOwner(
  base: string,
  name: string,
  {
    service: offered = { serviceName: 'Full Detail', duration: 45, price: 150 },
    hours: [startTime, endTime] = ['07:00', '21:00'],
  }: OwnerSetup = {},
): Promise<SeededOwner> {
  const { token } = await call<{ token: string }>(base, 'POST', '/api/auth/signup', {
    email: `bench-${randomUUID()}@example.com`,
    password: 'bench password',
    phoneNumber: '+1 5551234567',
  });
  await call(base, 'POST', '/api/onboarding/step1', { name }, token);
  await call(base, 'POST', '/api/onboarding/step2', { niche: 'other' }, token);
  const profile = await call<{ businessId: string; timeZone: string }>(
    base,
    'POST',
    '/api/onboarding/step3',
    { address: '1 N Crescent Dr, Beverly Hills, CA 90210, USA' },
    token,
  );
  const service = await call<{ _id: string }>(base, 'POST', '/api/business-dashboard/service/add', offered, token);
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  await call(
    base,
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: days.map((day) => ({ day, startTime, endTime })) },
    token,
  );
  return { token, businessId: profile.businessId, timeZone: profile.timeZone, serviceId: service._id };
}

/** The owner takes bookings up to 730 days ahead with no notice and no travel: every load's slot is bookable. */
async function bookAnyTime(base: string, token: string): Promise<void> {
  await call(
    base,
    'PUT',
    '/api/business-dashboard/settings/operations',
    {
      travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
      horizonDays: 730,
      minNoticeHours: 0,
    },
    token,
  );
}

/** The id of the owner's first crew (every business has one: docs/decisions/023). */
async function firstCrewId(base: string, token: string): Promise<string> {
  const { crews } = await call<{ crews: { _id: string }[] }>(
    base,
    'GET',
    '/api/business-dashboard/crews',
    undefined,
    token,
  );
  return crews[0]!._id;
}

/** Who a seeded booking belongs to. */
interface WashOwner {
  businessId: string;
  serviceId: string;
}

/**
 * The i-th seeded booking of a business: an approved 30-minute "Wash" at $40 with the given
 * instant and wall-clock fields, of `crewId`: a row for insertBookings or insertPgBookings.
 */
export function washBooking(
  owner: WashOwner,
  crewId: string,
  i: number,
  at: { start: number; day: string; startTime: string; endTime: string },
  now = Date.now(),
): Record<string, unknown> {
  return {
    id: randomUUID(),
    business_id: owner.businessId,
    crew_id: crewId,
    service_id: owner.serviceId,
    service_name: 'Wash',
    duration_min: 30,
    first_name: 'Seed',
    last_name: `Customer ${i}`,
    customer_email: `seed${i}@example.com`,
    phone_number: '+1 5550000000',
    car_body_type: null,
    customer_address: null,
    customer_lat: null,
    customer_lng: null,
    miles: null,
    total_cents: 4000,
    quote_lines: '[]',
    status: 'approved',
    day: at.day,
    start_time: at.startTime,
    end_time: at.endTime,
    start_ms: at.start,
    end_ms: at.start + 30 * 60_000,
    created_at: now,
    updated_at: now,
  };
}

/** The wall-clock fields of a past instant, read in UTC (the seeded past needs no zone). */
export function utcFields(start: number): { start: number; day: string; startTime: string; endTime: string } {
  const iso = new Date(start).toISOString();
  return {
    start,
    day: iso.slice(0, 10),
    startTime: iso.slice(11, 16),
    endTime: new Date(start + 30 * 60_000).toISOString().slice(11, 16),
  };
}

/** `count` washBookings of a business, one every 45 minutes back from now. */
export function pastBookings(
  owner: WashOwner & { crewId: string },
  count: number,
  now = Date.now(),
): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) =>
    washBooking(owner, owner.crewId, i, utcFields(now - (i + 1) * 45 * 60_000), now),
  );
}

/** A business that answers every day 00:00-23:59 with one 30-minute "Wash" at $40, bookable any time ahead. */
export async function seedWashBusiness(base: string, name: string) {
  const owner = await seedOwner(base, name, {
    service: { serviceName: 'Wash', duration: 30, price: 40 },
    hours: ['00:00', '23:59'],
  });
  await bookAnyTime(base, owner.token);
  return { ...owner, crewId: await firstCrewId(base, owner.token) };
}

/**
 * Booking requests that each take a different slot, round the businesses in turn: business
 * i % n books its next slot, day by day from the day after tomorrow (inside the 730-day
 * horizon: about 30,000 slots each), 41 slots a day from 03:00 to 23:00 (02:00-02:59 does
 * not exist on the spring daylight-saving day in Los Angeles, and 23:30 would end after the
 * 23:59 close). `fromDay`: how many days ahead the first slot is (2 unless given), for a
 * benchmark that reads the days ahead and must not find its own bookings there (scale.ts).
 */
export function bookingRequests(
  targets: readonly { businessId: string; serviceId: string }[],
  { fromDay = 2 }: { fromDay?: number } = {},
): autocannon.Request[] {
  const PER_DAY = 41;
  let n = 0;
  const first = (Math.floor(Date.now() / 86_400_000) + fromDay) * 86_400_000;
  return [
    {
      method: 'POST',
      path: '/api/customer/book',
      setupRequest: (req) => {
        const i = n++;
        const { businessId, serviceId } = targets[i % targets.length]!;
        const slot = Math.floor(i / targets.length);
        const date = new Date(first + Math.floor(slot / PER_DAY) * 86_400_000).toISOString().slice(0, 10);
        const minutes = 180 + (slot % PER_DAY) * 30;
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        return {
          ...req,
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            businessId,
            serviceId,
            address: '5 Rodeo Dr, Beverly Hills, CA 90210, USA',
            date,
            time,
            firstName: 'Bench',
            lastName: 'Customer',
            customerEmail: 'bench@example.com',
            phoneNumber: '+1 5551234567',
          }),
        };
      },
    },
  ];
}
