/**
 * A stand-in for the customer API at the fetch boundary: answers like the real
 * server (shared/api.ts shapes) and records every request for the tests to inspect.
 */
import type {
  AvailableDaysResponse,
  BookResponse,
  DayStatus,
  PlanDatesResponse,
  PublicBusiness,
  QuotePlan,
  QuoteResponse,
  Slot,
} from '@slotwise/shared/api';
import { addDays } from '@slotwise/shared/slots';

export const BUSINESS_ID = '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e6f';
const WASH = '11111111-1111-4111-8111-111111111111';
export const FULL = '22222222-2222-4222-8222-222222222222';

/** The demo's question's _id: answers are sent by it. */
export const SIZE = '5c1e3c6a-9f0d-4a57-8d0e-3b2f6f2d1a11';

export function demoBusiness(overrides: Partial<PublicBusiness> = {}): PublicBusiness {
  return {
    businessId: BUSINESS_ID,
    name: 'Demo Detailing',
    niche: 'car-detailing',
    timeZone: 'America/Los_Angeles',
    timeFormat: '12h',
    services: [
      { _id: WASH, serviceName: 'Exterior Wash', duration: 60, price: 49 },
      { _id: FULL, serviceName: 'Full Detail', duration: 180, price: 219 },
    ],
    questions: [
      {
        _id: SIZE,
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'Sedan', value: 0, extraMinutes: 0 },
          { text: 'SUV', value: 20, extraMinutes: 0 },
          { text: 'Truck', value: 35, extraMinutes: 0 },
        ],
        rate: null,
        unit: null,
        minQuantity: null,
        maxQuantity: null,
        required: true,
        serviceIds: null,
      },
    ],
    distancePricing: true,
    privacyUrl: 'https://demo-detailing.example/privacy',
    branding: {
      accentColor: '#4338ca',
      onAccent: '#ffffff',
      accentInk: '#4338ca',
      buttonText: 'Book now',
      buttonPosition: 'bottom-right',
      reportProblem: false,
      logoUrl: null,
    },
    ...overrides,
  };
}

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body: unknown } | Error;
type Handler = (req: Recorded) => Reply;

function okQuote(): QuoteResponse {
  return {
    lines: [
      { label: 'Full Detail', amount: 219 },
      { label: 'Vehicle size: SUV', amount: 20 },
      { label: 'Distance (4.2 miles at $1.50/mile)', amount: 6.3 },
    ],
    totalQuote: 245.3,
    miles: 4.2,
    // The offline geocoder's answer: the street line kept, the miles measured from its ZIP code.
    distanceEstimatedFrom: 'zip',
  };
}

/** What the quote answers for a service offered weekly (10% off) and every 2 weeks (no discount). */
export const PLANS: QuotePlan[] = [
  { frequency: 'weekly', label: 'Weekly', discount: '10% off', perVisit: 220.77 },
  { frequency: 'every_2_weeks', label: 'Every 2 weeks', discount: null, perVisit: 245.3 },
];

/** A weekly plan's first four visits from `date`, the ones in `taken` taken. */
export function weeklyDates(date: string, taken: string[] = []): PlanDatesResponse {
  const days = [0, 7, 14, 21].map((n) => addDays(date, n));
  return {
    label: 'Weekly',
    visits: days.map((d) => ({ date: d, state: taken.includes(d) ? 'taken' : 'free' })),
    note: null,
  };
}

function slots(taken: string[] = []): Slot[] {
  return ['08:00', '08:30', '09:00', '09:30'].map((time) => ({ time, available: !taken.includes(time) }));
}

/**
 * A month as the server answers it, for "today" 2026-12-04 and a horizon to 2027-03-04:
 * days before today past, weekends closed, other days free unless `status` says otherwise.
 */
export function monthDays(month: string, status: (date: string) => DayStatus | undefined = () => undefined) {
  const days: AvailableDaysResponse['days'] = [];
  for (let d = new Date(`${month}-01T00:00:00Z`); d.toISOString().startsWith(month); d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
    const base: DayStatus = date < '2026-12-04' ? 'past' : date > '2027-03-04' ? 'beyond' : weekend ? 'closed' : 'free';
    days.push({ date, status: status(date) ?? base });
  }
  return { month, today: '2026-12-04', lastDay: '2027-03-04', days } satisfies AvailableDaysResponse;
}

function booked(date = '2026-12-05', time = '09:00'): BookResponse {
  return {
    bookingId: '33333333-3333-4333-8333-333333333333',
    status: 'pending',
    totalQuote: 245.3,
    bookingTime: { day: date, startTime: time, endTime: '12:00' },
    // Los Angeles is 8 hours behind UTC in December.
    calendarEvent: {
      uid: 'booking-33333333-3333-4333-8333-333333333333@api.test',
      startsAt: `${date}T${String(Number(time.slice(0, 2)) + 8).padStart(2, '0')}:${time.slice(3)}:00.000Z`,
      endsAt: `${date}T20:00:00.000Z`,
    },
  };
}

/** Default answers for every customer call; override one route with `on`. */
export function fakeApi(business: PublicBusiness | null = demoBusiness()) {
  const requests: Recorded[] = [];
  const handlers: Record<string, Handler> = {
    [`GET /api/customer/business/${BUSINESS_ID}`]: () =>
      business
        ? { status: 200, body: business }
        : { status: 404, body: { error: 'Business not found.', code: 'BUSINESS_NOT_FOUND' } },
    // Like the offline geocoder: the street line typed before the city is kept as written.
    'GET /api/business/places': (r) => {
      const input = r.query.get('input') ?? '';
      const at = input.toLowerCase().indexOf('bev');
      if (at < 0) return { status: 200, body: [] };
      const street = input.slice(0, at).replace(/[\s,]+$/, '');
      const lead = street ? `${street}, ` : '';
      return {
        status: 200,
        body: [
          { description: `${lead}Beverly Hills, CA 90210, USA`, placeId: 'zip:90210' },
          { description: `${lead}Beverly Hills, CA 90211, USA`, placeId: 'zip:90211' },
        ],
      };
    },
    'POST /api/customer/quote': () => ({ status: 200, body: okQuote() }),
    'GET /api/customer/get-available-slots': () => ({ status: 200, body: { slots: slots(['08:30']) } }),
    'GET /api/customer/available-days': (r) => ({ status: 200, body: monthDays(r.query.get('month') ?? '') }),
    'POST /api/customer/book': (r) => {
      const b = r.body as { date: string; time: string; frequency?: string };
      if (!b.frequency) return { status: 201, body: booked(b.date, b.time) };
      // A plan: its first visits booked with it, pending like the first.
      const visits = weeklyDates(b.date).visits.map((v) => ({ date: v.date, status: 'pending' as const }));
      const plan = { planId: '44444444-4444-4444-8444-444444444444', label: 'Weekly', perVisit: 220.77, visits };
      return { status: 201, body: { ...booked(b.date, b.time), totalQuote: 220.77, plan } };
    },
    // The chosen time held for 10 minutes (docs/decisions/035); the same token back when one was sent.
    'POST /api/customer/hold-slot': (r) => ({
      status: 200,
      body: {
        holdToken: (r.body as { holdToken?: string }).holdToken ?? 'h0ldT0kenOfTheWidgetTest',
        heldUntil: '2026-12-04T18:10:00.000Z',
        minutes: 10,
      },
    }),
    'POST /api/customer/release-hold': () => ({ status: 200, body: { message: 'The time is no longer held.' } }),
    'GET /api/customer/plan-dates': (r) => ({ status: 200, body: weeklyDates(r.query.get('date') ?? '') }),
    'POST /api/feedback': () => ({ status: 201, body: { message: 'Thanks' } }),
    // The funnel's beacon (funnel.ts), when sendBeacon is missing: fetch with keepalive, text/plain JSON.
    'POST /api/customer/beacon': (r) => ({
      status: 200,
      body: { counted: (r.body as { events?: unknown[] } | undefined)?.events?.length ?? 0 },
    }),
  };

  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'https://api.test');
    const method = init.method ?? 'GET';
    const req: Recorded = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply = handler
      ? handler(req)
      : { status: 404, body: { error: `No route ${method} ${url.pathname}`, code: 'ROUTE_NOT_FOUND' } };
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    /** Replaces the answer of one route, e.g. on('POST /api/customer/book', () => ({status: 409, ...})). */
    on(route: string, handler: Handler) {
      handlers[route] = handler;
    },
    last(route: string): Recorded | undefined {
      return requests.filter((r) => `${r.method} ${r.path}` === route).at(-1);
    },
    count(route: string): number {
      return requests.filter((r) => `${r.method} ${r.path}` === route).length;
    },
  };
}
