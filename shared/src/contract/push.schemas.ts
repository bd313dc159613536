/**
 * The contract of push notifications (issue 44 item 4; docs/decisions/052): a person's devices
 * (the owner's or a crew login's), their switches per kind of notice, and the VAPID public key a
 * browser subscribes with (calls: push.calls.ts).
 */

import { z } from 'zod';

/**
 * The kinds of notice a push tells of: a request waiting for the owner's answer (and its one
 * reminder), a customer's cancellation, a payment (Stripe's word), a crew running late.
 */
export const PUSH_KINDS = ['request', 'cancelled', 'payment', 'late'] as const;
export const PushKind = z.enum(PUSH_KINDS, { error: `The kind must be one of ${PUSH_KINDS.join(', ')}.` });
export type PushKind = z.infer<typeof PushKind>;

/** The most devices one person may have notifications on for: phones and laptops, not a fleet. */
export const PUSH_DEVICES_MAX = 10;

/** URL-safe base64 without padding, as PushSubscription.toJSON() gives keys. */
const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} is missing: send PushSubscription.toJSON().keys.` })
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be URL-safe base64, as the browser gives it.`)
    .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `${name} must be ${bytes} bytes.`);

/** A browser's push subscription (PushSubscription.toJSON()). */
/** A push service's address for one device, as the browser gives it (https:, or http: on loopback in development). */
const Endpoint = z
  .url({ protocol: /^https?$/, error: 'The endpoint must be the https: address the browser gave.' })
  .max(1000, 'The endpoint is longer than 1,000 characters.');

export const PushSubscriptionInput = z.object({
  endpoint: Endpoint,
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes; RFC 8291). */
    p256dh: base64url('keys.p256dh', 65),
    /** The browser's auth secret (16 bytes; RFC 8291). */
    auth: base64url('keys.auth', 16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** One device, named by its endpoint: to turn it off, or to send it a test. */
export const PushDevice = z.object({ endpoint: Endpoint });
export type PushDevice = z.infer<typeof PushDevice>;

export const PushSwitches = z.object({
  /** The kinds this person switched off; every other kind their role gets is on. */
  off: z.array(PushKind).max(PUSH_KINDS.length),
});
export type PushSwitches = z.infer<typeof PushSwitches>;

/** A person's push notifications: the key to subscribe with, the kinds they may get, which are off, their devices. */
export const PushSettings = z.object({
  /** The VAPID public key (URL-safe base64), PushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
  /** The kinds this person's role gets (a crew: running late). */
  kinds: z.array(PushKind),
  off: z.array(PushKind),
  /** How many devices have notifications on for this person. */
  devices: z.number().int(),
});
export type PushSettings = z.infer<typeof PushSettings>;

export const PushTestSent = z.object({ queued: z.boolean() });
export type PushTestSent = z.infer<typeof PushTestSent>;
