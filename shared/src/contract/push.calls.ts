/** The calls of push notifications (docs/decisions/052) (schemas: push.schemas.ts), for the owner and a crew login alike. */
import { crew, owner, type RouteDef, type SummariesOf } from './route-def.ts';

/** The same five calls under a login's prefix: one way for both people. */
function pushCalls<P extends string, A extends 'owner' | 'crew'>(prefix: P, auth: A) {
  return {
    pushSettings: { method: 'GET', path: `${prefix}/push`, auth, response: 'PushSettings' },
    subscribePush: {
      method: 'PUT',
      path: `${prefix}/push/devices`,
      auth,
      body: 'PushSubscriptionInput',
      response: 'PushSettings',
    },
    unsubscribePush: {
      method: 'POST',
      path: `${prefix}/push/devices/remove`,
      auth,
      body: 'PushDevice',
      response: 'PushSettings',
    },
    updatePushSwitches: {
      method: 'PUT',
      path: `${prefix}/push/switches`,
      auth,
      body: 'PushSwitches',
      response: 'PushSettings',
    },
    testPush: { method: 'POST', path: `${prefix}/push/test`, auth, body: 'PushDevice', response: 'PushTestSent' },
  } as const satisfies Record<string, RouteDef>;
}

export const pushDashboardCalls = pushCalls(owner, 'owner');
export const pushCrewCalls = pushCalls(crew, 'crew');

const summaries = (who: string, kinds: string) => ({
  pushSettings: `${who} push notifications: the VAPID public key to subscribe with, the kinds ${kinds}, which are switched off, and how many devices have them on.`,
  subscribePush: `Turns push notifications on for this device (the browser's PushSubscription.toJSON()); the same endpoint again replaces its keys. Past 10 devices a person, the oldest goes. Refused: PUSH_ENDPOINT_TAKEN (another login's device: subscribe afresh).`,
  unsubscribePush:
    'Turns push notifications off for one device (on sign-out, or Turn off); an unknown endpoint changes nothing.',
  updatePushSwitches: `Sets which kinds of notice are switched off for ${who.toLowerCase()} devices.`,
  testPush: "Queues a test notification to one of this login's devices. Refused: PUSH_DEVICE_NOT_FOUND.",
});

/** One line per call for the API reference (routes.ts routeSummaries). */
export const pushSummaries: {
  dashboard: SummariesOf<typeof pushDashboardCalls>;
  crew: SummariesOf<typeof pushCrewCalls>;
} = {
  dashboard: summaries("The owner's", 'an owner gets (new requests, cancellations, payments, running late)'),
  crew: summaries("The crew login's", 'a crew gets (running late)'),
};
