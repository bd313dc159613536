import { randomUUID } from 'node:crypto';
import {
  type AddOnInput,
  fromWireOffer,
  fromWireRule,
  type Service,
  type ServiceInput,
  toWireOffer,
  toWireRule,
} from '@slotwise/shared/api';
import {
  type Confirmation,
  confirmationColumn,
  confirmsAutomatically,
  serviceConfirmationOf,
} from '@slotwise/shared/confirmation';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { StoredPlanOffer } from '@slotwise/shared/plans';
import type { QuoteAddOn } from '@slotwise/shared/quote';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database, ServicesTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

// Every quote and booking prices a service (db/prepared.ts).
const findOne = prepared(['businessId', 'serviceId'], (db, v: { businessId: string; serviceId: string }) =>
  db.selectFrom('services').selectAll().where('business_id', '=', v.businessId).where('id', '=', v.serviceId),
);

/**
 * A service as the owner and the widget read it. `business`: the business's confirmation, for the
 * catalogue, which says which words the customer reads (confirmsAutomatically).
 */
export function toServiceJson(row: ServicesTable, business?: Confirmation): Service {
  const confirmation = serviceConfirmationOf(row.auto_confirm ?? null);
  return {
    _id: row.id,
    serviceName: row.name,
    duration: row.duration_min,
    price: toDollars(row.price_cents),
    ...(row.deposit_kind ? { deposit: toWireRule({ kind: row.deposit_kind, value: row.deposit_value ?? 0 }) } : {}),
    // Only when it offers plans: a service booked just once reads as before.
    ...(row.plan_offers ? { plans: offersOf(row).map(toWireOffer) } : {}),
    ...(row.add_ons
      ? {
          addOns: addOnsOf(row).map((a) => ({
            _id: a.id,
            name: a.name,
            price: toDollars(a.priceCents),
            extraMinutes: a.extraMinutes,
            description: a.description,
          })),
        }
      : {}),
    // Only when they differ from the first answers' words: a service that follows the business, and
    // one its customer waits for the owner to confirm, read as before.
    ...(confirmation === 'business' ? {} : { confirmation }),
    ...(business && confirmsAutomatically(business, confirmation) ? { confirmsAutomatically: true } : {}),
    // Only when it asks for photos (docs/decisions/053): a service that does not reads as before.
    ...(row.photo_ask === 'off' ? {} : { photoRequest: { ask: row.photo_ask, prompt: row.photo_prompt } }),
  };
}

/** An add-on as stored (docs/decisions/026): the quote's part and the line the customer reads under it. */
export interface StoredAddOn extends QuoteAddOn {
  description: string | null;
}

/** The add-ons of a service; a column no release wrote, or one that does not parse, reads as none. */
export function addOnsOf(service: Pick<ServicesTable, 'add_ons'>): StoredAddOn[] {
  if (!service.add_ons) return [];
  try {
    const parsed: unknown = JSON.parse(service.add_ons);
    return Array.isArray(parsed) ? (parsed as StoredAddOn[]) : [];
  } catch {
    return [];
  }
}

/**
 * Add-ons as stored: JSON, or null for none. An add-on keeps its id when the owner saves it
 * again under the same name (a widget open meanwhile still ticks it); a new one gets a new id.
 */
function addOnsColumn(
  input: readonly AddOnInput[],
  before: readonly StoredAddOn[],
  newId: () => string,
): string | null {
  if (input.length === 0) return null;
  const stored = input.map(
    (a): StoredAddOn => ({
      id: before.find((b) => b.name.toLowerCase() === a.name.toLowerCase())?.id ?? newId(),
      name: a.name,
      priceCents: toCents(a.price),
      extraMinutes: a.extraMinutes ?? 0,
      description: a.description ?? null,
    }),
  );
  return JSON.stringify(stored);
}

/** The frequencies a service offers as a plan (docs/decisions/022); a column no release wrote reads as none. */
export function offersOf(service: Pick<ServicesTable, 'plan_offers'>): StoredPlanOffer[] {
  if (!service.plan_offers) return [];
  try {
    const parsed: unknown = JSON.parse(service.plan_offers);
    return Array.isArray(parsed) ? (parsed as StoredPlanOffer[]) : [];
  } catch {
    return [];
  }
}

/** Offers as stored: JSON, or null for none. */
function offersColumn(offers: readonly StoredPlanOffer[]): string | null {
  return offers.length === 0 ? null : JSON.stringify(offers);
}

/** A service's own deposit rule as stored: null columns follow the business's rule. */
function depositColumns(rule: ServiceInput['deposit']): Pick<ServicesTable, 'deposit_kind' | 'deposit_value'> {
  if (!rule) return { deposit_kind: null, deposit_value: null };
  const stored = fromWireRule(rule);
  return { deposit_kind: stored.kind, deposit_value: stored.value };
}

/** Adds several services at once, in the caller's transaction, listed in the order given (trade templates, the demo). */
export async function insertServices(
  trx: Tx,
  businessId: string,
  services: readonly {
    name: string;
    durationMin: number;
    priceCents: number;
    plans?: readonly StoredPlanOffer[];
    addOns?: readonly AddOnInput[];
    /** The job steps (docs/decisions/050); none when absent. */
    steps?: readonly string[];
  }[],
  newId: () => string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('services')
    .values(
      services.map((s, i) => ({
        id: newId(),
        business_id: businessId,
        name: s.name,
        duration_min: s.durationMin,
        price_cents: s.priceCents,
        plan_offers: offersColumn(s.plans ?? []),
        add_ons: addOnsColumn(s.addOns ?? [], [], newId),
        steps: stepsColumn(s.steps ?? []),
        steps_on_receipt: 0,
        photo_ask: 'off',
        photo_prompt: null,
        // Distinct creation times keep the list in the order given.
        created_at: now + i,
      })),
    )
    .execute();
}

/** The job steps as stored (docs/decisions/050): null for none. */
export const stepsColumn = (steps: readonly string[]): string | null =>
  steps.length === 0 ? null : JSON.stringify(steps);

/** The job steps of a service row, in order. */
export const stepsOf = (row: Pick<ServicesTable, 'steps'>): string[] =>
  row.steps === null ? [] : (JSON.parse(row.steps) as string[]);

/** Services are always read and written scoped by business: another owner's id is simply not found. */
export function servicesRepository(db: Kysely<Database>) {
  return {
    list(businessId: string): Promise<ServicesTable[]> {
      return db
        .selectFrom('services')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async find(businessId: string, serviceId: string, from: Tx = db): Promise<ServicesTable | undefined> {
      const [row] = await findOne(from, { businessId, serviceId });
      return row;
    },
    async insert(businessId: string, id: string, input: ServiceInput, now: number): Promise<ServicesTable> {
      const row: ServicesTable = {
        id,
        business_id: businessId,
        name: input.serviceName,
        duration_min: input.duration,
        price_cents: toCents(input.price),
        ...depositColumns(input.deposit),
        plan_offers: offersColumn((input.plans ?? []).map(fromWireOffer)),
        add_ons: addOnsColumn(input.addOns ?? [], [], randomUUID),
        auto_confirm: confirmationColumn(input.confirmation ?? 'business'),
        // A service the owner adds has no job steps until they set some (docs/decisions/050).
        steps: null,
        steps_on_receipt: 0,
        photo_ask: 'off',
        photo_prompt: null,
        created_at: now,
      };
      await db.insertInto('services').values(row).execute();
      return row;
    },
    async update(businessId: string, serviceId: string, input: ServiceInput): Promise<ServicesTable | undefined> {
      const before = input.addOns === undefined ? undefined : await this.find(businessId, serviceId);
      return db
        .updateTable('services')
        .set({
          name: input.serviceName,
          duration_min: input.duration,
          price_cents: toCents(input.price),
          // Left out: the rule stays as it is (older dashboards and scripts send no deposit).
          ...(input.deposit === undefined ? {} : depositColumns(input.deposit)),
          // Left out: the offers stay as they are. Plans already booked keep their own price.
          ...(input.plans === undefined ? {} : { plan_offers: offersColumn(input.plans.map(fromWireOffer)) }),
          // Left out: the add-ons stay as they are. Bookings keep the lines they were quoted.
          ...(input.addOns === undefined
            ? {}
            : { add_ons: addOnsColumn(input.addOns, before ? addOnsOf(before) : [], randomUUID) }),
          // Left out: as it is.
          ...(input.confirmation === undefined ? {} : { auto_confirm: confirmationColumn(input.confirmation) }),
        })
        .where('business_id', '=', businessId)
        .where('id', '=', serviceId)
        .returningAll()
        .executeTakeFirst();
    },
    async remove(businessId: string, serviceId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('services')
        .where('business_id', '=', businessId)
        .where('id', '=', serviceId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}
