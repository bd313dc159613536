/**
 * Bad input (issue 9): generated bodies, query strings and path ids (wrong types,
 * huge strings, unicode, numbers as odd strings, missing and extra fields,
 * prototype-pollution keys, broken JSON) sent to every API route of the route table,
 * each starting from a request the route accepts so that the mutations reach deep
 * into validation. Never a 5xx; every 4xx is JSON {error: "..."}; and after a 4xx
 * no row of any table has changed (but what a refusal writes by design: world.ts WRITING_REFUSALS).
 */
import { ERRORS, type ErrorCode } from '@slotwise/shared/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storages } from '../helpers.ts';
import {
  authFor,
  buildWorld,
  changedByRefusal,
  isApi,
  type Request,
  type Route,
  tableFingerprints,
  validRequest,
  type World,
} from './world.ts';

type JsonObject = Record<string, unknown>;

/** Runs per route; about 60 routes, so a few thousand requests per storage. */
const RUNS = Number(process.env.PROOF_RUNS ?? 20);

const SPECIAL_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '1e309',
  '0x1F',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  'Ada\u0000Lovelace',
  '\u0007\u001b[31m\u007f\u0085',
  'line\nbreak\ttab',
  '\u202e\u0041',
  'Shiny \u2067Cars\u2069',
  '💥🔥'.repeat(20),
  'Ａ𝔘ñíçødé ﷽',
  '../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE bookings; --',
  '<img src=x onerror=alert(1)>',
  '2026-02-30',
  '2026-13-01',
  '24:00',
  '09:61',
  '9:5',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%00',
  '%E0%A4%A',
  'America/Atlantis',
  '+05:00',
  '0000-01-01T00:00:00.000Z',
  '275760-09-13T00:00:00.000Z',
];

const hugeString = fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n));
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];
const hostileKey = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 }));
const hostileScalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 0.1, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(
        hostileKey.chain((k) => hostileScalar.map((v) => [k, v] as const)),
        { maxLength: 3 },
      )
      .map(ownObject),
  },
);

/** An object whose keys are all own properties, "__proto__" included, so JSON.stringify writes them. */
function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '[]',
  '[1,2,3]',
  'null',
  '"just a string"',
  '12',
  'true',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":1,"a":2}',
  '\u0000',
  '{"x":"\\ud800"}',
];

type Mutation =
  | { kind: 'replace'; path: string; value: unknown }
  | { kind: 'drop'; path: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'wholeBody'; value: unknown }
  | { kind: 'rawBody'; text: string; contentType: string }
  | { kind: 'queryReplace'; key: string; value: string }
  | { kind: 'queryDrop'; key: string }
  | { kind: 'queryExtra'; key: string; value: string }
  | { kind: 'queryRepeat'; key: string }
  | { kind: 'param'; value: string }
  | { kind: 'header'; name: string; value: string };

/** Every path to a leaf (and to each object) of a valid body: "newTime.day", "options.0.value". */
function paths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const out = prefix ? [prefix] : [];
  for (const [k, v] of Object.entries(value)) out.push(...paths(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

function mutations(route: Route, valid: Request): fc.Arbitrary<Mutation[]> {
  const options: fc.Arbitrary<Mutation>[] = [];
  if (valid.body !== undefined || route.hasBody) {
    const bodyPaths = paths(valid.body ?? {});
    if (bodyPaths.length > 0) {
      const path = fc.constantFrom(...bodyPaths);
      options.push(
        fc.record({ kind: fc.constant('replace' as const), path, value: hostileValue }),
        fc.record({ kind: fc.constant('drop' as const), path }),
      );
    }
    options.push(
      fc.record({ kind: fc.constant('extra' as const), key: hostileKey, value: hostileValue }),
      fc.record({ kind: fc.constant('wholeBody' as const), value: hostileValue }),
      fc.record({
        kind: fc.constant('rawBody' as const),
        text: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ maxLength: 40 })),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ),
      }),
    );
  }
  const queryKeys = Object.keys(valid.query ?? {});
  const qValue = hostileString.map((s) => s.slice(0, 8_000));
  if (queryKeys.length > 0) {
    const key = fc.constantFrom(...queryKeys);
    options.push(
      fc.record({ kind: fc.constant('queryReplace' as const), key, value: qValue }),
      fc.record({ kind: fc.constant('queryDrop' as const), key }),
      fc.record({ kind: fc.constant('queryRepeat' as const), key }),
    );
  }
  options.push(
    fc.record({
      kind: fc.constant('queryExtra' as const),
      key: fc.oneof(hostileKey, fc.constantFrom('__proto__[polluted]', 'a[b][c]', 'token[]')),
      value: qValue,
    }),
  );
  const headerNames = Object.keys(valid.headers ?? {});
  if (headerNames.length > 0)
    options.push(
      fc.record({
        kind: fc.constant('header' as const),
        name: fc.constantFrom(...headerNames),
        // Header values can only be visible ASCII; anything else never leaves a client.
        value: fc.oneof(
          fc.string({ unit: 'binary-ascii', maxLength: 200 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
          fc.constantFrom('', ' ', 'x', 'short', 'a'.repeat(129), '../../x', 'null', '-1', '__proto__'),
        ),
      }),
    );
  if (route.hasParams)
    options.push(
      fc.record({
        kind: fc.constant('param' as const),
        value: fc.oneof(
          hostileString.map((s) => encodeURIComponent(s.slice(0, 300))),
          fc.constantFrom('%', '%E0%A4%A', '..', '.', '%2e%2e%2f', '-1', 'NaN'),
        ),
      }),
    );
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 });
}

function valueAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], value);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown, drop: boolean): void {
  const keys = path.split('.');
  let node: unknown = target;
  for (const k of keys.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<string, unknown>)[k];
  }
  if (node === null || typeof node !== 'object') return;
  const last = keys[keys.length - 1]!;
  if (drop) delete (node as Record<string, unknown>)[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

interface Built {
  url: string;
  headers: Record<string, string>;
  payload?: string;
  contentType?: string;
  description: string;
}

function apply(route: Route, valid: Request, muts: Mutation[]): Built {
  let body: unknown = valid.body === undefined ? undefined : structuredClone(valid.body);
  let raw: { text: string; contentType: string } | undefined;
  const query = new URLSearchParams(valid.query ?? {});
  let path = valid.path;
  const headers = { ...valid.headers };
  for (const m of muts) {
    switch (m.kind) {
      case 'replace':
      case 'drop':
        if (body && typeof body === 'object')
          setPath(
            body as Record<string, unknown>,
            m.path,
            m.kind === 'replace' ? m.value : undefined,
            m.kind === 'drop',
          );
        break;
      case 'extra':
        if (body === undefined || body === null || typeof body !== 'object') body = {};
        Object.defineProperty(body, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
        break;
      case 'wholeBody':
        body = m.value;
        break;
      case 'rawBody':
        raw = { text: m.text, contentType: m.contentType };
        break;
      case 'queryReplace':
        query.set(m.key, m.value);
        break;
      case 'queryDrop':
        query.delete(m.key);
        break;
      case 'queryExtra':
        query.append(m.key, m.value);
        break;
      case 'queryRepeat':
        query.append(m.key, query.get(m.key) ?? 'x');
        break;
      case 'header':
        headers[m.name] = m.value;
        break;
      case 'param': {
        // Replace the id segment(s) the route template has parameters for.
        const template = route.url.split('/');
        const parts = path.split('/');
        template.forEach((seg, i) => {
          if (seg.startsWith(':')) parts[i] = m.value;
        });
        path = parts.join('/');
        break;
      }
    }
  }
  const qs = query.toString();
  const url = `${path}${qs ? `?${qs}` : ''}`;
  const description = JSON.stringify(muts, (_k, v) =>
    typeof v === 'string' && v.length > 120 ? `${v.slice(0, 40)}...(${v.length} chars)` : v,
  );
  if (raw) return { url, headers, payload: raw.text, contentType: raw.contentType, description };
  if (body === undefined) return { url, headers, description };
  return { url, headers, payload: JSON.stringify(body) ?? 'null', contentType: 'application/json', description };
}

describe.each(storages())('bad input to every route on %s', (kind) => {
  let w: World;
  let targets: Route[];

  beforeAll(async () => {
    w = await buildWorld(kind);
    targets = w.routes.filter((r) => isApi(r) || r.key === 'GET /demo');
  });
  afterAll(() => w.close());

  it('finds the routes to fuzz in the route table', () => {
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.filter((r) => !validRequest(w, r, w.a)).map((r) => r.key)).toEqual([]);
  });

  // The fingerprints are what every "changes nothing" below stands on: one row's change must show.
  it('tells a table whose row changed from one whose rows did not', async () => {
    const before = await tableFingerprints(w.t);
    const business = await w.t.ctx.db.selectFrom('businesses').select(['id', 'name']).executeTakeFirstOrThrow();
    await w.t.ctx.db
      .updateTable('businesses')
      .set({ name: `${business.name} (changed)` })
      .where('id', '=', business.id)
      .execute();
    const after = await tableFingerprints(w.t);
    await w.t.ctx.db.updateTable('businesses').set({ name: business.name }).where('id', '=', business.id).execute();
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual(['businesses']);
    expect(await tableFingerprints(w.t)).toEqual(before);
  });

  // Issue 39: PUT settings/operations answered 200 to a field its OpenAPI schema forbade (zod dropped it).
  // Every call with a body, and the API reference, say the same of a field the body does not declare:
  // refused where the schema says additionalProperties: false, taken (and ignored) where it does not
  // (the dashboard sends a service back with its _id; a price a customer sends is ignored).
  it('refuses an undeclared body field exactly where its OpenAPI schema forbids one, changing nothing', async () => {
    const doc = (await w.t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>
      >;
      components: { schemas: Record<string, JsonObject> };
    };
    const closed = (s: JsonObject): boolean =>
      s.additionalProperties === false || (Array.isArray(s.anyOf) && (s.anyOf as JsonObject[]).every(closed));
    const findings: string[] = [];
    const refused: string[] = [];
    for (const route of targets.filter((r) => r.hasBody)) {
      const op = doc.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const ref = op?.requestBody?.content['application/json']?.schema.$ref.split('/').at(-1) ?? '';
      const schema = doc.components.schemas[ref];
      if (!schema) {
        findings.push(`${route.key}: no body schema in the OpenAPI document`);
        continue;
      }
      const before = await tableFingerprints(w.t);
      const built = apply(route, validRequest(w, route, w.a)!, [{ kind: 'extra', key: 'unexpectedField', value: 'x' }]);
      const res = await w.t.app.inject({
        method: route.method as 'POST',
        url: built.url,
        headers: { ...authFor(route, w.a), ...built.headers, 'content-type': 'application/json' },
        payload: built.payload,
      });
      const named = res.statusCode === 400 && res.body.includes('unexpectedField is not a field');
      if (closed(schema)) {
        refused.push(route.key);
        if (!named || res.json().code !== 'VALIDATION_FAILED')
          findings.push(`${route.key}: answered ${res.statusCode} ${res.body.slice(0, 160)}`);
        const changed = changedByRefusal(route, res.body, before, await tableFingerprints(w.t));
        if (changed.length > 0) findings.push(`${route.key}: changed ${changed.join(', ')}`);
      } else {
        if (named) findings.push(`${route.key}: refused a field its OpenAPI schema (${ref}) takes`);
        await w.t.ctx.mail.flush();
      }
    }
    expect(findings).toEqual([]);
    expect(refused).toContain('PUT /api/business-dashboard/settings/operations');
  });

  // Issue 20: a NUL byte in a text field answered 500 on PostgreSQL. Every string of every
  // route's valid request, in turn, with a control or text-direction character inside it.
  it('answers a control or direction character in any string field with a 4xx that changes nothing, or accepts it', {
    timeout: 240_000,
  }, async () => {
    const findings: string[] = [];
    let refused = 0;
    // The tables as the last request left them: read once after each request, not before and after.
    let fingerprint = await tableFingerprints(w.t);
    for (const route of targets) {
      const sample = validRequest(w, route, w.a)!;
      const fields = [
        ...paths(sample.body ?? {})
          .filter((path) => typeof valueAt(sample.body, path) === 'string')
          .map((path) => ({ path, query: false })),
        ...Object.keys(sample.query ?? {}).map((path) => ({ path, query: true })),
      ];
      for (const { path, query } of fields)
        for (const inserted of ['\u0000', '\u0085', '\u202e']) {
          const valid = validRequest(w, route, w.a)!;
          const text = String(query ? valid.query![path] : valueAt(valid.body, path));
          const value = `${text.slice(0, 1)}${inserted}${text.slice(1)}`;
          const built = apply(route, valid, [
            query ? { kind: 'queryReplace', key: path, value } : { kind: 'replace', path, value },
          ]);
          const res = await w.t.app.inject({
            method: route.method as 'GET',
            url: built.url,
            headers: {
              ...authFor(route, w.a),
              ...built.headers,
              ...(built.contentType ? { 'content-type': built.contentType } : {}),
            },
            ...(built.payload !== undefined ? { payload: built.payload } : {}),
          });
          const where = `${route.key} ${path} with ${JSON.stringify(inserted)}`;
          if (res.statusCode >= 500) findings.push(`${res.statusCode} from ${where}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) refused++;
          // A success may write and queue mail; let the dispatcher settle before the next baseline.
          else await w.t.ctx.mail.flush();
          const after = await tableFingerprints(w.t);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            const changed = changedByRefusal(route, res.body, fingerprint, after);
            if (changed.length > 0)
              findings.push(`${res.statusCode} from ${where} changed table(s) ${changed.join(', ')}`);
          }
          fingerprint = after;
        }
    }
    expect(findings).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('never answers 5xx, answers every 4xx with {error}, and changes no row on a 4xx', {
    timeout: 240_000,
  }, async () => {
    const findings: string[] = [];
    let fingerprint = await tableFingerprints(w.t);
    const counts: Record<string, number> = {};

    for (const route of targets) {
      const started = Date.now();
      await fc
        .assert(
          fc.asyncProperty(
            fc.constant(null).chain(() => {
              const valid = validRequest(w, route, w.a)!;
              return mutations(route, valid).map((m) => ({ valid, muts: m }));
            }),
            async ({ valid, muts }) => {
              const built = apply(route, valid, muts);
              const res = await w.t.app.inject({
                method: route.method as 'GET',
                url: built.url,
                headers: {
                  ...authFor(route, w.a),
                  ...built.headers,
                  ...(built.contentType ? { 'content-type': built.contentType } : {}),
                },
                ...(built.payload !== undefined ? { payload: built.payload } : {}),
              });
              const status = res.statusCode;
              counts[String(status)] = (counts[String(status)] ?? 0) + 1;
              const where = `${route.key} ${built.url.slice(0, 200)} ${built.description.slice(0, 400)}`;
              if (status >= 500) findings.push(`${status} from ${where}: ${res.body.slice(0, 200)}`);
              if (status >= 400 && status < 500) {
                let error: unknown;
                let code: unknown;
                try {
                  ({ error, code } = JSON.parse(res.body));
                } catch {
                  error = undefined;
                }
                if (
                  typeof error !== 'string' ||
                  error.trim().length === 0 ||
                  !/json/.test(String(res.headers['content-type']))
                )
                  findings.push(`${status} without a JSON {error} from ${where}: ${res.body.slice(0, 200)}`);
                // Every error answer carries a documented code whose status is the one sent (shared/src/errors.ts).
                else if (typeof code !== 'string' || !(code in ERRORS) || ERRORS[code as ErrorCode].status !== status)
                  findings.push(
                    `${status} with code ${String(code)}, not a documented code of ${status}, from ${where}`,
                  );
              } else {
                // A success may write and queue mail; let the dispatcher settle before the next baseline.
                await w.t.ctx.mail.flush();
              }
              const after = await tableFingerprints(w.t);
              if (status >= 400) {
                const changed = changedByRefusal(route, res.body, fingerprint, after);
                if (changed.length > 0) findings.push(`${status} from ${where} changed table(s) ${changed.join(', ')}`);
              }
              fingerprint = after;
              // Stop this route at its first finding; fast-check prints the seed to replay it.
              return findings.length === 0;
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch((err: unknown) => {
          if (findings.length === 0) throw err;
        });
      if (process.env.PROOF_VERBOSE) console.info(`${route.key}: ${Date.now() - started} ms`);
    }
    if (process.env.PROOF_VERBOSE) console.info(counts);

    // No request reached Object.prototype.
    const probe: Record<string, unknown> = {};
    expect(probe.polluted, 'Object.prototype was polluted').toBeUndefined();
    expect(findings).toEqual([]);
    // The runs exercised refusals and successes alike (a suite that only ever got 404 would prove nothing).
    expect(counts['400'] ?? 0).toBeGreaterThan(RUNS * 5);
    expect(Object.keys(counts).some((s) => s.startsWith('2'))).toBe(true);
  });
});
