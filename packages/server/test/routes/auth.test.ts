import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, storages, type TestApp } from '../helpers.ts';

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
      error: 'Too many wrong passwords for this account. Try again in 1 minute, or reset your password.',
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
    expect((await login(email, 'correct horse battery')).json().error).toBe(
      'Too many wrong passwords for this account. Try again in 15 minutes, or reset your password.',
    );

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
