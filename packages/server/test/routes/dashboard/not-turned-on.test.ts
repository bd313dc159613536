/**
 * A server without ENCRYPTION_KEY refuses to store owners' Stripe keys, Twilio tokens and calendar
 * addresses; the owner reads what is not available and who can turn it on, never the variable's
 * name (that is for the operator: the README and the start-up log, operator-notes.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';

const base = '/api/business-dashboard';

describe.each(storages())('features the operator has not turned on, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    [
      'PUT',
      'settings/payments/stripe',
      { secretKey: 'sk_test_0000000000000000', webhookSecret: 'whsec_0000000000000000' },
      'PAYMENTS_NOT_CONFIGURED',
      "Card payments aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
    ],
    [
      'PUT',
      'settings/notifications/twilio',
      { accountSid: `AC${'0'.repeat(32)}`, authToken: '0'.repeat(32), sender: '+15125550100' },
      'TEXTS_NOT_CONFIGURED',
      "Texts aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
    ],
    [
      'POST',
      'calendars',
      { label: 'Personal', secretUrl: 'https://calendar.example.com/basic.ics' },
      'CALENDARS_NOT_CONFIGURED',
      "Connected calendars aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
    ],
  ] as const)('%s %s says so in plain words', async (method, url, payload, code, words) => {
    const o = await onboardedOwner(t.app);
    const res = await t.app.inject({ method, url: `${base}/${url}`, headers: o.auth, payload });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ code, error: words });
  });
});
