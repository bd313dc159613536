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
