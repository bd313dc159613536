import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, storages, type TestApp } from '../helpers.ts';
import { decodeQuotedPrintable, startSmtp } from '../smtp.ts';

const ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

describe.each(storages())('password reset and account settings on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = Date.now();
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url }, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  async function resetLinkFor(email: string): Promise<string> {
    const before = smtp.received.length;
    expect((await forgot(email)).json()).toEqual({ message: ANSWER });
    await t.ctx.mail.flush();
    const mail = smtp.received.slice(before).find((m) => m.to.includes(email));
    expect(mail, 'the reset mail reached the SMTP server').toBeDefined();
    const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      decodeQuotedPrintable(mail!.raw),
    );
    expect(link).not.toBeNull();
    return link![1]!;
  }

  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await signup(t.app);
    const before = smtp.received.length;
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await t.ctx.mail.flush();
    const sent = smtp.received.slice(before);
    expect(sent.map((m) => m.to)).toEqual([[email]]);
  });

  it('resets once with the mailed link, logs in, and ends every older session', async () => {
    const { email, token: oldJwt } = await signup(t.app);
    const token = await resetLinkFor(email);
    const status = await t.app.inject({ url: `/api/auth/reset-password?token=${token}` });
    expect(status.json()).toEqual({ valid: true, email });
    const res = await reset(token, 'brand new password');
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    const me = (jwt: string) =>
      t.app.inject({ url: '/api/business-dashboard/account', headers: { authorization: `Bearer ${jwt}` } });
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(oldJwt)).statusCode).toBe(401);
    expect((await login(email, 'correct horse battery')).statusCode).toBe(401);
    expect((await login(email, 'brand new password')).statusCode).toBe(200);
    const again = await reset(token, 'another password');
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatch(/already been used/);
  });

  it('refuses an expired link and an unknown one, and a short password', async () => {
    const { email } = await signup(t.app);
    const token = await resetLinkFor(email);
    expect((await reset(token, 'short')).json().error).toMatch(/at least 8 characters/);
    clock += 61 * 60 * 1000;
    try {
      const expired = await reset(token, 'long enough now');
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toMatch(/expired/);
    } finally {
      clock = Date.now();
    }
    const unknown = await reset('not-a-real-token', 'long enough now');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/not valid/);
  });

  it('mails one reset link per account per 5 minutes, silently, whoever asks and however often', async () => {
    const { email } = await signup(t.app);
    const before = smtp.received.length;
    try {
      for (let i = 0; i < 10; i++) {
        const res = await forgot(email, `192.0.2.${i + 1}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: ANSWER });
      }
      await t.ctx.mail.flush();
      expect(smtp.received.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1);
      // The owner, from their usual address, once the window has passed.
      clock += 5 * 60 * 1000 + 1000;
      await resetLinkFor(email);
      expect(smtp.received.slice(before).filter((m) => m.to.includes(email))).toHaveLength(2);
    } finally {
      clock = Date.now();
    }
  });

  it('ends every outstanding reset link on a reset and on a password change', async () => {
    const { email } = await signup(t.app);
    try {
      const first = await resetLinkFor(email);
      clock += 6 * 60 * 1000;
      const second = await resetLinkFor(email);
      expect((await reset(second, 'brand new password')).statusCode).toBe(200);
      const older = await reset(first, 'another password');
      expect(older.statusCode).toBe(410);
      expect(older.json().code).toBe('RESET_LINK_USED');
      expect((await t.app.inject({ url: `/api/auth/reset-password?token=${first}` })).json().code).toBe(
        'RESET_LINK_USED',
      );

      clock += 6 * 60 * 1000;
      const outstanding = await resetLinkFor(email);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'brand new password' },
      });
      expect(login.statusCode).toBe(200);
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/business-dashboard/account/password',
        headers: { authorization: `Bearer ${login.json().token}` },
        payload: { currentPassword: 'brand new password', newPassword: 'changed by the owner' },
      });
      expect(changed.statusCode).toBe(200);
      const after = await reset(outstanding, 'attacker password');
      expect(after.statusCode).toBe(410);
      expect(after.json().code).toBe('RESET_LINK_USED');
    } finally {
      clock = Date.now();
    }
  });

  it('changes the password with the current one and the phone number', async () => {
    const { email, token } = await signup(t.app);
    const auth = { authorization: `Bearer ${token}` };
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/account/password',
      headers: auth,
      payload: { currentPassword: 'nope', newPassword: 'a new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/current password is not correct/);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/account/password',
      headers: auth,
      payload: { currentPassword: 'correct horse battery', newPassword: 'a new password' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${ok.json().token}` };
    expect((await t.app.inject({ url: '/api/business-dashboard/account', headers: auth })).statusCode).toBe(401);
    const phone = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/account/phone',
      headers: fresh,
      payload: { phoneNumber: '+44 7700 900123' },
    });
    expect(phone.json()).toEqual({ email, phoneNumber: '+447700900123' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/account/phone',
      headers: fresh,
      payload: { phoneNumber: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(storages())('reset and password-change rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => t.close());

  it('never answers 429 for an e-mail requested from many addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'target@example.com' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual(Array(10).fill(200));
  });

  it('limits per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `someone${i}@example.com` },
        remoteAddress: '198.51.100.99',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes[5]).toBe(429);
  });

  it('limits password changes: 10 every 15 minutes', async () => {
    const { token } = await signup(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/business-dashboard/account/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword: 'not it', newPassword: 'a new password' },
        remoteAddress: '198.51.100.42',
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes).toEqual([...Array(10).fill(400), 429]);
  });
});
