/**
 * The container files, checked by reading them (issue 46, item 3): no image can be built on the
 * machines this project is tested on, so what CI cannot run is held here. What it can run, the
 * build and start scripts, the health check and the stop, scripts/container/check.sh runs in a
 * clean folder (.ci/run); this file does not repeat it.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '../src/config.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(root + path, 'utf8');

/** The Dockerfile's instructions, `\`-continued lines joined, comments dropped: [keyword, arguments]. */
function instructions(text: string): [string, string][] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return [keyword.toUpperCase(), rest.join(' ')];
    });
}

/** Docker's duration ("20s", "1m30s") in milliseconds. */
function durationMs(text: string): number {
  const parts = [...text.matchAll(/(\d+)(ms|s|m|h)/g)];
  if (parts.map((p) => p[0]).join('') !== text) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}

describe('Dockerfile', () => {
  const all = instructions(read('Dockerfile'));
  const stages = all.reduce<[string, string][][]>((acc, ins) => {
    if (ins[0] === 'FROM') acc.push([]);
    acc.at(-1)?.push(ins);
    return acc;
  }, []);
  const runtime = stages.at(-1) ?? [];
  const last = (keyword: string) => runtime.filter(([k]) => k === keyword).at(-1)?.[1];

  it('builds in one stage and runs in another, on the Node release the project carries', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const carried = JSON.parse(read('package.json')).dependencies.node as string;
    const image = all.find(([k, args]) => k === 'ARG' && args.startsWith('NODE_IMAGE='))?.[1];
    expect(image).toMatch(new RegExp(`^NODE_IMAGE=node:${carried.replaceAll('.', '\\.')}-[a-z]+-slim$`));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own ${} syntax, both stages FROM it.
    expect(stages.every((stage) => stage[0][1].startsWith('${NODE_IMAGE}'))).toBe(true);
  });

  it("runs the same build and start scripts as CI's rehearsal (scripts/container/check.sh)", () => {
    expect(stages[0].some(([k, args]) => k === 'RUN' && args.endsWith('scripts/container/build.sh'))).toBe(true);
    expect(last('CMD')).toBe('["scripts/container/start.sh"]');
    for (const script of ['build.sh', 'start.sh', 'check.sh'])
      expect(() => accessSync(`${root}scripts/container/${script}`, constants.X_OK)).not.toThrow();
  });

  it('runs as a user other than root, under tini, stopped by SIGTERM', () => {
    const user = last('USER');
    expect(user).toBeDefined();
    expect(user?.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(last('ENTRYPOINT')).toBe('["/usr/bin/tini", "--"]');
    expect(runtime.some(([k, args]) => k === 'RUN' && /apt-get install .*\btini\b/.test(args))).toBe(true);
    expect(last('STOPSIGNAL')).toBe('SIGTERM');
  });

  it('keeps DATA_DIR in a volume and listens on the port it exposes', () => {
    const env = Object.fromEntries((last('ENV') ?? '').split(' ').map((pair) => pair.split('=')));
    expect(env.DATA_DIR).toBe('/data');
    expect(last('VOLUME')).toBe(env.DATA_DIR);
    expect(last('EXPOSE')).toBe(env.PORT);
  });

  it('checks health by liveness, with a script the image holds', () => {
    expect(last('HEALTHCHECK')).toMatch(/ CMD node scripts\/container\/healthcheck\.mjs$/);
    expect(read('scripts/container/healthcheck.mjs')).toContain('/api/health/live');
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');

  it("gives every instance a stop grace above the server's shutdown deadline", () => {
    // x-app holds the instances' settings; each instance merges it in (<<: *app).
    const app = compose.slice(compose.indexOf('x-app: &app'), compose.indexOf('\nx-app-environment'));
    const grace = /\n {2}stop_grace_period: (\S+)/.exec(app)?.[1];
    expect(grace).toBeDefined();
    expect(durationMs(grace ?? '')).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
    expect(compose.match(/<<: \*app\n/g)).toHaveLength(2);
  });

  it("puts nginx in front with the README's recipe, on the ports the recipe names", () => {
    expect(compose).toContain('./deploy/nginx/slotwise.conf:/etc/nginx/conf.d/default.conf:ro');
    const upstream = [...read('deploy/nginx/slotwise.conf').matchAll(/server 127\.0\.0\.1:(\d+);/g)].map((m) => m[1]);
    const ports = [...compose.matchAll(/\n {6}PORT: (\d+)/g)].map((m) => m[1]);
    expect(upstream).toEqual(['3001', '3002']);
    expect(ports).toEqual(upstream);
    expect(read('README.md')).toContain('deploy/nginx/slotwise.conf');
  });

  it('commits no secret: they come from .env, which git and the build context leave out', () => {
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
    expect(compose).toMatch(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?/);
    expect(read('.env.example')).toMatch(/^JWT_SECRET=$/m);
    expect(read('.env.example')).toMatch(/^POSTGRES_PASSWORD=$/m);
    expect(read('.gitignore').split('\n')).toContain('.env');
    expect(read('.dockerignore').split('\n')).toContain('.env');
  });
});
