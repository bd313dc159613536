import { randomUUID } from 'node:crypto';
import { csvCell } from '@slotwise/shared/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';

describe('csv cells', () => {
  it('quotes separators and neutralises formulas but not phone numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1 555 123 4567')).toBe('+1 555 123 4567');
    expect(csvCell(129.5)).toBe('129.5');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(storages())('bookings CSV export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("downloads only the owner's bookings with money as numbers and local times", async () => {
    const a = await onboardedOwner(t.app);
    const b = await onboardedOwner(t.app);
    const now = Date.now();
    const base = {
      service_id: null,
      service_name: 'Full Detail',
      duration_min: 60,
      last_name: 'Doe',
      customer_email: 'jane@example.com',
      phone_number: '+1 5550001111',
      car_body_type: 'SUV',
      customer_address: '5, Beverly Hills, CA 90210, USA',
      customer_lat: null,
      customer_lng: null,
      miles: 1.2,
      quote_lines: '[]',
      status: 'pending',
      day: '2030-01-15',
      start_time: '10:00',
      end_time: '11:00',
      start_ms: Date.UTC(2030, 0, 15, 18),
      end_ms: Date.UTC(2030, 0, 15, 19),
      created_at: Date.UTC(2029, 11, 1, 20, 30),
      updated_at: now,
    };
    // Jane's job goes to a second crew of A's (the engine gives new bookings their crew; here it is set directly).
    const truck = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/crews',
      headers: a.auth,
      payload: { name: 'Truck 2', color: '#1d4ed8' },
    });
    expect(truck.statusCode).toBe(201);
    await t.ctx.db
      .insertInto('bookings')
      .values([
        {
          ...base,
          id: randomUUID(),
          business_id: a.businessId,
          first_name: 'Jane',
          total_cents: 12950,
          crew_id: truck.json()._id,
        },
        { ...base, id: randomUUID(), business_id: b.businessId, first_name: 'Other', total_cents: 100 },
      ])
      .execute();
    const res = await t.app.inject({ url: '/api/business-dashboard/bookings/export', headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Booking ID,Status,Date,Start Time,End Time,Time Zone,Service,First Name,Last Name,Email,Phone,Car Type,Address,Total (USD),Booked At,Payment,Paid (USD),Refunded (USD),Balance Due (USD),Plan,Plan ID,Crew,Answers,Quote Lines,Quoted Total (USD),Price Change',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      ',pending,2030-01-15,10:00,11:00,America/Los_Angeles,Full Detail,Jane,Doe,jane@example.com,+1 5550001111,SUV,',
    );
    // No deposit was asked for and it is no plan's visit: the payment and plan cells are empty; then the crew,
    // the answer a booking before several questions kept (under the first question's words), no lines, no change.
    expect(lines[1]).toMatch(/,129\.5,2029-12-01 12:30,,,,,,,Truck 2,(?:[^,]+: )?SUV,,,$/);
    expect(res.body).not.toContain('Other');
    expect((await t.app.inject({ url: '/api/business-dashboard/bookings/export' })).statusCode).toBe(401);
  });
});
