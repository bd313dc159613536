/**
 * The door-hanger (issue 45 item 4; docs/decisions/058) through the API: a job done, or approved
 * for today, gets a card naming its street alone and the coming days of its weekday, each with the
 * booking page opened on it (counted as a QR visit) and its QR code; any other booking is refused
 * with DOOR_HANGER_NOT_YET, another owner's is not found.
 */
import type { DoorHanger } from '@slotwise/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrAddress } from '../../../src/booking-page/qr.ts';
import { detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { insertBooking } from './fixtures.ts';

const d = '/api/business-dashboard';

describe.each(storages())('the door-hanger on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await engineApp(kind);
    // Tuesday 2026-12-01, 10:00 in Los Angeles.
    t.clock.now = Date.parse('2026-12-01T18:00:00Z');
    shop = await detailer(t);
    other = await detailer(t);
    const job = (
      day: string,
      start: string,
      end: string,
      status: 'completed' | 'approved' | 'pending',
      customerAddress = '12 Oak St, Beverly Hills, CA 90210',
    ) =>
      insertBooking(t.ctx, shop.businessId, {
        day,
        startTime: start,
        endTime: end,
        status,
        firstName: 'Ada',
        lastName: 'Lovelace',
        customerAddress,
      });
    ids.done = await job('2026-11-24', '09:00', '10:00', 'completed');
    ids.today = await job('2026-12-01', '13:00', '14:00', 'approved');
    ids.pending = await job('2026-12-01', '15:00', '16:00', 'pending', '40 Elm St, Beverly Hills, CA 90210');
    ids.later = await job('2026-12-02', '09:00', '10:00', 'approved', '40 Elm St, Beverly Hills, CA 90210');
  });
  afterAll(() => t.close());

  const hanger = (who: Shop, id: string) => t.app.inject({ url: `${d}/bookings/${id}/door-hanger`, headers: who.auth });

  it("answers the card of a job done: its street alone, its weekday, and the coming Tuesdays' links and codes", async () => {
    const res = await hanger(shop, ids.done!);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json() as DoorHanger;
    const slug = (await t.ctx.repos.businesses.findById(shop.businessId))!.slug!;
    const page = `${t.ctx.config.publicUrl}/book/${slug}`;
    expect(card).toMatchObject({
      street: 'Oak St',
      jobDay: '2026-11-24',
      weekday: 'Tuesday',
      sentence: "Your neighbour on Oak St booked us on Tuesday: book the same day, we're already nearby.",
    });
    expect(card.businessName).not.toBe('');
    expect(card.days.map((x) => x.day)).toEqual(['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29']);
    expect(card.days[0]).toEqual({
      day: '2026-12-08',
      bookingUrl: `${page}?day=2026-12-08&via=qr`,
      qrSvgUrl: `${page}/qr.svg?day=2026-12-08`,
    });
    // Nothing of the customer but the street.
    expect(res.body).not.toMatch(/Ada|Lovelace|5551234567|12 Oak/);

    const svg = await t.app.inject({
      url: new URL(card.days[0]!.qrSvgUrl).pathname + new URL(card.days[0]!.qrSvgUrl).search,
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toContain(`${slug}-booking-qr-2026-12-08.svg`);
    // The code holds the page on that day, counted as a QR visit; a day that is no date is left out.
    expect(qrAddress(page, '2026-12-08')).toBe(`${page}?day=2026-12-08&via=qr`);
    const plain = await t.app.inject({ url: `/book/${slug}/qr.svg?day=soon` });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe((await t.app.inject({ url: `/book/${slug}/qr.svg` })).body);
  });

  it('answers a job approved for today, with the next Tuesdays', async () => {
    const res = await hanger(shop, ids.today!);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DoorHanger).days[0]!.day).toBe('2026-12-08');
  });

  it("offers the door's own coming visits, when the crew is there again, and with all of the nearby saving promises next to no travel charge", async () => {
    // A plan's next two visits at that door (and one at another door, which is not that door's).
    for (const day of ['2026-12-16', '2026-12-09'])
      await insertBooking(t.ctx, shop.businessId, {
        day,
        startTime: '09:00',
        endTime: '10:00',
        status: 'approved',
        customerAddress: '12 Oak St, Beverly Hills, CA 90210',
      });
    const before = (await hanger(shop, ids.done!)).json() as DoorHanger;
    expect(before.days.map((x) => x.day)).toEqual(['2026-12-09', '2026-12-16']);
    expect(before.weekday).toBe('Wednesday');
    // No nearby discount set: the card promises only that the crew is nearby.
    expect(before.sentence).toBe(
      "Your neighbour on Oak St booked us on Wednesday: book the same day, we're already nearby.",
    );
    const pricing = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `${d}/settings/update-distance-pricing`,
        headers: shop.auth,
        payload: { chargeForDistance: true, pricePerMile: 2, ...payload },
      });
    expect((await pricing({ nearbyShare: 'all', nearbyFloor: 0 })).statusCode).toBe(200);
    expect(((await hanger(shop, ids.done!)).json() as DoorHanger).sentence).toBe(
      "Your neighbour on Oak St booked us on Wednesday: book the same day: we're next door, so next to no travel charge.",
    );
    expect((await pricing({ nearbyShare: 'half', nearbyFloor: 0 })).statusCode).toBe(200);
    expect(((await hanger(shop, ids.done!)).json() as DoorHanger).sentence).toBe(
      "Your neighbour on Oak St booked us on Wednesday: book the same day: we're already nearby, so you pay less for travel.",
    );
  });

  it("refuses a pending job or one on a later day, and another owner's", async () => {
    for (const id of [ids.pending!, ids.later!]) {
      const res = await hanger(shop, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'DOOR_HANGER_NOT_YET' });
      expect(res.json().error).toMatch(/A door-hanger is for a job done, or approved for today/);
    }
    const theirs = await hanger(other, ids.done!);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'BOOKING_NOT_FOUND' });
  });
});
