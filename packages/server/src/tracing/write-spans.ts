/**
 * The locked writes in traces (db/write-tracing.ts): a "lock wait" span from the moment a write
 * asks for its business's lock until its work starts (the group commit's queue, the writer's
 * connection; docs/decisions/003 and 028), then a "locked write" span around the work, whose
 * statements (PostgreSQL: pg's spans) are its children. The transaction a write opens for its
 * group (BEGIN, PostgreSQL's advisory lock, COMMIT) is that write's, under its lock wait; a write
 * that joins a group already open sees only its own wait and statements.
 */
import { type Context, context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { TracedWrite, WriteTracing } from '../db/write-tracing.ts';

/** A write outside any sampled trace: no span, but its work still runs in its own context, not the group's. */
function untraced(caller: Context): TracedWrite {
  return {
    enqueue: (queue) => queue(),
    holding: (work) => context.with(caller, work),
  };
}

function endWith<T>(span: Span, work: () => Promise<T>): Promise<T> {
  return work().then(
    (value) => {
      span.end();
      return value;
    },
    (err: unknown) => {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      throw err;
    },
  );
}

export function writeSpans(tracer: Tracer, dialect: 'sqlite' | 'postgres'): WriteTracing {
  return {
    write(businessId) {
      const caller = context.active();
      if (!trace.getSpan(caller)?.isRecording()) return untraced(caller);
      const attributes = {
        'db.system.name': dialect === 'postgres' ? 'postgresql' : 'sqlite',
        // SQLite's writes that touch no calendar take the one lock under no business (inTransaction).
        ...(businessId ? { 'slotwise.business_id': businessId } : {}),
      };
      const wait = tracer.startSpan('lock wait', { attributes }, caller);
      const waiting = trace.setSpan(caller, wait);
      let waited = false;
      return {
        enqueue: (queue) => context.with(waiting, queue),
        holding(work) {
          // A rerun (db/transaction.ts, rerunnable work) holds the lock again without a second wait.
          if (!waited) {
            waited = true;
            wait.end();
          }
          const span = tracer.startSpan('locked write', { attributes }, caller);
          return context.with(trace.setSpan(caller, span), () => endWith(span, work));
        },
      };
    },
  };
}
