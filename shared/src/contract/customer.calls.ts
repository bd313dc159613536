/**
 * The customer's calls (the widget's and the booking page's, the one group the widget's client
 * loads): the business as shown, slots and days, the quote, the beacon (its schemas:
 * insights.schemas.ts), booking, checkout, the manage link (schemas: customer.schemas.ts).
 */
import type { RouteDef, SummariesOf } from './route-def.ts';

export const customerCalls = {
  business: {
    method: 'GET',
    path: '/api/customer/business/:businessId',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    params: 'BusinessParams',
    response: 'PublicBusiness',
  },
  slots: {
    method: 'GET',
    path: '/api/customer/get-available-slots',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'SlotsQuery',
    response: 'SlotsResponse',
  },
  launcher: {
    method: 'GET',
    path: '/api/customer/launcher/:businessId',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    params: 'BusinessParams',
    response: 'Launcher',
  },
  availableDays: {
    method: 'GET',
    path: '/api/customer/available-days',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'AvailableDaysQuery',
    response: 'AvailableDaysResponse',
  },
  quote: {
    method: 'POST',
    path: '/api/customer/quote',
    auth: 'none',
    crossOrigin: true,
    limit: 'quote',
    body: 'QuoteRequest',
    response: 'QuoteResponse',
  },
  beacon: {
    method: 'POST',
    path: '/api/customer/beacon',
    auth: 'none',
    crossOrigin: true,
    limit: 'beacon',
    body: 'BeaconRequest',
    response: 'BeaconAck',
  },
  holdSlot: {
    method: 'POST',
    path: '/api/customer/hold-slot',
    auth: 'none',
    crossOrigin: true,
    limit: 'hold',
    body: 'HoldRequest',
    response: 'HoldResponse',
  },
  releaseHold: {
    method: 'POST',
    path: '/api/customer/release-hold',
    auth: 'none',
    crossOrigin: true,
    limit: 'hold',
    body: 'ReleaseHoldRequest',
    response: 'OkBody',
  },
  book: {
    method: 'POST',
    path: '/api/customer/book',
    auth: 'none',
    crossOrigin: true,
    limit: 'book',
    body: 'BookRequest',
    headers: ['idempotency-key'],
    response: 'BookResponse',
    status: 201,
  },
  checkout: {
    method: 'POST',
    path: '/api/customer/checkout',
    auth: 'none',
    crossOrigin: true,
    limit: 'book',
    body: 'CheckoutRequest',
    response: 'CheckoutResponse',
  },
  managedBooking: {
    method: 'GET',
    path: '/api/customer/booking',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'ManagedBooking',
  },
  reschedule: {
    method: 'PUT',
    path: '/api/customer/reschedule',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    body: 'CustomerRescheduleRequest',
    response: 'ManagedBooking',
  },
  bookingPageLink: {
    method: 'GET',
    path: '/api/customer/booking-page',
    auth: 'none',
    limit: 'manage',
    query: 'BookingPageQuery',
    response: 'BookingPageLink',
  },
  answerPriceChange: {
    method: 'POST',
    path: '/api/customer/price-change',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    body: 'PriceChangeAnswer',
    response: 'OkBody',
  },
  cancel: {
    method: 'DELETE',
    path: '/api/customer/confirm-cancel',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
  planDates: {
    method: 'GET',
    path: '/api/customer/plan-dates',
    auth: 'none',
    crossOrigin: true,
    limit: 'publicRead',
    query: 'PlanDatesQuery',
    response: 'PlanDatesResponse',
  },
  skipVisit: {
    method: 'POST',
    path: '/api/customer/skip-visit',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
  cancelPlan: {
    method: 'DELETE',
    path: '/api/customer/plan',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
  removeSavedCard: {
    method: 'DELETE',
    path: '/api/customer/card',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const customerSummaries: { customer: SummariesOf<typeof customerCalls> } = {
  customer: {
    business: 'A business as the widget shows it: name, services, the price question, distance pricing, its branding.',
    launcher:
      "What widget.js needs before it shows the booking button: the owner's text, corner and colours. Kept by caches for a minute.",
    slots: "A day's 30-minute slots, each free or not, for a service or a manage link's booking.",
    availableDays:
      "Each day of a month as the date step's grid shows it: free, full, closed, past, or beyond the booking horizon.",
    quote:
      'The price of a service for its answers, ticked add-ons and an address, itemised. `answers` (by question _id) replaces the single `answer`, still accepted for embeds made before several questions. An answer to a question _id the business no longer has (its questions were saved since the page loaded) is refused with QUESTIONS_CHANGED: load the business again and ask again.',
    beacon:
      "The booking form's funnel events (opened, quoted, a time chosen, booked, a full day or time tapped), sent with navigator.sendBeacon as text/plain JSON. Counted per day and source; nothing about the customer is kept.",
    holdSlot:
      "Holds a chosen time for the customer while they type their details (10 minutes; docs/decisions/035): other customers are not offered it and cannot hold or book it (SLOT_HELD) until the hold is booked, let go or lapses. A holdToken sent back replaces that hold (one live hold per token). The owner's own moves ignore holds. Refused: SLOT_HELD, SLOT_TAKEN, TOO_MANY_HOLDS and the time rules of book.",
    releaseHold:
      'Lets a hold go (the customer went back or chose another time): the time is offered again at once. A token that holds nothing (lapsed, booked) answers ok too.',
    book: 'Books a slot (pending until the owner approves; awaiting_payment, holding the time 15 minutes, when a deposit is due). A retry with the same Idempotency-Key answers the first answer. Answers are priced as the quote prices them (QUESTIONS_CHANGED for a question _id the business no longer has). With the holdToken of a hold on the time, the holder books it and the hold ends; a time another customer holds is refused with SLOT_HELD.',
    checkout:
      "The Stripe Checkout page for the deposit of a booking awaiting payment, or of a plan's visit whose deposit is paid before it (the same page however often it is asked for). With the customer's consent to save their card (book's saveCard), the deposit's page keeps the card; with no deposit due (book answered cardSetup), the page only saves the card (Stripe's setup mode; nothing is charged). Refused: PAYMENT_NOT_DUE, HOLD_EXPIRED, PAYMENTS_NOT_CONNECTED, PAYMENT_UNAVAILABLE (a held booking's hold is then released; a visit keeps its time).",
    managedBooking: 'The booking behind a manage link, and whether it may still change.',
    reschedule: 'Moves the booking behind a manage link to another free slot.',
    bookingPageLink:
      'The booking page of the business behind a manage link (used or expired ones too) or an id, for "Book again"; 404 when there is none.',
    cancel: 'Cancels the booking behind a manage link.',
    answerPriceChange:
      'Accepts or declines the adjusted price the business proposed when approving (docs/decisions/026): accepted, the booking is approved at it; declined, it is cancelled. Refused: BOOKING_NOT_CHANGEABLE when no price change waits, or when the business withdrew it by deciding first.',
    planDates:
      'The first visits of a plan starting at a chosen slot, each free or taken (the owner proposes another time for a taken one). Refused: PLAN_NOT_OFFERED.',
    removeSavedCard:
      'Removes the card the customer saved with the business (docs/decisions/046), from their manage link: nothing more is charged to it. Refused: CARD_NOT_SAVED.',
    skipVisit:
      "Skips the plan's visit behind a manage link (the plan goes on); the change cut-off applies. Refused: NOT_A_PLAN_VISIT.",
    cancelPlan:
      'Cancels the plan of the visit behind a manage link: its coming visits are cancelled, except those inside the change cut-off. Refused: NOT_A_PLAN_VISIT.',
  },
};
