/**
 * Authorization matrix (issue 9): every route the server registers, read from
 * Fastify's own route table, is either owner-guarded, crew-guarded (issue 25; docs/decisions/024)
 * or on an explicit public list. Every guarded route x method refuses every kind of bad
 * credential with 401 and {error}; another owner's valid token on this owner's ids gets 401 or
 * 404; and no answer carries anything of the other owner's. A crew member's token opens no
 * owner route and an owner's no crew route, and a crew member never reads another business's
 * jobs nor another crew's of their own business.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSession } from '../../src/auth/tokens.ts';
import { storages } from '../helpers.ts';
import {
  buildWorld,
  isCrewGuarded,
  isGuarded,
  type OwnerData,
  PUBLIC_ROUTES,
  type Route,
  toInject,
  unclassified,
  validRequest,
  type World,
} from './world.ts';

const DAY_S = 86_400;

describe.each(storages())('authorization matrix on %s', (kind) => {
  let w: World;
  /** The owner's routes, and the crew member's. */
  let guarded: Route[];
  let crewRoutes: Route[];
  /** Credentials that must each be refused, by name. */
  let badCredentials: [string, Record<string, string>][];

  beforeAll(async () => {
    w = await buildWorld(kind);
    guarded = w.routes.filter(isGuarded);
    crewRoutes = w.routes.filter(isCrewGuarded);
    const { a } = w;
    const secret = w.t.config.jwtSecret;
    const user = await w.t.ctx.repos.users.findByEmail(a.email);
    if (!user) throw new Error('owner A is missing');
    const claims = { userId: user.id, email: a.email, tokenVersion: user.token_version };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    // A user that existed, got a token, and was then deleted.
    const gone = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `gone-${randomUUID().slice(0, 8)}@example.com`,
        password: 'long enough pw',
        phoneNumber: '+1 5551234567',
      },
    });
    const goneToken = gone.json().token as string;
    const goneId = JSON.parse(Buffer.from(goneToken.split('.')[1]!, 'base64url').toString()).sub as string;
    await w.t.ctx.db.deleteFrom('businesses').where('owner_id', '=', goneId).execute();
    await w.t.ctx.db.deleteFrom('users').where('id', '=', goneId).execute();

    // A crew member's session, and one of a login that existed and was removed (on B's second crew).
    const member = await w.t.ctx.repos.crewMembers.findByEmail(a.crew.email);
    if (!member) throw new Error("owner A's crew member is missing");
    const crewClaims = {
      userId: member.id,
      email: member.email,
      tokenVersion: member.token_version,
      kind: 'crew' as const,
    };
    const removedEmail = `removed-${randomUUID().slice(0, 8)}@example.com`;
    const removedCrew = `/api/business-dashboard/crews/${w.b.crew.otherCrewId}/member`;
    await w.t.app.inject({ method: 'POST', url: removedCrew, headers: w.b.auth, payload: { email: removedEmail } });
    const invitation = await w.t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', removedEmail)
      .executeTakeFirstOrThrow();
    const accepted = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/crew-invitation',
      payload: {
        token: decodeURIComponent(/\/crew\/join\?token=(\S+)/.exec(invitation.text_body)![1]!),
        password: 'long enough pw',
      },
    });
    const removedToken = accepted.json().token as string;
    await w.t.app.inject({ method: 'DELETE', url: removedCrew, headers: w.b.auth });

    const now = Math.floor(Date.now() / 1000);
    badCredentials = [
      ['no token', {}],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a Basic header', { authorization: `Basic ${Buffer.from(`${a.email}:${a.password}`).toString('base64')}` }],
      ['a malformed token', bearer('not.a.jwt')],
      ['an expired token', bearer(await signSession(secret, claims, Date.now() - 8 * DAY_S * 1000))],
      ['a token signed with another key', bearer(await signSession(randomBytes(32), claims))],
      [
        'a token with alg none',
        bearer(
          new UnsecuredJWT({ email: a.email, tv: claims.tokenVersion })
            .setSubject(user.id)
            .setIssuedAt(now)
            .setExpirationTime(now + DAY_S)
            .encode(),
        ),
      ],
      [
        'an HS512 token with the right key',
        bearer(
          await new SignJWT({ email: a.email, tv: claims.tokenVersion })
            .setProtectedHeader({ alg: 'HS512' })
            .setSubject(user.id)
            .setIssuedAt(now)
            .setExpirationTime(now + DAY_S)
            .sign(new Uint8Array([...secret, ...secret])),
        ),
      ],
      ['a token without an expiry', bearer(await unexpiring(secret, user.id, a.email))],
      ['a token of an unknown user', bearer(await signSession(secret, { ...claims, userId: randomUUID() }))],
      ['a token of a deleted user', bearer(goneToken)],
      [
        'a token from before a password change',
        bearer(await signSession(secret, { ...claims, tokenVersion: claims.tokenVersion + 7 })),
      ],
      ['an expired crew token', bearer(await signSession(secret, crewClaims, Date.now() - 8 * DAY_S * 1000))],
      ['a crew token signed with another key', bearer(await signSession(randomBytes(32), crewClaims))],
      [
        'a crew token from before its password was set again',
        bearer(await signSession(secret, { ...crewClaims, tokenVersion: crewClaims.tokenVersion + 7 })),
      ],
      [
        'a crew token of an unknown crew member',
        bearer(await signSession(secret, { ...crewClaims, userId: randomUUID() })),
      ],
      ['a crew token of a removed crew member', bearer(removedToken)],
      // The kind is signed into the token: neither guard takes the other's, whatever id it names.
      ["an owner's token naming the crew member", bearer(await signSession(secret, { ...crewClaims, kind: 'owner' }))],
      ['a crew token naming the owner', bearer(await signSession(secret, { ...claims, kind: 'crew' }))],
    ];
  });
  afterAll(() => w.close());

  it('classifies every registered route as owner-guarded, crew-guarded or explicitly public', () => {
    expect(w.routes.length).toBeGreaterThan(40);
    expect(crewRoutes.length).toBeGreaterThanOrEqual(4);
    expect(
      unclassified(w.routes),
      'Each route listed is neither under /api/business-dashboard/ or /api/onboarding/ (owner-guarded) or /api/crew/ (crew-guarded) nor in PUBLIC_ROUTES of test/proof/world.ts. Guard it, or add it to PUBLIC_ROUTES and give it a request in validRequest().',
    ).toEqual([]);
    // The allow-list holds nothing the app no longer has, so it cannot grow stale.
    const registered = new Set(w.routes.map((r) => r.key));
    expect([...PUBLIC_ROUTES].filter((k) => !registered.has(k))).toEqual([]);
  });

  it('has a well-formed request for every guarded and public API route', () => {
    const missing = w.routes
      .filter((r) => r.url.startsWith('/api/') || r.key === 'GET /demo')
      .filter((r) => !validRequest(w, r, w.a))
      .map((r) => r.key);
    expect(missing, 'add these routes to validRequest() in test/proof/world.ts').toEqual([]);
  });

  it('refuses every bad credential on every guarded route x method with 401 and {error}, leaking nothing', async () => {
    expect(guarded.length).toBeGreaterThan(30);
    const report: string[] = [];
    for (const route of [...guarded, ...crewRoutes]) {
      const req = validRequest(w, route, w.a);
      if (!req) continue; // reported by the test above
      for (const [name, headers] of badCredentials) {
        for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) {
          const res = await w.t.app.inject({ ...toInject(req, headers), method: method as 'GET' });
          const where = `${method} ${route.url} with ${name}`;
          if (res.statusCode !== 401) report.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (method === 'HEAD') continue;
          const body = parse(res.body);
          if (typeof body?.error !== 'string' || body.error.length < 10)
            report.push(`${where}: no {error} in ${res.body.slice(0, 120)}`);
          else if (body.code !== 'LOGIN_REQUIRED' && body.code !== 'SESSION_EXPIRED')
            report.push(`${where}: code ${String(body.code)} instead of LOGIN_REQUIRED or SESSION_EXPIRED`);
          for (const s of [...w.a.secrets, ...w.b.secrets])
            if (res.body.includes(s)) report.push(`${where}: answered "${s}"`);
        }
      }
    }
    expect(report).toEqual([]);
  });

  it("answers 401 or 404 to another owner's valid token on this owner's ids, and leaks nothing of theirs", async () => {
    const before = await ownerView(w, w.a);
    const report: string[] = [];
    for (const route of guarded) {
      // B, with a valid session, aims at A's booking, service and blocked-time ids.
      const req = validRequest(w, route, w.b, w.a);
      if (!req) continue;
      const res = await w.t.app.inject(toInject(req, w.b.auth));
      const namesA = route.hasParams || JSON.stringify(req.body ?? {}).includes(w.a.bookingId);
      if (namesA && res.statusCode !== 401 && res.statusCode !== 404)
        report.push(`${route.key}: ${res.statusCode} for owner A's id ${res.body.slice(0, 160)}`);
      if (res.statusCode >= 400 && typeof parse(res.body)?.error !== 'string')
        report.push(`${route.key}: ${res.statusCode} without {error}`);
      for (const s of w.a.secrets) if (res.body.includes(s)) report.push(`${route.key}: answered A's "${s}"`);
      if (res.statusCode < 400 && (res.body.includes(w.a.bookingId) || res.body.includes(w.a.businessId)))
        report.push(`${route.key}: answered one of A's ids with ${res.statusCode}`);
    }
    expect(report).toEqual([]);
    // Nothing of A's changed: every read of A's answers as before the walk.
    expect(await ownerView(w, w.a)).toEqual(before);
  });

  it("refuses a crew member's token on every owner route, and the owner's on every crew route", async () => {
    const report: string[] = [];
    for (const [routes, auth, who] of [
      [guarded, w.a.crew.auth, "A's crew member"],
      [crewRoutes, w.a.auth, 'owner A'],
    ] as const)
      for (const route of routes) {
        const req = validRequest(w, route, w.a);
        if (!req) continue;
        const res = await w.t.app.inject(toInject(req, auth));
        const body = parse(res.body);
        if (res.statusCode !== 401 || (body?.code !== 'SESSION_EXPIRED' && body?.code !== 'LOGIN_REQUIRED'))
          report.push(`${route.key} with ${who}'s token: ${res.statusCode} ${res.body.slice(0, 120)}`);
        for (const secret of [...w.a.secrets, ...w.b.secrets])
          if (res.body.includes(secret)) report.push(`${route.key} with ${who}'s token answered "${secret}"`);
      }
    expect(report).toEqual([]);
  });

  it("never lets a crew member read another business's jobs, nor another crew's of their own business", async () => {
    const report: string[] = [];
    const otherCrew: OwnerData = { ...w.a, bookingId: w.a.crew.otherCrewBookingId };
    for (const route of crewRoutes)
      for (const [name, target, forbidden] of [
        ['business B', w.b, w.b.secrets],
        ["A's other crew", otherCrew, w.a.crew.otherCrewSecrets],
      ] as const) {
        const req = validRequest(w, route, w.a, target);
        if (!req) continue;
        const res = await w.t.app.inject(toInject(req, w.a.crew.auth));
        if (route.hasParams && res.statusCode !== 404)
          report.push(`${route.key} on ${name}'s job: ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (res.statusCode >= 400 && typeof parse(res.body)?.error !== 'string')
          report.push(`${route.key} on ${name}'s job: ${res.statusCode} without {error}`);
        // Nor anything the owner keeps to themselves (a blocked time's title), nor a price.
        for (const s of [...forbidden, w.a.blockedTitle, 'totalQuote', 'price', 'deposit'])
          if (res.body.includes(s)) report.push(`${route.key} aimed at ${name} answered "${s}"`);
      }
    expect(report).toEqual([]);

    // The crew's own feed: another crew's id, of this business or another, with this token is refused.
    const schedule = await w.t.app.inject({ url: '/api/crew/schedule', headers: w.a.crew.auth });
    const feed = new URL(schedule.json().feedUrl as string);
    const feedWith = (crewId: string, businessId = w.a.businessId) => {
      const q = new URLSearchParams(feed.search);
      q.set('crewId', crewId);
      q.set('businessId', businessId);
      return w.t.app.inject({ url: `${feed.pathname}?${q}` });
    };
    const own = await feedWith(w.a.crew.id);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(w.a.customerFirst);
    for (const s of [...w.a.crew.otherCrewSecrets, w.a.blockedTitle, 'Total']) expect(own.body).not.toContain(s);
    expect((await feedWith(w.a.crew.otherCrewId)).statusCode).toBe(404);
    expect((await feedWith(w.b.crew.id, w.b.businessId)).statusCode).toBe(404);
  });

  it("the same crew walk with the crew's own job answers where the others were refused", async () => {
    const schedule = await w.t.app.inject(
      toInject(validRequest(w, crewRoutes.find((r) => r.key === 'GET /api/crew/schedule')!, w.a)!, w.a.crew.auth),
    );
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(schedule.json().jobs.map((j: { _id: string }) => j._id)).toEqual([w.a.bookingId]);
    const start = crewRoutes.find((r) => r.key === 'PUT /api/crew/jobs/:id/start')!;
    const res = await w.t.app.inject(toInject(validRequest(w, start, w.a)!, w.a.crew.auth));
    // Its own job is found: refused only because the world's day is still ahead.
    expect([res.statusCode, parse(res.body)?.code]).toEqual([409, 'JOB_NOT_TODAY']);
  });

  it("the same walk with A's own token succeeds where B's was refused (the matrix can tell the difference)", async () => {
    const refusedForB = [
      'PUT /api/business-dashboard/booking/approve/:id',
      'PUT /api/business-dashboard/service/edit/:id',
      'POST /api/business-dashboard/booking/undo/:token',
    ];
    for (const key of refusedForB) {
      const route = guarded.find((r) => r.key === key);
      if (!route) throw new Error(`${key} is not registered`);
      const res = await w.t.app.inject(toInject(validRequest(w, route, w.a)!, w.a.auth));
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
  });
});

function parse(body: string): { error?: unknown; code?: unknown } | null {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** A correctly signed HS256 token that never expires: the guard must require exp. */
function unexpiring(secret: Uint8Array, userId: string, email: string): Promise<string> {
  return new SignJWT({ email, tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .sign(secret);
}

/** Everything an owner can read about their business, for a before/after comparison. */
async function ownerView(w: World, owner: OwnerData): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const route of w.routes.filter((r) => isGuarded(r) && r.method === 'GET' && !r.hasParams)) {
    const req = validRequest(w, route, owner);
    if (!req) continue;
    const res = await w.t.app.inject(toInject(req, owner.auth));
    // An access request's file says when it was made; the rest of it must not change.
    out[route.key] = `${res.statusCode} ${res.body.replace(/"exportedAt":"[^"]*"/, '"exportedAt":"..."')}`;
  }
  return out;
}
