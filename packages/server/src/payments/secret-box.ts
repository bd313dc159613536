/**
 * Encryption at rest for the owners' Stripe keys (docs/decisions/021) and calendar addresses (025): AES-256-GCM with a key
 * derived (HKDF-SHA256) from the operator's ENCRYPTION_KEY, a fresh 96-bit nonce per value,
 * and the business id as associated data, so a ciphertext copied onto another business's row
 * does not decrypt. Stored as "v1.<nonce>.<tag>.<ciphertext>", base64url. A database dump
 * without the environment's key reveals no key.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, businessId: string): string;
  open(sealed: string, businessId: string): string;
}

/**
 * `purpose` keeps each kind of secret under a key of its own, derived from the one
 * ENCRYPTION_KEY: the Stripe keys (the default), the owners' calendar addresses (docs/decisions/025),
 * the owners' Twilio auth tokens (docs/decisions/027).
 */
export function secretBox(
  encryptionKey: string,
  purpose: 'stripe-keys-v1' | 'calendar-addresses-v1' | 'twilio-tokens-v1' = 'stripe-keys-v1',
): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', encryptionKey, 'slotwise', purpose, 32));
  return {
    seal(plain, businessId) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(businessId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, businessId) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(businessId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** "sk_test_51Hx...4242" -> "sk_test_...4242": what the owner sees of a key once it is saved. */
export function keyHint(secretKey: string): string {
  const prefix = /^(sk|rk)_(test|live)_/.exec(secretKey)?.[0] ?? '';
  return `${prefix}...${secretKey.slice(-4)}`;
}
