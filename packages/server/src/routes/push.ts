/**
 * Push notifications (docs/decisions/052): the owner's and a crew login's devices, switches and
 * test, the same five calls under each login. A person only ever reads or changes their own
 * devices: every read is scoped by the login's business and person (repositories/push.ts).
 */
import { randomUUID } from 'node:crypto';
import type { PushSettings } from '@slotwise/shared/api';
import type { AppContext } from '../context.ts';
import { KINDS_OF, testPayload } from '../domain/push.ts';
import { AppError } from '../errors.ts';
import { type PushPerson, queuePushes } from '../repositories/push.ts';
import type { Handlers } from './register.ts';

type PushCalls = 'pushSettings' | 'subscribePush' | 'unsubscribePush' | 'updatePushSwitches' | 'testPush';

export function pushHandlers(ctx: AppContext): {
  dashboard: Handlers<'dashboard', PushCalls>;
  crew: Handlers<'crew', PushCalls>;
} {
  const { push } = ctx.repos;

  async function settings(p: PushPerson): Promise<PushSettings> {
    const kinds = [...KINDS_OF[p.role]];
    const off = (await push.off(p)).filter((k) => kinds.includes(k));
    return { publicKey: ctx.config.vapid.publicKey, kinds, off, devices: await push.devices(p) };
  }

  async function test(p: PushPerson, endpoint: string) {
    const device = await push.deviceOf(p, endpoint);
    if (!device)
      throw new AppError(
        'PUSH_DEVICE_NOT_FOUND',
        'Notifications are not on for this device. Tap Turn on first, then Send a test.',
      );
    const now = ctx.now();
    await ctx.store.db.transaction().execute((trx) =>
      queuePushes(
        trx,
        [
          {
            subscriptionId: device.id,
            businessId: p.businessId,
            kind: 'test',
            // Each tap is its own test.
            eventKey: `test:${randomUUID()}`,
            payload: JSON.stringify(testPayload(p.role)),
            bookingId: null,
            expiresAt: now + 3600_000,
          },
        ],
        now,
      ),
    );
    ctx.mail.kick();
    return { queued: true };
  }

  function handlers(person: (req: never) => PushPerson) {
    const of = person as (req: unknown) => PushPerson;
    return {
      pushSettings: (req: unknown) => settings(of(req)),
      subscribePush: async (req: { body: Parameters<typeof push.subscribe>[1] }) => {
        const p = of(req);
        if ((await push.subscribe(p, req.body, ctx.now())) === 'taken')
          throw new AppError(
            'PUSH_ENDPOINT_TAKEN',
            'This browser is still set up for notifications to another login. Turn on again: the browser makes a new subscription for this login.',
          );
        return settings(p);
      },
      unsubscribePush: async (req: { body: { endpoint: string } }) => {
        const p = of(req);
        await push.unsubscribe(p, req.body.endpoint);
        return settings(p);
      },
      updatePushSwitches: async (req: { body: { off: PushSettings['off'] } }) => {
        const p = of(req);
        await push.setOff(p, req.body.off);
        return settings(p);
      },
      testPush: (req: { body: { endpoint: string } }) => test(of(req), req.body.endpoint),
    };
  }

  return {
    dashboard: handlers((req: { owner: { userId: string; business: { id: string } } }) => ({
      role: 'owner',
      businessId: req.owner.business.id,
      userId: req.owner.userId,
    })),
    crew: handlers((req: { crew: { member: { id: string }; business: { id: string } } }) => ({
      role: 'crew',
      businessId: req.crew.business.id,
      memberId: req.crew.member.id,
    })),
  };
}
