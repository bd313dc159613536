/**
 * PostgreSQL statements as spans, through @opentelemetry/instrumentation-pg. The instrumentation
 * normally patches pg as it is loaded (a require hook, or an ESM loader hook registered before the
 * first import), which an ESM app that imports pg statically before reading its configuration
 * cannot arrange. It patches the prototypes of pg's Client and of pg-pool, so the app applies the
 * instrumentation's own module definitions (its public getModuleDefinitions) to the very pg it
 * loaded, whenever that was: every client, made before or after, runs the patched query.
 */
import type { TracerProvider } from '@opentelemetry/api';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import pg from 'pg';

/** Patches pg for `provider`; the function returned takes the patch off again (app close). */
export function instrumentPg(provider: TracerProvider): () => void {
  const instrumentation = new PgInstrumentation({
    // No load hooks: patched by hand, below.
    enabled: false,
    // Statements outside a request (the minute jobs, the mail dispatcher) make no traces of their own.
    requireParentSpan: true,
  });
  instrumentation.setTracerProvider(provider);
  // pg.Pool extends pg-pool's Pool: the class pg-pool exports, whatever copy pg resolved.
  const modules = { pg, 'pg-pool': Object.getPrototypeOf(pg.Pool) as unknown };
  const definitions = instrumentation
    .getModuleDefinitions()
    .filter((d): d is typeof d & { name: keyof typeof modules } => d.name in modules);
  if (definitions.length !== 2) throw new Error('@opentelemetry/instrumentation-pg no longer defines pg and pg-pool');
  for (const d of definitions) d.patch?.(modules[d.name]);
  return () => {
    for (const d of definitions) d.unpatch?.(modules[d.name]);
  };
}
