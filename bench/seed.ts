/**
 * Data for the benchmarks that need a business: calls to the running server's API, an
 * owner signed up and onboarded with one service and long hours, and bookings written
 * straight into its SQLite file (thousands through the API would measure the API).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
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

/** An owner in Beverly Hills, onboarded, with a 45-minute "Full Detail" at $150, open 07:00-21:00 every day. */
export async function seedOwner(base: string, name: string): Promise<SeededOwner> {
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
    { address: '1, Beverly Hills, CA 90210, USA' },
    token,
  );
  const service = await call<{ _id: string }>(
    base,
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Full Detail', duration: 45, price: 150 },
    token,
  );
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  await call(
    base,
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: days.map((day) => ({ day, startTime: '07:00', endTime: '21:00' })) },
    token,
  );
  return { token, businessId: profile.businessId, timeZone: profile.timeZone, serviceId: service._id };
}

/** Writes booking rows (bookings table columns) into the server's SQLite file in one transaction. */
export async function insertBookings(dataDir: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const cols = Object.keys(rows[0]!);
    const insert = db.prepare(
      `insert into bookings (${cols.join(',')}) values (${cols.map((c) => `@${c}`).join(',')})`,
    );
    db.transaction(() => {
      for (const r of rows) insert.run(r);
    })();
  } finally {
    db.close();
  }
}
