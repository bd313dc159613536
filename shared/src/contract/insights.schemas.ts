/** The contract of insights (docs/decisions/029): the widget's beacon and the owner's three reports (calls: insights.calls.ts). */

import { z } from 'zod';
import { BEACON_EVENTS_MAX, DAY_PARTS, FUNNEL_STEPS, INSIGHTS_RANGE_MAX_DAYS, SOURCE_KINDS } from '../insights.ts';
import { HhMm, Id, IsoDate } from './fields.schemas.ts';

/**
 * One funnel event of the booking form: a step reached (each at most once per open of the form),
 * or `full`: the customer tapped a day that was full, or a time already taken (time given).
 * Nothing in it is about the customer: no name, address, cookie or id.
 */
export const FunnelEvent = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.enum(FUNNEL_STEPS) }),
    z.object({ type: z.literal('full'), date: IsoDate, time: HhMm.optional() }),
  ],
  { error: `An event's type must be one of ${FUNNEL_STEPS.join(', ')} or full.` },
);
export type FunnelEvent = z.infer<typeof FunnelEvent>;

/**
 * What the widget sends with navigator.sendBeacon (POST /api/customer/beacon): a batch of a visit's
 * events. Sent as text/plain (a CORS-safelisted type, so no preflight from the owner's site) holding
 * this JSON. A site's host is taken from the request's Origin, never from the body.
 */
export const BeaconRequest = z.object({
  businessId: Id,
  source: z.enum(SOURCE_KINDS, { error: `source must be one of ${SOURCE_KINDS.join(', ')}.` }),
  events: z
    .array(FunnelEvent)
    .min(1, 'Send at least one event.')
    .max(BEACON_EVENTS_MAX, `Send at most ${BEACON_EVENTS_MAX} events at once.`),
});
export type BeaconRequest = z.infer<typeof BeaconRequest>;

/** How many of the batch's events were counted (a step repeated in one batch counts once). */
export const BeaconAck = z.object({ counted: z.number().int() });
export type BeaconAck = z.infer<typeof BeaconAck>;

/**
 * A period of the business's days, both ends included, at most 400: the rules of every report's
 * `from` and `to` (insights here, the payments report in ledger.schemas.ts), added to a query's schema.
 */
export function periodQuery<T extends z.ZodType<{ from: string; to: string }>>(schema: T): T {
  return schema
    .refine((q) => q.from <= q.to, { message: 'The period must start on or before its last day (from <= to).' })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) < INSIGHTS_RANGE_MAX_DAYS * 86_400_000, {
      message: `Choose a period of at most ${INSIGHTS_RANGE_MAX_DAYS} days.`,
    });
}

/** The period an insights answer covers, in the business's days; both ends included, at most 400 days. */
export const InsightsQuery = periodQuery(z.object({ from: IsoDate, to: IsoDate }));
export type InsightsQuery = z.infer<typeof InsightsQuery>;

const FunnelCounts = z.object({
  opened: z.number().int(),
  quoted: z.number().int(),
  slot: z.number().int(),
  booked: z.number().int(),
});

/** The funnel of a period: its totals, by source (most opened first) and by day (every day of the period). */
export const InsightsFunnel = z.object({
  from: IsoDate,
  to: IsoDate,
  totals: FunnelCounts,
  sources: z.array(
    FunnelCounts.extend({
      kind: z.enum(SOURCE_KINDS),
      /** The website's host for `site` ("example.com"); '' otherwise or when the browser sent no Origin. */
      site: z.string(),
      /** As the owner reads it (shared/src/insights.ts sourceLabel). */
      label: z.string(),
    }),
  ),
  days: z.array(FunnelCounts.extend({ day: IsoDate })),
});
export type InsightsFunnel = z.infer<typeof InsightsFunnel>;

/**
 * Money and work. `weeks` is always the last 12 weeks, this one and the next 4 (Sunday first),
 * whatever the period; the rest covers the period. Dollars, as every amount on the wire.
 */
export const InsightsWork = z.object({
  from: IsoDate,
  to: IsoDate,
  weeks: z.array(
    z.object({
      /** The week's Sunday. */
      weekStart: IsoDate,
      /** Bookings going ahead (pending, approved, completed) on the week's days, and their total. */
      bookedCount: z.number().int(),
      booked: z.number(),
      /** Of those, completed. */
      completedCount: z.number().int(),
      completed: z.number(),
      /** Cancelled by the customer or the owner, and their total. */
      cancelledCount: z.number().int(),
      cancelled: z.number(),
      /**
       * Money collected on the week's days, whatever the work it paid for (docs/decisions/047):
       * deposits and invoice payments received, tips included, less refunds given back.
       */
      collected: z.number(),
    }),
  ),
  /** Money collected in the period (as the weeks' `collected`), beside its bookings' total in `services`. */
  collected: z.number(),
  /**
   * Booked ahead: the bookings still to come (pending or approved, not yet ended) from now to the
   * chart's last day (`to`, the Saturday 4 weeks after this one), this week's later days included,
   * whatever the period; `from` is the business's today.
   */
  ahead: z.object({ from: IsoDate, to: IsoDate, bookedCount: z.number().int(), booked: z.number() }),
  /**
   * Bookings going ahead in the period by service, most booked first. serviceId null: a service
   * deleted since (bookings then keep no service), listed under the name it was booked as.
   */
  services: z.array(
    z.object({ serviceId: Id.nullable(), name: z.string(), bookings: z.number().int(), revenue: z.number() }),
  ),
  /** The mean quote given in the period (refused ones not counted); null with none. */
  averageQuote: z.number().nullable(),
  quotes: z.number().int(),
  /** Bookings going ahead in the period by weekday (0 Sunday ... 6 Saturday) and starting hour, business time; only non-zero cells. */
  heat: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), bookings: z.number().int() })),
});
export type InsightsWork = z.infer<typeof InsightsWork>;

/**
 * The work the owner is missing in a period: requests by ZIP code (refused by the service area, or
 * quoted and never booked), what a 5 miles wider area would have reached, and the full days and
 * times customers tapped.
 */
export const InsightsMissed = z.object({
  from: IsoDate,
  to: IsoDate,
  /** The business's own place, the map's centre; null before it has an address that locates. */
  home: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The service area's radius; null: no limit set. */
  serviceAreaMiles: z.number().nullable(),
  zips: z.array(
    z.object({
      zip: z.string(),
      /** "Austin, TX"; '' when the ZIP code is unknown to the gazetteer. */
      place: z.string(),
      /** The ZIP code's centre; null when unknown (then listed, not drawn). */
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      /** Miles from the business to the farthest request counted here, one decimal; null without a home. */
      miles: z.number().nullable(),
      outsideArea: z.number().int(),
      outsideAreaValue: z.number(),
      quoted: z.number().int(),
      booked: z.number().int(),
      /** quoted - booked, never below 0, and what those quotes were worth (their mean times their number). */
      notBooked: z.number().int(),
      notBookedValue: z.number(),
    }),
  ),
  /** Requests a service area WIDER_MILES wider would have reached, and their quotes; null without a service area. */
  wider: z.object({ miles: z.number(), requests: z.number().int(), value: z.number() }).nullable(),
  /** Full days and times customers tapped, by weekday and part of the day, most wanted first. */
  full: z.array(
    z.object({
      weekday: z.number().int(),
      /** null: a full day tapped (no time). */
      part: z.enum(DAY_PARTS).nullable(),
      count: z.number().int(),
    }),
  ),
});
export type InsightsMissed = z.infer<typeof InsightsMissed>;

/** A group of jobs after the drive (docs/decisions/057): by ZIP code, by service, or all of them. */
const ProfitGroup = z.object({
  /** The ZIP code ('' unknown), the service id (or `deleted <name>`), or '' for all jobs. */
  key: z.string(),
  /** "78704", "Unknown", "Full Detail", "All jobs". */
  name: z.string(),
  /** For a ZIP code: "Austin, TX" when the gazetteer knows it; '' otherwise. */
  place: z.string(),
  jobs: z.number().int(),
  /** Their totals less the vehicle cost of the miles driven to them. */
  earnings: z.number(),
  /** Working hours: the jobs' and the drives to them, to 0.01. */
  hours: z.number(),
  driveMinutes: z.number().int(),
  /** Miles driven to them, to 0.1. */
  miles: z.number(),
  /** Earnings per working hour, to the cent; null with no working time. */
  perHour: z.number().nullable(),
});

/**
 * Profit after the drive in a period (docs/decisions/057): the approved and completed jobs' earnings
 * per working hour with the drive to each counted (its leg as the day's route counts it) and the
 * vehicle cost of its miles taken off, by ZIP code and by service, and what would lift the far jobs.
 */
export const InsightsDrive = z.object({
  from: IsoDate,
  to: IsoDate,
  /** The owner's vehicle cost per mile used (Settings, Operations); 0: not set. */
  vehicleCostPerMile: z.number(),
  /** What a quote charges per mile now (0 with distance pricing off). */
  pricePerMile: z.number(),
  speedMph: z.number().int(),
  total: ProfitGroup,
  /** Highest earnings per hour first. */
  zips: z.array(ProfitGroup),
  services: z.array(ProfitGroup),
  /** Jobs with a known place and how many the advice needs. */
  located: z.number().int(),
  minJobs: z.number().int(),
  advice: z
    .object({
      /** Far: jobs more than this many whole miles from the business. */
      beyondMiles: z.number().int(),
      farJobs: z.number().int(),
      insideJobs: z.number().int(),
      farPerHour: z.number(),
      insidePerHour: z.number(),
      /** Halfway from the far rate to the inside one. */
      targetPerHour: z.number(),
      /** The per-mile price that would lift the far jobs to the target. */
      pricePerMile: z.number(),
      /** The service area that would (jobs farther refused); with areaKeepsSome false, the split itself. */
      areaMiles: z.number().int(),
      areaKeepsSome: z.boolean(),
      /**
       * The period's quotes (missed work's counts: every quote given, booked or not) and how many of
       * them came from farther than areaMiles: what that area would have refused.
       */
      quotes: z.number().int(),
      quotesBeyondArea: z.number().int(),
    })
    .nullable(),
  /** Why there is no advice: the business has no place, too few jobs, or the far jobs earn about as much. */
  noAdvice: z.enum(['no-base', 'few-jobs', 'no-gap']).nullable(),
});
export type InsightsDrive = z.infer<typeof InsightsDrive>;

/**
 * A door-hanger for a job (docs/decisions/058): what the printable card says, and for each coming day
 * of the job's weekday, the booking page opened on it and its QR code (an image the server draws).
 * Nothing about the customer but their street's name.
 */
export const DoorHanger = z.object({
  businessName: z.string(),
  /** "Oak St"; null when the address names no street apart from the town. */
  street: z.string().nullable(),
  /** The job's day and weekday ("Tuesday"). */
  jobDay: IsoDate,
  weekday: z.string(),
  /** "Your neighbour on Oak St booked us on Tuesday: book the same day, we're already nearby." */
  sentence: z.string(),
  days: z.array(
    z.object({
      day: IsoDate,
      /** The booking page on that day, counted as a QR visit: `/book/{slug}?day=YYYY-MM-DD&via=qr`. */
      bookingUrl: z.string(),
      /** Its QR code, SVG. */
      qrSvgUrl: z.string(),
    }),
  ),
});
export type DoorHanger = z.infer<typeof DoorHanger>;
