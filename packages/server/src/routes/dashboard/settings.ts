/**
 * The owner's business settings (docs/product.md#settings): the business id, the
 * address (re-geocoded; sets the time zone), the time zone, the clock times are shown
 * on, and the business hours.
 */
import type { AvailabilityEntry } from '@slotwise/shared/api';
import { canonicalZone, wallClockAt } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { BUSINESS_ADDRESS_WORDS, locateStreet } from '../../domain/places.ts';
import { AppError } from '../../errors.ts';
import { type Business, toProfile } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';

export function settingsHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  | 'businessDetails'
  | 'address'
  | 'updateAddress'
  | 'updateTimeZone'
  | 'updateTimeFormat'
  | 'availability'
  | 'updateSingleDay'
  | 'updateHours'
> {
  const { businesses, availability, bookings, checklist } = ctx.repos;

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
      if (!before) throw new AppError('ACCOUNT_NOT_FOUND', 'Your business was not found. Log in again.');
      const after = await businesses.update(businessId, changes, trx);
      if (after.time_zone !== before.time_zone)
        await bookings.rewriteWallTimes(trx, businessId, (ms) => wallClockAt(ms, after.time_zone), now);
      return after;
    });
  }

  /**
   * Under the calendar lock so a booking being made sees either the old hours or the new, never half.
   * Ticks "Set your hours" on the first-day checklist (routes/dashboard/checklist.ts).
   */
  function saveHours(businessId: string, entries: AvailabilityEntry[]) {
    const now = ctx.now();
    return withBusinessLock(ctx.store, businessId, async (trx) => {
      await availability.save(trx, businessId, entries);
      await checklist.mark(businessId, 'hours_set_at', now, trx);
      return availability.forBusiness(businessId, trx);
    });
  }

  return {
    businessDetails: async (req) => ({ businessId: req.owner.business.id }),
    address: async (req) => ({ address: req.owner.business.address }),
    updateAddress: async (req) => {
      const { address } = req.body;
      const place = await locateStreet(ctx, address, req.log, BUSINESS_ADDRESS_WORDS);
      const b = await saveLocation(req.owner.business.id, {
        address,
        lat: place.lat,
        lng: place.lng,
        time_zone: place.timeZone,
      });
      return toProfile(b);
    },
    updateTimeZone: async (req) =>
      toProfile(await saveLocation(req.owner.business.id, { time_zone: canonicalZone(req.body.timeZone) })),
    // Only how times are shown changes: no booking moves, so the calendar lock is not needed.
    updateTimeFormat: async (req) =>
      toProfile(await businesses.update(req.owner.business.id, { time_format: req.body.timeFormat })),
    availability: (req) => availability.forBusiness(req.owner.business.id),
    updateSingleDay: (req) => saveHours(req.owner.business.id, [req.body]),
    updateHours: (req) => saveHours(req.owner.business.id, req.body.businessHours),
  };
}
