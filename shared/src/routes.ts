/**
 * Every API call, declared once: the route table, assembled from the domains' calls
 * (shared/src/contract/<domain>.calls.ts, each beside its schemas in <domain>.schemas.ts).
 * The server registers its routes from this table (packages/server/src/routes/register.ts),
 * the fetch client is derived from it (client.ts; public-client.ts takes the widget's groups
 * from their modules), and GET /api/openapi.json is generated from it. How to add a call:
 * docs/architecture.md#adding-an-api-call; why schemas are named rather than imported, and
 * the domain modules: docs/decisions/011-one-route-table.md.
 *
 * Schemas are referenced by name, and the calls modules import only types, so the calls cost
 * an app a few strings and never load zod.
 */
import type { z } from 'zod';
import { authAccountCalls, authCalls, authSummaries } from './contract/auth.calls.ts';
import { bookingsDashboardCalls, bookingsSummaries } from './contract/bookings.calls.ts';
import { businessDashboardCalls, businessSummaries } from './contract/business.calls.ts';
import { calendarDashboardCalls, calendarMetaCalls, calendarSummaries } from './contract/calendar.calls.ts';
import { clientImportDashboardCalls, clientImportSummaries } from './contract/client-import.calls.ts';
import { clientsDashboardCalls, clientsSummaries } from './contract/clients.calls.ts';
import { connectedCalendarsDashboardCalls, connectedCalendarsSummaries } from './contract/connected-calendars.calls.ts';
import { crewsAuthCalls, crewsCrewCalls, crewsDashboardCalls, crewsSummaries } from './contract/crews.calls.ts';
import { customerCalls, customerSummaries } from './contract/customer.calls.ts';
import { dayRouteCrewCalls, dayRouteDashboardCalls, dayRouteSummaries } from './contract/day-route.calls.ts';
import { insightsDashboardCalls, insightsSummaries } from './contract/insights.calls.ts';
import { invoiceLinkCalls, invoicesDashboardCalls, invoicesSummaries } from './contract/invoices.calls.ts';
import { jobStepsCrewCalls, jobStepsDashboardCalls, jobStepsSummaries } from './contract/job-steps.calls.ts';
import { ledgerDashboardCalls, ledgerSummaries } from './contract/ledger.calls.ts';
import { onboardingCalls, onboardingSummaries } from './contract/onboarding.calls.ts';
import { ownerQuotesDashboardCalls, ownerQuotesSummaries, quoteLinkCalls } from './contract/owner-quotes.calls.ts';
import { paymentsDashboardCalls, paymentsSummaries, paymentsWebhooksCalls } from './contract/payments.calls.ts';
import {
  photosCrewCalls,
  photosCustomerCalls,
  photosDashboardCalls,
  photosSummaries,
} from './contract/photos.calls.ts';
import { plansDashboardCalls, plansSummaries } from './contract/plans.calls.ts';
import { publicFeedbackCalls, publicMetaCalls, publicPlacesCalls, publicSummaries } from './contract/public.calls.ts';
import { pushCrewCalls, pushDashboardCalls, pushSummaries } from './contract/push.calls.ts';
import type { RouteDef, SchemaName, Schemas } from './contract/route-def.ts';
import { servicesDashboardCalls, servicesSummaries } from './contract/services.calls.ts';
import { textsDashboardCalls, textsSummaries, textsWebhooksCalls } from './contract/texts.calls.ts';
import { waitlistCustomerCalls, waitlistDashboardCalls, waitlistSummaries } from './contract/waitlist.calls.ts';

export type { LimitName, MediaType, Method, RouteDef, SchemaName, Schemas } from './contract/route-def.ts';

// One const per group, each the calls of one domain or several in table order.

export const metaRoutes = { ...publicMetaCalls, ...calendarMetaCalls } as const satisfies Record<string, RouteDef>;
export const authRoutes = { ...authCalls, ...crewsAuthCalls } as const satisfies Record<string, RouteDef>;
export const accountRoutes = authAccountCalls;
export const onboardingRoutes = onboardingCalls;
export const placesRoutes = publicPlacesCalls;
export const feedbackRoutes = publicFeedbackCalls;
export const customerRoutes = {
  ...customerCalls,
  ...photosCustomerCalls,
  ...waitlistCustomerCalls,
} as const satisfies Record<string, RouteDef>;
export const quoteLinkRoutes = quoteLinkCalls;
export const invoiceLinkRoutes = invoiceLinkCalls;
export const dashboardRoutes = {
  ...bookingsDashboardCalls,
  ...plansDashboardCalls,
  ...calendarDashboardCalls,
  ...servicesDashboardCalls,
  ...businessDashboardCalls,
  ...connectedCalendarsDashboardCalls,
  ...paymentsDashboardCalls,
  ...textsDashboardCalls,
  ...crewsDashboardCalls,
  ...insightsDashboardCalls,
  ...clientsDashboardCalls,
  ...clientImportDashboardCalls,
  ...ownerQuotesDashboardCalls,
  ...invoicesDashboardCalls,
  ...ledgerDashboardCalls,
  ...jobStepsDashboardCalls,
  ...dayRouteDashboardCalls,
  ...pushDashboardCalls,
  ...photosDashboardCalls,
  ...waitlistDashboardCalls,
} as const satisfies Record<string, RouteDef>;
export const crewRoutes = {
  ...crewsCrewCalls,
  ...jobStepsCrewCalls,
  ...dayRouteCrewCalls,
  ...pushCrewCalls,
  ...photosCrewCalls,
} as const satisfies Record<string, RouteDef>;
export const webhookRoutes = { ...paymentsWebhooksCalls, ...textsWebhooksCalls } as const satisfies Record<
  string,
  RouteDef
>;

/** The whole table: group -> call name -> declaration. */
export const routes = {
  meta: metaRoutes,
  auth: authRoutes,
  account: accountRoutes,
  onboarding: onboardingRoutes,
  places: placesRoutes,
  feedback: feedbackRoutes,
  customer: customerRoutes,
  quoteLink: quoteLinkRoutes,
  invoiceLink: invoiceLinkRoutes,
  dashboard: dashboardRoutes,
  crew: crewRoutes,
  webhooks: webhookRoutes,
};

export type Routes = typeof routes;

/**
 * One line per call for the API reference (packages/server/src/api-reference/), kept beside each
 * call in its domain's module. A function, and apart from the table, so the apps, which never
 * show them, do not bundle them; the types make a missing or a stray line an error.
 */
export function routeSummaries(): { [G in keyof Routes]: { [N in keyof Routes[G]]: string } } {
  return {
    meta: { ...publicSummaries.meta, ...calendarSummaries.meta },
    auth: { ...authSummaries.auth, ...crewsSummaries.auth },
    account: { ...authSummaries.account },
    onboarding: { ...onboardingSummaries.onboarding },
    places: { ...publicSummaries.places },
    feedback: { ...publicSummaries.feedback },
    customer: { ...customerSummaries.customer, ...photosSummaries.customer, ...waitlistSummaries.customer },
    quoteLink: { ...ownerQuotesSummaries.quoteLink },
    invoiceLink: { ...invoicesSummaries.invoiceLink },
    dashboard: {
      ...bookingsSummaries.dashboard,
      ...plansSummaries.dashboard,
      ...calendarSummaries.dashboard,
      ...servicesSummaries.dashboard,
      ...businessSummaries.dashboard,
      ...connectedCalendarsSummaries.dashboard,
      ...paymentsSummaries.dashboard,
      ...textsSummaries.dashboard,
      ...crewsSummaries.dashboard,
      ...insightsSummaries.dashboard,
      ...clientsSummaries.dashboard,
      ...clientImportSummaries.dashboard,
      ...ownerQuotesSummaries.dashboard,
      ...invoicesSummaries.dashboard,
      ...ledgerSummaries.dashboard,
      ...jobStepsSummaries.dashboard,
      ...dayRouteSummaries.dashboard,
      ...pushSummaries.dashboard,
      ...photosSummaries.dashboard,
      ...waitlistSummaries.dashboard,
    },
    crew: {
      ...crewsSummaries.crew,
      ...jobStepsSummaries.crew,
      ...dayRouteSummaries.crew,
      ...pushSummaries.crew,
      ...photosSummaries.crew,
    },
    webhooks: { ...paymentsSummaries.webhooks, ...textsSummaries.webhooks },
  };
}

export type Group = keyof Routes;
/** Every route as [group, name, definition], in table order. */
export function eachRoute(): [string, string, RouteDef][] {
  return Object.entries(routes).flatMap(([group, calls]) =>
    Object.entries(calls as Record<string, RouteDef>).map(
      ([name, def]) => [group, name, def] as [string, string, RouteDef],
    ),
  );
}

// ---------- the types both sides derive from a route ----------

type SchemaOf<N> = N extends SchemaName ? Schemas[N] : never;
/** What a caller sends for a schema (before defaults and transforms). */
export type InputOf<N> = N extends SchemaName ? z.input<SchemaOf<N>> : never;
/** What a schema gives after parsing (what handlers receive and answers carry). */
export type OutputOf<N> = N extends SchemaName ? z.output<SchemaOf<N>> : never;

/** The answer of a route: its schema's type, an image's bytes, or the text of another non-JSON answer. */
export type AnswerOf<R extends RouteDef> = R['response'] extends SchemaName
  ? OutputOf<R['response']>
  : R['response'] extends { mediaType: 'image/jpeg' }
    ? Blob
    : string;

/** What the client's function for a route takes: only the parts the route declares. */
export type CallInput<R extends RouteDef> = (R['params'] extends SchemaName
  ? { params: InputOf<R['params']> }
  : unknown) &
  (R['query'] extends SchemaName
    ? Partial<InputOf<R['query']>> extends InputOf<R['query']>
      ? { query?: InputOf<R['query']> }
      : { query: InputOf<R['query']> }
    : unknown) &
  (R['body'] extends SchemaName
    ? undefined extends InputOf<R['body']>
      ? { body?: InputOf<R['body']> }
      : { body: InputOf<R['body']> }
    : unknown) &
  (R['headers'] extends readonly (infer H extends string)[] ? { headers: Record<H, string> } : unknown) &
  (R['upload'] extends 'photo' ? { body: Blob } : unknown);
