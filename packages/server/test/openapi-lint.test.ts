/**
 * The OpenAPI document the server generates passes Redocly's recommended rules (redocly.yaml at
 * the root), so tools that read it (client generators, gateways, viewers) take it as it is. The
 * document is fetched from the app, as a client gets it, written to a temporary file and linted
 * by Redocly CLI (a root devDependency) in a child process on this Node, with its JSON output.
 * `npm run lint:openapi` runs this file alone.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

describe('the OpenAPI document under Redocly lint', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    // The document names the instance's own PUBLIC_URL as its server, localhost unless set: linted
    // as a deployed instance serves it (the no-server-example.com rule refuses localhost).
    t = await createTestApp('sqlite', { env: { PUBLIC_URL: 'https://book.slotwise.test' } });
    dir = await mkdtemp(join(tmpdir(), 'slotwise-openapi-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has no error and no warning under the recommended rules (redocly.yaml)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const file = join(dir, 'openapi.json');
    await writeFile(file, res.body);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'],
      {
        cwd: dir,
        // Nothing leaves the machine: no usage telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 120_000,
      },
    ).catch((err: { stdout?: string; stderr?: string }) => {
      // Lint exits 1 on an error and still prints its report; anything else is the tool failing.
      if (err.stdout?.trim().startsWith('{')) return { stdout: err.stdout };
      throw new Error(`redocly lint did not run: ${err.stderr ?? String(err)}`);
    });
    const report = JSON.parse(stdout) as { problems: LintProblem[] };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`,
    );
    expect(problems).toEqual([]);
  }, 180_000);
});
