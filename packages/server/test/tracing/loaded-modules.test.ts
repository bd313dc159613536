/**
 * With traces off (the default) none of the tracing's OpenTelemetry modules is loaded (src/tracing/
 * is imported only when configured, app.ts): a fresh server process, built and asked one request,
 * records every OpenTelemetry module it resolves and who asked. The one it sees is the API, which
 * prom-client (the /metrics registry, metrics.ts) requires for its exemplars whatever the setting;
 * without an SDK behind it every call there is a no-op. Turned on, the same probe sees the tracing's
 * modules, so the probe itself is proven.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const src = new URL('../../src/', import.meta.url).pathname;
const tsx = new URL('../../../../node_modules/.bin/tsx', import.meta.url).pathname;

const PROBE = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    if (/@opentelemetry\\/|@fastify\\/otel/.test(specifier)) {
      const by = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(context.parentURL ?? '')?.[1] ?? 'the app';
      seen.add(\`\${specifier} <- \${by}\`);
    }
    return next(specifier, context);
  },
});
const { buildApp } = await import(${JSON.stringify(`${src}app.ts`)});
const { loadConfig } = await import(${JSON.stringify(`${src}config.ts`)});
// Off, then on: the same process, so one compile of the app.
const found = {};
for (const [name, env] of [['off', {}], ['on', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }]]) {
  const { app } = await buildApp(loadConfig({ ...process.env, ...env }));
  await app.ready();
  const res = await app.inject({ url: '/api/health/live' });
  await app.close();
  found[name] = { status: res.statusCode, seen: [...seen] };
}
console.log(JSON.stringify(found));
`;

interface Seen {
  status: number;
  seen: string[];
}

async function modulesSeen(): Promise<{ off: Seen; on: Seen }> {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-otel-probe-'));
  try {
    const script = join(dir, 'probe.mts');
    writeFileSync(script, PROBE);
    const { stdout } = await run(tsx, [script], {
      env: { ...process.env, DATA_DIR: dir, DEMO_SEED: 'off', LOG_LEVEL: 'silent' },
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('OpenTelemetry modules', () => {
  it('of the tracing are not loaded with traces off, and are with an endpoint set', async () => {
    const { off, on } = await modulesSeen();
    expect(off).toEqual({ status: 200, seen: ['@opentelemetry/api <- prom-client'] });
    // Nothing listens at the endpoint: the app still closes (the last spans get a warning).
    expect(on.status).toBe(200);
    expect(on.seen).toEqual(
      expect.arrayContaining(['@fastify/otel <- the app', '@opentelemetry/instrumentation-pg <- the app']),
    );
  }, 180_000);
});
