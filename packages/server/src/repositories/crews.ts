/**
 * The crews of a business (docs/decisions/023). Every slots answer and booking reads them, so
 * the list is one compiled query (db/prepared.ts); writes move the calendar's change counter
 * like any other table's (db/calendar-changes.ts), so kept slots answers are dropped.
 */
import type { AvailabilityEntry, Crew } from '@slotwise/shared/api';
import { ACTIVE_STATUSES } from '@slotwise/shared/domain';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { CrewsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type CrewRow = Selectable<CrewsTable>;

const crewsOf = prepared(['businessId'], (db, v: { businessId: string }) =>
  db.selectFrom('crews').selectAll().where('business_id', '=', v.businessId).orderBy('position').orderBy('created_at'),
);

/** A JSON column as written by this release; anything else reads as null (the business's). */
function parsed<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function hoursOfCrew(row: Pick<CrewRow, 'hours'>): AvailabilityEntry[] | null {
  return parsed<AvailabilityEntry[]>(row.hours);
}

export function servicesOfCrew(row: Pick<CrewRow, 'service_ids'>): string[] | null {
  return parsed<string[]>(row.service_ids);
}

/** A crew as the owner's screens read it; `member` is filled by whoever knows the crew's login. */
export function toCrewJson(row: CrewRow, member: Crew['member'] = null): Crew {
  return {
    _id: row.id,
    name: row.name,
    color: row.color,
    active: row.active === 1,
    hours: hoursOfCrew(row),
    startAddress: row.start_address,
    serviceIds: servicesOfCrew(row),
    member,
  };
}

/**
 * The name of the crew doing a booking, when its business names crews in customer mails
 * (businesses.crew_in_mails); undefined otherwise. Read inside the transaction that queues the
 * mail, so a job just given to another crew names the new one.
 */
export async function crewNamedInMails(trx: Tx, bookingId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('bookings')
    .innerJoin('crews', 'crews.id', 'bookings.crew_id')
    .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
    .select('crews.name')
    .where('bookings.id', '=', bookingId)
    .where('businesses.crew_in_mails', '=', 1)
    .executeTakeFirst();
  return row?.name;
}

export function crewsRepository(db: Kysely<Database>) {
  return {
    /** The business's crews, in their order (active or not). */
    list(businessId: string, from: Tx = db): Promise<CrewRow[]> {
      return crewsOf(from, { businessId });
    },
    find(businessId: string, id: string, from: Tx = db): Promise<CrewRow | undefined> {
      return from
        .selectFrom('crews')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async insert(row: Insertable<CrewsTable>, from: Tx = db): Promise<void> {
      await from.insertInto('crews').values(row).execute();
    },
    update(
      businessId: string,
      id: string,
      changes: Omit<Updateable<CrewsTable>, 'id' | 'business_id' | 'created_at'>,
      from: Tx = db,
    ): Promise<CrewRow | undefined> {
      return from
        .updateTable('crews')
        .set(changes)
        .where('business_id', '=', businessId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async remove(businessId: string, id: string, from: Tx = db): Promise<void> {
      await from.deleteFrom('crews').where('business_id', '=', businessId).where('id', '=', id).execute();
    },
    /** How many active bookings the crew has ending after `sinceMs`: a crew with any is not removed. */
    async activeBookingsSince(crewId: string, sinceMs: number, from: Tx = db): Promise<number> {
      const row = await from
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('crew_id', '=', crewId)
        .where('status', 'in', ACTIVE_STATUSES)
        .where('end_ms', '>', sinceMs)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
