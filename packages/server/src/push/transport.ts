/**
 * Sends one push to a browser's push service (docs/decisions/052) with the maintained `web-push`
 * library: the payload encrypted for the device (RFC 8291, aes128gcm), the request signed with our
 * VAPID key (RFC 8292), and the push service's headers (RFC 8030): TTL (how long it may wait for
 * a phone that is off), Urgency, and Topic (one per event: a retry replaces a copy still waiting
 * on the service, never adds a second).
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { VapidConfig } from '../config.ts';

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface PushOptions {
  topic: string;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

export interface PushTransport {
  /** Resolves with the push service's status; rejects with PushGone, PushRefused or a retryable error. */
  send(to: PushTarget, payload: string, options: PushOptions): Promise<string>;
}

/** The device unsubscribed or its subscription expired (404/410): its row is deleted, never retried. */
export class PushGone extends Error {}
/** The push service refused this push for good (another 4xx than 404/410/429): given up, not retried. */
export class PushRefused extends Error {}

/** A push service is given this long to answer before the try counts as failed (and is retried). */
const TIMEOUT_MS = 10_000;

export function webPushTransport(vapid: VapidConfig, agent?: Agent, timeoutMs = TIMEOUT_MS): PushTransport {
  return {
    async send(to, payload, options) {
      try {
        const r = await webpush.sendNotification(
          { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            topic: options.topic,
            contentEncoding: 'aes128gcm',
            timeout: timeoutMs,
            ...(agent ? { agent } : {}),
          },
        );
        return `push service ${r.statusCode}`;
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          const what = `push service answered ${err.statusCode}${err.body ? `: ${err.body.slice(0, 200)}` : ''}`;
          if (err.statusCode === 404 || err.statusCode === 410) throw new PushGone(what);
          if (err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429) throw new PushRefused(what);
          throw new Error(what);
        }
        throw err;
      }
    },
  };
}
