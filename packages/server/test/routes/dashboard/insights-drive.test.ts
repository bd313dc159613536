/**
 * Profit after the drive (issue 45 item 3; docs/decisions/057) through the API: the owner sets the
 * vehicle cost per mile in Operations, and the drive call answers the period's approved and completed
 * jobs' earnings per working hour by ZIP code and service, and the advice, as computed by hand in
 * domain/drive-profit.test.ts (the same eight jobs, north of the business at whole miles).
 */
import type { InsightsDrive, OperationsSettings } from '@slotwise/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { insertBooking } from './fixtures.ts';

const d = '/api/business-dashboard';
const OPS: OperationsSettings = {
  travel: { enabled: true, speedMph: 30, bufferMinutes: 0 },
  maxDistanceMiles: null,
  changeCutoffHours: 0,
};

describe.each(storages())('profit after the drive on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    t.clock.now = Date.parse('2026-12-01T12:00:00Z');
    shop = await detailer(t);
    other = await detailer(t);
    const b = await t.ctx.repos.businesses.findById(shop.businessId);
    const north = (miles: number) => ({ customer_lat: b!.lat! + miles / 69.093, customer_lng: b!.lng! });
    const jobs: [string, string, number, number, string][] = [
      ['2026-11-02', '09:00', 2, 10_000, '1 Oak St, Beverly Hills, CA 90210'],
      ['2026-11-02', '11:00', 4, 10_000, '2 Oak St, Beverly Hills, CA 90210'],
      ['2026-11-03', '09:00', 4, 10_000, '3 Oak St, Beverly Hills, CA 90210'],
      ['2026-11-04', '09:00', 2, 10_000, '4 Oak St, Beverly Hills, CA 90210'],
      ['2026-11-04', '12:00', 20, 10_000, '5 Elm St, Santa Clarita, CA 91350'],
      ['2026-11-05', '10:00', 20, 10_000, '6 Elm St, Santa Clarita, CA 91350'],
      ['2026-11-06', '10:00', 24, 10_000, '7 Elm St, Santa Clarita, CA 91350'],
      ['2026-11-06', '12:00', 20, 10_000, 'Somewhere north'],
    ];
    for (const [i, [day, start, miles, cents, address]] of jobs.entries()) {
      const id = await insertBooking(t.ctx, shop.businessId, {
        day,
        startTime: start,
        endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
        status: i % 2 ? 'approved' : 'completed',
        serviceId: shop.fullId,
        serviceName: 'Full Detail',
        totalCents: cents,
        customerAddress: address,
      });
      await t.ctx.db.updateTable('bookings').set(north(miles)).where('id', '=', id).execute();
    }
    // The period's quotes by whole miles (missed work's counts): 8, 3 of them farther than 4 miles.
    for (const [miles, count, outcome] of [
      [3, 5, 'quoted'],
      [5, 2, 'quoted'],
      [21, 1, 'quoted'],
      [30, 4, 'outside_area'],
    ] as const)
      await t.ctx.repos.insights.countDemand({
        business_id: shop.businessId,
        day: '2026-11-10',
        zip: '90210',
        outcome,
        miles,
        count,
        value_cents: 10_000 * count,
      });
    // Not counted: a pending request, a declined one, one outside the period.
    for (const [day, status] of [
      ['2026-11-07', 'pending'],
      ['2026-11-08', 'declined'],
      ['2026-10-01', 'completed'],
    ] as const)
      await insertBooking(t.ctx, shop.businessId, {
        day,
        startTime: '09:00',
        endTime: '10:00',
        status,
        totalCents: 99_900,
        customerAddress: '9 Far Rd, Ojai, CA 93023',
      });
  });
  afterAll(() => t.close());

  const drive = (who: Shop, from = '2026-11-01', to = '2026-11-30') =>
    t.app.inject({ url: `${d}/insights/drive?from=${from}&to=${to}`, headers: who.auth });
  const ops = (who: Shop, body: unknown) =>
    t.app.inject({ method: 'PUT', url: `${d}/settings/operations`, headers: who.auth, payload: body as object });

  it('keeps the vehicle cost per mile in Operations, unchanged when left out, and refuses a bad one', async () => {
    const set = await ops(shop, { ...OPS, vehicleCostPerMile: 0.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().vehicleCostPerMile).toBe(0.5);
    const kept = await ops(shop, OPS);
    expect(kept.json().vehicleCostPerMile).toBe(0.5);
    for (const bad of [-1, 0.125, 21, 'lots']) {
      const res = await ops(shop, { ...OPS, vehicleCostPerMile: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Vehicle cost per mile/);
    }
  });

  it('answers earnings per working hour after the drive by ZIP code and service, and the advice', async () => {
    const res = await drive(shop);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as InsightsDrive;
    expect(a).toMatchObject({ vehicleCostPerMile: 0.5, pricePerMile: 1.5, speedMph: 30, located: 8, minJobs: 8 });
    expect(a.total).toMatchObject({ jobs: 8, earnings: 762, hours: 10.53, driveMinutes: 152, miles: 76 });
    expect(a.zips.map((z) => [z.name, z.jobs, z.earnings, z.perHour])).toEqual([
      ['90210', 4, 395, 91.15],
      ['Unknown', 1, 98, 86.47],
      ['91350', 3, 269, 53.09],
    ]);
    expect(a.zips[0]!.place).toBe('Beverly Hills, CA');
    expect(a.services).toEqual([
      {
        key: shop.fullId,
        name: 'Full Detail',
        place: '',
        jobs: 8,
        earnings: 762,
        hours: 10.53,
        driveMinutes: 152,
        miles: 76,
        perHour: 72.34,
      },
    ]);
    // $1.50 charged per mile now, plus the $1.18 the far jobs lack.
    expect(a.advice).toEqual({
      beyondMiles: 4,
      farJobs: 4,
      insideJobs: 4,
      farPerHour: 59.19,
      insidePerHour: 91.15,
      targetPerHour: 75.17,
      pricePerMile: 2.68,
      areaMiles: 4,
      areaKeepsSome: false,
      // Of the period's 8 quotes, those from 5 and 21 miles: refused by an area of 4 miles.
      quotes: 8,
      quotesBeyondArea: 3,
    });
    expect(a.noAdvice).toBeNull();
  });

  it("says why there is no advice, and shows nothing of another owner's jobs", async () => {
    const few = (await drive(shop, '2026-11-01', '2026-11-05')).json() as InsightsDrive;
    expect(few.advice).toBeNull();
    expect(few.noAdvice).toBe('few-jobs');
    expect(few.located).toBe(6);
    const theirs = (await drive(other)).json() as InsightsDrive;
    expect(theirs.total.jobs).toBe(0);
    expect(theirs.zips).toEqual([]);
    expect(theirs.vehicleCostPerMile).toBe(0);
  });

  it('refuses a bad period with a sentence', async () => {
    const res = await drive(shop, '2026-11-30', '2026-11-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/from <= to/);
  });
});
