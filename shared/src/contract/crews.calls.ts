/** The calls of crews (docs/decisions/023) and a crew's own login (docs/decisions/024) (schemas: crews.schemas.ts). */
import { crew, owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const crewsAuthCalls = {
  crewInvitation: {
    method: 'GET',
    path: '/api/auth/crew-invitation',
    auth: 'none',
    limit: 'passwordReset',
    query: 'TokenQuery',
    response: 'CrewInvitationStatus',
  },
  acceptCrewInvitation: {
    method: 'POST',
    path: '/api/auth/crew-invitation',
    auth: 'none',
    limit: 'passwordReset',
    body: 'AcceptCrewInvitationRequest',
    response: 'TokenResponse',
  },
} as const satisfies Record<string, RouteDef>;

export const crewsCrewCalls = {
  schedule: {
    method: 'GET',
    path: `${crew}/schedule`,
    auth: 'crew',
    query: 'RangeQuery',
    response: 'CrewSchedule',
  },
  startJob: {
    method: 'PUT',
    path: `${crew}/jobs/:id/start`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'CrewJob',
  },
  completeJob: {
    method: 'PUT',
    path: `${crew}/jobs/:id/complete`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'CrewJob',
  },
  payCode: {
    method: 'GET',
    path: `${crew}/jobs/:id/pay-code`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'CrewPayCode',
  },
  onMyWay: {
    method: 'POST',
    path: `${crew}/jobs/:id/on-my-way`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'CrewOnMyWay',
  },
  revokeFeed: {
    method: 'POST',
    path: `${crew}/calendar-feed/revoke`,
    auth: 'crew',
    response: 'CalendarFeed',
  },
} as const satisfies Record<string, RouteDef>;

export const crewsDashboardCalls = {
  crews: {
    method: 'GET',
    path: `${owner}/crews`,
    auth: 'owner',
    response: 'CrewsResponse',
  },
  createCrew: {
    method: 'POST',
    path: `${owner}/crews`,
    auth: 'owner',
    body: 'CrewRequest',
    response: 'Crew',
    status: 201,
  },
  editCrew: {
    method: 'PUT',
    path: `${owner}/crews/:id`,
    auth: 'owner',
    params: 'CrewParams',
    body: 'CrewRequest',
    response: 'Crew',
  },
  deleteCrew: {
    method: 'DELETE',
    path: `${owner}/crews/:id`,
    auth: 'owner',
    params: 'CrewParams',
    response: 'CrewsResponse',
  },
  crewMails: {
    method: 'PUT',
    path: `${owner}/crews-settings/mails`,
    auth: 'owner',
    body: 'CrewMailsRequest',
    response: 'CrewsResponse',
  },
  inviteCrewMember: {
    method: 'POST',
    path: `${owner}/crews/:id/member`,
    auth: 'owner',
    params: 'CrewParams',
    body: 'CrewMemberInviteRequest',
    response: 'Crew',
    status: 201,
  },
  resendCrewInvite: {
    method: 'POST',
    path: `${owner}/crews/:id/member/resend`,
    auth: 'owner',
    params: 'CrewParams',
    response: 'Crew',
  },
  removeCrewMember: {
    method: 'DELETE',
    path: `${owner}/crews/:id/member`,
    auth: 'owner',
    params: 'CrewParams',
    response: 'Crew',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const crewsSummaries: {
  auth: SummariesOf<typeof crewsAuthCalls>;
  crew: SummariesOf<typeof crewsCrewCalls>;
  dashboard: SummariesOf<typeof crewsDashboardCalls>;
} = {
  auth: {
    crewInvitation: 'Whether a crew invitation link still works, and for whom, which crew and which business.',
    acceptCrewInvitation:
      "Sets a crew member's password with their invitation link (once); answers a crew session token and every older one ends. Refused: CREW_INVITE_INVALID, CREW_INVITE_USED, CREW_INVITE_EXPIRED.",
  },
  dashboard: {
    crews: "The business's crews and whether customer mails name them.",
    createCrew: 'Adds a crew (a person or a truck) with its own hours, start place and services.',
    editCrew: "Changes a crew's name, colour, hours, start place, services or whether it takes jobs.",
    deleteCrew: 'Removes a crew that has no bookings from today on.',
    crewMails: 'Whether mails to customers name the crew doing the job.',
    inviteCrewMember:
      'Gives a crew a login: mails an invitation link (7 days) to set a password. Refused: CREW_MEMBER_EXISTS, CREW_EMAIL_TAKEN.',
    resendCrewInvite:
      "Mails the crew's login a new invitation link (older ones stop working); once accepted, the link sets a new password. At most one a minute.",
    removeCrewMember: "Ends the crew's login: its sessions, invitation link and calendar feed stop working at once.",
  },
  crew: {
    schedule:
      "The crew member's own crew's jobs between two business-local dates (inclusive; today and the next 6 days by default): time, service, customer, phone, address, status, notes. No prices.",
    startJob:
      "Marks one of the crew's jobs started (from its day on; again: no change). Refused: JOB_NOT_ACTIVE, JOB_NOT_TODAY.",
    completeJob:
      "Marks one of the crew's started jobs completed (again: no change). Refused: JOB_NOT_STARTED, JOB_NOT_ACTIVE.",
    payCode:
      "A completed job's pay link as a QR code for the customer to scan at the door, with the invoice's number (never its amount). Refused: JOB_NOT_FOUND, INVOICE_NOT_FOUND (none issued, or void), INVOICE_PAID, PAYMENT_NOT_DUE (the card on file is being charged).",
    onMyWay:
      "Tells the customer of one of the crew's jobs today that the crew is on the way, once: a text when they agreed to texts and did not reply STOP, else a mail, with the arrival worked out from the crew's previous job of the day (or its start place) at the business's average speed. Refused: JOB_NOT_FOUND, JOB_NOT_ACTIVE, JOB_NOT_TODAY, JOB_ALREADY_STARTED, ON_MY_WAY_ALREADY_SENT, CUSTOMER_UNREACHABLE.",
    revokeFeed: "Makes the crew member's old calendar feed URL stop working; answers the new one.",
  },
};
