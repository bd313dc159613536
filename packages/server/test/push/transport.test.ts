/**
 * The push transport (push/transport.ts) against the stand-in push service: what each answer of a
 * push service means to the outbox (docs/decisions/052): 201 sent; 404/410 the device is gone;
 * another 4xx refused for good; 5xx, 429 and no answer in time retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { PushGone, PushRefused, webPushTransport } from '../../src/push/transport.ts';
import { type PushStandIn, startPushStandIn } from './stand-in.ts';

describe('the push transport', () => {
  let push: PushStandIn;
  const keys = webpush.generateVAPIDKeys();
  const vapid = { ...keys, subject: 'mailto:ops@example.com' };
  const options = { topic: 'abc', ttlSeconds: 60, urgency: 'normal' as const };
  const send = (timeoutMs?: number) => {
    const sub = push.subscribe();
    return webPushTransport(vapid, push.agent, timeoutMs).send(
      { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
      JSON.stringify({ title: 'Hi' }),
      options,
    );
  };

  beforeAll(async () => {
    push = await startPushStandIn();
  });
  afterAll(() => push.close());

  it('sends, signed and encrypted as the stand-in checks', async () => {
    await expect(send()).resolves.toBe('push service 201');
    expect(push.rejected).toEqual([]);
    expect(push.received.at(-1)).toMatchObject({ payload: { title: 'Hi' }, topic: 'abc', ttl: 60, urgency: 'normal' });
  });

  it('tells a gone device (404, 410) from a refusal (400) from a failure worth retrying (503, 429, no answer)', async () => {
    for (const [status, kind] of [
      [410, PushGone],
      [404, PushGone],
      [400, PushRefused],
    ] as const) {
      push.answerNext(status);
      await expect(send()).rejects.toBeInstanceOf(kind);
    }
    for (const status of [503, 429]) {
      push.answerNext(status);
      const err = await send().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(PushGone);
      expect(err).not.toBeInstanceOf(PushRefused);
      expect((err as Error).message).toContain(String(status));
    }
    push.stallNext();
    const late = await send(200).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(Error);
    expect(late).not.toBeInstanceOf(PushGone);
    expect(late).not.toBeInstanceOf(PushRefused);
  });
});
