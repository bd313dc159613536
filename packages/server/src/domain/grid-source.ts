/**
 * What a customer's calls read about a business before its calendar (a grid source): the business
 * itself, its owner's e-mail, its week, its services and its crews. The slots and month answers
 * build their grid from it, and a quote and a booking price and check the request against it, so
 * routes/customer/grid-sources.ts keeps each for a second (docs/decisions/028). Nothing here is
 * written by a booking: the source is dropped only when this process writes one of its tables
 * (db/calendar-changes.ts settingsGeneration).
 */
import type { AvailabilityEntry } from '@slotwise/shared/api';
import type { Weekday } from '@slotwise/shared/domain';
import type { LatLng } from '@slotwise/shared/geo';
import type { DayHours } from '@slotwise/shared/slots';
import type { TravelSettings } from '@slotwise/shared/travel';
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import { type Business, travelSettingsOf } from '../repositories/businesses.ts';
import type { CrewRow } from '../repositories/crews.ts';
import { type CrewPlan, crewPlansOf } from './crews.ts';
import { homeOf } from './places.ts';
import { hoursOfWeek } from './slot-rules.ts';

/** What the slots of a day and a month's days need about the business and a service (monthContextOf). */
export interface MonthContext {
  timeZone: string;
  serviceDurationMin: number | null;
  /** The business address's coordinates: where a travelling owner's day starts. */
  home: LatLng | null;
  /** null when the owner does not travel to customers. */
  travel: TravelSettings | null;
  changeCutoffHours: number;
  /** How far ahead and how soon customers may book (domain/booking-window.ts). */
  window: { horizonDays: number; minNoticeMinutes: number };
  weekHours: Record<Weekday, DayHours>;
  /** null: the business serves any distance. */
  maxDistanceMiles: number | null;
}

export interface GridSource {
  business: Business;
  /** Where the owner's notices go (businesses.ownerEmail). */
  ownerEmail: string | null;
  /** Whether anyone of the business has push notifications on a device (docs/decisions/052). */
  pushes: boolean;
  /** Monday..Sunday, the days never saved at their defaults (repositories/availability.ts). */
  week: AvailabilityEntry[];
  services: ServicesTable[];
  crews: CrewRow[];
}

/**
 * A business's source, its five reads side by side; undefined when there is no such business.
 * Frozen: one source serves every request of its second, so none may change it for the others.
 */
export async function readGridSource(ctx: AppContext, businessId: string): Promise<GridSource | undefined> {
  const { businesses, availability, services, crews } = ctx.repos;
  const [business, notices, week, serviceRows, crewRows] = await Promise.all([
    businesses.findById(businessId),
    businesses.ownerNotices(businessId),
    availability.forBusiness(businessId),
    services.list(businessId),
    crews.list(businessId),
  ]);
  if (!business) return undefined;
  const frozen = <T extends object>(rows: T[]) => Object.freeze(rows.map((r) => Object.freeze(r))) as T[];
  return Object.freeze({
    business: Object.freeze(business),
    ownerEmail: notices.email,
    pushes: notices.pushes,
    week: frozen(week),
    services: frozen(serviceRows),
    crews: frozen(crewRows),
  });
}

/** The business's service of that id; undefined when it offers no such service. */
export function serviceOf(source: GridSource, serviceId: string | undefined): ServicesTable | undefined {
  return serviceId === undefined ? undefined : source.services.find((s) => s.id === serviceId);
}

/** The business's crews with their hours (their own, else the business's week) and start places. */
export function crewPlansOfSource(source: GridSource): CrewPlan[] {
  return crewPlansOf(source.crews, hoursOfWeek(source.week), homeOf(source.business));
}

/**
 * What the slot grid of any day and a month's days need about the business and, with a
 * serviceId, that service's duration (null when it is not this business's).
 */
export function monthContextOf(source: GridSource, serviceId: string | undefined): MonthContext {
  const b = source.business;
  const weekHours = {} as Record<Weekday, DayHours>;
  for (const e of source.week)
    weekHours[e.day] = e.startTime && e.endTime ? { startTime: e.startTime, endTime: e.endTime } : null;
  return {
    timeZone: b.time_zone,
    serviceDurationMin: serviceOf(source, serviceId)?.duration_min ?? null,
    home: homeOf(b),
    travel: travelSettingsOf(b),
    changeCutoffHours: b.change_cutoff_hours,
    window: { horizonDays: b.booking_horizon_days, minNoticeMinutes: b.min_notice_minutes },
    weekHours,
    maxDistanceMiles: b.max_distance_miles,
  };
}
