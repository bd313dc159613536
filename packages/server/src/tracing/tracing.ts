/**
 * Traces over OTLP (docs/decisions/044, README "Traces"). Loaded by app.ts only when an endpoint
 * is configured (a dynamic import): with traces off no OpenTelemetry module is loaded at all.
 * The pieces: a tracer provider of this app (never registered as the process's global one, so
 * apps built side by side in tests keep their own), the request spans of @fastify/otel, pg's
 * statements (pg.ts), the locked writes (write-spans.ts) and the trace id in the request's log
 * lines (request-logs.ts).
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyBaseLogger, FastifyInstance, LogController } from 'fastify';
import type { TracingConfig } from '../config.ts';
import type { WriteTracing } from '../db/write-tracing.ts';
import { instrumentPg } from './pg.ts';
import { deferredIncomingLine, traceIdsInLogs } from './request-logs.ts';
import { requestSampler } from './sampler.ts';
import { writeSpans } from './write-spans.ts';

const TRACER_NAME = '@slotwise/server';
/** The share of the shutdown's 10 s (server.ts) the last spans may take. */
const SHUTDOWN_FLUSH_MS = 2_000;

export interface Tracing {
  /** Fastify's option holding "incoming request" back until the request's span exists. */
  logController: LogController;
  /** Registers the request spans and the trace ids in logs: first thing on the app, before any route. */
  register(app: FastifyInstance): Promise<void>;
  writeTracing(dialect: 'sqlite' | 'postgres'): WriteTracing;
  /**
   * Sends the spans still batched, within SHUTDOWN_FLUSH_MS, and takes pg's patch off (app close).
   * A collector down or slow never fails or holds up the shutdown: it gets a warning.
   */
  shutdown(log: FastifyBaseLogger): Promise<void>;
}

let contextInstalled = false;
/**
 * Spans follow the request through awaits (AsyncLocalStorage), and a caller's `traceparent` is read:
 * both are the process's, set once, whichever app of the process turns traces on first.
 */
function installContextOnce(): void {
  if (contextInstalled) return;
  contextInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

export interface TracingOptions {
  /** Tests: spans go here, each as it ends, instead of to the OTLP endpoint. */
  exporter?: SpanExporter;
}

export function startTracing(config: TracingConfig, options: TracingOptions = {}): Tracing {
  installContextOnce();
  // Batched to the collector, off the request's path; a test's exporter sees each span as it ends.
  const processor: SpanProcessor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }));
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }),
    sampler: requestSampler(config.ratio, config.slotsRatio),
    spanProcessors: [processor],
  });
  const fastifyOtel = new FastifyOtelInstrumentation();
  fastifyOtel.setTracerProvider(provider);
  const unpatchPg = instrumentPg(provider);
  const logController = deferredIncomingLine();
  const tracer = provider.getTracer(TRACER_NAME);
  return {
    logController,
    async register(app) {
      await app.register(fastifyOtel.plugin());
      traceIdsInLogs(app, logController);
    },
    writeTracing: (dialect) => writeSpans(tracer, dialect),
    async shutdown(log) {
      unpatchPg();
      fastifyOtel.disable();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not sent within ${SHUTDOWN_FLUSH_MS} ms`)), SHUTDOWN_FLUSH_MS);
      });
      try {
        await Promise.race([provider.shutdown(), late]);
      } catch (err) {
        log.warn({ err, tracesUrl: config.tracesUrl }, 'the last spans could not be sent to the OTLP endpoint');
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
