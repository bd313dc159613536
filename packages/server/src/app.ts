/**
 * Builds the whole app as a Fastify instance without listening, so tests call
 * app.inject() or listen on a random port. server.ts only listens.
 */

import type { Server } from 'node:http';
import type { Agent } from 'node:https';
import { join } from 'node:path';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { apiReferenceHandlers } from './api-reference/routes.ts';
import { expansionSandbox } from './calendars/sandbox.ts';
import { type Config, ConfigError } from './config.ts';
import { type AppContext, createRepositories } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { writesSettled } from './db/transaction.ts';
import { seedDemo } from './demo-seed.ts';
import { twilioCredentialsOf } from './domain/booking-texts.ts';
import { createGeocoder } from './geocoder/create.ts';
import type { Geocoder } from './geocoder/geocoder.ts';
import { startBackups } from './jobs/backups.ts';
import { startCalendarReads } from './jobs/calendar-reads.ts';
import { startCompletePastBookings } from './jobs/complete-past-bookings.ts';
import { startRetention } from './jobs/customer-data-retention.ts';
import { startInvoiceReminders } from './jobs/invoice-reminders.ts';
import { startPhotoSweep } from './jobs/photo-sweep.ts';
import { startPlanVisits } from './jobs/plan-visits.ts';
import { startQuoteFollowUps } from './jobs/quote-follow-ups.ts';
import { startReminders } from './jobs/reminders.ts';
import { startRequestExpiry } from './jobs/request-expiry.ts';
import { startReviewRequests } from './jobs/review-requests.ts';
import { startWaitlistOffers } from './jobs/waitlist-offers.ts';
import { lazyRequestLogger, loggerOptions } from './logging.ts';
import { MailDispatcher } from './mail/outbox.ts';
import { fileTransport, type MailTransport, smtpTransport } from './mail/transport.ts';
import { createMetrics, metricsRoute, useRequestMetrics } from './metrics.ts';
import { type PaymentGateway, stripeGateway } from './payments/stripe.ts';
import { PaymentWorker } from './payments/worker.ts';
import { createPhotoStore, type PhotoStore } from './photos/store.ts';
import { useJsonCompression } from './plugins/compression.ts';
import { useCors } from './plugins/cors.ts';
import { frameworkErrors, useErrorHandler } from './plugins/errors.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { useSecurityHeaders } from './plugins/security-headers.ts';
import { useZodValidation } from './plugins/validation.ts';
import { webPushTransport } from './push/transport.ts';
import { mailOutboxRepository } from './repositories/mail-outbox.ts';
import { accountHandlers } from './routes/account.ts';
import { authHandlers } from './routes/auth.ts';
import { bookingPageRoutes } from './routes/booking-page.ts';
import { crewAccessHandlers } from './routes/crew.ts';
import { beaconHandlers } from './routes/customer/beacon.ts';
import { bookHandlers } from './routes/customer/book.ts';
import { catalogueHandlers } from './routes/customer/catalogue.ts';
import { checkoutHandlers } from './routes/customer/checkout.ts';
import { holdHandlers } from './routes/customer/holds.ts';
import { invoiceLinkHandlers } from './routes/customer/invoice-link.ts';
import { launcherHandlers } from './routes/customer/launcher.ts';
import { manageHandlers } from './routes/customer/manage.ts';
import { customerPlanHandlers } from './routes/customer/plans.ts';
import { quoteLinkHandlers } from './routes/customer/quote-link.ts';
import { waitlistHandlers } from './routes/customer/waitlist.ts';
import { bookingPageHandlers } from './routes/dashboard/booking-page.ts';
import { bookingHandlers } from './routes/dashboard/bookings.ts';
import { brandingHandlers } from './routes/dashboard/branding.ts';
import { calendarHandlers } from './routes/dashboard/calendar.ts';
import { connectedCalendarHandlers } from './routes/dashboard/calendars.ts';
import { checklistHandlers } from './routes/dashboard/checklist.ts';
import { clientImportHandlers } from './routes/dashboard/client-import.ts';
import { clientHandlers } from './routes/dashboard/clients.ts';
import { confirmationHandlers } from './routes/dashboard/confirmation.ts';
import { crewMemberHandlers } from './routes/dashboard/crew-members.ts';
import { crewHandlers } from './routes/dashboard/crews.ts';
import { customerDataHandlers } from './routes/dashboard/customer-data.ts';
import { exportHandlers } from './routes/dashboard/export.ts';
import { insightsHandlers } from './routes/dashboard/insights.ts';
import { invoiceHandlers } from './routes/dashboard/invoices.ts';
import { ledgerHandlers } from './routes/dashboard/ledger.ts';
import { messageHandlers } from './routes/dashboard/messages.ts';
import { notificationHandlers } from './routes/dashboard/notifications.ts';
import { onMyWayHandlers } from './routes/dashboard/on-my-way.ts';
import { feedHandlers, operationsHandlers } from './routes/dashboard/operations.ts';
import { ownerBookingHandlers } from './routes/dashboard/owner-booking.ts';
import { ownerQuoteHandlers } from './routes/dashboard/owner-quotes.ts';
import { paymentHandlers } from './routes/dashboard/payments.ts';
import { planHandlers } from './routes/dashboard/plans.ts';
import { pricingHandlers } from './routes/dashboard/pricing.ts';
import { savedCardHandlers } from './routes/dashboard/saved-cards.ts';
import { serviceHandlers } from './routes/dashboard/services.ts';
import { settingsHandlers } from './routes/dashboard/settings.ts';
import { travelHandlers } from './routes/dashboard/travel.ts';
import { undoHandlers } from './routes/dashboard/undo.ts';
import { waitlistDayHandlers } from './routes/dashboard/waitlist.ts';
import { dayRouteHandlers } from './routes/day-route.ts';
import { demoRoutes } from './routes/demo.ts';
import { jobStepsHandlers } from './routes/job-steps.ts';
import { mediaRoutes } from './routes/media.ts';
import { onboardingHandlers } from './routes/onboarding.ts';
import { photosHandlers } from './routes/photos.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { feedbackHandlers, healthHandlers, placesHandlers } from './routes/public.ts';
import { pushHandlers } from './routes/push.ts';
import { registerRoutes } from './routes/register.ts';
import { dashboardPage, staticRoutes } from './routes/static.ts';
import { textRoutes } from './routes/texts.ts';
import { webhookHandlers } from './routes/webhooks.ts';
import { logTextTransport, refusingOptOuts, twilioTransport } from './texts/transport.ts';
import { type TwilioClient, twilioClient } from './texts/twilio.ts';

/**
 * Calendars expanded side by side, each in its worker (calendars/sandbox.ts): two, so that one
 * calendar running to its time limit never holds the others up; more would take cores from the
 * requests.
 */
const CALENDAR_WORKERS = 2;

/**
 * How long a client may take, and how many may hold a socket at once, so that slow or
 * stalled clients cannot hold the file descriptors (issue 20: 50 sockets trickling a
 * byte every 10 s stayed open for minutes). A request's headers must arrive within
 * `headersMs` and the whole request, body included, within `requestMs`; Node checks
 * open requests every `checkEveryMs`. An idle keep-alive socket closes after
 * `keepAliveMs` (above the 60 s idle timeout of common load balancers, so they close
 * first). Beyond `maxConnections` new sockets are refused.
 */
interface ConnectionLimits {
  headersMs: number;
  requestMs: number;
  checkEveryMs: number;
  keepAliveMs: number;
  maxConnections: number;
}
const CONNECTION_LIMITS: ConnectionLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkEveryMs: 2_000,
  keepAliveMs: 72_000,
  maxConnections: 2_000,
};

/**
 * Stripe keys stored under an ENCRYPTION_KEY that is now missing could not be opened: every
 * deposit would fail at the customer's checkout. Better not to start, saying why.
 */
async function refuseKeysWithoutEncryptionKey(ctx: AppContext): Promise<void> {
  if (ctx.config.encryptionKey) return;
  const connected = await ctx.repos.payments.accountCount();
  // Connected calendars' addresses are sealed the same way (docs/decisions/025): unread, every owner's calendar would go stale.
  const calendars = await ctx.repos.connectedCalendars.total();
  if (connected === 0 && calendars === 0) return;
  await ctx.store.close();
  const what = [
    connected > 0 ? `${connected} business(es) have Stripe connected` : null,
    calendars > 0 ? `${calendars} calendar(s) are connected` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  throw new ConfigError(
    `Invalid configuration:\n  ENCRYPTION_KEY: required: ${what}, and their keys or addresses are stored encrypted with it. Set the same ENCRYPTION_KEY as before.`,
  );
}

/** Texts go through each business's Twilio account, or to files beside the mails (config TEXTS). */
function textTransportFor(config: Config, repos: AppContext['repos'], twilio: TwilioClient) {
  const transport =
    config.texts === 'log'
      ? logTextTransport(join(config.dataDir, 'outbox'))
      : twilioTransport(twilio, (businessId) => twilioCredentialsOf(repos.texts, config, businessId));
  return refusingOptOuts(transport, (businessId, to) => repos.texts.isOptedOut(businessId, to));
}

export interface BuildOptions {
  /** Overrides for tests: a capturing log stream, a fake geocoder, a moved clock. */
  logger?: FastifyServerOptions['logger'];
  geocoder?: Geocoder;
  mailTransport?: MailTransport;
  payments?: PaymentGateway;
  /** Where photos are kept; by default from the configuration (photos/store.ts). */
  photoStore?: PhotoStore;
  now?: () => number;
  /** Sees every route as it is registered (the authorization matrix reads the route table through it). */
  onRoute?: (route: RouteOptions) => void;
  /** Shorter limits for the tests that prove them. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Tests: with traces configured, spans go here instead of to the OTLP endpoint. */
  spanExporter?: SpanExporter;
  /** Tests: the HTTPS agent that trusts the stand-in push service's certificate (test/push/stand-in.ts). */
  pushAgent?: Agent;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  // Traces (tracing/, docs/decisions/044): loaded only when configured, and before the database's
  // pools, so every connection runs pg's instrumented query.
  const tracing = config.tracing
    ? (await import('./tracing/tracing.ts')).startTracing(config.tracing, { exporter: options.spanExporter })
    : undefined;
  const store = openDatabase(config.databaseUrl, config.databasePoolSize);
  if (tracing) store.writeTracing = tracing.writeTracing(store.dialect);
  await migrateToLatest(store);

  const limits = { ...CONNECTION_LIMITS, ...options.connectionLimits };
  const serverOptions: FastifyHttpOptions<Server> = {
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    logger: options.logger ?? loggerOptions(config.logLevel),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Ids in paths are UUIDs; anything longer is noise.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    ...(tracing ? { logController: tracing.logController } : {}),
  };
  const app: FastifyInstance = Fastify(serverOptions);
  app.server.maxConnections = limits.maxConnections;
  // The request spans start ahead of every other hook.
  if (tracing) await tracing.register(app);
  // Before any plugin registers a route, so none is missed.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const now = options.now ?? Date.now;
  const transport =
    options.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(join(config.dataDir, 'outbox'), config.mailFrom));
  const repos = createRepositories(store.db);
  const twilio = twilioClient(config.twilioApiUrl);
  const metrics = createMetrics(store, mailOutboxRepository(store.db), now);
  const ctx: AppContext = {
    config,
    store,
    db: store.db,
    geocoder: options.geocoder ?? createGeocoder(config),
    repos,
    mail: new MailDispatcher(
      store,
      transport,
      app.log,
      now,
      config.mailPollMs,
      textTransportFor(config, repos, twilio),
      (channel) => metrics.outboxFailures.inc({ channel }),
      webPushTransport(config.vapid, options.pushAgent),
    ),
    twilio,
    payments: options.payments ?? stripeGateway(config.stripeApiUrl),
    paymentWorker: { kick() {}, flush: async () => {} },
    metrics,
    calendarSandbox: expansionSandbox({
      timeoutMs: config.calendarFetch.expandTimeoutMs,
      maxHeapMb: config.calendarFetch.expandHeapMb,
      workers: CALENDAR_WORKERS,
    }),
    photoStore: options.photoStore ?? createPhotoStore(config),
    now,
    lifecycle: { draining: false },
  };
  // Readiness fails from the first moment of a stop, whoever stops the app (server.ts marks it sooner).
  app.addHook('preClose', async () => {
    ctx.lifecycle.draining = true;
  });
  await refuseKeysWithoutEncryptionKey(ctx);
  const paymentWorker = new PaymentWorker(ctx, app.log);
  ctx.paymentWorker = paymentWorker;
  ctx.mail.start();
  paymentWorker.start();
  app.addHook('onClose', async () => {
    await ctx.calendarSandbox.close();
    await paymentWorker.stop();
    await ctx.mail.stop();
    // Writes still queued for their transaction (their clients may have gone) finish first.
    await writesSettled(store);
    await store.close();
    // The spans still batched go out last.
    await tracing?.shutdown(app.log);
  });
  // The minute jobs tick every config.jobTickMs (60 s; shorter only in tests).
  startCompletePastBookings(app, ctx, config.jobTickMs);
  startReminders(app, ctx, config.jobTickMs);
  startPhotoSweep(app, ctx);
  startReviewRequests(app, ctx, config.jobTickMs);
  startQuoteFollowUps(app, ctx, config.jobTickMs);
  startInvoiceReminders(app, ctx, config.jobTickMs);
  startRequestExpiry(app, ctx, config.jobTickMs);
  startWaitlistOffers(app, ctx, config.jobTickMs);
  startPlanVisits(app, ctx);
  startRetention(app, ctx);
  startCalendarReads(app, ctx, config.jobTickMs);
  startBackups(app, ctx, config.jobTickMs);

  // The business behind /demo; DEMO_SEED=off leaves a production database untouched.
  if (config.demoSeed) await seedDemo(ctx);

  useZodValidation(app);
  useErrorHandler(app, { notFoundPage: () => dashboardPage(config.staticDir) });

  useSecurityHeaders(app);
  useCors(app);
  useRequestMetrics(app, ctx.metrics);
  useJsonCompression(app);
  const redisState = await registerRateLimits(app, ctx);

  // Every API call, from the route table (shared/src/routes.ts): a missing handler does not type-check.
  const account = accountHandlers(ctx);
  const crewAccess = crewAccessHandlers(ctx);
  const jobSteps = jobStepsHandlers(ctx);
  const dayRoute = dayRouteHandlers(ctx);
  const push = pushHandlers(ctx);
  const photos = photosHandlers(ctx);
  registerRoutes(app, ctx, {
    meta: { ...healthHandlers(ctx, redisState), ...apiReferenceHandlers(ctx), ...feedHandlers(ctx) },
    auth: { ...authHandlers(ctx), ...account.auth, ...crewAccess.auth },
    account: { ...account.account, ...exportHandlers(ctx) },
    onboarding: onboardingHandlers(ctx),
    places: placesHandlers(ctx),
    feedback: feedbackHandlers(ctx),
    customer: {
      ...catalogueHandlers(ctx),
      ...launcherHandlers(ctx),
      ...holdHandlers(ctx),
      ...bookHandlers(ctx),
      ...checkoutHandlers(ctx),
      ...manageHandlers(ctx),
      ...customerPlanHandlers(ctx),
      ...beaconHandlers(ctx),
      ...photos.customer,
      ...waitlistHandlers(ctx),
    },
    quoteLink: quoteLinkHandlers(ctx),
    invoiceLink: invoiceLinkHandlers(ctx),
    dashboard: {
      ...bookingHandlers(ctx),
      ...calendarHandlers(ctx),
      ...ownerBookingHandlers(ctx),
      ...travelHandlers(ctx),
      ...serviceHandlers(ctx),
      ...pricingHandlers(ctx),
      ...settingsHandlers(ctx),
      ...operationsHandlers(ctx),
      ...confirmationHandlers(ctx),
      ...customerDataHandlers(ctx),
      ...undoHandlers(ctx),
      ...checklistHandlers(ctx),
      ...bookingPageHandlers(ctx),
      ...brandingHandlers(ctx),
      ...paymentHandlers(ctx),
      ...notificationHandlers(ctx),
      ...onMyWayHandlers(ctx),
      ...jobSteps.dashboard,
      ...dayRoute.dashboard,
      ...photos.dashboard,
      ...messageHandlers(ctx),
      ...planHandlers(ctx),
      ...crewHandlers(ctx),
      ...clientHandlers(ctx),
      ...invoiceHandlers(ctx),
      ...ledgerHandlers(ctx),
      ...savedCardHandlers(ctx),
      ...clientImportHandlers(ctx),
      ...crewMemberHandlers(ctx),
      ...connectedCalendarHandlers(ctx),
      ...insightsHandlers(ctx),
      ...ownerQuoteHandlers(ctx),
      ...push.dashboard,
      ...waitlistDayHandlers(ctx),
    },
    crew: { ...crewAccess.crew, ...jobSteps.crew, ...dayRoute.crew, ...push.crew, ...photos.crew },
    webhooks: webhookHandlers(ctx),
  });
  await app.register(demoRoutes, { ctx });
  await app.register(privacyRoutes, { ctx });
  await app.register(bookingPageRoutes, { ctx });
  await app.register(textRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  metricsRoute(app, ctx.metrics, config.metricsToken);
  await app.register(staticRoutes, { ctx });

  return { app, ctx };
}
