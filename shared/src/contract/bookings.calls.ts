/** The calls of bookings on the owner's side: the list, approve, decline, move, undo (schemas: bookings.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const bookingsDashboardCalls = {
  bookingsToday: {
    method: 'GET',
    path: `${owner}/bookings/today`,
    auth: 'owner',
    response: 'TodayResponse',
  },
  bookingsWaiting: {
    method: 'GET',
    path: `${owner}/bookings/waiting`,
    auth: 'owner',
    response: 'WaitingResponse',
  },
  bookings: {
    method: 'GET',
    path: `${owner}/bookings`,
    auth: 'owner',
    query: 'RangeQuery',
    response: 'BookingsResponse',
  },
  ownerBookingPrice: {
    method: 'POST',
    path: `${owner}/bookings/quote`,
    auth: 'owner',
    body: 'OwnerQuoteRequest',
    response: 'OwnerQuoteResponse',
  },
  ownerBook: {
    method: 'POST',
    path: `${owner}/bookings`,
    auth: 'owner',
    body: 'OwnerBookRequest',
    headers: ['idempotency-key'],
    response: 'OwnerBookResponse',
    status: 201,
  },
  approve: {
    method: 'PUT',
    path: `${owner}/booking/approve/:id`,
    auth: 'owner',
    params: 'BookingParams',
    /** Optional: without a body the booking is approved as quoted. */
    body: 'ApproveRequest',
    response: 'Booking',
  },
  decline: {
    method: 'PUT',
    path: `${owner}/booking/decline/:id`,
    auth: 'owner',
    params: 'BookingParams',
    /** Optional: without a body the booking is declined with no reason. */
    body: 'DeclineRequest',
    response: 'BookingWithUndo',
  },
  rescheduleBooking: {
    method: 'PUT',
    path: `${owner}/booking/reschedule`,
    auth: 'owner',
    body: 'RescheduleByOwnerRequest',
    response: 'BookingWithUndo',
  },
  undo: {
    method: 'POST',
    path: `${owner}/booking/undo/:token`,
    auth: 'owner',
    params: 'UndoParams',
    response: 'Booking',
  },
  completeBooking: {
    method: 'PUT',
    path: `${owner}/booking/complete/:id`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'Booking',
  },
  bookingOnMyWay: {
    method: 'POST',
    path: `${owner}/bookings/:id/on-my-way`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'BookingOnMyWay',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const bookingsSummaries: { dashboard: SummariesOf<typeof bookingsDashboardCalls> } = {
  dashboard: {
    bookingsToday: "Today's bookings, today being the business's day.",
    bookingsWaiting:
      "What waits for the owner's answer, whatever its day, soonest first: pending bookings and plan visits that need a time, with their count.",
    bookings: 'Bookings in time order, optionally between two business-local dates (inclusive).',
    ownerBookingPrice:
      "The price engine's quote for a booking the owner enters (not counted in Insights), with the job's length and, for a time, whether it is outside the hours or overlaps a job.",
    ownerBook:
      'A booking the owner enters (a phone-in customer): priced by the engine (a changed total needs a reason), checked as a customer booking is but allowed outside the hours once confirmed (allowOutsideHours), never over another job; approved at once, linked to its client, the customer mailed or texted as the owner chooses. Send an Idempotency-Key. Refused: OUTSIDE_HOURS_UNCONFIRMED, PRICE_REASON_NEEDED, TIME_OVERLAPS, TRAVEL_NOT_FEASIBLE, CLIENT_NOT_FOUND.',
    approve:
      "Approves a pending booking and mails the customer; with a new total and a reason, mails the customer the adjusted price to accept or decline (the booking stays pending until then). Approving without a total while a new price waits withdraws it (priceChange.state withdrawn), as does a Decline. Refused: BOOKING_EXPIRED when the request expired unanswered at the business's cut-off (docs/decisions/051).",
    decline:
      "Declines a pending booking and frees its time; answers an Undo. The customer's mail, quoting the owner's reason when one is sent, goes once the undo window has passed. Refused: BOOKING_EXPIRED when the request expired unanswered.",
    rescheduleBooking:
      "Moves a booking to a free time inside business hours; answers an Undo. The customer's mail goes once the undo window has passed. A plan's visit moved with scope following moves the plan's day and time from it on (a later day the customer skipped stays skipped); refused: NOT_A_PLAN_VISIT, PLAN_DAY_TAKEN.",
    undo: "Takes back a Decline or a move within its undo window: the booking is as it was, and the customer's mail is never sent.",
    completeBooking:
      'Marks an approved job completed (a job finished early counts) and issues its invoice in the same step (GET .../bookings/:id/bill reads it): its review request follows after the delay set. Refused: BOOKING_NOT_APPROVED.',
    bookingOnMyWay:
      "Tells the customer of a job today that the crew is on the way, once per job, as the crew's On my way does (POST /api/crew/jobs/:id/on-my-way). Refused: BOOKING_NOT_FOUND, JOB_NOT_ACTIVE, JOB_NOT_TODAY, JOB_ALREADY_STARTED, ON_MY_WAY_ALREADY_SENT, CUSTOMER_UNREACHABLE.",
  },
};
