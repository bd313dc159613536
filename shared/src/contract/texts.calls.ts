/**
 * The calls of texts and notifications (docs/decisions/027), review requests, and messages that
 * could not be delivered (docs/decisions/032); Twilio's webhook (schemas: texts.schemas.ts).
 */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const textsDashboardCalls = {
  notificationSettings: {
    method: 'GET',
    path: `${owner}/settings/notifications`,
    auth: 'owner',
    response: 'NotificationSettings',
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: `${owner}/settings/notifications`,
    auth: 'owner',
    body: 'NotificationSettingsUpdate',
    response: 'NotificationSettings',
  },
  connectTwilio: {
    method: 'PUT',
    path: `${owner}/settings/notifications/twilio`,
    auth: 'owner',
    limit: 'passwordChange',
    body: 'TwilioConnectRequest',
    response: 'NotificationSettings',
  },
  disconnectTwilio: {
    method: 'DELETE',
    path: `${owner}/settings/notifications/twilio`,
    auth: 'owner',
    response: 'NotificationSettings',
  },
  sendTestText: {
    method: 'POST',
    path: `${owner}/settings/notifications/test`,
    auth: 'owner',
    limit: 'passwordChange',
    response: 'TestTextResponse',
  },
  reviews: {
    method: 'GET',
    path: `${owner}/reviews`,
    auth: 'owner',
    response: 'ReviewsOverview',
  },
  undeliveredMessages: {
    method: 'GET',
    path: `${owner}/messages/undelivered`,
    auth: 'owner',
    query: 'UndeliveredQuery',
    response: 'UndeliveredMessages',
  },
  resendMessage: {
    method: 'POST',
    path: `${owner}/messages/:id/resend`,
    auth: 'owner',
    params: 'MessageParams',
    response: 'ResendMessageResponse',
  },
} as const satisfies Record<string, RouteDef>;

export const textsWebhooksCalls = {
  twilio: {
    method: 'POST',
    path: '/api/webhooks/twilio',
    auth: 'none',
    limit: 'webhook',
    body: 'TwilioInboundBody',
    response: { mediaType: 'text/xml', description: 'TwiML: an empty <Response/>, or a <Message> answering HELP.' },
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const textsSummaries: {
  dashboard: SummariesOf<typeof textsDashboardCalls>;
  webhooks: SummariesOf<typeof textsWebhooksCalls>;
} = {
  dashboard: {
    notificationSettings:
      "Notifications: the connected Twilio account (never its token), every message with its channels and exact text preview (characters, segments), the owner's notices by text, the 2-hour reminder, review requests (link, delay), and the webhook URL to give Twilio.",
    updateNotificationSettings:
      "Sets which messages are texted, the owner's notices by text, the 2-hour reminder, and review requests (the review link and the delay after completion; null: none).",
    connectTwilio:
      "Connects the owner's own Twilio account: Account SID, auth token and sender (a number of the account or a Messaging Service SID), checked with Twilio and stored encrypted. Refused: TWILIO_CREDENTIALS_INVALID, TEXTS_NOT_CONFIGURED, TEXT_PROVIDER_UNAVAILABLE.",
    disconnectTwilio: 'Forgets the Twilio account; no more texts are sent.',
    sendTestText:
      "Texts the owner's own number a sample through the outbox, as customers' texts go. Refused: TEXTS_NOT_CONNECTED.",
    reviews:
      'Review requests answered: the average rating, how many, and the latest ratings with their private comments.',
    undeliveredMessages:
      "The mails and texts about this business's bookings given up in the last `days` (14 to start with, at most 90): past their expiry (a reminder once its visit started, most mail after a day), out of attempts, or refused; newest first, each saying why and whether Send again still means something.",
    resendMessage:
      "Sends an undelivered message again: a fresh attempt, due now, with a new expiry. Refused: MESSAGE_NOT_FOUND (not this business's, or not undelivered any more), MESSAGE_TOO_LATE (its visit has started), MESSAGE_OUTDATED (a later message replaced it, or a reminder of a booking no longer approved).",
  },
  webhooks: {
    twilio:
      "Replies to a business's Twilio number, form-encoded and verified with its auth token (X-Twilio-Signature): STOP (and Twilio's other opt-out words) stops its texts to that number until START; HELP answers who texts and how to stop. Refused: WEBHOOK_SIGNATURE_INVALID.",
  },
};
