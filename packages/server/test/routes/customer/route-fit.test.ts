/**
 * Price by route fit (issue 45 item 1; docs/decisions/055): the owner's share and floor, the slots
 * answer's saving beside a booked job, and the booking priced again under the lock, refused
 * PRICE_CHANGED when the price shown is no longer the price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  bookBody,
  CUSTOMER_ADDRESS,
  DAY,
  detailer,
  engineApp,
  type Shop,
  slots,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

/** The same street as CUSTOMER_ADDRESS (located by the same ZIP code offline). */
const NEIGHBOUR = '9 Ocean Ave, Santa Monica, CA 90401, USA';
const NEXT_DAY = '2026-12-03';
const ACROSS_TOWN = '1 Colorado Blvd, Pasadena, CA 91101, USA';

interface SlotJson {
  time: string;
  available: boolean;
  saving?: number;
}

describe.each(storages())('price by route fit on %s', (kind) => {
  let t: TestApp;
  let shop: Shop;
  let quoteTotal: number;
  let baseTravel: number;

  const settings = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/update-distance-pricing',
      headers: shop.auth,
      payload,
    });
  const daySlots = async (date: string, address = NEIGHBOUR): Promise<SlotJson[]> => {
    const res = await slots(t, { businessId: shop.businessId, date, serviceId: shop.fullId, address });
    expect(res.statusCode).toBe(200);
    return res.json().slots;
  };
  const at = (list: SlotJson[], time: string) => list.find((s) => s.time === time)!;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/customer/quote',
      payload: { businessId: shop.businessId, serviceId: shop.fullId, answer: { option: 'SUV' }, address: NEIGHBOUR },
    });
    expect(quote.statusCode).toBe(200);
    quoteTotal = quote.json().totalQuote;
    const distance = (quote.json().lines as { label: string; amount: number }[]).find((l) =>
      l.label.startsWith('Distance'),
    );
    baseTravel = distance!.amount;
    expect(baseTravel).toBeGreaterThan(5);
    // The first customer on the street, at 10:00, before the owner shares any saving.
    expect((await book(t, bookBody(shop, { address: CUSTOMER_ADDRESS }))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('is off by default: the settings say none, and the slots answer as before (no saving)', async () => {
    const res = await t.app.inject({ url: '/api/business-dashboard/settings/distance-pricing', headers: shop.auth });
    expect(res.json()).toEqual({ chargeForDistance: true, pricePerMile: 1.5, nearbyShare: 'none', nearbyFloor: 0 });
    for (const slot of await daySlots(DAY)) expect(Object.keys(slot).sort()).toEqual(['available', 'time']);
  });

  it('refuses a share that is not none, half or all, and a floor that is not dollars', async () => {
    const bad = await settings({ pricePerMile: 1.5, nearbyShare: 'most' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await settings({ pricePerMile: 1.5, nearbyFloor: -1 })).statusCode).toBe(400);
  });

  it('with all of it shared, a slot next to the booked job saves the drive from the base; another day does not', async () => {
    const saved = await settings({ chargeForDistance: true, pricePerMile: 1.5, nearbyShare: 'all', nearbyFloor: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ nearbyShare: 'all', nearbyFloor: 0 });
    const today = await daySlots(DAY);
    // 11:00 right after the 10:00 job on the same street: no mile added, the whole distance charge saved.
    expect(at(today, '11:00')).toEqual({ time: '11:00', available: true, saving: baseTravel });
    expect(at(today, '10:00').saving).toBeUndefined(); // taken: no price
    for (const slot of await daySlots(NEXT_DAY)) expect(slot.saving).toBeUndefined();
    // Across town the same day: the job in Santa Monica is no help on the way to Pasadena.
    for (const slot of await daySlots(DAY, ACROSS_TOWN)) expect(slot.saving).toBeUndefined();
    // The bare grid and the reschedule page's grid are never priced.
    const bare = await slots(t, { businessId: shop.businessId, date: DAY });
    for (const slot of bare.json().slots as SlotJson[]) expect(slot.saving).toBeUndefined();
  });

  it('books at the price shown, its travel line saying so; the stored total is what was shown', async () => {
    const shown = Math.round((quoteTotal - baseTravel) * 100) / 100;
    const res = await book(
      t,
      bookBody(shop, { address: NEIGHBOUR, time: '11:00', customerEmail: 'b@example.com', shownTotal: shown }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().totalQuote).toBe(shown);
    const row = await t.ctx.db
      .selectFrom('bookings')
      .select(['total_cents', 'quote_lines'])
      .where('id', '=', res.json().bookingId)
      .executeTakeFirstOrThrow();
    expect(row.total_cents).toBe(Math.round(shown * 100));
    const lines = JSON.parse(row.quote_lines) as { label: string; amountCents: number }[];
    expect(lines.at(-1)).toEqual({ label: `Travel (nearby job, $${baseTravel.toFixed(2)} less)`, amountCents: 0 });
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(row.total_cents);
  });

  it('half of it, and never below the floor', async () => {
    await settings({ chargeForDistance: true, pricePerMile: 1.5, nearbyShare: 'half', nearbyFloor: 0 });
    const half = at(await daySlots(DAY), '13:00').saving!;
    expect(half).toBe(Math.floor((baseTravel * 100) / 2) / 100);
    await settings({ chargeForDistance: true, pricePerMile: 1.5, nearbyShare: 'all', nearbyFloor: 2 });
    expect(at(await daySlots(DAY), '13:00').saving).toBe(Math.round((baseTravel - 2) * 100) / 100);
    await settings({ chargeForDistance: true, pricePerMile: 1.5, nearbyShare: 'all', nearbyFloor: 0 });
  });

  it('refuses PRICE_CHANGED when the route changed since the price was shown, and books at the new price', async () => {
    const shown = Math.round((quoteTotal - at(await daySlots(DAY), '15:00').saving!) * 100) / 100;
    // Both jobs on the street are cancelled meanwhile: 15:00 is the day's first stop again.
    await t.ctx.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('business_id', '=', shop.businessId)
      .execute();
    const body = bookBody(shop, {
      address: NEIGHBOUR,
      time: '15:00',
      customerEmail: 'c@example.com',
      shownTotal: shown,
    });
    const refused = await book(t, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRICE_CHANGED');
    expect(refused.json().error).toContain(`now $${quoteTotal.toFixed(2)}`);
    const none = await t.ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('customer_email', '=', 'c@example.com')
      .execute();
    expect(none).toEqual([]);
    const again = await book(t, { ...body, shownTotal: quoteTotal });
    expect(again.statusCode).toBe(201);
    expect(again.json().totalQuote).toBe(quoteTotal);
  });

  it('a shown total that is not the price is refused even without route fit; none sent books as before', async () => {
    await settings({ chargeForDistance: true, pricePerMile: 1.5, nearbyShare: 'none' });
    const wrong = await book(
      t,
      bookBody(shop, { address: NEIGHBOUR, date: NEXT_DAY, customerEmail: 'd@example.com', shownTotal: 1 }),
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('PRICE_CHANGED');
    const plain = await book(t, bookBody(shop, { address: NEIGHBOUR, date: NEXT_DAY, customerEmail: 'd@example.com' }));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().totalQuote).toBe(quoteTotal);
  });
});
