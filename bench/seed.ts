/**
 * Data for the benchmarks that need a business: calls to the running server's API, an
 * owner signed up and onboarded with one service and long hours. Bookings go straight into
 * its SQLite file with insertBookings (scripts/insert-bookings.ts).
 */
import { randomUUID } from 'node:crypto';

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
