/**
 * The owner's business settings (SPEC.md Settings page and section 7):
 * GET business-details; GET address, PUT address/update (re-geocoded; sets the time zone);
 * PUT settings/time-zone; GET availability, PUT availability/update-single, PUT availability/update.
 */
import { AddressUpdate, AvailabilityEntry, AvailabilityUpdateRequest, TimeZoneUpdate } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type Business, toProfile } from '../../repositories/businesses.ts';
import { ADDRESS_NOT_FOUND } from '../onboarding.ts';
import { canonicalZone, wallClockAt } from './local-time.ts';

const base = '/api/business-dashboard';
type AddressBody = z.infer<typeof AddressUpdate>;
type HoursBody = z.infer<typeof AvailabilityUpdateRequest>;

const businessGone = () => new HttpError(404, 'Your business was not found. Log in again.');

export async function dashboardSettingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', ownerGuard(ctx));
  const { businesses, availability, bookings } = ctx.repos;

  async function business(businessId: string): Promise<Business> {
    const b = await businesses.findById(businessId);
    if (!b) throw businessGone();
    return b;
  }

  /**
   * Saves the changes; when the zone changes, existing bookings keep their instants
   * and get their shown wall times rewritten in the new zone, under the calendar lock.
   */
  async function saveLocation(
    businessId: string,
    changes: Partial<Pick<Business, 'address' | 'lat' | 'lng' | 'time_zone'>>,
  ): Promise<Business> {
    const now = ctx.now();
    return withBusinessLock(ctx.store, businessId, async (trx) => {
      const before = await businesses.findById(businessId, trx);
      if (!before) throw businessGone();
      const after = await businesses.update(businessId, changes, trx);
      if (after.time_zone !== before.time_zone)
        await bookings.rewriteWallTimes(trx, businessId, (ms) => wallClockAt(ms, after.time_zone), now);
      return after;
    });
  }

  app.get(`${base}/business-details`, async (req) => ({ businessId: (await business(req.owner.businessId)).id }));

  app.get(`${base}/address`, async (req) => ({ address: (await business(req.owner.businessId)).address }));

  app.put(`${base}/address/update`, { schema: { body: AddressUpdate } }, async (req) => {
    const { address } = req.body as AddressBody;
    const place = await ctx.geocoder.locate(address);
    if (!place) throw new HttpError(400, ADDRESS_NOT_FOUND);
    const b = await saveLocation(req.owner.businessId, {
      address,
      lat: place.lat,
      lng: place.lng,
      time_zone: place.timeZone,
    });
    return toProfile(b);
  });

  app.put(`${base}/settings/time-zone`, { schema: { body: TimeZoneUpdate } }, async (req) => {
    const { timeZone } = req.body as TimeZoneUpdate;
    return toProfile(await saveLocation(req.owner.businessId, { time_zone: canonicalZone(timeZone) }));
  });

  app.get(`${base}/availability`, async (req) => availability.forBusiness(req.owner.businessId));

  async function saveHours(businessId: string, entries: AvailabilityEntry[]) {
    // Under the calendar lock so a booking being made sees either the old hours or the new, never half.
    return withBusinessLock(ctx.store, businessId, async (trx) => {
      await availability.save(trx, businessId, entries);
      return availability.forBusiness(businessId, trx);
    });
  }

  app.put(`${base}/availability/update-single`, { schema: { body: AvailabilityEntry } }, async (req) =>
    saveHours(req.owner.businessId, [req.body as AvailabilityEntry]),
  );

  app.put(`${base}/availability/update`, { schema: { body: AvailabilityUpdateRequest } }, async (req) =>
    saveHours(req.owner.businessId, (req.body as HoursBody).businessHours),
  );
}
