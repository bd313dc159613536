/**
 * The trace id in every log line of a traced request (docs/decisions/044). The request's span
 * starts in @fastify/otel's onRequest hook, after Fastify has logged "incoming request": with
 * traces on, that line waits for the hook below, which binds `trace_id` and `span_id` to the
 * request's logger (request.log, and reply.log, which "request completed" and the error handler's
 * lines use) and then writes it. Only sampled requests get ids: an id no collector holds would
 * only send someone looking for it. Requests Fastify refuses before any hook (a malformed URL)
 * still log "request completed", without an "incoming request" line.
 */
import { TraceFlags } from '@opentelemetry/api';
import { type FastifyInstance, LogController } from 'fastify';

class DeferredIncomingLine extends LogController {
  override incomingRequest(): void {
    // Written by traceIdsInLogs' hook, once the request's span exists.
  }

  incomingRequestNow(...args: Parameters<LogController['incomingRequest']>): void {
    super.incomingRequest(...args);
  }
}

/** The Fastify option that holds the "incoming request" line back (app.ts, with traces on). */
export function deferredIncomingLine(): LogController {
  return new DeferredIncomingLine();
}

/** Registered after @fastify/otel's plugin, so its onRequest hook runs after the span has started. */
export function traceIdsInLogs(app: FastifyInstance, controller: LogController): void {
  const lines = controller as DeferredIncomingLine;
  app.addHook('onRequest', (request, reply, done) => {
    const span = request.opentelemetry().span;
    const ids = span?.spanContext();
    if (ids && (ids.traceFlags & TraceFlags.SAMPLED) !== 0) {
      request.log = request.log.child({ trace_id: ids.traceId, span_id: ids.spanId });
      reply.log = request.log;
    }
    lines.incomingRequestNow(request, reply);
    done();
  });
}
