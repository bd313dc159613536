/**
 * A crew member's invitation link (docs/decisions/024): 32 random bytes, of which only the
 * sha256 is stored, working once and for 7 days (a crew member may open it days later, unlike a
 * password reset's hour). The owner's Resend makes a new one and the old one stops working.
 */
import { createHash, randomBytes } from 'node:crypto';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A resend waits this long after the last invitation mail. */
export const RESEND_GAP_MS = 60 * 1000;

export const inviteHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function newInvite(publicUrl: string, now: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    tokenHash: inviteHash(token),
    expiresAt: now + INVITE_TTL_MS,
    link: `${publicUrl}/crew/join?token=${encodeURIComponent(token)}`,
  };
}
