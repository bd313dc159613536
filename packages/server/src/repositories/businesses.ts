import { randomUUID } from 'node:crypto';
import type { BusinessProfile } from '@slotwise/shared/api';
import { FIRST_CREW } from '@slotwise/shared/crews';
import type { TravelSettings } from '@slotwise/shared/travel';
import type { ExpressionBuilder, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { BusinessesTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type Business = Selectable<BusinessesTable>;

export function toProfile(b: Business): BusinessProfile {
  return {
    businessId: b.id,
    name: b.name,
    niche: b.niche,
    address: b.address,
    timeZone: b.time_zone,
    timeFormat: b.time_format,
    onboarded: Boolean(b.name && b.niche && b.address),
  };
}

/** The owner's travel settings, or null when they do not travel to customers. */
export function travelSettingsOf(b: {
  travel_enabled: number;
  travel_speed_mph: number;
  travel_buffer_min: number;
}): TravelSettings | null {
  return b.travel_enabled === 1 ? { speedMph: b.travel_speed_mph, bufferMinutes: b.travel_buffer_min } : null;
}

// Every quote and booking reads the business first, and mails its owner (db/prepared.ts).
const byId = prepared(['id'], (db, v: { id: string }) =>
  db.selectFrom('businesses').selectAll().where('id', '=', v.id),
);
/** Whether anyone of the business turned push notifications on for a device (docs/decisions/052). */
const hasPushDevices = (eb: ExpressionBuilder<Database, 'businesses'>) =>
  eb
    .exists(
      eb
        .selectFrom('push_subscriptions')
        .select('push_subscriptions.id')
        .whereRef('push_subscriptions.business_id', '=', 'businesses.id'),
    )
    .as('pushes');
const ownerEmailOf = prepared(['businessId'], (db, v: { businessId: string }) =>
  db
    .selectFrom('businesses')
    .innerJoin('users', 'users.id', 'businesses.owner_id')
    .select((eb) => ['users.email', hasPushDevices(eb)])
    .where('businesses.id', '=', v.businessId),
);
/**
 * Who a booking's mails go to and name, in one read: the owner's e-mail, the booking's crew
 * when the business names its crews in mails (businesses.crew_in_mails), and whether anyone
 * takes texts about it (the customer said yes, or the owner takes notices by text).
 */
const mailPartiesOf = prepared(['businessId', 'bookingId'], (db, v: { businessId: string; bookingId: string }) =>
  db
    .selectFrom('businesses')
    .innerJoin('users', 'users.id', 'businesses.owner_id')
    .leftJoin('bookings', (j) =>
      j.onRef('bookings.business_id', '=', 'businesses.id').on('bookings.id', '=', v.bookingId),
    )
    .leftJoin('crews', (j) => j.onRef('crews.id', '=', 'bookings.crew_id').on('businesses.crew_in_mails', '=', 1))
    .select((eb) => [
      'users.email',
      'crews.name as crewName',
      'bookings.text_consent',
      'businesses.owner_texts',
      hasPushDevices(eb),
    ])
    .where('businesses.id', '=', v.businessId),
);

export function businessesRepository(db: Kysely<Database>) {
  return {
    /** A new business, with its first crew (docs/decisions/023): every business has one. */
    async insert(business: Insertable<BusinessesTable>, from: Tx = db): Promise<void> {
      await from.insertInto('businesses').values(business).execute();
      await from
        .insertInto('crews')
        .values({
          id: randomUUID(),
          business_id: business.id,
          ...FIRST_CREW,
          active: 1,
          position: 0,
          created_at: business.created_at,
        })
        .execute();
    },
    findByOwner(ownerId: string): Promise<Business | undefined> {
      return db.selectFrom('businesses').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
    },
    async findById(id: string, from: Tx = db): Promise<Business | undefined> {
      const [row] = await byId(from, { id });
      return row;
    },
    async update(
      id: string,
      changes: Omit<Updateable<BusinessesTable>, 'id' | 'owner_id' | 'created_at'>,
      from: Tx = db,
    ): Promise<Business> {
      return from
        .updateTable('businesses')
        .set({ ...changes, updated_at: Date.now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** How a customer reaches the owner when the links no longer work: the owner's e-mail and phone. */
    async ownerContact(businessId: string, from: Tx = db): Promise<{ email: string; phone: string } | null> {
      const row = await from
        .selectFrom('businesses')
        .innerJoin('users', 'users.id', 'businesses.owner_id')
        .select(['users.email', 'users.phone_number'])
        .where('businesses.id', '=', businessId)
        .executeTakeFirst();
      return row ? { email: row.email, phone: row.phone_number } : null;
    },
    /** Where owner notices go: the e-mail the owner logs in with. */
    async ownerEmail(businessId: string, from: Tx = db): Promise<string | null> {
      return (await this.ownerNotices(businessId, from)).email;
    },
    /** Where owner notices go, and whether anyone of the business has push notifications on a device. */
    async ownerNotices(businessId: string, from: Tx = db): Promise<{ email: string | null; pushes: boolean }> {
      const [row] = await ownerEmailOf(from, { businessId });
      return { email: row?.email ?? null, pushes: Boolean(Number(row?.pushes ?? 0)) };
    },
    /** ownerEmail, the crew a booking's customer mail may name, and whether a text may go with its mails. */
    async mailParties(
      businessId: string,
      bookingId: string | undefined,
      from: Tx = db,
    ): Promise<{ businessId: string; owner: string | null; crew: string | null; texts: boolean; pushes: boolean }> {
      const [row] = await mailPartiesOf(from, { businessId, bookingId: bookingId ?? '' });
      return {
        businessId,
        owner: row?.email ?? null,
        crew: row?.crewName ?? null,
        texts: row?.text_consent === 1 || row?.owner_texts === 1,
        pushes: Boolean(Number(row?.pushes ?? 0)),
      };
    },
  };
}
