/**
 * The calls of the waiting list (docs/decisions/056; schemas: waitlist.schemas.ts). Accepting an
 * offer is the widget's book call with the offer's token (BookRequest.offerToken): one booking path.
 */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const waitlistCustomerCalls = {
  joinWaitlist: {
    method: 'POST',
    path: '/api/customer/waitlist',
    auth: 'none',
    crossOrigin: true,
    limit: 'book',
    body: 'JoinWaitlistRequest',
    response: 'JoinWaitlistResponse',
    status: 201,
  },
  leaveWaitlist: {
    method: 'DELETE',
    path: '/api/customer/waitlist',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'OkBody',
  },
  waitlistOffer: {
    method: 'GET',
    path: '/api/customer/offer',
    auth: 'none',
    crossOrigin: true,
    limit: 'manage',
    query: 'TokenQuery',
    response: 'WaitlistOffer',
  },
} as const satisfies Record<string, RouteDef>;

export const waitlistDashboardCalls = {
  waitlistDay: {
    method: 'GET',
    path: `${owner}/waitlist`,
    auth: 'owner',
    query: 'WaitlistDayQuery',
    response: 'WaitlistDay',
  },
} as const satisfies Record<string, RouteDef>;

export const waitlistSummaries: {
  customer: SummariesOf<typeof waitlistCustomerCalls>;
  dashboard: SummariesOf<typeof waitlistDashboardCalls>;
} = {
  customer: {
    joinWaitlist:
      'Joins the waiting list of a full day with the quote the customer had: told by mail (and text, with consent) when a time that fits opens. One entry per e-mail per business per day (ALREADY_WAITING). The widget offers it on a full day only; the server does not refuse a day with free times (an entry whose customer books that day is marked filled by the next offer pass of the day).',
    leaveWaitlist: "Leaves the waiting list, by the token in the joining mail's link.",
    waitlistOffer:
      "A freed time offered to a waiting customer, with the price computed again and the book call's body to accept it (book with offerToken); or offered to a plan customer to move their next visit up (move): the same book call with the token moves that visit there, booking nothing new.",
  },
  dashboard: {
    waitlistDay: "A day's waiting list: who waits, each freed time, who was offered it and who took it.",
  },
};
