/**
 * Which requests are traced (docs/decisions/044): a parent-based ratio, as OpenTelemetry's
 * `parentbased_traceidratio`, whose root decision takes a smaller ratio for the hot customer reads
 * (a day's slots, a month's days: every widget view asks them, most are answered from the kept
 * answers of docs/decisions/009 in well under a millisecond, and a trace of each would cost more
 * than the answer). Bookings and the owners' calls keep the whole ratio: they are few and each is
 * worth seeing. A caller's own decision (a `traceparent` header) is followed either way.
 */
import type { Attributes, Context, SpanKind } from '@opentelemetry/api';
import {
  ParentBasedSampler,
  type Sampler,
  type SamplingResult,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import { routes } from '@slotwise/shared/routes';

/** The hot reads, by method and route as @fastify/otel names them on the request span it starts. */
const HOT_READS = new Set(
  [routes.customer.slots, routes.customer.availableDays].map((route) => `${route.method} ${route.path}`),
);

/** The root decision: the hot reads at `slotsRatio`, everything else at `ratio`. */
class RouteRatioSampler implements Sampler {
  private readonly all: TraceIdRatioBasedSampler;
  private readonly hot: TraceIdRatioBasedSampler;

  constructor(ratio: number, slotsRatio: number) {
    this.all = new TraceIdRatioBasedSampler(ratio);
    this.hot = new TraceIdRatioBasedSampler(slotsRatio);
  }

  shouldSample(
    context: Context,
    traceId: string,
    _name: string,
    _kind: SpanKind,
    attributes: Attributes,
  ): SamplingResult {
    const key = `${attributes[ATTR_HTTP_REQUEST_METHOD]} ${attributes[ATTR_HTTP_ROUTE]}`;
    return (HOT_READS.has(key) ? this.hot : this.all).shouldSample(context, traceId);
  }

  toString(): string {
    return `RouteRatioSampler{${this.all}, hot reads ${this.hot}}`;
  }
}

export function requestSampler(ratio: number, slotsRatio: number): Sampler {
  return new ParentBasedSampler({ root: new RouteRatioSampler(ratio, slotsRatio) });
}
