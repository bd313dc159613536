import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, signup, storages, type TestApp } from '../helpers.ts';

/** The refusal of the per-account count, which holds up only browsers the account has not logged in on. */
const untrustedRefusal = (wait: string) =>
  `Too many wrong passwords for this account. Try again in ${wait}, log in on a device you have logged in on before, or reset your password (Forgot Password?; crew members ask the business owner to resend your invitation).`;

describe.each(storages())('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('signs up, returns a token with exp, and logs in with any e-mail case', async () => {
    const res = await post('/api/auth/signup', {
      email: 'Mia@Example.com',
      password: 'longenough',
      phoneNumber: '+44 7700900123',
    });
    expect(res.statusCode).toBe(201);
    const token = res.json().token as string;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    expect(payload.email).toBe('mia@example.com');
    const login = await post('/api/auth/login', { email: 'MIA@example.com', password: 'longenough' });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
  });

  it("stores the owner's phone as E.164, as signup's country code and number were typed", async () => {
    const res = await post('/api/auth/signup', {
      email: `e164-${Date.now()}@example.com`,
      password: 'longenough',
      phoneNumber: '+1 (512) 555-0123',
    });
    expect(res.statusCode).toBe(201);
    const account = await t.app.inject({
      url: '/api/business-dashboard/account',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(account.json().phoneNumber).toBe('+15125550123');
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const { email } = await signup(t.app);
    const res = await post('/api/auth/signup', { email, password: 'longenough', phoneNumber: '+1 5551234567' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already exists/);
  });

  it.each([
    [{ email: 'x@y.com', password: 'short', phoneNumber: '+1 5551234567' }, /at least 8 characters/],
    [{ email: 'not-an-email', password: 'longenough', phoneNumber: '+1 5551234567' }, /valid email/],
    [{ email: 'x@y.com', password: 'longenough', phoneNumber: 'call me' }, /country code/],
    [{ email: 'x@y.com', password: 'longenough' }, /Phone number is required/],
    [{}, /Email is required/],
  ])('rejects a bad signup %j with 400', async (body, message) => {
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  it('answers unknown e-mail and wrong password with the same 401', async () => {
    const { email } = await signup(t.app);
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it('guards owner routes: missing, forged, expired and alg-none tokens get 401', async () => {
    const url = '/api/onboarding/profile';
    const { token } = await signup(t.app);
    expect((await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const forged = await new SignJWT({ email: 'a@b.c' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!!'));
    expect((await t.app.inject({ url, headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    const [, body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(t.config.jwtSecret);
    expect((await t.app.inject({ url, headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    expect((await t.app.inject({ url, headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);
  });

  it('never writes a password or token to the logs', async () => {
    const secret = 'Sup3r-Secret-Passw0rd';
    const res = await post('/api/auth/signup', {
      email: 'logs@example.com',
      password: secret,
      phoneNumber: '+1 5551234567',
    });
    const token = res.json().token as string;
    await post('/api/auth/login', { email: 'logs@example.com', password: secret });
    await post('/api/auth/login', { email: 'logs@example.com', password: `${secret}x` });
    await t.app.inject({ url: '/api/onboarding/profile', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ url: `/api/customer/booking?token=${token}` });
    const all = t.logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(token);
    expect(all).toContain('token=[REDACTED]');
  });
});

describe.each(storages())('per-account login backoff on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'on' }, now: () => clock });
  });
  afterAll(() => t.close());

  // A new address each time, as an attacker with many would: only the per-account limit applies.
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: `203.0.113.${++ip % 250}`,
    });
  const wait = (seconds: number) => {
    clock += seconds * 1000;
  };

  it('checks 5 wrong passwords from 10 addresses, then refuses with a capped, growing wait; unknown e-mails alike', async () => {
    const { email } = await signup(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = async (address: string) => {
      const out: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await login(address, `wrong password ${i}`);
        out.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.body}`);
      }
      return out;
    };
    const known = await answers(email);
    expect(await answers(unknown)).toEqual(known);
    const refusal = JSON.stringify({
      error: untrustedRefusal('1 minute'),
      code: 'RATE_LIMITED',
    });
    expect(known.map((a) => a.slice(0, 3))).toEqual([...Array(5).fill('401'), ...Array(5).fill('429')]);
    expect(known[5]).toBe(`429 60 ${refusal}`);

    // Each further failure doubles the wait, up to 15 minutes.
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      wait(Number((await login(email, 'still wrong')).headers['retry-after']));
      expect((await login(email, 'wrong again')).statusCode).toBe(401);
      const refused = await login(email, 'wrong again');
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
    }
    expect(waits).toEqual([120, 240, 480, 900, 900, 900]);
    expect((await login(email, 'correct horse battery')).json().error).toBe(untrustedRefusal('15 minutes'));

    // The owner, once the wait is over, gets in; that starts the count again.
    wait(900);
    expect((await login(email, 'correct horse battery')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, 'wrong')).statusCode).toBe(429);
  });

  it('lets the owner past the wait at once with a reset link', async () => {
    const { email } = await signup(t.app);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, 'correct horse battery')).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a fresh password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'a fresh password')).statusCode).toBe(200);
  });

  it('refuses parallel guesses past the budget too', async () => {
    const { email } = await signup(t.app);
    const codes = (await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `guess ${i}`)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 401).every((c) => c === 429)).toBe(true);
  });
});

/**
 * Device cookies (docs/decisions/030; OWASP's "Slow Down Online Guessing Attacks with Device
 * Cookies"): strangers' wrong passwords, from any number of addresses, hold up only browsers the
 * account has never logged in on. A browser that has logged in before is counted on its own.
 */
describe.each(storages())('device cookies on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'on' }, now: () => clock });
  });
  afterAll(() => t.close());

  const PASSWORD = 'correct horse battery';
  /** Logs in from a new address each time (an attacker has many; the owner's phone changes networks). */
  const login = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: `198.51.100.${++ip % 250}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** The `name=value` of the device cookie an answer sets ('' when none: the server is then held to the same test). */
  const deviceCookie = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie'] ?? '').split(';')[0]!;
  const wait = (seconds: number) => {
    clock += seconds * 1000;
  };
  /** A stranger's wrong guesses, each from another address, until the account's count refuses. */
  async function strangerLocksOut(email: string) {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login(email, `stranger guess ${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  }

  it('lets the owner in from a device that logged in before, whatever strangers guess; strangers stay held up', async () => {
    const { email } = await signup(t.app);
    const phone = await login(email, PASSWORD);
    expect(phone.statusCode).toBe(200);
    const cookie = deviceCookie(phone);
    await strangerLocksOut(email);

    const owner = await login(email, PASSWORD, cookie);
    expect(owner.statusCode, owner.body).toBe(200);
    // Every log-in renews the cookie (a new nonce); the old one still counts until it expires.
    const renewed = deviceCookie(owner);
    expect(renewed).not.toBe(cookie);
    expect((await login(email, PASSWORD, renewed)).statusCode).toBe(200);

    // The owner's log-in through their device leaves the account's count alone: strangers stay held
    // up (with the right password too), the old cookie still counts until it expires.
    const stranger = await login(email, PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toBe(untrustedRefusal('1 minute'));
    expect((await login(email, 'stranger guess 8')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, cookie)).statusCode).toBe(200);
    // Once the wait is over, a browser without a cookie that knows the password gets in, and that starts the count again.
    wait(60);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, `stranger again ${i}`)).statusCode).toBe(401);
  });

  it("counts a device's own wrong passwords against that device only", async () => {
    const { email } = await signup(t.app);
    const laptop = deviceCookie(await login(email, PASSWORD));
    const phone = deviceCookie(await login(email, PASSWORD));
    for (let i = 0; i < 5; i++) expect((await login(email, `typo ${i}`, laptop)).statusCode).toBe(401);
    const locked = await login(email, PASSWORD, laptop);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json()).toEqual({
      error:
        'Too many wrong passwords on this device. Try again in 1 minute, or reset your password (Forgot Password?), which logs you in at once.',
      code: 'RATE_LIMITED',
    });
    // The phone, and browsers without a cookie, are not held up by the laptop's typos.
    expect((await login(email, PASSWORD, phone)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    // The laptop waits its minute, then gets in.
    expect((await login(email, PASSWORD, laptop)).statusCode).toBe(429);
    wait(60);
    expect((await login(email, PASSWORD, laptop)).statusCode).toBe(200);
  });

  it("counts a forged, tampered, expired or other account's cookie, or one from before a new password, as none", async () => {
    const { email, token } = await signup(t.app);
    const good = deviceCookie(await login(email, PASSWORD));
    const [name, value] = good.split('=') as [string, string];
    const other = await signup(t.app);
    const othersValue = deviceCookie(await login(other.email, PASSWORD)).split('=')[1]!;
    const [header, payload] = value.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader(JSON.parse(Buffer.from(header, 'base64url').toString()))
      .sign(new TextEncoder().encode('not the server secret, but long enough'));
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1 })).toString('base64url')}.${value.split('.')[2]}`;
    const none: [string, string][] = [
      ['forged', `${name}=${forged}`],
      ['tampered', `${name}=${tampered}`],
      ["another account's", `${name}=${othersValue}`],
      ['a session token', `${name}=${token}`],
      ['garbage', `${name}=not-a-jwt`],
    ];
    await strangerLocksOut(email);
    for (const [what, cookie] of none) expect((await login(email, PASSWORD, cookie)).statusCode, what).toBe(429);
    expect((await login(email, PASSWORD, good)).statusCode).toBe(200);

    // Expired: half a year later the cookie counts as none.
    wait(181 * 24 * 3600);
    await strangerLocksOut(email);
    expect((await login(email, PASSWORD, good)).statusCode).toBe(429);
    wait(24 * 3600);

    // A new password ends every device cookie (as it ends every session); the browser that set it gets a new one.
    const fresh = deviceCookie(await login(email, PASSWORD));
    const session = (await login(email, PASSWORD, fresh)).json().token as string;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/account/password',
      headers: { authorization: `Bearer ${session}` },
      payload: { currentPassword: PASSWORD, newPassword: 'a new password 2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = deviceCookie(changed);
    await strangerLocksOut(email);
    expect((await login(email, 'a new password 2', fresh)).statusCode).toBe(429);
    expect((await login(email, 'a new password 2', afterChange)).statusCode).toBe(200);
  });

  it('gives crew members the same: their device gets in past strangers, and its own lock-out says what to do', async () => {
    const owner = await onboardedOwner(t.app);
    const d = '/api/business-dashboard';
    const crewId = (await t.app.inject({ url: `${d}/crews`, headers: owner.auth })).json().crews[0]._id as string;
    const email = `crew-${Date.now()}@example.com`;
    const invited = await t.app.inject({
      method: 'POST',
      url: `${d}/crews/${crewId}/member`,
      headers: owner.auth,
      payload: { email },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const inviteToken = decodeURIComponent(/\/crew\/join\?token=([^\s]+)/.exec(mail.text_body)![1]!);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/crew-invitation',
      payload: { token: inviteToken, password: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepting the invitation makes that browser one the login has been used on.
    const joined = deviceCookie(accepted);
    const phone = deviceCookie(await login(email, PASSWORD));

    await strangerLocksOut(email);
    const crew = await login(email, PASSWORD, phone);
    expect(crew.statusCode, crew.body).toBe(200);
    expect(crew.json().account).toBe('crew');
    expect((await login(email, PASSWORD, joined)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(429);

    for (let i = 0; i < 5; i++) expect((await login(email, `typo ${i}`, phone)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, phone)).json().error).toBe(
      'Too many wrong passwords on this device. Try again in 1 minute, or ask the business owner to resend your invitation.',
    );
    expect((await login(email, PASSWORD, joined)).statusCode).toBe(200);
  });

  it('keeps the reset link the way past every lock-out, and trusts the browser that used it', async () => {
    const { email } = await signup(t.app);
    const phone = deviceCookie(await login(email, PASSWORD));
    for (let i = 0; i < 5; i++) expect((await login(email, `typo ${i}`, phone)).statusCode).toBe(401);
    await strangerLocksOut(email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'after the reset' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const resetBrowser = deviceCookie(reset);
    // The reset cleared the account's count; the new password ended the phone's cookie.
    expect((await login(email, 'after the reset')).statusCode).toBe(200);
    await strangerLocksOut(email);
    expect((await login(email, 'after the reset', resetBrowser)).statusCode).toBe(200);
    expect((await login(email, 'after the reset', phone)).statusCode).toBe(429);
  });

  it('shares device cookies and their counts between instances on one database and one JWT secret', async () => {
    const env = { RATE_LIMITS: 'on', JWT_SECRET: 'one secret for every instance, 32+ chars' };
    const a = await createTestApp(kind, { env, now: () => clock });
    const b = await createTestApp(kind, { env, now: () => clock, databaseUrl: a.databaseUrl });
    try {
      const on = (app: TestApp, email: string, password: string, cookie?: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password },
          remoteAddress: `192.0.2.${++ip % 250}`,
          ...(cookie ? { headers: { cookie } } : {}),
        });
      const { email } = await signup(a.app);
      const phone = deviceCookie(await on(a, email, PASSWORD));
      for (let i = 0; i < 5; i++) expect((await on(i % 2 ? a : b, email, `stranger ${i}`)).statusCode).toBe(401);
      expect((await on(a, email, PASSWORD)).statusCode).toBe(429);
      expect((await on(b, email, PASSWORD, phone)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await on(b, email, `typo ${i}`, phone)).statusCode).toBe(401);
      expect((await on(a, email, PASSWORD, phone)).json().error).toMatch(/^Too many wrong passwords on this device\./);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('sets the cookie HttpOnly, SameSite=Strict, for /api/auth only, for half a year, Secure over https only', async () => {
    const res = await login((await signup(t.app)).email, PASSWORD);
    const attributes = String(res.headers['set-cookie']).split('; ').slice(1);
    expect(attributes).toEqual(['Path=/api/auth', `Max-Age=${180 * 24 * 3600}`, 'HttpOnly', 'SameSite=Strict']);
    // Behind a trusted proxy that says the browser came by https.
    const behind = await createTestApp('sqlite', { env: { TRUST_PROXY: '1' } });
    try {
      const { email } = await signup(behind.app);
      const res = await behind.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await behind.close();
    }
  });
});
