/** Everything a route needs, built once in app.ts and passed to every route plugin. */
import type { Kysely } from 'kysely';
import type { ExpansionSandbox } from './calendars/sandbox.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { Geocoder } from './geocoder/geocoder.ts';
import type { MailDispatcher } from './mail/outbox.ts';
import type { Metrics } from './metrics.ts';
import type { PaymentGateway } from './payments/stripe.ts';
import type { PhotoStore } from './photos/store.ts';
import { availabilityRepository } from './repositories/availability.ts';
import { bookingUndosRepository } from './repositories/booking-undos.ts';
import { bookingsRepository } from './repositories/bookings.ts';
import { businessesRepository } from './repositories/businesses.ts';
import { calendarRepository } from './repositories/calendar.ts';
import { checklistRepository } from './repositories/checklist.ts';
import { clientImportRepository } from './repositories/client-import.ts';
import { clientThingsRepository } from './repositories/client-things.ts';
import { clientsRepository } from './repositories/clients.ts';
import { connectedCalendarsRepository } from './repositories/connected-calendars.ts';
import { crewJobsRepository } from './repositories/crew-jobs.ts';
import { crewMembersRepository } from './repositories/crew-members.ts';
import { crewsRepository } from './repositories/crews.ts';
import { customerDataRepository } from './repositories/customer-data.ts';
import { feedbackRepository } from './repositories/feedback.ts';
import { idempotencyRepository } from './repositories/idempotency.ts';
import { insightsRepository } from './repositories/insights.ts';
import { invoicesRepository } from './repositories/invoices.ts';
import { jobRunsRepository } from './repositories/job-runs.ts';
import { jobStepsRepository } from './repositories/job-steps.ts';
import { ledgerRepository } from './repositories/ledger.ts';
import { logosRepository } from './repositories/logos.ts';
import { manageTokensRepository } from './repositories/manage-tokens.ts';
import { ownerQuotesRepository } from './repositories/owner-quotes.ts';
import { paymentsRepository } from './repositories/payments.ts';
import { photosRepository } from './repositories/photos.ts';
import { plansRepository } from './repositories/plans.ts';
import { pricingRepository } from './repositories/pricing.ts';
import { pushRepository } from './repositories/push.ts';
import { reviewsRepository } from './repositories/reviews.ts';
import { savedCardsRepository } from './repositories/saved-cards.ts';
import { servicesRepository } from './repositories/services.ts';
import { slotHoldsRepository } from './repositories/slot-holds.ts';
import { slugsRepository } from './repositories/slugs.ts';
import { textsRepository } from './repositories/texts.ts';
import { usersRepository } from './repositories/users.ts';
import type { TwilioClient } from './texts/twilio.ts';

export interface AppContext {
  config: Config;
  store: Db;
  db: Kysely<Database>;
  geocoder: Geocoder;
  repos: ReturnType<typeof createRepositories>;
  /** Sends queued mail after commit; call mail.kick() after a transaction that used queueMail. */
  mail: MailDispatcher;
  /** Stripe, with each business's own keys (payments/stripe.ts); a stand-in on loopback in tests. */
  payments: PaymentGateway;
  /** Twilio's Messages API, with each business's own account (texts/twilio.ts); a stand-in on loopback in tests. */
  twilio: TwilioClient;
  /** Sends queued refunds and releases lapsed holds (payments/worker.ts); kick() after a commit that queued a refund. */
  paymentWorker: { kick(): void; flush(): Promise<void> };
  /** Where owners' calendars are expanded: worker threads under a time and a memory limit (calendars/sandbox.ts). */
  calendarSandbox: ExpansionSandbox;
  /** Where photos' bytes are kept (photos/store.ts; docs/decisions/053). */
  photoStore: PhotoStore;
  /** Prometheus counters and gauges behind GET /metrics (metrics.ts). */
  metrics: Metrics;
  /** Injected so tests can move time; everything reads "now" from here. */
  now: () => number;
  /** `draining` from the moment the instance begins to stop (server.ts, app.close()): readiness answers 503. */
  lifecycle: { draining: boolean };
}

export function createRepositories(db: Kysely<Database>) {
  return {
    users: usersRepository(db),
    businesses: businessesRepository(db),
    feedback: feedbackRepository(db),
    services: servicesRepository(db),
    availability: availabilityRepository(db),
    pricing: pricingRepository(db),
    bookings: bookingsRepository(db),
    calendar: calendarRepository(db),
    crews: crewsRepository(db),
    crewMembers: crewMembersRepository(db),
    crewJobs: crewJobsRepository(db),
    jobSteps: jobStepsRepository(db),
    photos: photosRepository(db),
    plans: plansRepository(db),
    manageTokens: manageTokensRepository(db),
    idempotency: idempotencyRepository(db),
    customerData: customerDataRepository(db),
    clients: clientsRepository(db),
    clientImport: clientImportRepository(db),
    clientThings: clientThingsRepository(db),
    jobRuns: jobRunsRepository(db),
    bookingUndos: bookingUndosRepository(db),
    slotHolds: slotHoldsRepository(db),
    checklist: checklistRepository(db),
    slugs: slugsRepository(db),
    logos: logosRepository(db),
    payments: paymentsRepository(db),
    savedCards: savedCardsRepository(db),
    connectedCalendars: connectedCalendarsRepository(db),
    texts: textsRepository(db),
    reviews: reviewsRepository(db),
    insights: insightsRepository(db),
    ownerQuotes: ownerQuotesRepository(db),
    invoices: invoicesRepository(db),
    ledger: ledgerRepository(db),
    push: pushRepository(db),
  };
}
